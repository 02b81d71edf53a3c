package player

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/internal/testarmy"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

// BenchmarkSearchDecision is one decision of the search player (default
// budget) in the middle of a game.
func BenchmarkSearchDecision(b *testing.B) {
	ma, mb := testarmy.Load(b, "moloch"), testarmy.Load(b, "moloch")
	g, _ := engine.NewGame(engine.Config{Board: position.Standard}, []*rules.Army{ma, mb}, 3)
	res := new(engine.Resolver)
	g.SetWorkspace(res)
	gp := newGreedy(1, res)
	buf := make([]engine.Action, 0, 1024)
	// Play into the middle game, to a decision with many choices.
	for n := 0; !g.Over(); n++ {
		buf = g.LegalActions(buf[:0])
		if n > 20 && len(buf) > 50 {
			break
		}
		g.Apply(buf[gp.Act(g, buf)], gp)
	}
	sp := newSearch(5, res, 64)
	buf = g.LegalActions(buf[:0])
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sp.forget() // a decision met for the first time, not looked up
		sp.Act(g, buf)
	}
}

// BenchmarkPlanDecision is one decision of the default plan player in the
// same middle-game position, its caches emptied each time.
func BenchmarkPlanDecision(b *testing.B) {
	g, res, legal := midGame(b)
	pp := newPlan(5, res, DefaultPlanWorlds)
	pp.Act(g, legal) // grow the buffers once
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		pp.forget()
		pp.Act(g, legal)
	}
}
