package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// Scenarios of conditional edges and traits (condedge.go), played through
// Apply with engine/testdata/tcond.army on both sides (HQs on a1 and e3):
// each case is played with its condition off and on, and the wounds it
// deals or takes must differ as the feature says, so that an engine that
// ignored the conditional feature, or applied it always, fails one of them.

func condGame(t *testing.T) *Game {
	t.Helper()
	a := loadArmy(t, "testdata/tcond.army")
	g := setUpGame(t, a, a, 7, "a1", "e3")
	g.fresh = false
	return g
}

// TestCondEdgesBattle: a battle with a unit whose edge holds under a
// condition or computes its strength; want are the wounds of the units
// named after it, off and on.
func TestCondEdgesBattle(t *testing.T) {
	for _, c := range []struct {
		name    string
		off, on []placed
		hurt    string // a unit hurt (1 wound) when off
		check   []string
		wantOff []int
		wantOn  []int
	}{
		// if=adjacent_own_hq: the Hearthward's melee 3 next to the HQ (b2), its printed 1 on b3.
		{name: "melee_adjacent_own_hq",
			off:   []placed{{0, "Hearthward", "b3", rules.N}, {1, "Block", "b2", rules.N}},
			on:    []placed{{0, "Hearthward", "b2", rules.N}, {1, "Block", "b1", rules.N}},
			check: []string{"enemy"}, wantOff: []int{1}, wantOn: []int{3}},
		// a computed strength: the Counter shoots 0 alone, 2 with two friends.
		{name: "ranged_count",
			off:   []placed{{0, "Counter", "c4", rules.N}, {1, "Block", "c1", rules.N}},
			on:    []placed{{0, "Counter", "c4", rules.N}, {1, "Block", "c1", rules.N}, {0, "Block", "c5", rules.N}, {0, "Block", "b4", rules.N}},
			check: []string{"c1"}, wantOff: []int{0}, wantOn: []int{2}},
		// a computed melee strength: the Rager strikes 0 alone, 2 with two friends.
		{name: "melee_count",
			off:   []placed{{0, "Rager", "c4", rules.N}, {1, "Block", "c3", rules.N}},
			on:    []placed{{0, "Rager", "c4", rules.N}, {1, "Block", "c3", rules.N}, {0, "Block", "c5", rules.N}, {0, "Block", "b4", rules.N}},
			check: []string{"c3"}, wantOff: []int{0}, wantOn: []int{2}},
		// a comparison: the Crowd shoots only with two friends next to it.
		{name: "ranged_comparison",
			off:   []placed{{0, "Crowd", "c4", rules.N}, {1, "Block", "c1", rules.N}, {0, "Block", "c5", rules.N}},
			on:    []placed{{0, "Crowd", "c4", rules.N}, {1, "Block", "c1", rules.N}, {0, "Block", "c5", rules.N}, {0, "Block", "b4", rules.N}},
			check: []string{"c1"}, wantOff: []int{0}, wantOn: []int{2}},
		// piercing while unhurt: both Blocks in the line, else the first.
		{name: "piercing_unwounded", hurt: "c4",
			off:   []placed{{0, "Lancer", "c4", rules.N}, {1, "Block", "c3", rules.N}, {1, "Block", "c2", rules.N}},
			on:    []placed{{0, "Lancer", "c4", rules.N}, {1, "Block", "c3", rules.N}, {1, "Block", "c2", rules.N}},
			check: []string{"c3", "c2"}, wantOff: []int{1, 0}, wantOn: []int{1, 1}},
		// hits_friends while unhurt: the Wild's blow wounds the own Block.
		{name: "hits_friends_unwounded", hurt: "c4",
			off:   []placed{{0, "Wild", "c4", rules.N}, {0, "Block", "c3", rules.N}},
			on:    []placed{{0, "Wild", "c4", rules.N}, {0, "Block", "c3", rules.N}},
			check: []string{"c3"}, wantOff: []int{0}, wantOn: []int{1}},
		// armor while unhurt: the Gunner's shot does nothing (else 1 more wound).
		{name: "armor_unwounded", hurt: "c3",
			off:   []placed{{0, "Shield", "c3", rules.N}, {1, "Gunner", "c1", rules.S}},
			on:    []placed{{0, "Shield", "c3", rules.N}, {1, "Gunner", "c1", rules.S}},
			check: []string{"c3"}, wantOff: []int{2}, wantOn: []int{0}},
		// reflect while unhurt: the Brute's blow comes back to it.
		{name: "reflect_unwounded", hurt: "c3",
			off:   []placed{{0, "Mirror", "c3", rules.N}, {1, "Brute", "c2", rules.S}},
			on:    []placed{{0, "Mirror", "c3", rules.N}, {1, "Brute", "c2", rules.S}},
			check: []string{"c3"}, wantOff: []int{3}, wantOn: []int{0}},
	} {
		for _, on := range []bool{false, true} {
			g := condGame(t)
			setHand(t, g, 0, "Battle")
			units := c.off
			if on {
				units = c.on
			}
			var enemy Hex
			for _, u := range units {
				if u.p == 1 && u.name == "Block" {
					enemy = hexOf(t, u.hex)
				}
				put(t, g, u.p, u.name, u.hex, u.dir)
			}
			if c.hurt != "" && !on {
				g.S.Cells[hexOf(t, c.hurt)].Unit.Wounds = 1
			}
			play(t, g, NoHex)
			want := c.wantOff
			if on {
				want = c.wantOn
			}
			for i, name := range c.check {
				h := enemy
				if name != "enemy" {
					h = hexOf(t, name)
				}
				if w := wounds(g, h); w != want[i] {
					t.Errorf("%s (on %v): %s has %d wounds after the battle, want %d", c.name, on, name, w, want[i])
				}
			}
		}
	}
}

