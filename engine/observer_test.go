package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// Scenarios of observers (observer.go), played through Apply with
// engine/testdata/tobserve.army on both sides: each checks an outcome the
// observer changes and that it does not fire for a unit it does not match.

func observeGame(t *testing.T) *Game {
	t.Helper()
	a := loadArmy(t, "testdata/tobserve.army")
	g := setUpGame(t, a, a, 7, "a1", "e3")
	g.fresh = false
	return g
}

// TestObserverBanner: a Banner draws a token when an own unit on one of
// its links is destroyed, not when one off its links is.
func TestObserverBanner(t *testing.T) {
	for _, linked := range []bool{false, true} {
		g := observeGame(t)
		banner := put(t, g, 0, "Banner", "c3", rules.N) // links N and NE
		on, off := g.S.Board.Nb[banner][rules.N], g.S.Board.Nb[banner][rules.S]
		put(t, g, 0, "Block", g.S.Board.Names[on], rules.N)
		put(t, g, 0, "Block", g.S.Board.Names[off], rules.N)
		nextTurn(t, g) // player 2's turn
		target := off
		if linked {
			target = on
		}
		setHand(t, g, 1, "Snipe")
		hand := g.HandLen[0]
		play(t, g, target)
		want := hand
		if linked {
			want++
		}
		if g.HandLen[0] != want {
			t.Fatalf("linked %v: the Banner's player holds %d tokens, want %d", linked, g.HandLen[0], want)
		}
	}
}

// TestObserverShrine: when an enemy unit is destroyed anywhere, a Shrine
// heals every own unit next to it, not the others, and not when an own
// unit dies.
func TestObserverShrine(t *testing.T) {
	for _, enemyDies := range []bool{false, true} {
		g := observeGame(t)
		shrine := put(t, g, 0, "Shrine", "c3", rules.N)
		near := g.S.Board.Nb[shrine][rules.N]
		far := hexOf(t, "c5")
		for _, h := range []Hex{near, far} {
			put(t, g, 0, "Block", g.S.Board.Names[h], rules.N)
			g.S.Cells[h].Unit.Wounds = 2
		}
		victim := put(t, g, 1, "Block", "e1", rules.N)
		if !enemyDies {
			victim = put(t, g, 0, "Block", "a3", rules.N)
		}
		setHand(t, g, 0, "Snipe")
		play(t, g, victim)
		want := 2
		if enemyDies {
			want = 1
		}
		if w := wounds(g, near); w != want {
			t.Fatalf("enemy destroyed %v: the Block next to the Shrine has %d wounds, want %d", enemyDies, w, want)
		}
		if w := wounds(g, far); w != 2 {
			t.Fatalf("the Shrine healed a Block not next to it: %d wounds", w)
		}
	}
}

// TestObserverSentry: a Sentry nets the first enemy unit placed next to
// it in a turn, not the second, nor one placed elsewhere; next turn it
// nets again.
func TestObserverSentry(t *testing.T) {
	g := observeGame(t)
	sentry := put(t, g, 0, "Sentry", "c3", rules.N)
	nextTurn(t, g) // player 2 places
	setHand(t, g, 1, "Block", "Block", "Block")
	place := func(h Hex) {
		t.Helper()
		must(t, g, Action{Kind: KPlace, Slot: 0, Hex: h, To: NoHex, Facing: rules.N})
	}
	far, first, second := hexOf(t, "e1"), g.S.Board.Nb[sentry][rules.N], g.S.Board.Nb[sentry][rules.S]
	place(far)
	place(first)
	place(second)
	if g.Netted(far) || !g.Netted(first) || g.Netted(second) {
		t.Fatalf("netted: far %v, first next to the Sentry %v, second %v; want false, true, false", g.Netted(far), g.Netted(first), g.Netted(second))
	}
	nextTurn(t, g)
	nextTurn(t, g) // player 2 again
	setHand(t, g, 1, "Block")
	third := g.S.Board.Nb[sentry][rules.NE]
	place(third)
	if !g.Netted(third) {
		t.Fatal("in a new turn the Sentry did not net the unit placed next to it")
	}
}

// TestObserverWords: each event and each word of an observer changes what
// happens, against the same play where the observed unit does not match.
func TestObserverWords(t *testing.T) {
	type run func(t *testing.T, g *Game, match bool) (check func() bool)
	for _, c := range []struct {
		name string
		run  run
	}{
		// wounded, own, within=: the Medic heals an own unit within 2 at once.
		{"wounded_within", func(t *testing.T, g *Game, match bool) func() bool {
			put(t, g, 0, "Medic", "a2", rules.N)
			at := "b3"
			if !match {
				at = "e2" // four hexes away
			}
			h := put(t, g, 0, "Block", at, rules.N)
			setHand(t, g, 0, "Wound")
			play(t, g, h)
			return func() bool { return wounds(g, h) == 0 }
		}},
		// moved, in_line: the Watcher wounds an enemy that moves into its lines.
		{"moved_in_line", func(t *testing.T, g *Game, match bool) func() bool {
			put(t, g, 0, "Watcher", "c3", rules.N)
			nextTurn(t, g)
			from := put(t, g, 1, "Block", "e1", rules.N)
			to := hexOf(t, "d2") // in the Watcher's line NE
			if !match {
				to = hexOf(t, "e2")
			}
			setHand(t, g, 1, "Step")
			must(t, g, Action{Kind: KInstant, Slot: 0, Hex: from, To: to, Facing: rules.N})
			return func() bool { return wounds(g, to) == 1 }
		}},
		// netted, any, kind=, name=: the Jailer's player draws when a Block is netted.
		{"netted_kind_name", func(t *testing.T, g *Game, match bool) func() bool {
			put(t, g, 0, "Jailer", "a3", rules.N)
			name := "Block"
			if !match {
				name = "Sentry"
			}
			h := put(t, g, 1, name, "e1", rules.N)
			setHand(t, g, 0, "Trap")
			hand := g.HandLen[0]
			play(t, g, h)
			return func() bool { return g.HandLen[0] == hand }
		}},
		// hq: the Herald's player draws when their HQ is wounded.
		{"wounded_hq", func(t *testing.T, g *Game, match bool) func() bool {
			put(t, g, 0, "Herald", "c3", rules.N)
			h := g.S.HQ[0]
			if !match {
				h = put(t, g, 1, "Block", "e1", rules.N) // an enemy unit: not friend
			}
			setHand(t, g, 0, "Wound")
			hand := g.HandLen[0]
			play(t, g, h)
			return func() bool { return g.HandLen[0] == hand }
		}},
		// placed, adjacent, of=own_hq: the Lookout's player draws when an
		// enemy lands next to their HQ (a1).
		{"placed_of_own_hq", func(t *testing.T, g *Game, match bool) func() bool {
			put(t, g, 0, "Lookout", "c3", rules.N)
			nextTurn(t, g)
			at := g.S.Board.Nb[g.S.HQ[0]][rules.S]
			if !match {
				at = hexOf(t, "e1")
			}
			setHand(t, g, 1, "Block")
			hand := g.HandLen[0]
			must(t, g, Action{Kind: KPlace, Slot: 0, Hex: at, To: NoHex, Facing: rules.N})
			return func() bool { return g.HandLen[0] == hand+1 }
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, match := range []bool{false, true} {
				g := observeGame(t)
				if got := c.run(t, g, match)(); got != match {
					t.Fatalf("matching unit %v: the observer's outcome is %v", match, got)
				}
			}
		})
	}
}
