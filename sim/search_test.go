package sim

import (
	"context"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// The search player's caches (memo.go) must never change a decision: with
// them and without, the same seeds play the same games, action for
// action. The armies cover takeovers, recover steps (the fan army) and
// plain attacks; both the search and the plan player are checked.
func TestMemosKeepDecisions(t *testing.T) {
	duel, err := engine.BoardByName("duel")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		a, b, player string
		board        *engine.Board
	}{
		{"moloch", "borgo", "search:4", engine.Standard},
		{"vegas", "smart", "search:4", engine.Standard},
		{"testdata/bastion.army", "outpost", "plan:1", engine.Standard},
		{"steelpolice", "beasts", "plan:1", engine.Standard},
		{"smart", "vegas", "plan:1", duel}, // energy and Procedures
		{"moloch", "borgo", "race:3", engine.Standard},
	} {
		m := match(t, c.a, c.b, c.player, c.player, 1, 5)
		spec, err := ParsePlayer(c.player)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(0); seed < 2; seed++ {
			with, without := playLog(t, m, c.board, spec, seed, true), playLog(t, m, c.board, spec, seed, false)
			if len(with) != len(without) {
				t.Errorf("%s vs %s, %s, seed %d: %d actions with the caches, %d without", c.a, c.b, c.player, seed, len(with), len(without))
				continue
			}
			for i := range with {
				if with[i] != without[i] {
					t.Errorf("%s vs %s, %s, seed %d: action %d is %v with the caches, %v without", c.a, c.b, c.player, seed, i, with[i], without[i])
					break
				}
			}
		}
	}
}

// playLog plays one game of m's armies between two players of spec, with
// or without their caches, on board, and returns the actions taken.
func playLog(t *testing.T, m *Match, board *engine.Board, spec PlayerSpec, seed uint64, memos bool) []engine.Action {
	t.Helper()
	g, err := engine.NewGame(engine.Config{Board: board}, []*rules.Army{m.A, m.B}, seed)
	if err != nil {
		t.Fatal(err)
	}
	res := new(engine.Resolver)
	g.SetWorkspace(res)
	var ps [2]*searchPlayer
	for i := range ps {
		ps[i] = spec.New(seed*2+uint64(i), res).(*searchPlayer)
		if !memos {
			ps[i].release()
		}
	}
	dec := seatDecider{[2]Player{ps[0], ps[1]}}
	var log []engine.Action
	buf := make([]engine.Action, 0, 1024)
	for !g.Over() && len(log) < DefaultMaxActions {
		buf = g.LegalActions(buf[:0])
		a := buf[ps[g.Player].Act(g, buf)]
		log = append(log, a)
		if err := g.ApplyLegal(a, dec); err != nil {
			t.Fatal(err)
		}
	}
	return log
}

// A seed gives the same plan games with one worker and with two.
func TestPlanIsDeterministic(t *testing.T) {
	sameWithOneAndTwoWorkers(t, match(t, "moloch", "hegemony", "plan:1", "greedy", 3, 99))
}

// sameWithOneAndTwoWorkers runs m with one worker and with two and checks
// that every game came out the same.
func sameWithOneAndTwoWorkers(t *testing.T, m *Match) {
	t.Helper()
	one, _, err := m.Run(context.Background(), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	two, _, err := m.Run(context.Background(), 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(one) != len(two) {
		t.Fatalf("%d games with one worker, %d with two", len(one), len(two))
	}
	for i := range one {
		if one[i] != two[i] {
			t.Errorf("game %d differs: %+v vs %+v", i, one[i], two[i])
		}
	}
}

// The plan and race players must beat greedy clearly on a fixed seed set.
func TestSearchersBeatGreedy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 40 games a player")
	}
	for _, player := range []string{"plan:1", "race:2"} {
		m := match(t, "moloch", "moloch", player, "greedy", 20, 4)
		recs, _, err := m.Run(context.Background(), 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		score := 0.0
		for _, r := range recs {
			switch r.Outcome {
			case Win:
				score++
			case Draw:
				score += 0.5
			}
		}
		if rate := score / float64(len(recs)); rate < 0.6 {
			t.Errorf("%s scored %.1f%% of %d games against greedy; want at least 60%%", player, 100*rate, len(recs))
		}
	}
}