// TestCondEdgeAimed: an aimed shot while unhurt: the player picks the
// second Block in the line; hurt, the shot hits the first.
func TestCondEdgeAimed(t *testing.T) {
	for _, on := range []bool{false, true} {
		g := condGame(t)
		setHand(t, g, 0, "Battle")
		sn := put(t, g, 0, "Sniper", "c4", rules.N)
		near := put(t, g, 1, "Block", "c3", rules.N)
		far := put(t, g, 1, "Block", "c2", rules.N)
		if !on {
			g.S.Cells[sn].Unit.Wounds = 1
		}
		last := deciderFunc(func(_ *State, _ uint8, q Question, o []Option) int {
			if q == QAimTarget {
				return len(o) - 1
			}
			return 0
		})
		if err := g.Apply(Action{Kind: KInstant, Slot: 0, Hex: NoHex, To: NoHex}, last); err != nil {
			t.Fatal(err)
		}
		wantNear, wantFar := 1, 0
		if on {
			wantNear, wantFar = 0, 1
		}
		if wounds(g, near) != wantNear || wounds(g, far) != wantFar {
			t.Errorf("on %v: the Blocks have %d and %d wounds, want %d and %d", on, wounds(g, near), wounds(g, far), wantNear, wantFar)
		}
	}
}

