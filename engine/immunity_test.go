package engine

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// Scenarios of the immunity traits (immunity.go), played through
// LegalActions and Apply with engine/testdata/timmune.army on both sides:
// player 2's immune warrior stands on c2, a Plain twin without the trait
// on c4, both next to c3; player 1 acts. Each case shows the step reaching
// the Plain and not the immune one, so a trait that did nothing fails.

func immuneGame(t *testing.T) *Game {
	t.Helper()
	a := loadArmy(t, "testdata/timmune.army")
	g := setUpGame(t, a, a, 7, "a1", "e3")
	g.fresh = false
	return g
}

// toward is the facing that turns a unit's printed top edge from hex a to
// the adjacent hex b.
func toward(t *testing.T, a, b string) rules.Dir {
	t.Helper()
	for d := rules.N; d <= rules.NW; d++ {
		if Standard.Nb[hexOf(t, a)][d] == hexOf(t, b) {
			return d
		}
	}
	t.Fatalf("%s and %s are not adjacent", a, b)
	return 0
}

// hexesOf are the hexes of acts (Hex, or To for pushes) by name.
func hexesOf(acts []Action, to bool) []string {
	var out []string
	for _, a := range acts {
		h := a.Hex
		if to {
			h = a.To
		}
		if h != NoHex && !slices.Contains(out, Standard.Names[h]) {
			out = append(out, Standard.Names[h])
		}
	}
	slices.Sort(out)
	return out
}

// mustAll applies a, then the first target of every step that follows.
func mustAll(t *testing.T, g *Game, a Action) {
	t.Helper()
	must(t, g, a)
	for g.Phase == PhaseStep {
		must(t, g, g.LegalActions(nil)[0])
	}
}

func abilityActs(g *Game) []Action {
	var out []Action
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KAbility {
			out = append(out, a)
		}
	}
	return out
}

