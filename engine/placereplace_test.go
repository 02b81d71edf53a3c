package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// TestPlaceOntoReplaced: a token whose placed trigger begins with replace
// may be placed straight onto the unit it takes: the cost is paid, the unit
// is discarded and no extra step follows. Own units and HQs are not offered.
// The board does not get fuller, so an almost full board starts no battle.
func TestPlaceOntoReplaced(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	g.fresh = false
	endTurn(t, g)
	victim := put(t, g, 0, "Dasher", "c3", rules.N)
	own := put(t, g, 1, "Rifleman", "c4", rules.N)
	setHand(t, g, 1, "Enforcer")
	g.fresh = false
	acts := g.LegalActions(nil)
	onto := func(h Hex) int {
		return count(acts, func(a Action) bool { return a.Kind == KPlace && a.Hex == h })
	}
	if onto(victim) == 0 || onto(own) != 0 || onto(g.S.HQ[0]) != 0 || onto(g.S.HQ[1]) != 0 {
		t.Fatalf("placements onto: enemy %d, own %d, HQs %d %d; want only the enemy unit",
			onto(victim), onto(own), onto(g.S.HQ[0]), onto(g.S.HQ[1]))
	}
	must(t, g, Action{Kind: KPlace, Hex: victim, To: NoHex, Facing: rules.SE})
	u := g.S.Cells[victim].Unit
	if g.Phase != PhasePlay || u.Empty() || u.Owner != 1 || u.Facing != rules.SE {
		t.Fatalf("after the placement: phase %d, c3 %+v; want the enforcer there and no pending step", g.Phase, u)
	}
	if g.S.HQPoints(1) != 19 || g.Discarded[0][g.S.Armies[0].Lookup("Dasher")] != 1 {
		t.Fatalf("HQ %d (want 19), dasher discarded %d (want 1)", g.S.HQPoints(1), g.Discarded[0][g.S.Armies[0].Lookup("Dasher")])
	}

	// One empty hex left: replacing a unit does not fill the board.
	g = ruleGame(t, "a1", "e3")
	g.fresh = false
	endTurn(t, g)
	dasher := uint8(g.S.Armies[0].Lookup("Dasher"))
	last := hexOf(t, "b4")
	for h := Hex(0); int(h) < g.S.Board.Size; h++ {
		if g.S.Cells[h].Unit.Empty() && h != last {
			g.S.Place(h, 0, dasher, rules.S)
		}
	}
	setHand(t, g, 1, "Enforcer")
	g.fresh = false
	battles := g.Battles
	must(t, g, Action{Kind: KPlace, Hex: hexOf(t, "c3"), To: NoHex, Facing: rules.N})
	if g.Battles != battles || g.Player != 1 || !g.S.Cells[last].Unit.Empty() {
		t.Fatalf("battles %d -> %d, player %d; replacing a unit must not start a battle", battles, g.Battles, g.Player+1)
	}
}
