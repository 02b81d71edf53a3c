package study

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/internal/testarmy"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
)

func choicesRun(t *testing.T, play, ask string, games, workers int) *Choices {
	t.Helper()
	ps, err := player.Parse(play)
	if err != nil {
		t.Fatal(err)
	}
	as, err := player.Parse(ask)
	if err != nil {
		t.Fatal(err)
	}
	r := &Run{Players: [2]player.Spec{ps, ps}, Seed: 3, Games: games, Workers: workers, MaxActions: 4000}
	opps := []*rules.Army{testarmy.Load(t, "borgo"), testarmy.Load(t, "hegemony")}
	c, err := RunChoices(context.Background(), r, testarmy.Load(t, "moloch"), opps, []string{"Borgo", "Hegemony"}, as)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A player asked of itself takes every action as often as it does (its
// picks among equal actions follow its own seed, so not the very same
// action each time): no row is significant, and no interval has zero
// width, not even where neither player ever took the action.
func TestChoicesAskedOfItself(t *testing.T) {
	c := choicesRun(t, "greedy", "greedy", 8, 0)
	if c.Decisions == 0 || len(c.Actions) == 0 || c.Games != 8 {
		t.Fatalf("%d decisions, %d actions, %d games", c.Decisions, len(c.Actions), c.Games)
	}
	for _, a := range c.Actions {
		if a.Significant {
			t.Errorf("%s: significant (%+.3f, p %.3g) between a player and itself", a.Action, a.Diff, a.P)
		}
		if !(a.Interval[0] < a.Diff && a.Diff < a.Interval[1]) || a.Interval[0] < -1 || a.Interval[1] > 1 {
			t.Errorf("%s: %+.3f [%+.3f, %+.3f]: want a proper interval inside [-1, 1] around it", a.Action, a.Diff, a.Interval[0], a.Interval[1])
		}
	}
}

// Asked of a random player, the greedy player's choices are told apart:
// random rarely picks greedy's very action, and takes some action at a
// significantly different rate (the first row, starred in the table).
func TestChoicesTellsPlayersApart(t *testing.T) {
	c := choicesRun(t, "greedy", "random", 8, 0)
	if c.Same.Rate > 0.4 {
		t.Errorf("random picks greedy's action in %.1f%% of the decisions", 100*c.Same.Rate)
	}
	first := c.Actions[0]
	if !first.Significant || first.Interval[0] <= 0 && first.Interval[1] >= 0 {
		t.Fatalf("first row %+v: want a significant difference", first)
	}
	var buf bytes.Buffer
	if err := c.Write(&buf, report.Table); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "│ "+first.Action) || !strings.Contains(buf.String(), " *") {
		t.Errorf("the table lacks the starred row:\n%s", buf.String())
	}
}

// The same games and answers whatever the number of workers.
func TestChoicesWorkers(t *testing.T) {
	one := choicesRun(t, "greedy", "greedy", 4, 1)
	three := choicesRun(t, "greedy", "greedy", 4, 3)
	if !reflect.DeepEqual(one, three) {
		a, _ := json.Marshal(one)
		b, _ := json.Marshal(three)
		t.Fatalf("1 worker:\n%s\n3 workers:\n%s", a, b)
	}
}

// The intervals are valid at every sample size: never of zero width,
// everything possible with one game, clipped to what is possible.
func TestChoicesIntervals(t *testing.T) {
	for _, tc := range []struct {
		name       string
		d, n       []float64
		discordant int
		lo, hi     float64 // bounds the interval must reach beyond (lo > its low end, hi < its high end)
		within     [2]float64
	}{
		{"never taken by either, two pairs", []float64{0, 0}, []float64{5, 5}, 0, -0.05, 0.05, [2]float64{-1, 1}},
		{"one pair", []float64{3}, []float64{4}, 3, -0.99, 0.99, [2]float64{-1, 1}},
		{"always the asked only", []float64{4, 5, 6}, []float64{4, 5, 6}, 15, 0.99, 0.99, [2]float64{0, 1}},
		{"always the player only", []float64{-4, -5}, []float64{4, 5}, 9, -0.99, -0.99, [2]float64{-1, 0}},
	} {
		diff, iv, p := pairedDiff(tc.d, tc.n, tc.discordant)
		if !(iv[0] < iv[1]) || iv[0] < tc.within[0] || iv[1] > tc.within[1] || iv[0] > tc.lo || iv[1] < tc.hi || p < 0 || p > 1 {
			t.Errorf("%s: %+.3f [%+.3f, %+.3f] p %.3g", tc.name, diff, iv[0], iv[1], p)
		}
	}
	for _, tc := range []struct {
		name     string
		num, den []float64
		want     [2]float64 // the interval must lie inside and not be a point
	}{
		{"all", []float64{3, 4}, []float64{3, 4}, [2]float64{0, 1}},
		{"none", []float64{0, 0, 0}, []float64{2, 9, 1}, [2]float64{0, 1}},
		{"one pair", []float64{1}, []float64{2}, [2]float64{0, 1}},
	} {
		r := clusteredRate(tc.num, tc.den)
		if !(r.Interval[0] < r.Interval[1]) || r.Interval[0] < tc.want[0] || r.Interval[1] > tc.want[1] || r.Rate < r.Interval[0] || r.Rate > r.Interval[1] {
			t.Errorf("%s: %.3f [%.3f, %.3f]", tc.name, r.Rate, r.Interval[0], r.Interval[1])
		}
	}
}

// The games choices watches are the very games sim plays: asking a second
// player on a copy of the game changes nothing in it (the records, actions
// and outcomes of every game are the same as without the asking).
func TestChoicesPlaysSimsGames(t *testing.T) {
	play, _ := player.Parse("race:2")
	ask, _ := player.Parse("plan:2")
	m := &sim.Match{A: testarmy.Load(t, "vegas"), B: testarmy.Load(t, "outpost"), Players: [2]player.Spec{play, play}, Seed: 5, Pairs: 2}
	for k := range 2 {
		for _, first := range []bool{true, false} {
			want, err := m.Play(k, first, new(engine.Resolver))
			if err != nil {
				t.Fatal(err)
			}
			obs := &asker{spec: ask, res: new(engine.Resolver)}
			got, err := m.PlayObserved(k, first, new(engine.Resolver), obs)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("pair %d, first %v: the game asked about is not sim's:\n%+v\n%+v", k, first, got, want)
			}
			if obs.out.decisions == 0 {
				t.Errorf("pair %d: no decision asked about", k)
			}
		}
	}
}
