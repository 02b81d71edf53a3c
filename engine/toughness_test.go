package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// TestToughnessBonus: toughness +N through a link lets a unit take more
// wounds, in battles and from instants; enemy toughness -N makes one die
// sooner; the HQ's own aura reaches its neighbours; a unit whose bonus goes
// away with wounds enough is destroyed at the end of the action.
func TestToughnessBonus(t *testing.T) {
	c3 := hexOf(t, "c3")
	// A Jackal on c2 (facing S, its ranged 1 aimed at c3) and the Pikeman on
	// c3 (melee 1 north) hit each other at initiative 2. The Rampart on c4
	// links its N edge to the Pikeman.
	for _, tc := range []struct {
		name, hq, extra string
		survives        bool
	}{
		{"no bonus", "a1", "", false},
		{"rampart +1", "a1", "1 Rampart c4 N\n", true},
		// The Suppressor on c5 turns its net (printed NW) north onto c4.
		{"netted rampart", "a1", "1 Rampart c4 N\n2 Suppressor c5 NE\n", false},
		{"HQ aura", "c4", "", true}, // the HQ itself on c4, linking all its edges
	} {
		src := "armies tbulwark tiron\n1 HQ " + tc.hq + " N\n2 HQ e3 N\n1 Pikeman c3 N\n2 Jackal c2 S\n" + tc.extra
		s, log := resolveText(t, src, OwnerBest{})
		if s.Cells[c3].Unit.Empty() == tc.survives {
			t.Errorf("%s: the Pikeman survived %v, want %v\n%s", tc.name, !s.Cells[c3].Unit.Empty(), tc.survives, log)
		}
	}
	// enemy toughness -1: the Enforcer (toughness 2) dies to one shot when a
	// Corroder links it, survives without.
	for corroder, dies := range map[string]bool{"1 Corroder c4 N\n": true, "": false} {
		s, log := resolveText(t, "armies tbulwark tiron\n1 HQ a1 N\n2 HQ e3 N\n2 Enforcer c3 S\n1 Pikeman c2 S\n"+corroder, OwnerBest{})
		if s.Cells[c3].Unit.Empty() != dies {
			t.Errorf("enemy toughness -1 (%q): the Enforcer destroyed %v, want %v\n%s", corroder, s.Cells[c3].Unit.Empty(), dies, log)
		}
	}
}

// TestToughnessBonusOutsideBattle: an instant's wound counts the bonus; a
// unit whose bonus is destroyed with wounds enough goes at once.
func TestToughnessBonusOutsideBattle(t *testing.T) {
	g := setUpGame(t, loadArmy(t, "testdata/tbulwark.army"), loadArmy(t, "testdata/game_a.army"), 7, "a1", "e3")
	g.fresh = false
	pike := put(t, g, 0, "Pikeman", "c3", rules.N)
	rampart := put(t, g, 0, "Rampart", "c4", rules.N)
	endTurn(t, g)
	g.fresh = false
	setHand(t, g, 1, "Sniper")
	must(t, g, Action{Kind: KInstant, Slot: 0, Hex: pike, To: NoHex})
	if u := g.S.Cells[pike].Unit; u.Empty() || u.Wounds != 1 {
		t.Fatalf("a Sniper on the Pikeman linked to a Rampart: %+v, want it alive with 1 wound", u)
	}
	sniper := uint8(g.S.Armies[1].Lookup("Sniper"))
	g.Discarded[1][sniper]--
	g.Deck[1][g.DeckLen[1]] = sniper // the same Sniper again
	g.DeckLen[1]++
	setHand(t, g, 1, "Sniper")
	must(t, g, Action{Kind: KInstant, Slot: 0, Hex: rampart, To: NoHex})
	if !g.S.Cells[rampart].Unit.Empty() || !g.S.Cells[pike].Unit.Empty() {
		t.Errorf("the Rampart sniped: Rampart gone %v, wounded Pikeman gone %v; want both gone", g.S.Cells[rampart].Unit.Empty(), g.S.Cells[pike].Unit.Empty())
	}
}
