package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// Scenarios of the attack step (attack_step.go), played through Apply
// with engine/testdata/tattack.army on both sides. Each case plays one
// instant with an attacker, a direction and the units around, and checks
// the wounds every unit has after it (or that the attack is not offered):
// an engine that ignored a qualifier would wound another unit.
func TestAttackStep(t *testing.T) {
	for _, c := range []struct {
		name    string
		instant string
		hq      string // player 1's HQ (a1 when empty)
		units   []placed
		from    string // the attacker
		dir     rules.Dir
		aim     string
		want    map[string]int // wounds after the attack; nil: the attack is not offered
	}{
		{name: "ranged", instant: "Shot", units: []placed{{0, "Block", "b4", rules.N}, {0, "Block", "b3", rules.N}, {1, "Block", "b2", rules.N}, {1, "Block", "b1", rules.N}},
			from: "b4", dir: rules.N, want: map[string]int{"b3": 0, "b2": 2, "b1": 0}},
		{name: "armor", instant: "Shot", units: []placed{{0, "Block", "b4", rules.N}, {1, "Wall", "b2", rules.N}},
			from: "b4", dir: rules.N, want: map[string]int{"b2": 1}},
		{name: "reflect", instant: "Shot", units: []placed{{0, "Block", "b4", rules.N}, {0, "Block", "b3", rules.N}, {1, "Mirror", "b2", rules.N}},
			from: "b4", dir: rules.N, want: map[string]int{"b3": 2, "b2": 0}},
		{name: "melee", instant: "Blow", units: []placed{{0, "Block", "b4", rules.N}, {1, "Block", "b3", rules.N}},
			from: "b4", dir: rules.N, want: map[string]int{"b3": 2}},
		{name: "flying", instant: "Blow", units: []placed{{0, "Block", "b4", rules.N}, {1, "Bird", "b3", rules.N}},
			from: "b4", dir: rules.N},
		{name: "flying_shot", instant: "Shot", units: []placed{{0, "Block", "b4", rules.N}, {1, "Bird", "b3", rules.N}},
			from: "b4", dir: rules.N, want: map[string]int{"b3": 2}},
		{name: "piercing", instant: "Lance", units: []placed{{0, "Block", "b4", rules.N}, {1, "Block", "b3", rules.N}, {1, "Block", "b1", rules.N}},
			from: "b4", dir: rules.N, want: map[string]int{"b3": 1, "b1": 1}},
		{name: "aimed", instant: "Snipe", units: []placed{{0, "Block", "b4", rules.N}, {1, "Block", "b2", rules.N}, {1, "Block", "b1", rules.N}},
			from: "b4", dir: rules.N, aim: "b1", want: map[string]int{"b2": 0, "b1": 1}},
		{name: "hits_friends", instant: "Volley", units: []placed{{0, "Block", "b4", rules.N}, {0, "Block", "b3", rules.N}, {1, "Block", "b2", rules.N}},
			from: "b4", dir: rules.N, want: map[string]int{"b3": 1, "b2": 0}},
		{name: "hits_friends_melee", instant: "Ambush", units: []placed{{0, "Block", "b4", rules.N}, {0, "Block", "b3", rules.N}},
			from: "b4", dir: rules.N, want: map[string]int{"b3": 1}},
		{name: "range", instant: "Short", units: []placed{{0, "Block", "b4", rules.N}, {1, "Block", "b2", rules.N}},
			from: "b4", dir: rules.N},
		{name: "range_near", instant: "Short", units: []placed{{0, "Block", "b4", rules.N}, {1, "Block", "b3", rules.N}},
			from: "b4", dir: rules.N, want: map[string]int{"b3": 1}},
		{name: "stopped_by_friends", instant: "Screen", units: []placed{{0, "Block", "b4", rules.N}, {0, "Block", "b3", rules.N}, {1, "Block", "b2", rules.N}},
			from: "b4", dir: rules.N},
		{name: "stopped_by_hq", instant: "Bolt", hq: "c3", units: []placed{{0, "Block", "c5", rules.N}, {1, "Block", "c4", rules.N}, {1, "Block", "c2", rules.N}},
			from: "c5", dir: rules.N, want: map[string]int{"c4": 1, "c2": 0}},
		{name: "piercing_past_hq", instant: "Lance", hq: "c3", units: []placed{{0, "Block", "c5", rules.N}, {1, "Block", "c4", rules.N}, {1, "Block", "c2", rules.N}},
			from: "c5", dir: rules.N, want: map[string]int{"c4": 1, "c2": 1}},
		{name: "own_hq", instant: "Barrage", units: []placed{{0, "Block", "c4", rules.N}, {1, "Block", "b2", rules.N}, {1, "Block", "c2", rules.N}},
			from: "a1", dir: rules.SE, want: map[string]int{"b2": 1}},
		{name: "bonus", instant: "Shot", units: []placed{{0, "Block", "b4", rules.N}, {0, "Booster", "c5", rules.N}, {1, "Block", "b2", rules.N}},
			from: "b4", dir: rules.N, want: map[string]int{"b2": 3}},
		{name: "computed", instant: "Rage", units: []placed{{0, "Block", "b4", rules.N}, {1, "Block", "b3", rules.N}, {1, "Block", "a2", rules.N}, {1, "Block", "b1", rules.N}},
			from: "b4", dir: rules.N, want: map[string]int{"b3": 2}},
		{name: "computed_zero", instant: "Rage", units: []placed{{0, "Block", "b4", rules.N}, {1, "Block", "b3", rules.N}},
			from: "b4", dir: rules.N, want: map[string]int{"b3": 0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := loadArmy(t, "testdata/tattack.army")
			hq := c.hq
			if hq == "" {
				hq = "a1"
			}
			g := setUpGame(t, a, a, 7, hq, "e3")
			g.fresh = false
			setHand(t, g, 0, c.instant)
			for _, u := range c.units {
				put(t, g, u.p, u.name, u.hex, u.dir)
			}
			aim := NoHex
			if c.aim != "" {
				aim = hexOf(t, c.aim)
			}
			act := Action{Kind: KInstant, Slot: 0, Hex: hexOf(t, c.from), Facing: c.dir, To: aim}
			offered := false
			for _, l := range g.LegalActions(nil) {
				if l.Kind == KInstant && l.Hex == act.Hex && l.Facing == act.Facing && l.To == act.To {
					offered = true
				}
				if c.instant == "Barrage" && l.Kind == KInstant && l.Hex != hexOf(t, "a1") {
					t.Errorf("unit=own_hq: an attack by %s offered", g.S.Board.Names[l.Hex])
				}
			}
			if offered != (c.want != nil) {
				t.Fatalf("the attack from %s toward %s offered %v, want %v", c.from, c.dir, offered, c.want != nil)
			}
			if !offered {
				return
			}
			var rec attackTrace
			g.SetTracer(&rec)
			must(t, g, act)
			for h, w := range c.want {
				if got := wounds(g, hexOf(t, h)); got != w {
					t.Errorf("the unit on %s has %d wounds, want %d", h, got, w)
				}
			}
			// A computed strength of 0 makes no attack, and no trace line.
			if want := map[bool]int{true: 0, false: 1}[c.name == "computed_zero"]; rec.n != want {
				t.Errorf("%d attack trace lines, want %d", rec.n, want)
			}
		})
	}
}