// TestCondEdgesOutsideBattle: a strike (hunt) reads the striker's
// conditional edge and the target's conditional reflection, an attack step
// the target's conditional armor; want are the target's wounds off and on,
// and a strike with an edge that cannot attack is not offered.
func TestCondEdgesOutsideBattle(t *testing.T) {
	for _, c := range []struct {
		name            string
		instant         string
		units           []placed
		from, target    string
		dir             rules.Dir
		hurt            string // hurt (1 wound) when off
		offHex          string // when off, the striker stands here instead (and the target one north)
		wantOff, wantOn int
		notOffered      bool // off: the strike is not offered
	}{
		{name: "strike_melee_adjacent_own_hq", instant: "Hunt", units: []placed{{0, "Hearthward", "b2", rules.N}, {1, "Block", "b1", rules.N}},
			from: "b2", target: "b1", dir: rules.N, wantOff: 1, wantOn: 3},
		{name: "strike_computed", instant: "Hunt", units: []placed{{0, "Counter", "c4", rules.N}, {1, "Block", "c1", rules.N}},
			from: "c4", target: "c1", dir: rules.N, notOffered: true, wantOn: 2},
		{name: "strike_reflect", instant: "Hunt", units: []placed{{0, "Brute", "c4", rules.N}, {1, "Mirror", "c3", rules.N}},
			from: "c4", target: "c3", dir: rules.N, hurt: "c3", wantOff: 3, wantOn: 0},
		{name: "attack_armor", instant: "Shot", units: []placed{{0, "Block", "c4", rules.N}, {1, "Shield", "c3", rules.N}},
			from: "c4", target: "c3", dir: rules.N, hurt: "c3", wantOff: 3, wantOn: 1},
	} {
		for _, on := range []bool{false, true} {
			g := condGame(t)
			setHand(t, g, 0, c.instant)
			from, target := c.from, c.target
			for _, u := range c.units {
				hx := u.hex
				if !on && c.name == "strike_melee_adjacent_own_hq" { // one hex south: not next to the HQ
					hx = map[string]string{"b2": "b3", "b1": "b2"}[hx]
					from, target = "b3", "b2"
				}
				put(t, g, u.p, u.name, hx, u.dir)
			}
			if on && c.name == "strike_computed" { // two friends next to the Counter
				put(t, g, 0, "Block", "c5", rules.N)
				put(t, g, 0, "Block", "b4", rules.N)
			}
			if c.hurt != "" && !on {
				g.S.Cells[hexOf(t, c.hurt)].Unit.Wounds = 1
			}
			act := Action{Kind: KInstant, Slot: 0, Hex: hexOf(t, from), Facing: c.dir, To: NoHex}
			offered := false
			for _, l := range g.LegalActions(nil) {
				if l.Kind == KInstant && l.Hex == act.Hex && l.Facing == act.Facing {
					offered = true
				}
			}
			if want := on || !c.notOffered; offered != want {
				t.Errorf("%s (on %v): the strike offered %v, want %v", c.name, on, offered, want)
				continue
			}
			if !offered {
				continue
			}
			must(t, g, act)
			want := c.wantOff
			if on {
				want = c.wantOn
			}
			if w := wounds(g, hexOf(t, target)); w != want {
				t.Errorf("%s (on %v): the target has %d wounds, want %d", c.name, on, w, want)
			}
		}
	}
}

// TestCondTraitFlying: a unit that flies under a condition takes no melee
// wounds while it holds: in a battle (next to its HQ) and from a strike
// (while unhurt); a melee attack step on it is not offered then (it could
// hit nobody).
func TestCondTraitFlying(t *testing.T) {
	for _, c := range []struct {
		name            string
		instant         string
		wantOff, wantOn int
	}{
		{name: "battle", instant: "Battle", wantOff: 2, wantOn: 0},
		{name: "strike", instant: "Hunt", wantOff: 3, wantOn: 0},
		{name: "attack", instant: "Blow", wantOff: 3, wantOn: -1},
	} {
		for _, on := range []bool{false, true} {
			g := condGame(t)
			setHand(t, g, 0, c.instant)
			var target Hex
			act := Action{Kind: KInstant, Slot: 0, Hex: NoHex, To: NoHex}
			if c.name == "battle" { // player 0's Glider next to its HQ (b2) or not (b3), the enemy Brute north of it
				at, brute := "b3", "b2"
				if on {
					at, brute = "b2", "b1"
				}
				target = put(t, g, 0, "Glider", at, rules.N)
				put(t, g, 1, "Brute", brute, rules.S)
			} else { // player 0's Brute on c4 hits the enemy Kite on c3, hurt when off
				act.Hex, act.Facing = put(t, g, 0, "Brute", "c4", rules.N), rules.N
				target = put(t, g, 1, "Kite", "c3", rules.N)
				if !on {
					g.S.Cells[target].Unit.Wounds = 1
				}
			}
			want := c.wantOff
			if on {
				want = c.wantOn
			}
			offered := false
			for _, l := range g.LegalActions(nil) {
				offered = offered || l == act
			}
			if offered != (want >= 0) {
				t.Errorf("%s (on %v): the instant offered %v", c.name, on, offered)
				continue
			}
			if !offered {
				continue
			}
			must(t, g, act)
			if w := wounds(g, target); w != want {
				t.Errorf("%s (on %v): the flier has %d wounds, want %d", c.name, on, w, want)
			}
		}
	}
}

