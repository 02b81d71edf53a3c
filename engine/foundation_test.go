package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// A unit_enters foundation is set off by its owner's units too: an own unit
// placed on it dies with it; a linked medic takes the blow instead; an own
// HQ moved onto it removes it unharmed.
func TestUnitEnters(t *testing.T) {
	g := takerGame(t, "a1", "e3")
	a := g.S.Armies[0]
	c3 := hexOf(t, "c3")
	setHand(t, g, 0, "Blast", "Gun")
	must(t, g, Place(0, c3, 0))
	must(t, g, Place(0, c3, rules.N))
	if !g.S.Unit(c3).Empty() || !g.S.Cells[c3].Ground.Empty() {
		t.Fatal("an own unit placed on a unit_enters foundation survived, or the foundation did")
	}
	if g.Discarded[0][a.Lookup("Blast")] != 1 || g.Discarded[0][a.Lookup("Gun")] != 1 {
		t.Fatal("the foundation and the gun are not discarded")
	}

	// A medic linked to the hex takes the blow.
	g = takerGame(t, "a1", "e3")
	put(t, g, 0, "Blast", "c3", 0)
	med := put(t, g, 0, "Patcher", "c4", rules.N) // link N: c3
	setHand(t, g, 0, "Gun")
	must(t, g, Place(0, c3, rules.N))
	if g.S.Unit(c3).Empty() || !g.S.Unit(med).Empty() || !g.S.Cells[c3].Ground.Empty() {
		t.Fatal("the medic did not take the blow for the gun, or the foundation is left")
	}

	// The own HQ walks onto it: the foundation goes, the HQ is unharmed.
	g = takerGame(t, "b2", "e3")
	put(t, g, 0, "Blast", "c3", 0)
	setHand(t, g, 0, "Step")
	must(t, g, Action{Kind: KInstant, Hex: hexOf(t, "b2"), To: c3, Facing: rules.N})
	if g.S.HQ[0] != c3 || g.S.HQPoints(0) != 20 || !g.S.Cells[c3].Ground.Empty() {
		t.Fatalf("HQ onto the foundation: at %d with %d points, foundation left %v", g.S.HQ[0], g.S.HQPoints(0), !g.S.Cells[c3].Ground.Empty())
	}
}
