package player

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/internal/testarmy"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

// The search player's caches (memo.go) must never change a decision: with
// them and without, the same seeds play the same games, action for
// action. The armies cover takeovers, recover steps (the fan army) and
// plain attacks; both the search and the plan player are checked.
func TestMemosKeepDecisions(t *testing.T) {
	duel, err := position.BoardByName("duel")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		a, b, player string
		board        *engine.Board
	}{
		{"moloch", "borgo", "search:4", position.Standard},
		{"vegas", "smart", "search:4", position.Standard},
		{"../sim/testdata/bastion.army", "outpost", "plan:1", position.Standard},
		{"steelpolice", "beasts", "plan:1", position.Standard},
		{"smart", "vegas", "plan:1", duel}, // energy and Procedures
		{"moloch", "borgo", "race:3", position.Standard},
	} {
		ma, mb := testarmy.Load(t, c.a), testarmy.Load(t, c.b)
		spec, err := Parse(c.player)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(0); seed < 2; seed++ {
			with, without := playLog(t, ma, mb, c.board, spec, seed, true), playLog(t, ma, mb, c.board, spec, seed, false)
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

// playLog plays one game of armies a and b between two players of spec, with
// or without their caches, on board, and returns the actions taken.
func playLog(t *testing.T, a, b *rules.Army, board *engine.Board, spec Spec, seed uint64, memos bool) []engine.Action {
	t.Helper()
	g, err := engine.NewGame(engine.Config{Board: board}, []*rules.Army{a, b}, seed)
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
	dec := Seats{ps[0], ps[1]}
	var log []engine.Action
	buf := make([]engine.Action, 0, 1024)
	for !g.Over() && len(log) < maxActions {
		buf = g.LegalActions(buf[:0])
		a := buf[ps[g.Player].Act(g, buf)]
		log = append(log, a)
		if err := g.ApplyLegal(a, dec); err != nil {
			t.Fatal(err)
		}
	}
	return log
}
