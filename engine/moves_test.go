package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// beaconGame is a game of the move-effect test army (player 1) against
// game_b (player 2) after set-up, player 1 to play, with an empty board but
// the HQs (a1 and e3) and the given hand.
func beaconGame(t *testing.T, hand ...string) *Game {
	t.Helper()
	g := setUpGame(t, loadArmy(t, "testdata/tbeacon.army"), loadArmy(t, "testdata/game_b.army"), 7, "a1", "e3")
	setHand(t, g, 0, hand...)
	g.fresh = false
	return g
}

// destinations lists the hexes the unit on from may reach with the legal
// actions of kind k (moves of an instant or a mobility ability).
func destinations(g *Game, k ActionKind, from Hex) map[string]bool {
	out := map[string]bool{}
	for _, a := range g.LegalActions(nil) {
		if a.Kind == k && a.Hex == from && a.To != from && a.To != NoHex && (k != KAbility || a.Slot == AbMove || a.Slot == AbGrantedMove) {
			out[g.S.Board.Names[a.To]] = true
		}
	}
	return out
}

func TestGlobalMoveBonus(t *testing.T) {
	g := beaconGame(t, "Move")
	r := put(t, g, 0, "Dasher", "c3", rules.N)
	if d := destinations(g, KInstant, r); d["c1"] || !d["c2"] {
		t.Fatalf("without the Beacon the Move reaches %v, want distance 1 only", d)
	}
	put(t, g, 0, "Beacon", "e1", rules.N)
	d := destinations(g, KInstant, r)
	if !d["c1"] || !d["a2"] || !d["e2"] || len(d) != 15 {
		t.Fatalf("with the Beacon the Move reaches %v, want every empty hex within 2 (15)", d)
	}
	if m := destinations(g, KAbility, r); !m["c1"] || !m["c5"] {
		t.Fatalf("with the Beacon mobility reaches %v, want distance 2", m)
	}
	// Play it: the Dasher goes two hexes.
	for i := uint8(0); i < g.HandLen[0]; i++ {
		if g.S.Armies[0].Tokens[g.Hand[0][i]].Name == "Move" {
			must(t, g, Action{Kind: KInstant, Slot: i, Hex: r, To: hexOf(t, "c1"), Facing: rules.S})
		}
	}
	if u := g.S.Cells[hexOf(t, "c1")].Unit; u.Empty() || g.S.Tok(u).Name != "Dasher" || u.Facing != rules.S {
		t.Fatalf("c1 holds %+v after the Move, want the Dasher facing S", u)
	}
	// An enemy unit does not profit: the Beacon's side is friend.
	g.S.Cells[hexOf(t, "c3")].Unit = Piece{Token: uint8(g.S.Armies[1].Lookup("Fighter")), Owner: 1}
	if dist := g.moveDist(hexOf(t, "c3"), 1, g.computeNets()); dist != 1 {
		t.Fatalf("an enemy unit moves %d with the Beacon on the board, want 1", dist)
	}
}

func TestGlobalMoveNetted(t *testing.T) {
	g := beaconGame(t, "Move")
	r := put(t, g, 0, "Dasher", "c3", rules.N)
	put(t, g, 0, "Beacon", "e1", rules.N)
	put(t, g, 1, "Net Caster", "e2", rules.N) // its N edge nets e1
	if d := destinations(g, KInstant, r); d["c1"] {
		t.Fatalf("a netted Beacon still lengthens moves: %v", d)
	}
}

func TestLinkedMoveBonusAndGlobalGrant(t *testing.T) {
	g := beaconGame(t, "Move")
	r := put(t, g, 0, "Post", "c3", rules.N)
	put(t, g, 0, "Wagon", "c4", rules.N) // links N: c3
	other := put(t, g, 0, "Post", "d1", rules.N)
	if d := destinations(g, KInstant, r); !d["c1"] {
		t.Fatalf("the linked Post reaches %v, want distance 2", d)
	}
	if d := destinations(g, KInstant, other); d["d3"] || !d["d2"] {
		t.Fatalf("the unlinked Post reaches %v, want distance 1", d)
	}
	if m := destinations(g, KAbility, other); len(m) != 0 {
		t.Fatalf("a Post without mobility moves: %v", m)
	}
	put(t, g, 0, "Banner", "b1", rules.N)
	if m := destinations(g, KAbility, other); !m["d2"] || m["d3"] {
		t.Fatalf("with the Banner (global grant mobility) the Post moves to %v, want distance 1", m)
	}
}

func TestGlobalMoveMalus(t *testing.T) {
	g := beaconGame(t)
	put(t, g, 0, "Anchor", "c3", rules.N)
	e := put(t, g, 1, "Fighter", "d2", rules.N)
	if dist := g.moveDist(e, 1, g.computeNets()); dist != 0 {
		t.Fatalf("an enemy unit moves %d with the Anchor on the board, want 0 (turn only)", dist)
	}
	if dist := g.moveDist(g.S.HQ[0], 1, g.computeNets()); dist != 1 {
		t.Fatalf("an own unit moves %d with the Anchor on the board, want 1", dist)
	}
}
