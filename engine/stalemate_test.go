package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// TestStalemateDraw: on a board whose stalemates are draws (the Atlas Map:
// "Jeżeli dojdzie do Bitwy w wyniku zapełnienia planszy, a w jej rezultacie
// nie zostanie odrzucona z planszy żadna jednostka, gra zawsze kończy się
// natychmiastowym remisem.") player 1 fills the board with a unit, and the
// battle removes none: a draw at once. The same battle on the standard
// board plays on (player 2's turn), and on the Atlas board a battle that
// removes a unit (player 2's Spike wounds the Rocks around it) plays on.
func TestStalemateDraw(t *testing.T) {
	a := loadArmy(t, "testdata/tstall.army")
	atlas := *Standard
	atlas.Name, atlas.StalemateDraw = "atlas", true
	last, spike := hexOf(t, "c3"), hexOf(t, "c2")
	for _, tc := range []struct {
		board *Board
		spike bool
		draw  bool
	}{
		{&atlas, false, true},
		{Standard, false, false},
		{&atlas, true, false},
	} {
		g, err := NewGame(Config{Board: tc.board}, []*rules.Army{a, a}, 42)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"a1", "e3"} {
			must(t, g, Action{Kind: KPlaceHQ, Hex: hexOf(t, name), To: NoHex})
		}
		p := uint8(0)
		for h := Hex(0); int(h) < Standard.Size; h++ {
			if h == last || !g.S.Cells[h].Unit.Empty() {
				continue
			}
			name := "Rock"
			if tc.spike && h == spike {
				p, name = 1, "Spike"
			}
			if err := g.S.Place(h, p, fromDeck(t, g, p, name), rules.N); err != nil {
				t.Fatal(err)
			}
			p ^= 1
		}
		units := g.S.units()
		setHand(t, g, 0, "Rock")
		g.fresh = false
		must(t, g, Action{Kind: KPlace, Slot: 0, Hex: last, To: NoHex, Facing: rules.N})
		removed := units + 1 - g.S.units()
		if g.Battles != 1 || (removed > 0) != tc.spike {
			t.Fatalf("%s, spike %v: %d battles, %d units removed; want 1 battle removing units: %v", tc.board.Name, tc.spike, g.Battles, removed, tc.spike)
		}
		if tc.draw {
			if g.Result != Draw || !g.Over() {
				t.Errorf("%s: a full board's battle removed no unit: result %v, over %v; want a draw", tc.board.Name, g.Result, g.Over())
			}
			continue
		}
		if g.Over() || g.Player != 1 {
			t.Errorf("%s, spike %v: over %v (result %v), player %d to move; want player 2's turn", tc.board.Name, tc.spike, g.Over(), g.Result, g.Player+1)
		}
	}
}
