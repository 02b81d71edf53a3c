package sim

import (
	"context"
	"fmt"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// midGame plays greedy moves from seed into the middle game, to a decision
// with many choices, as BenchmarkSearchDecision does.
func midGame(b testing.TB) (*engine.Game, *engine.Resolver, []engine.Action) {
	m := match(b, "moloch", "moloch", "greedy", "greedy", 1, 3)
	g, err := engine.NewGame(engine.Config{}, []*rules.Army{m.A, m.B}, 3)
	if err != nil {
		b.Fatal(err)
	}
	res := new(engine.Resolver)
	g.SetWorkspace(res)
	gp := newGreedy(1, res)
	buf := make([]engine.Action, 0, 1024)
	for n := 0; !g.Over(); n++ {
		buf = g.LegalActions(buf[:0])
		if n > 20 && len(buf) > 50 {
			break
		}
		if err := g.Apply(buf[gp.Act(g, buf)], gp); err != nil {
			b.Fatal(err)
		}
	}
	return g, res, g.LegalActions(buf[:0])
}

// BenchmarkMCTSDecision is one decision of the mcts player (default budget)
// in the same middle-game position as BenchmarkSearchDecision.
func BenchmarkMCTSDecision(b *testing.B) {
	g, res, legal := midGame(b)
	mp := newMCTS(5, res, DefaultMCTSBudget)
	mp.Act(g, legal) // grow the node pool and buffers once
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		mp.Act(g, legal)
	}
}

// BenchmarkMCTSGame is one whole Moloch mirror game between two mcts players
// per budget: the games per second of a level on one core.
func BenchmarkMCTSGame(b *testing.B) {
	for _, n := range []int{8, 32} {
		b.Run(fmt.Sprintf("mcts:%d", n), func(b *testing.B) {
			p := fmt.Sprintf("mcts:%d", n)
			benchGames(b, p, p)
		})
	}
}

// A small budget must beat the random player decisively: over a fixed set of
// seeds, paired and seat-swapped, it wins nearly every game. This is an
// outcome, not a timing: the seeds make it exact.
func TestMCTSBeatsRandom(t *testing.T) {
	m := match(t, "moloch", "moloch", "mcts:4", "random", 6, 11)
	recs, _, err := m.Run(context.Background(), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(m, recs, false)
	if s.Tally.Games() != 12 || s.Tally.Rate() < 0.9 {
		t.Errorf("mcts:4 vs random: %+v, rate %.3f; want at least 90%% of 12 games", s.Tally, s.Tally.Rate())
	}
	t.Logf("mcts:4 vs random: %+v", s.Tally)
}

// mcts with a budget of a few iterations must already do better than the
// greedy player it grows from, in paired games on fixed seeds.
func TestMCTSBeatsGreedy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 40 games")
	}
	m := match(t, "moloch", "moloch", "mcts:16", "greedy", 20, 7)
	recs, _, err := m.Run(context.Background(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(m, recs, false)
	if s.Tally.Rate() <= 0.6 {
		t.Errorf("mcts:16 vs greedy: %+v, rate %.3f; want above 60%%", s.Tally, s.Tally.Rate())
	}
	t.Logf("mcts:16 vs greedy: %+v, rate %.3f", s.Tally, s.Tally.Rate())
}

// The same seed gives the same games, and the number of workers does not
// matter: every random choice of the player flows from its seed.
func TestMCTSIsDeterministic(t *testing.T) {
	sameWithOneAndTwoWorkers(t, match(t, "moloch", "moloch", "mcts:6", "greedy", 3, 99))
}

// The same decision from the same seed is the same action, and from another
// seed it is still a legal one.
func TestMCTSActIsReproducible(t *testing.T) {
	g, res, legal := midGame(t)
	a := newMCTS(5, res, 24).Act(g, legal)
	b := newMCTS(5, res, 24).Act(g, legal)
	if a != b {
		t.Errorf("seed 5 picked %d then %d", a, b)
	}
	if c := newMCTS(6, res, 24).Act(g, legal); c < 0 || c >= len(legal) {
		t.Errorf("seed 6 picked %d of %d actions", c, len(legal))
	}
}

func TestParseMCTS(t *testing.T) {
	for in, want := range map[string]PlayerSpec{
		"mcts":     {Kind: "mcts", Budget: DefaultMCTSBudget},
		"MCTS:100": {Kind: "mcts", Budget: 100},
	} {
		got, err := ParsePlayer(in)
		if err != nil || got != want {
			t.Errorf("ParsePlayer(%q) = %+v, %v; want %+v", in, got, err, want)
		}
		if back, err := ParsePlayer(got.String()); err != nil || back != got {
			t.Errorf("ParsePlayer(%q) = %+v, %v; want %+v", got.String(), back, err, got)
		}
	}
	for _, in := range []string{"mcts:0", "mcts:x", "mcts:2000000"} {
		if _, err := ParsePlayer(in); err == nil {
			t.Errorf("ParsePlayer(%q) accepted", in)
		}
	}
}
