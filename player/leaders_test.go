package player

import (
	"testing"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/internal/testarmy"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

// TestRolloutPlaysThroughOpponentDraw: a search rollout plays to the end
// of the opponent's next turn, and an opponent_draw leader of the rolling
// player does not cut it short. At that moment the rolling player is the
// one to move (PhaseLeader) while the turn is the opponent's; a rollout
// that stopped when "its player moves again" stopped there, before the
// opponent had played, and scored every action without the reply. It
// must stop only when its player's own next turn starts (TurnPlayer).
func TestRolloutPlaysThroughOpponentDraw(t *testing.T) {
	res := compiler.CompileSource("l.army", []byte(`leader "Agent" { on opponent_draw: redraw }`))
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags)
	}
	ma, mb := testarmy.Load(t, "moloch"), testarmy.Load(t, "borgo")
	// Player 0 (Moloch) holds the leader, so it answers the draw of
	// player 1 in every turn of player 1 while a use is left.
	g, err := engine.NewGame(engine.Config{Board: position.Standard, Leaders: []*rules.Leader{res.Leaders[0], nil}}, []*rules.Army{ma, mb}, 3)
	if err != nil {
		t.Fatal(err)
	}
	r := new(engine.Resolver)
	g.SetWorkspace(r)
	gp := newGreedy(1, r)
	buf := make([]engine.Action, 0, 1024)
	// Play to player 0's third turn, in its play phase.
	for !g.Over() && !(g.Turn >= 5 && g.Player == 0 && g.Phase == engine.PhasePlay) {
		buf = g.LegalActions(buf[:0])
		if err := g.Apply(buf[gp.Act(g, buf)], gp); err != nil {
			t.Fatal(err)
		}
	}
	if g.Over() || !g.LeaderReady(0) {
		t.Fatalf("setup: over %v, leader ready %v", g.Over(), g.LeaderReady(0))
	}
	legal := g.LegalActions(buf[:0])
	sp := newSearch(7, r, 4)
	stops := 0
	for i, a := range legal {
		if i == 8 {
			break
		}
		wr := NewRand(uint64(i))
		sp.rollout(g, a, 0, &wr)
		w := &sp.world
		if w.Over() {
			continue
		}
		stops++
		if w.Phase == engine.PhaseLeader || w.Turn <= g.Turn+1 || w.TurnPlayer() != 0 {
			t.Errorf("action %d: the rollout stopped in turn %d (started in %d), phase %v, turn of player %d: before the opponent's turn was played",
				i, w.Turn, g.Turn, w.Phase, w.TurnPlayer())
		}
	}
	if stops == 0 {
		t.Fatal("every rollout ended the game; the test checked nothing")
	}
}
