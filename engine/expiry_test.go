package engine

import (
	"testing"
)

// Scenarios of the foundations that expire (expiry.go): player 1 places a
// Beacon from the hand through Apply, with and without until; the turns
// and the battle go on through Apply, and the Beacon is gone (to the
// discard pile) exactly when its end says.
func TestFoundationExpiry(t *testing.T) {
	beaconOn := func(g *Game) bool { return !g.S.Cells[hexOf(t, "c3")].Ground.Empty() }
	place := func(t *testing.T, until string) *Game {
		a := placeArmy(t, "", until)
		g := setUpGame(t, a, a, 7, "a1", "e3")
		g.fresh = false
		setHand(t, g, 0, "Beacon", "Battle")
		must(t, g, Action{Kind: KPlace, Slot: 0, Hex: hexOf(t, "c3"), To: NoHex})
		return g
	}
	t.Run("turns", func(t *testing.T) {
		for _, tc := range []struct {
			until string
			gone  int // after how many of its owner's turn ends (0: never in the test)
		}{{"until turns 1", 2}, {"until turns 2", 3}, {"notes \"stays\"", 0}} {
			g := place(t, tc.until)
			for end := 1; end <= 3; end++ {
				nextTurn(t, g) // player 1's turn ends
				if on := beaconOn(g); on != (tc.gone == 0 || end < tc.gone) {
					t.Fatalf("%s: after player 1's turn end %d the Beacon is on the board: %v", tc.until, end, on)
				}
				nextTurn(t, g) // player 2's does not count
				if on := beaconOn(g); on != (tc.gone == 0 || end < tc.gone) {
					t.Fatalf("%s: after player 2's turn %d the Beacon is on the board: %v", tc.until, end, on)
				}
			}
			if gone := tc.gone != 0; gone != (g.Discarded[0][g.S.Armies[0].Lookup("Beacon")] == 1) {
				t.Fatalf("%s: the expired Beacon is not in the discard pile", tc.until)
			}
		}
	})
	t.Run("battle_end", func(t *testing.T) {
		for until, gone := range map[string]bool{"until battle_end": true, "until turns 3, battle_end": true, "notes \"stays\"": false} {
			g := place(t, until)
			must(t, g, Action{Kind: KInstant, Slot: 0, Hex: NoHex, To: NoHex}) // the Battle
			if beaconOn(g) == gone {
				t.Fatalf("%s: after the battle the Beacon is on the board: %v", until, !gone)
			}
		}
	})
}
