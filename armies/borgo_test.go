package armies_test

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

// TestBorgoSignatures: the Borgo army's signature rules in battle.
func TestBorgoSignatures(t *testing.T) {
	full := [2]int{20, 20}
	runSignatures(t, []signature{
		// The HQ's initiative +1: the Mutant beside it strikes in segment 3
		// and kills the Guard before it shoots; the other Mutant and the
		// Armored Guard kill each other in segment 2.
		{name: "borgo_hq", dies: []string{"1 Mutant e2", "2 Armored Guard e1", "2 Guard c1"}, hq: full},
		// The Net Fighter nets the Stormtrooper and strikes it for 3 with the
		// same edge; the netted Stormtrooper never fires.
		{name: "borgo_netfighter", dies: []string{"2 Stormtrooper d3"}, hq: full},
	})
}

// borgoGame is a Borgo (player 1) v Moloch (player 2) game after set-up,
// HQs on hq0 and hq1, at the start of Borgo's first turn.
func borgoGame(t *testing.T, hq0, hq1 string) *engine.Game {
	t.Helper()
	return startGame(t, "borgo", "moloch", 7, placeHQ(t, hq0), placeHQ(t, hq1))
}

// TestBorgoGrenade: the Grenade destroys one enemy unit next to the own HQ,
// never the enemy HQ, and cannot be played while the own HQ is netted.
func TestBorgoGrenade(t *testing.T) {
	g := borgoGame(t, "c3", "c2") // the Moloch HQ stands next to the Borgo HQ
	hyb := put(t, g, 1, "Hybrid", "d3", rules.N)
	put(t, g, 1, "Guard", "e3", rules.N) // not next to the Borgo HQ
	setHand(t, g, 0, "Grenade")
	var targets []string
	for _, a := range g.LegalActions(nil) {
		if a.Kind == engine.KInstant {
			targets = append(targets, position.Standard.Names[a.Hex])
		}
	}
	if len(targets) != 1 || targets[0] != "d3" {
		t.Fatalf("grenade targets %v, want only d3 (the enemy HQ on c2 and the Guard on e3 are not targets)", targets)
	}
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: hyb, To: engine.NoHex}, nil)
	if !g.S.Unit(hyb).Empty() {
		t.Fatal("the Hybrid on d3 survived the grenade")
	}
	if n := g.Discarded[1][g.S.Armies[1].Lookup("Hybrid")]; n != 1 {
		t.Fatalf("Moloch discarded %d Hybrids, want 1", n)
	}
	if g.S.HQPoints(0) != 20 || g.S.HQPoints(1) != 20 {
		t.Fatalf("HQ points %d, %d; a grenade costs nothing and spares HQs", g.S.HQPoints(0), g.S.HQPoints(1))
	}

	// A Moloch Net Fighter nets the Borgo HQ: no grenade, although the
	// Net Fighter itself stands next to the HQ.
	g = borgoGame(t, "c3", "a1")
	put(t, g, 1, "Net Fighter", "b3", rules.NE) // its N net faces c3
	put(t, g, 1, "Hybrid", "d3", rules.N)
	setHand(t, g, 0, "Grenade")
	if !g.Netted(g.S.HQ[0]) {
		t.Fatal("the Borgo HQ is not netted")
	}
	for _, a := range g.LegalActions(nil) {
		if a.Kind == engine.KInstant {
			t.Fatalf("grenade playable with the own HQ netted: %v", a)
		}
	}
}

// TestBorgoAssassinMobility: the Assassin moves one hex and turns once per
// turn on its own (mobility), then shoots from there in a battle.
func TestBorgoAssassinMobility(t *testing.T) {
	g := borgoGame(t, "a3", "e3")
	as := put(t, g, 0, "Assassin", "c3", rules.N) // its NW edge fires at b2, a1: nothing
	put(t, g, 1, "Hybrid", "b1", rules.S)
	setHand(t, g, 0)
	to := hexAt(t, "d2")
	// From d2, facing N, its NW edge (ranged 1) fires at c2, b1.
	mv := engine.Action{Kind: engine.KAbility, Slot: engine.AbMove, Hex: as, To: to, Facing: rules.N}
	apply(t, g, mv, nil)
	if u := g.S.Unit(to); u.Empty() || g.S.Tok(u).Name != "Assassin" || !g.S.Unit(as).Empty() {
		t.Fatal("the Assassin did not move from c3 to d2")
	}
	for _, a := range g.LegalActions(nil) {
		if a.Kind == engine.KAbility && a.Slot == engine.AbMove && a.Hex == to {
			t.Fatal("mobility used twice in one turn")
		}
	}
	var r engine.Resolver
	var l engine.BattleLog
	r.Resolve(&g.S, engine.OwnerBest{}, &l)
	if !g.S.Unit(hexAt(t, "b1")).Empty() {
		t.Fatal("the Assassin on d2 did not shoot the Hybrid on b1")
	}
}
