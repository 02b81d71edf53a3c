package player

import (
	"testing"
)

// A deep rollout plays the same world as wide's to the end of the
// opponent's turn, goes on through the player's own next turn, and scores
// the mean of the evaluations at the two ends: each side's reply counted
// once.
func TestDeepRolloutWeighsBothTurns(t *testing.T) {
	g, res, legal := midGame(t)
	p := newDeep(5, res, DefaultDeepWorlds)
	defer p.release()
	me := g.Player
	checked := 0
	for i, a := range legal {
		if i%7 != 0 {
			continue
		}
		r := NewRand(uint64(i))
		atOpp := p.rollout(g, a, me, &r) // wide's: to the end of the opponent's turn
		r = NewRand(uint64(i))
		got := p.deepRollout(g, a, me, &r)
		if p.world.Over() {
			continue
		}
		if p.world.Turn <= g.Turn+2 {
			t.Fatalf("action %d: the deep rollout stopped at turn %d, want past the player's next turn (%d)", i, p.world.Turn, g.Turn+2)
		}
		atOwn := evaluate(&p.world, me, res, &p.scratch, p.searchPlayer.vals.of(g.S.Armies))
		if want := (atOpp + atOwn) / 2; got != want {
			t.Errorf("action %d: deep rollout %v, want the mean of %v (opponent's turn) and %v (own turn) = %v", i, got, atOpp, atOwn, want)
		}
		if atOpp != atOwn {
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no rollout whose two evaluations differ: the test shows nothing")
	}
}
