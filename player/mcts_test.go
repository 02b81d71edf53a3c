package player

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/internal/testarmy"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

// midGame plays greedy moves from seed into the middle game, to a decision
// with many choices, as BenchmarkSearchDecision does.
func midGame(b testing.TB) (*engine.Game, *engine.Resolver, []engine.Action) {
	ma, mb := testarmy.Load(b, "moloch"), testarmy.Load(b, "moloch")
	g, err := engine.NewGame(engine.Config{Board: position.Standard}, []*rules.Army{ma, mb}, 3)
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
	for in, want := range map[string]Spec{
		"mcts":     {Kind: MCTS, Budget: DefaultMCTSBudget},
		"MCTS:100": {Kind: MCTS, Budget: 100},
	} {
		got, err := Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", in, got, err, want)
		}
		if back, err := Parse(got.String()); err != nil || back != got {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", got.String(), back, err, got)
		}
	}
	for _, in := range []string{"mcts:0", "mcts:x", "mcts:2000000"} {
		if _, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) accepted", in)
		}
	}
}
