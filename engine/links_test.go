package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// linksGame is a game of the links test army against itself after set-up
// (HQs on hq0 and hq1), at the start of player 1's first turn.
func linksGame(t *testing.T, hq0, hq1 string) *Game {
	t.Helper()
	a := loadArmy(t, "testdata/tlinks.army")
	g, err := NewGame(Standard, a, a, 7)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{hq0, hq1} {
		must(t, g, Action{Kind: KPlaceHQ, Hex: hexOf(t, name), To: NoHex})
	}
	g.fresh = false // no bad draw in these tests
	return g
}

func movesOf(g *Game, h Hex, slot uint8) int {
	return count(g.LegalActions(nil), func(a Action) bool { return a.Kind == KAbility && a.Slot == slot && a.Hex == h })
}

// A unit linked to a token that grants mobility gets a move of its own,
// besides its own mobility (rulebook 001, Smart: "Gracz może w tej samej
// turze poruszyć ten sam żeton korzystając kolejno z wszystkich dostępnych
// możliwości, np. cechy specjalnej Sztabu, Żetonu natychmiastowego Ruch, jak
// i Mobilności samego żetonu"), even one that takes it out of the link.
func TestGrantedMoveIsExtra(t *testing.T) {
	g := linksGame(t, "c3", "e3")
	w := put(t, g, 0, "Walker", "c2", rules.N) // N of the HQ: linked
	if movesOf(g, w, AbMove) == 0 || movesOf(g, w, AbGrantedMove) == 0 {
		t.Fatal("a mobile unit beside the granting HQ has its own and the granted move")
	}
	to := hexOf(t, "c1") // away from the HQ
	must(t, g, Action{Kind: KAbility, Slot: AbGrantedMove, Hex: w, To: to, Facing: rules.N})
	if movesOf(g, to, AbGrantedMove) != 0 {
		t.Fatal("the granted move was used")
	}
	if movesOf(g, to, AbMove) == 0 {
		t.Fatal("the unit's own mobility is still there after the granted move")
	}
	// A unit without mobility beside the HQ moves once.
	p := put(t, g, 0, "Post", "c4", rules.N)
	if movesOf(g, p, AbMove) != 0 || movesOf(g, p, AbGrantedMove) == 0 {
		t.Fatal("a unit without mobility beside the HQ has only the granted move")
	}
	to = hexOf(t, "b3") // still beside the HQ (SW of c3)
	if g.S.Board.Dist[to][hexOf(t, "c3")] != 1 {
		t.Fatal("test set-up: b3 must touch c3")
	}
	must(t, g, Action{Kind: KAbility, Slot: AbGrantedMove, Hex: p, To: to, Facing: rules.N})
	if movesOf(g, to, AbGrantedMove) != 0 || movesOf(g, to, AbMove) != 0 {
		t.Fatal("the granted move is once per turn, wherever the unit goes")
	}
}

// Grants of one trait by several linked tokens give one use.
func TestGrantsDoNotStack(t *testing.T) {
	g := linksGame(t, "c3", "e3")
	put(t, g, 0, "Carrier", "b3", rules.N) // touches c4 too (its links are on all edges)
	p := put(t, g, 0, "Post", "c4", rules.N)
	if g.S.Board.Dist[hexOf(t, "b3")][p] != 1 {
		t.Fatal("test set-up: b3 must touch c4")
	}
	must(t, g, Action{Kind: KAbility, Slot: AbGrantedMove, Hex: p, To: p, Facing: rules.S})
	if n := movesOf(g, p, AbGrantedMove) + movesOf(g, p, AbMove); n != 0 {
		t.Fatalf("two grants of mobility gave a second move (%d actions)", n)
	}
	// A netted granter grants nothing.
	g2 := linksGame(t, "c3", "e3")
	p = put(t, g2, 0, "Post", "c4", rules.N)
	g2.S.Cells[hexOf(t, "c3")].Unit.Marks |= NetMarker
	if movesOf(g2, p, AbGrantedMove) != 0 {
		t.Fatal("a netted HQ grants no move")
	}
}