func TestImmunity(t *testing.T) {
	for _, tc := range []struct {
		name, immune string
		run          func(t *testing.T, g *Game, c2, c4 Hex)
	}{
		{"instant_immune", "Aegis", func(t *testing.T, g *Game, c2, c4 Hex) {
			// An opponent's instant cannot pick it, nor move it.
			for _, inst := range []string{"Sniper", "Lure"} {
				setHand(t, g, 0, inst)
				if got := hexesOf(legalInstant(g), false); !slices.Contains(got, "c4") || slices.Contains(got, "c2") {
					t.Fatalf("%s targets %v: want c4 (Plain), not c2 (Aegis)", inst, got)
				}
			}
			// A step that is no instant still reaches it: the Grenadier's
			// own-turn blast wounds both.
			put(t, g, 0, "Grenadier", "c3", rules.N)
			setHand(t, g, 0)
			mustAll(t, g, abilityActs(g)[0])
			if wounds(g, c2) != 1 || wounds(g, c4) != 1 {
				t.Fatalf("the Grenadier's blast: Aegis %d, Plain %d wounds, want 1 and 1", wounds(g, c2), wounds(g, c4))
			}
		}},
		{"enemy_move_immune", "Anchor", func(t *testing.T, g *Game, c2, c4 Hex) {
			// The Shover's push trait pushes the Plain, never the Anchor.
			put(t, g, 0, "Shover", "c3", rules.N)
			if got := hexesOf(abilityActs(g), true); !slices.Contains(got, "c4") || slices.Contains(got, "c2") {
				t.Fatalf("push targets %v: want c4 (Plain), not c2 (Anchor)", got)
			}
			setHand(t, g, 0, "Lure")
			if got := hexesOf(legalInstant(g), false); !slices.Contains(got, "c4") || slices.Contains(got, "c2") {
				t.Fatalf("Lure (enemy move 1) targets %v: want c4, not c2", got)
			}
		}},
		{"area_immune", "Bunker", func(t *testing.T, g *Game, c2, c4 Hex) {
			setHand(t, g, 0, "Bomb")
			mustAll(t, g, Action{Kind: KInstant, Slot: 0, Hex: hexOf(t, "c3"), To: NoHex})
			if wounds(g, c2) != 0 || wounds(g, c4) != 1 {
				t.Fatalf("a Bomb on c3: Bunker %d, Plain %d wounds, want 0 and 1", wounds(g, c2), wounds(g, c4))
			}
			// An area that is no instant spares it too.
			put(t, g, 0, "Grenadier", "b3", rules.N)
			g.S.Cells[c4].Unit.Wounds = 0
			for _, a := range abilityActs(g) {
				if a.Hex == hexOf(t, "b3") {
					mustAll(t, g, a)
					break
				}
			}
			if wounds(g, c2) != 0 {
				t.Fatalf("the Grenadier's blast wounded the Bunker (%d)", wounds(g, c2))
			}
		}},
		{"net_immune", "Slippery", func(t *testing.T, g *Game, c2, c4 Hex) {
			// A netter beside both nets the Plain only; the Snare instant
			// cannot pick it; in a battle it strikes the netter down.
			put(t, g, 0, "Netter", "c3", rules.N)
			if g.Netted(c2) || !g.Netted(c4) {
				t.Fatalf("beside a Netter: Slippery netted %v, Plain netted %v; want false, true", g.Netted(c2), g.Netted(c4))
			}
			setHand(t, g, 0, "Snare", "Battle")
			if got := hexesOf(legalInstant(g), false); slices.Contains(got, "c2") || !slices.Contains(got, "c4") {
				t.Fatalf("Snare targets %v: want c4, not c2", got)
			}
			g.S.Cells[c2].Unit.Facing = toward(t, "c2", "c3")
			g.S.Cells[c4].Unit.Facing = toward(t, "c4", "c3")
			must(t, g, Action{Kind: KInstant, Slot: 1, Hex: NoHex, To: NoHex})
			if !g.S.Cells[hexOf(t, "c3")].Unit.Empty() {
				t.Fatal("after the battle the Netter stands: the net_immune warrior was netted")
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := immuneGame(t)
			c2 := put(t, g, 1, tc.immune, "c2", rules.N)
			c4 := put(t, g, 1, "Plain", "c4", rules.N)
			tc.run(t, g, c2, c4)
		})
	}
}

// TestImmunityStrike: the strike step of an opponent's instant (a Hunt:
// move 1 optional, strike optional) never wounds an instant_immune unit:
// a melee strike at it does nothing, a shot stops at it without a wound
// (as the attack step's: TestAttackStep/instant_immune), a piercing shot
// passes on to the unit behind. A strike that is no instant's (an
// own_turn trigger) wounds it; a Plain twin is wounded by every one.
// Player 1's striker on c3 faces N: c2, then c1 (a Plain) are in line.
func TestImmunityStrike(t *testing.T) {
	for _, tc := range []struct {
		name, striker, front string
		instant              bool
		want                 [2]int // wounds on c2 and c1
	}{
		{"melee_immune", "Basher", "Aegis", true, [2]int{0, 0}},
		{"melee_plain", "Basher", "Plain", true, [2]int{1, 0}},
		{"shot_immune", "Slinger", "Aegis", true, [2]int{0, 0}},
		{"shot_plain", "Slinger", "Plain", true, [2]int{1, 0}},
		{"piercing_immune", "Piercer", "Aegis", true, [2]int{0, 1}},
		{"piercing_plain", "Piercer", "Plain", true, [2]int{1, 1}},
		{"own_turn_immune", "Hunter", "Aegis", false, [2]int{1, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := immuneGame(t)
			setHand(t, g, 0)
			setHand(t, g, 1)
			c3 := put(t, g, 0, tc.striker, "c3", rules.N)
			c2 := put(t, g, 1, tc.front, "c2", rules.N)
			c1 := put(t, g, 1, "Plain", "c1", rules.N)
			if tc.instant {
				setHand(t, g, 0, "Hunt")
				must(t, g, Action{Kind: KInstant, Slot: 0, Hex: NoHex, To: NoHex}) // no move
			} else {
				must(t, g, abilityActs(g)[0])
			}
			must(t, g, Action{Kind: KStep, Hex: c3, To: NoHex, Facing: rules.N})
			if got := [2]int{wounds(g, c2), wounds(g, c1)}; got != tc.want {
				t.Errorf("%s strikes north at %s: wounds on c2, c1 %v, want %v", tc.striker, tc.front, got, tc.want)
			}
		})
	}
}

// TestImmunityEveryStep: area_immune and enemy_move_immune against each
// step that could pass them by: an area by a selector's every (Quake), a
// foundation's entry area (a Mine), a battle ability's area (a Blaster), a
// status given around a hex (Brand), pushes and pulls by instants (Shove,
// Hook), a push of every match (Shockwave), a swap of any side (Switch)
// and the pull trait. Player 2's immune warrior on c2, its Plain twin on
// c4: the step reaches the Plain and not the immune one.
func TestImmunityEveryStep(t *testing.T) {
	targets := func(t *testing.T, g *Game, inst string) (immune, plain bool) {
		t.Helper()
		setHand(t, g, 0, inst)
		for _, a := range legalInstant(g) {
			for _, h := range []Hex{a.Hex, a.To} {
				immune = immune || h == hexOf(t, "c2")
				plain = plain || h == hexOf(t, "c4")
			}
		}
		return immune, plain
	}
	for _, tc := range []struct {
		name, immune string
		run          func(t *testing.T, g *Game, c2, c4 Hex)
	}{
		{"area_every", "Bunker", func(t *testing.T, g *Game, c2, c4 Hex) {
			setHand(t, g, 0, "Quake")
			mustAll(t, g, legalInstant(g)[0])
			if wounds(g, c2) != 0 || wounds(g, c4) != 1 {
				t.Fatalf("Quake (damage 1 every within=3 of=own_hq): Bunker %d, Plain %d wounds, want 0 and 1", wounds(g, c2), wounds(g, c4))
			}
		}},
		{"area_entry", "Bunker", func(t *testing.T, g *Game, c2, c4 Hex) {
			// Player 2 places a Plain onto player 1's Mine on c3: its
			// area hits every unit of player 2 around c3 but the Bunker.
			put(t, g, 0, "Mine", "c3", rules.N)
			endTurn(t, g)
			g.fresh = false
			if g.Phase == PhaseDiscard {
				must(t, g, Action{Kind: KDiscard, Hex: NoHex, To: NoHex})
			}
			setHand(t, g, 1, "Plain")
			must(t, g, Action{Kind: KPlace, Slot: 0, Hex: hexOf(t, "c3"), To: NoHex})
			if wounds(g, c2) != 0 || wounds(g, c4) != 1 || wounds(g, hexOf(t, "c3")) != 1 {
				t.Fatalf("a Mine's area: Bunker %d, Plains %d and %d wounds, want 0, 1 and 1", wounds(g, c2), wounds(g, c4), wounds(g, hexOf(t, "c3")))
			}
		}},
		{"area_battle_ability", "Bunker", func(t *testing.T, g *Game, c2, c4 Hex) {
			// The Blaster on c3 blasts instead of attacking (the last
			// option of its player is to use the ability).
			put(t, g, 0, "Blaster", "c3", rules.N)
			g.battle(lastOption{})
			if wounds(g, c2) != 0 || wounds(g, c4) != 1 {
				t.Fatalf("the Blaster's battle ability: Bunker %d, Plain %d wounds, want 0 and 1", wounds(g, c2), wounds(g, c4))
			}
		}},
		{"area_give", "Bunker", func(t *testing.T, g *Game, c2, c4 Hex) {
			setHand(t, g, 0, "Brand")
			mustAll(t, g, Action{Kind: KInstant, Slot: 0, Hex: hexOf(t, "c3"), To: NoHex})
			if hasStatus(g, c2, "Marked") || !hasStatus(g, c4, "Marked") {
				t.Fatalf("Brand (give radius=1) on c3: the Bunker marked %v, the Plain %v; want false, true", hasStatus(g, c2, "Marked"), hasStatus(g, c4, "Marked"))
			}
		}},
		{"move_push", "Anchor", func(t *testing.T, g *Game, c2, c4 Hex) {
			put(t, g, 0, "Plain", "c3", rules.N)
			if immune, plain := targets(t, g, "Shove"); immune || !plain {
				t.Fatalf("Shove reaches the Anchor %v, the Plain %v; want false, true", immune, plain)
			}
		}},
		{"move_pull", "Anchor", func(t *testing.T, g *Game, c2, c4 Hex) {
			put(t, g, 0, "Plain", "a2", rules.N) // two hexes from both
			if immune, plain := targets(t, g, "Hook"); immune || !plain {
				t.Fatalf("Hook (pull) reaches the Anchor %v, the Plain %v; want false, true", immune, plain)
			}
		}},
		{"move_swap", "Anchor", func(t *testing.T, g *Game, c2, c4 Hex) {
			put(t, g, 0, "Plain", "c3", rules.N)
			if immune, plain := targets(t, g, "Switch"); immune || !plain {
				t.Fatalf("Switch (any swap) reaches the Anchor %v, the Plain %v; want false, true", immune, plain)
			}
		}},
		{"move_every", "Anchor", func(t *testing.T, g *Game, c2, c4 Hex) {
			setHand(t, g, 0, "Shockwave")
			mustAll(t, g, legalInstant(g)[0])
			if u := g.S.Cells[c2].Unit; u.Empty() || g.S.Tok(u).Name != "Anchor" || !g.S.Cells[c4].Unit.Empty() {
				t.Fatalf("Shockwave (push every within=3 of=own_hq): the Anchor left c2 or the Plain stayed on c4")
			}
		}},
		{"move_pull_trait", "Anchor", func(t *testing.T, g *Game, c2, c4 Hex) {
			put(t, g, 0, "Puller", "a2", rules.N) // two hexes from both
			if got := hexesOf(abilityActs(g), true); slices.Contains(got, "c2") || !slices.Contains(got, "c4") {
				t.Fatalf("the pull trait from a2 reaches %v: want c4 (Plain), not c2 (Anchor)", got)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := immuneGame(t)
			setHand(t, g, 0)
			setHand(t, g, 1)
			c2 := put(t, g, 1, tc.immune, "c2", rules.N)
			c4 := put(t, g, 1, "Plain", "c4", rules.N)
			tc.run(t, g, c2, c4)
		})
	}
}

// TestCondImmunity: an immunity that holds under a condition (`trait
// area_immune if=unwounded`, engine/testdata/tcondimmune.army) keeps an
// opponent's step off the unit while the condition holds where it
// stands, and not once it fails (the unit wounded): player 2's immune
// warrior on c2, a Plain on c4, both next to c3; player 1 plays the
// instant. Without the condition worked out the unit is never spared.
func TestCondImmunity(t *testing.T) {
	for _, tc := range []struct {
		name, immune, inst string
		// spared reports whether the instant left the unit on c2 alone.
		spared func(t *testing.T, g *Game, c2 Hex, before uint8) bool
	}{
		{"instant_immune", "Aegis", "Sniper", func(t *testing.T, g *Game, c2 Hex, _ uint8) bool {
			return !slices.Contains(hexesOf(legalInstant(g), false), "c2")
		}},
		{"enemy_move_immune", "Anchor", "Lure", func(t *testing.T, g *Game, c2 Hex, _ uint8) bool {
			return !slices.Contains(hexesOf(legalInstant(g), false), "c2")
		}},
		{"area_immune", "Bunker", "Bomb", func(t *testing.T, g *Game, c2 Hex, before uint8) bool {
			mustAll(t, g, Action{Kind: KInstant, Slot: 0, Hex: hexOf(t, "c3"), To: NoHex})
			return wounds(g, c2) == int(before)
		}},
		// A battle ability's area (the Blaster on c3 blasts instead of
		// attacking): the battle works the condition out each segment.
		{"area_battle_ability", "Bunker", "", func(t *testing.T, g *Game, c2 Hex, before uint8) bool {
			put(t, g, 0, "Blaster", "c3", rules.N)
			g.battle(lastOption{})
			if wounds(g, hexOf(t, "c4")) != 1 {
				t.Fatalf("the Blaster's ability left the Plain with %d wounds, want 1", wounds(g, hexOf(t, "c4")))
			}
			return wounds(g, c2) == int(before)
		}},
	} {
		for _, wounded := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/wounded=%v", tc.name, wounded), func(t *testing.T) {
				a := loadArmy(t, "testdata/tcondimmune.army")
				g := setUpGame(t, a, a, 7, "a1", "e3")
				g.fresh = false
				c2 := put(t, g, 1, tc.immune, "c2", rules.N)
				put(t, g, 1, "Plain", "c4", rules.N)
				if wounded {
					g.S.Cells[c2].Unit.Wounds = 1
				}
				if tc.inst != "" {
					setHand(t, g, 0, tc.inst)
				}
				if (tc.inst == "Sniper" || tc.inst == "Lure") && !slices.Contains(hexesOf(legalInstant(g), false), "c4") {
					t.Fatalf("%s cannot pick the Plain on c4", tc.inst)
				}
				if got := tc.spared(t, g, c2, g.S.Cells[c2].Unit.Wounds); got == wounded {
					t.Fatalf("%s against the %s (wounded %v): spared %v, want %v", tc.inst, tc.immune, wounded, got, !wounded)
				}
			})
		}
	}
}
