package player

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/internal/testarmy"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

// The race player drops candidates that are clearly behind, so a decision
// costs less than its whole budget, yet more than the fewest worlds it
// plays before dropping any.
func TestRaceSpendsWorldsWhereClose(t *testing.T) {
	ma, mb := testarmy.Load(t, "moloch"), testarmy.Load(t, "borgo")
	g, err := engine.NewGame(engine.Config{Board: position.Standard}, []*rules.Army{ma, mb}, 3)
	if err != nil {
		t.Fatal(err)
	}
	res := new(engine.Resolver)
	g.SetWorkspace(res)
	spec, err := Parse("race:8")
	if err != nil {
		t.Fatal(err)
	}
	p := spec.New(11, res).(*searchPlayer)
	defer p.release()
	buf := make([]engine.Action, 0, 1024)
	raced, full := 0, 0
	for n := 0; n < 200 && !g.Over(); n++ {
		buf = g.LegalActions(buf[:0])
		before := p.rollouts
		a := buf[p.Act(g, buf)]
		if played := p.rollouts - before; played > 0 {
			raced++
			k := min(raceShortlist, len(buf))
			if played < raceMinWorlds*2 || played > k*p.raceWorlds {
				t.Fatalf("decision %d played %d rollouts, outside [%d, %d]", n, played, raceMinWorlds*2, k*p.raceWorlds)
			}
			if played == k*p.raceWorlds {
				full++
			}
		}
		if err := g.ApplyLegal(a, p); err != nil {
			t.Fatal(err)
		}
	}
	if raced < 10 {
		t.Fatalf("only %d decisions were raced", raced)
	}
	if full == raced {
		t.Errorf("every one of %d raced decisions played its whole budget: no candidate was ever dropped", raced)
	}
	if avg := float64(p.rollouts) / float64(raced); avg >= float64(raceShortlist*p.raceWorlds)/2 {
		t.Errorf("%.1f rollouts a raced decision, want well under the budget of %d", avg, raceShortlist*p.raceWorlds)
	}
}
