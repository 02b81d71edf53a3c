package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// Scenarios of words of the language the vocabulary test
// (armies/vocabulary_test.go) found without one: the edge directions and
// the traits a link grants.

// TestEdgeDirections: `edge D: melee 1` strikes the neighbour in direction
// D of the printed top (the unit faces N, so the board direction), and
// `all` every neighbour. A Blade on c3 stands among six enemy Targets
// (toughness 3, nothing printed); after a battle those its edges faced
// have a wound (the one on b2 one more: player 1's HQ on a1 hits it).
func TestEdgeDirections(t *testing.T) {
	ring := map[string]string{"N": "c2", "NE": "d2", "SE": "d3", "S": "c4", "SW": "b3", "NW": "b2"}
	for _, tc := range []struct {
		dirs string
		hit  []string
	}{
		{"N", []string{"c2"}},
		{"NE", []string{"d2"}},
		{"SE", []string{"d3"}},
		{"S", []string{"c4"}},
		{"SW", []string{"b3"}},
		{"NW", []string{"b2"}},
		{"all", []string{"c2", "d2", "d3", "c4", "b3", "b2"}},
	} {
		t.Run(tc.dirs, func(t *testing.T) {
			a := traitArmy(t, `warrior "Blade" { initiative 3; edge `+tc.dirs+`: melee 1 }
warrior "Target" { count 6; toughness 3 }`)
			g := setUpGame(t, a, a, 7, "a1", "e3")
			setHand(t, g, 0)
			setHand(t, g, 1)
			put(t, g, 0, "Blade", "c3", rules.N)
			for _, h := range ring {
				put(t, g, 1, "Target", h, rules.S)
			}
			g.battle(FirstOption{})
			for d, h := range ring {
				want := 0
				if h == "b2" {
					want++ // the HQ's blow
				}
				for _, x := range tc.hit {
					if x == h {
						want++
					}
				}
				if got := wounds(g, hexOf(t, h)); got != want {
					t.Errorf("edge %s: the Target %s of the Blade (on %s) has %d wounds, want %d", tc.dirs, d, h, got, want)
				}
			}
		})
	}
}

// TestGrantedTraits: `link all: grant X` gives a linked own unit the use
// of X (mobility, rotation, push, pull, scavenger) besides its own; the
// same unit without the Granter beside it has none. The Plain on b2 faces
// N; the Granter stands on b3; an enemy Dummy on c2 (to push) or d1 (to
// pull).
func TestGrantedTraits(t *testing.T) {
	for _, tc := range []struct {
		trait string
		enemy string
		did   func(g *Game, b2 Hex) bool // the grant was used
	}{
		{"mobility", "", func(g *Game, b2 Hex) bool { return g.S.Cells[b2].Unit.Empty() || g.S.Cells[b2].Unit.Facing != rules.N }},
		{"rotation", "", func(g *Game, b2 Hex) bool { return g.S.Cells[b2].Unit.Facing != rules.N }},
		{"push", "c2", func(g *Game, b2 Hex) bool { return g.S.Cells[Standard.Nb[b2][rules.NE]].Unit.Empty() }},
		{"pull", "d1", func(g *Game, b2 Hex) bool { return !g.S.Cells[Standard.Nb[b2][rules.NE]].Unit.Empty() }},
		{"scavenger", "", nil},
	} {
		for _, granted := range []bool{true, false} {
			a := traitArmy(t, `warrior "Plain" { edge N: melee 1 }
module "Granter" { link all: grant `+tc.trait+` }`)
			g := setUpGame(t, a, a, 7, "a1", "e3")
			g.fresh = false
			setHand(t, g, 0)
			setHand(t, g, 1)
			b2 := put(t, g, 0, "Plain", "b2", rules.N)
			if granted {
				put(t, g, 0, "Granter", "b3", rules.N)
			}
			if tc.enemy != "" {
				put(t, g, 1, "Dummy", tc.enemy, rules.S)
			}
			used := false
			if tc.did == nil { // scavenger: asked after a battle
				g.battle(deciderFunc(func(s *State, p uint8, q Question, opts []Option) int {
					if q == QAfterBattleMove && opts[0].Hex == b2 && len(opts) > 1 {
						used = true
						return 1
					}
					return 0
				}))
				used = used && g.S.Cells[b2].Unit.Empty()
			} else {
				for _, x := range abilityActs(g) {
					if x.Hex == b2 {
						mustAll(t, g, x)
						used = tc.did(g, b2)
						break
					}
				}
			}
			if used != granted {
				t.Errorf("grant %s (Granter beside: %v): the Plain used it %v, want %v", tc.trait, granted, used, granted)
			}
		}
	}
}