// TestCondTraitAbilities: a Scamperer has mobility, rotation, push and pull
// only while unhurt: its player is offered each ability then, and not when
// it is hurt; a mobile Scamperer's move is played out.
func TestCondTraitAbilities(t *testing.T) {
	for _, c := range []struct {
		name  string
		slot  uint8
		enemy string // an enemy unit it may push or pull
	}{
		{name: "mobility", slot: AbMove},
		{name: "rotation", slot: AbRotate},
		{name: "push", slot: AbPush, enemy: "c3"},
		{name: "pull", slot: AbPull, enemy: "c2"},
	} {
		for _, on := range []bool{false, true} {
			g := condGame(t)
			r := put(t, g, 0, "Scamperer", "c4", rules.N)
			if c.enemy != "" {
				put(t, g, 1, "Block", c.enemy, rules.N)
			}
			if !on {
				g.S.Cells[r].Unit.Wounds = 1
			}
			var first *Action
			for _, l := range g.LegalActions(nil) {
				if l.Kind == KAbility && l.Hex == r && l.Slot == c.slot {
					first = &l
					break
				}
			}
			if (first != nil) != on {
				t.Errorf("%s (on %v): the ability offered %v", c.name, on, first != nil)
				continue
			}
			if c.name == "mobility" && first != nil {
				must(t, g, *first)
				if g.S.Cells[r].Unit.Empty() == (first.To == r) {
					t.Errorf("mobility: the Scamperer did not move to %s", g.S.Board.Names[first.To])
				}
			}
		}
	}
}

// TestCondTraitHeavy: an Anchor cannot be moved while unhurt: the own
// Shift instant (move 1) is offered for it only when it is hurt.
func TestCondTraitHeavy(t *testing.T) {
	for _, on := range []bool{false, true} {
		g := condGame(t)
		setHand(t, g, 0, "Shift")
		a := put(t, g, 0, "Anchor", "c3", rules.N)
		if !on {
			g.S.Cells[a].Unit.Wounds = 1
		}
		offered := false
		for _, l := range g.LegalActions(nil) {
			if l.Kind == KInstant && l.Hex == a {
				offered = true
			}
		}
		if offered == on {
			t.Errorf("heavy (on %v): a move of the Anchor offered %v", on, offered)
		}
	}
}

// TestStandingStructureStrike: in a Structures game, a Drum (melee +2 while
// unhurt) linked to the Hull's tail gives the whole Hull its bonus, so the
// head's strike wounds the Block 3 times (1 when the Drum is hurt). Before,
// a Structure's strike counted only the plain link bonuses.
func TestStandingStructureStrike(t *testing.T) {
	a := loadArmy(t, "testdata/tcondstruct.army")
	for _, on := range []bool{false, true} {
		g, err := NewGame(Config{Board: Standard, Structures: true}, []*rules.Army{a, a}, 7)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"a1", "e3"} {
			must(t, g, Action{Kind: KPlaceHQ, Hex: hexOf(t, name), To: NoHex})
		}
		g.fresh = false
		setHand(t, g, 0, "Hunt")
		head, tail := hexOf(t, "c3"), hexOf(t, "c4")
		for h, name := range map[Hex]string{head: "Hull Prow", tail: "Hull Stern"} {
			if err := g.S.Place(h, 0, uint8(a.Lookup(name)), rules.N); err != nil {
				t.Fatal(err)
			}
		}
		drum := put(t, g, 0, "Drum", "c5", rules.N) // its link N reaches the tail on c4
		block := put(t, g, 1, "Block", "c2", rules.N)
		if MateOn(&g.S, head) != tail {
			t.Fatal("test set-up: the Hull's parts are not mates")
		}
		if !on {
			g.S.Cells[drum].Unit.Wounds = 1
		}
		must(t, g, Action{Kind: KInstant, Slot: 0, Hex: head, Facing: rules.N, To: NoHex})
		want := 1
		if on {
			want = 3
		}
		if w := wounds(g, block); w != want {
			t.Errorf("on %v: the Block has %d wounds, want %d", on, w, want)
		}
	}
}
