package engine

import (
	"slices"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// Scenarios of the allowances (limits.go), played through LegalActions
// and Apply with engine/testdata/tlimits.army on both sides: each limited
// ability beside a twin without the limit, so a limit that did nothing
// fails.

func limitGame(t *testing.T) *Game {
	t.Helper()
	a := loadArmy(t, "testdata/tlimits.army")
	g := setUpGame(t, a, a, 7, "a1", "e3")
	g.fresh = false
	return g
}

// abilityHexes are the hexes of the own-turn abilities offered.
func abilityHexes(g *Game) []Hex {
	var out []Hex
	for _, a := range abilityActs(g) {
		if !slices.Contains(out, a.Hex) {
			out = append(out, a.Hex)
		}
	}
	return out
}

// useAbility uses the own-turn ability of the unit on h, first targets.
func useAbility(t *testing.T, g *Game, h Hex) {
	t.Helper()
	for _, a := range abilityActs(g) {
		if a.Hex == h {
			mustAll(t, g, a)
			return
		}
	}
	t.Fatalf("no ability of %s offered", Standard.Names[h])
}

func TestAllowances(t *testing.T) {
	// Two units with an own-turn ability: after one is used, is the
	// other still offered this turn, and both again next turn?
	pair := func(t *testing.T, a, b string, shared bool) {
		g := limitGame(t)
		h1 := put(t, g, 0, a, "b2", rules.N)
		h2 := put(t, g, 0, b, "c2", rules.N)
		put(t, g, 1, "Free Gunner", "d3", rules.N)
		put(t, g, 1, "Free Gunner", "d2", rules.N)
		setHand(t, g, 0)
		if got := abilityHexes(g); len(got) != 2 {
			t.Fatalf("%s and %s: %d abilities offered, want 2", a, b, len(got))
		}
		useAbility(t, g, h1)
		if got := slices.Contains(abilityHexes(g), h2); got == shared {
			t.Fatalf("after the %s's use, the %s's offered: %v, want %v", a, b, got, !shared)
		}
		nextTurn(t, g)
		nextTurn(t, g)
		if got := abilityHexes(g); !slices.Contains(got, h2) {
			t.Fatalf("next turn the %s's ability is not offered", b)
		}
	}
	t.Run("per_turn", func(t *testing.T) {
		pair(t, "Gunner", "Gunner", true)
		pair(t, "Free Gunner", "Free Gunner", false)
	})
	t.Run("group", func(t *testing.T) {
		pair(t, "Mortar", "Howitzer", true)
		pair(t, "Free Gunner", "Howitzer", false)
	})
	t.Run("per_game", func(t *testing.T) {
		// A turn_start trigger fires by itself: once a game with
		// per_game=1, at each own turn start without.
		for name, want := range map[string]int{"Drummer": 1, "Free Drummer": 2} {
			g := limitGame(t)
			setHand(t, g, 0)
			put(t, g, 0, name, "b2", rules.N)
			for range 2 {
				nextTurn(t, g)
				nextTurn(t, g)
			}
			if lost := 20 - g.S.HQPoints(1); lost != want {
				t.Errorf("%s over two turn starts: the enemy HQ lost %d, want %d", name, lost, want)
			}
		}
	})
	t.Run("play", func(t *testing.T) {
		// per_turn on an instant: the second Sniper waits for next turn.
		for name, want := range map[string]bool{"Sniper": false, "Shot": true} {
			g := limitGame(t)
			put(t, g, 1, "Free Gunner", "d3", rules.N)
			put(t, g, 1, "Free Gunner", "d2", rules.N)
			setHand(t, g, 0, name, name)
			mustAll(t, g, legalInstant(g)[0])
			if got := len(legalInstant(g)) > 0; got != want {
				t.Errorf("a second %s in the turn is playable: %v, want %v", name, got, want)
			}
		}
	})
}

// TestObserverAllowance: an observer with per_game=1 fires on the first
// enemy placed near it only, one with per_turn=1 on the first of each
// turn; their twin without the limit on every one.
func TestObserverAllowance(t *testing.T) {
	for _, tc := range []struct {
		watcher  string
		sameTurn bool // both enemies placed in one turn
		want     int  // of the two enemies placed near it, those it hit
	}{
		{"when placed enemy within=2 per_game=1: damage 1 unit=event", false, 1},
		{"when placed enemy within=2: damage 1 unit=event", false, 2},
		{"when placed enemy within=2 per_turn=1: damage 1 unit=event", true, 1},
		{"when placed enemy within=2 per_turn=1: damage 1 unit=event", false, 2},
		{"when placed enemy within=2: damage 1 unit=event", true, 2},
	} {
		a := placeArmy(t, tc.watcher, "")
		g := setUpGame(t, a, a, 7, "a1", "e3")
		g.fresh = false
		setHand(t, g, 0)
		put(t, g, 0, "Subject", "c3", rules.N)
		endTurn(t, g) // player 2's turn
		for i, hex := range []string{"c2", "d3"} {
			g.fresh = false
			if g.Phase == PhaseDiscard {
				must(t, g, Action{Kind: KDiscard, Hex: NoHex, To: NoHex})
			}
			setHand(t, g, 1, "Plain")
			must(t, g, Action{Kind: KPlace, Slot: 0, Hex: hexOf(t, hex), To: NoHex})
			if !tc.sameTurn || i == 1 {
				nextTurn(t, g)
				nextTurn(t, g)
			}
		}
		hit := 0
		for _, hex := range []string{"c2", "d3"} {
			if u := g.S.Cells[hexOf(t, hex)].Unit; u.Empty() || u.Wounds > 0 {
				hit++ // a Plain has toughness 1: wounded means gone
			}
		}
		if hit != tc.want {
			t.Errorf("%s (same turn %v): %d of the two Plains hit, want %d", tc.watcher, tc.sameTurn, hit, tc.want)
		}
	}
}