type attackTrace struct{ n int }

func (a *attackTrace) Trace(e TraceEvent) {
	if e.Kind == TrAttack {
		a.n++
	}
}

// TestAttackUnitSelf: a Gunner's own-turn attack (unit=self) is made by
// the Gunner only, in the direction its player picks.
func TestAttackUnitSelf(t *testing.T) {
	a := loadArmy(t, "testdata/tattack.army")
	g := setUpGame(t, a, a, 7, "a1", "e3")
	g.fresh = false
	gun := put(t, g, 0, "Gunner", "b4", rules.N)
	put(t, g, 0, "Block", "c3", rules.N)
	enemy := put(t, g, 1, "Block", "b2", rules.N)
	must(t, g, Action{Kind: KAbility, Slot: AbTrigger, Hex: gun, To: NoHex})
	steps := g.LegalActions(nil)
	for _, s := range steps {
		if s.Kind == KStep && s.Hex != gun {
			t.Fatalf("unit=self: an attack by %s offered", g.S.Board.Names[s.Hex])
		}
	}
	must(t, g, Action{Kind: KStep, Hex: gun, Facing: rules.N, To: NoHex})
	if w := wounds(g, enemy); w != 1 {
		t.Fatalf("the Block on b2 has %d wounds, want 1", w)
	}
}
