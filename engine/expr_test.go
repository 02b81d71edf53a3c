package engine

import (
	"fmt"
	"testing"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/rules"
)

// Scenarios of conditions and computed values (expr.go), played through
// Apply with engine/testdata/texpr.army on both sides (HQs on a1 and e3):
// each case is played with its condition or measure off and on, and the
// outcome must differ as the effect says, so that an engine that ignored
// the standing effect, or computed the number wrongly, fails one of them.

func exprGame(t *testing.T) *Game {
	t.Helper()
	a := loadArmy(t, "testdata/texpr.army")
	g := setUpGame(t, a, a, 7, "a1", "e3")
	g.fresh = false
	return g
}

// placed is a unit to put on the board before the battle: "1 Block c5"
// is player 1's Block on c5, facing N unless dir says otherwise.
type placed struct {
	p    uint8
	name string
	hex  string
	dir  rules.Dir
}

// TestStandingBonuses: a Gunner on b3 (ranged 1, north) shoots an enemy
// Block on b1 in a battle, a module linked to it (on b4, its link north)
// giving a ranged bonus that holds on a condition or is computed. The
// Block's wounds are 1 + the bonus.
func TestStandingBonuses(t *testing.T) {
	for _, c := range []struct {
		name    string
		module  string
		off, on []placed      // the units besides, without and with what the bonus needs
		setOn   func(g *Game) // what else the bonus needs (nil: nothing)
		setOff  func(g *Game)
		wantOn  int
		wantOff int // 0: 1, the Gunner's shot alone
	}{
		// if=adjacent_own_hq: the Steward on a2 (next to the HQ on a1) links the Gunner on b2; on a3 (not) the one on b3.
		{name: "adjacent_own_hq", module: "Steward", wantOn: 2},
		// if=unwounded: a wounded Fresh gives nothing.
		{name: "unwounded", module: "Fresh", wantOn: 2, setOff: func(g *Game) { g.S.Cells[hexOfG(g, "b4")].Unit.Wounds = 1 }},
		// count(friend adjacent): the Gunner (+1), and with a Block on c5 two.
		{name: "count", module: "Pack", on: []placed{{0, "Block", "c5", rules.N}}, wantOff: 2, wantOn: 3},
		// if="count(...) >= 3": the Gunner and Blocks on c4 and c5 make three.
		{name: "comparison", module: "Crowd", off: []placed{{0, "Block", "c5", rules.N}}, on: []placed{{0, "Block", "c5", rules.N}, {0, "Block", "c4", rules.N}}, wantOn: 2},
		// most_melee(friend adjacent): a Brute (melee 2) on c5.
		{name: "most_melee", module: "Drill", on: []placed{{0, "Brute", "c5", rules.N}}, wantOn: 3},
		// most_ranged(friend within=2) - 1: a Cannon (ranged 2) on c5.
		{name: "most_ranged", module: "Sight", on: []placed{{0, "Cannon", "c5", rules.N}}, wantOn: 2},
		// min(wounds(own_hq), 2): the HQ has 5 wounds.
		{name: "wounds", module: "Grudge", setOn: func(g *Game) { g.S.Cells[hexOfG(g, "a1")].Unit.Wounds = 5 }, wantOn: 3},
		// min(deck(own), 1): the deck empty, nothing.
		{name: "deck", module: "Hoard", setOff: func(g *Game) { g.DeckLen[0] = 0 }, wantOn: 2},
		// max(count(friend kind=warrior within=1 of=enemy_hq) - 1, 0): two own Blocks next to the enemy HQ.
		{name: "of_enemy_hq", module: "Scout", off: []placed{{0, "Block", "e2", rules.N}}, on: []placed{{0, "Block", "e2", rules.N}, {0, "Block", "d4", rules.N}}, wantOn: 2},
		// extra_action if="wounds(self) == 0": the Gunner shoots twice.
		{name: "extra_action", module: "Twin", setOff: func(g *Game) { g.S.Cells[hexOfG(g, "b4")].Unit.Wounds = 1 }, wantOn: 2},
	} {
		for _, on := range []bool{false, true} {
			g := exprGame(t)
			setHand(t, g, 0, "Battle")
			gunner, mod, mdir := "b3", "b4", rules.N
			if c.name == "adjacent_own_hq" {
				mdir = rules.NE
				if on {
					gunner, mod = "b2", "a2"
				} else {
					mod = "a3"
				}
			}
			put(t, g, 0, "Gunner", gunner, rules.N)
			m := put(t, g, 0, c.module, mod, mdir)
			block := put(t, g, 1, "Block", "b1", rules.N)
			extra, set := c.off, c.setOff
			if on {
				extra, set = c.on, c.setOn
			}
			for _, x := range extra {
				put(t, g, x.p, x.name, x.hex, x.dir)
			}
			if set != nil {
				set(g)
			}
			play(t, g, NoHex)
			want := max(1, c.wantOff)
			if on {
				want = c.wantOn
			}
			if w := wounds(g, block); w != want {
				t.Errorf("%s (%s, on %v): the Block has %d wounds after the battle, want %d", c.name, c.module, on, w, want)
			}
			if g.S.Cells[m].Unit.Empty() {
				t.Errorf("%s: the module left the board", c.name)
			}
		}
	}
}

func hexOfG(g *Game, name string) Hex {
	for h := 0; h < g.S.Board.Size; h++ {
		if g.S.Board.Names[h] == name {
			return Hex(h)
		}
	}
	return NoHex
}

// TestStandingInitiativeArmor: an initiative and an armor link that hold
// while their module is unhurt decide a duel of two Gunners (b3 shooting
// north, the enemy's on b1 shooting south): with initiative +3 the own
// Gunner shoots first and survives; with armor the enemy's shot does
// nothing. A wounded module gives neither, and both Gunners die.
func TestStandingInitiativeArmor(t *testing.T) {
	for _, module := range []string{"Spur", "Plate"} {
		for _, on := range []bool{false, true} {
			g := exprGame(t)
			setHand(t, g, 0, "Battle")
			own := put(t, g, 0, "Gunner", "b3", rules.N)
			m := put(t, g, 0, module, "b4", rules.N)
			enemy := put(t, g, 1, "Gunner", "b1", rules.S)
			if !on {
				g.S.Cells[m].Unit.Wounds = 1
			}
			play(t, g, NoHex)
			if got := !g.S.Cells[own].Unit.Empty(); got != on {
				t.Errorf("%s (on %v): the own Gunner survived %v, want %v", module, on, got, on)
			}
			if !g.S.Cells[enemy].Unit.Empty() {
				t.Errorf("%s (on %v): the enemy Gunner survived", module, on)
			}
		}
	}
}

// valueTrace records the numbers steps computed.
type valueTrace struct{ got []int }

func (v *valueTrace) Trace(e TraceEvent) {
	if e.Kind == TrValue {
		v.got = append(v.got, e.N)
	}
}

// TestComputedSteps: a step's number computed when it runs, and traced.
func TestComputedSteps(t *testing.T) {
	t.Run("damage", func(t *testing.T) { // damage "min(wounds(own_hq), 9)"
		for _, hqWounds := range []uint8{0, 3} {
			g := exprGame(t)
			block := put(t, g, 1, "Block", "c3", rules.N)
			g.S.Cells[hexOfG(g, "a1")].Unit.Wounds = hqWounds
			var tr valueTrace
			g.SetTracer(&tr)
			setHand(t, g, 0, "Vengeance")
			play(t, g, block)
			if w := wounds(g, block); w != int(hqWounds) {
				t.Errorf("HQ wounds %d: the Block has %d wounds, want as many", hqWounds, w)
			}
			if len(tr.got) != 1 || tr.got[0] != int(hqWounds) {
				t.Errorf("HQ wounds %d: traced values %v", hqWounds, tr.got)
			}
		}
	})
	t.Run("heal", func(t *testing.T) { // heal "count(friend adjacent of=own_hq)"
		for _, more := range []bool{false, true} {
			g := exprGame(t)
			hurt := put(t, g, 0, "Block", "b2", rules.N) // next to the HQ on a1
			g.S.Cells[hurt].Unit.Wounds = 5
			if more {
				put(t, g, 0, "Block", "a2", rules.N)
				put(t, g, 0, "Block", "b1", rules.N)
			}
			setHand(t, g, 0, "Rally")
			play(t, g, hurt)
			want := 4
			if more {
				want = 2
			}
			if w := wounds(g, hurt); w != want {
				t.Errorf("more %v: the Block has %d wounds, want %d", more, w, want)
			}
		}
	})
	t.Run("draw", func(t *testing.T) { // draw "min(count(enemy adjacent of=enemy_hq), 2)"
		for n, hexes := range [][]string{nil, {"e2"}, {"e2", "d4", "d3"}} {
			g := exprGame(t)
			for _, h := range hexes {
				put(t, g, 1, "Block", h, rules.N)
			}
			setHand(t, g, 0, "Muster")
			play(t, g, NoHex)
			if want := min(n, 2); int(g.HandLen[0]) != want {
				t.Errorf("%d enemies by their HQ: the hand holds %d, want %d", len(hexes), g.HandLen[0], want)
			}
		}
	})
}

// TestTriggerUnwounded: on own_turn if=unwounded is offered only while the
// Keeper is unhurt.
func TestTriggerUnwounded(t *testing.T) {
	for _, hurt := range []bool{false, true} {
		g := exprGame(t)
		k := put(t, g, 0, "Keeper", "c3", rules.N)
		put(t, g, 1, "Block", "c1", rules.N)
		if hurt {
			g.S.Cells[k].Unit.Wounds = 1
		}
		n := count(g.LegalActions(nil), func(a Action) bool { return a.Kind == KAbility && a.Hex == k })
		if (n > 0) == hurt {
			t.Errorf("hurt %v: %d uses of the Keeper's ability offered", hurt, n)
		}
	}
}

// exprWordArmy is the army of TestExprWords: its module M carries the
// case's link clause on its N edge.
const exprWordArmy = `army "Words" {
    size 14
    hq "HQ" {
    }
    warrior "Gunner" {
        initiative 2
        edge N: ranged 1
        edge NE: melee 1
    }
    module "M" {
        toughness 3
        link N: %s
    }
    module "Aide" {
    }
    warrior "Block" {
        count 8
        toughness 9
    }
    instant "Battle" {
        on play: battle
    }
}`

// exprRun is one run of a TestExprWords case: the clause, the units put
// besides, and what else is set.
type exprRun struct {
	clause string
	extra  []placed
	set    func(g *Game)
	want   int // the enemy's wounds after the battle, less the Gunner's shot of 1
}

// TestExprWords: every word of the expression form changes a battle. The
// Gunner on b3 (ranged 1 north, melee 1 north-east) is linked by M on b4;
// an enemy Block stands on b1. Each case is run with the word (a) and
// without it or with the board it measures changed (b): the results
// differ, so an engine ignoring the word fails one of them.
func TestExprWords(t *testing.T) {
	own := func(hexes ...string) []placed {
		var out []placed
		for _, h := range hexes {
			out = append(out, placed{0, "Block", h, rules.N})
		}
		return out
	}
	enemy := func(hexes ...string) []placed {
		var out []placed
		for _, h := range hexes {
			out = append(out, placed{1, "Block", h, rules.N})
		}
		return out
	}
	wounded := func(hex string, n uint8) func(g *Game) {
		return func(g *Game) { g.S.Cells[hexOfG(g, hex)].Unit.Wounds = n }
	}
	for _, c := range []struct {
		name string
		a, b exprRun
	}{
		{">=", exprRun{`ranged +1 if="count(friend adjacent) >= 2"`, own("c5"), nil, 1}, exprRun{`ranged +1 if="count(friend adjacent) >= 2"`, nil, nil, 0}},
		{">", exprRun{`ranged +1 if="count(friend adjacent) > 1"`, own("c5"), nil, 1}, exprRun{`ranged +1 if="count(friend adjacent) > 1"`, nil, nil, 0}},
		{"<=", exprRun{`ranged +1 if="count(friend adjacent) <= 1"`, nil, nil, 1}, exprRun{`ranged +1 if="count(friend adjacent) <= 1"`, own("c5"), nil, 0}},
		{"<", exprRun{`ranged +1 if="count(friend adjacent) < 2"`, nil, nil, 1}, exprRun{`ranged +1 if="count(friend adjacent) < 2"`, own("c5"), nil, 0}},
		{"==", exprRun{`ranged +1 if="count(friend adjacent) == 2"`, own("c5"), nil, 1}, exprRun{`ranged +1 if="count(friend adjacent) == 2"`, own("c5", "c4"), nil, 0}},
		{"!=", exprRun{`ranged +1 if="count(friend adjacent) != 2"`, own("c5", "c4"), nil, 1}, exprRun{`ranged +1 if="count(friend adjacent) != 2"`, own("c5"), nil, 0}},
		{"enemy", exprRun{`ranged "count(enemy adjacent)"`, enemy("c5", "c4"), nil, 2}, exprRun{`ranged "count(friend adjacent)"`, enemy("c5", "c4"), nil, 1}},
		{"any", exprRun{`ranged "count(any adjacent)"`, enemy("c5"), nil, 2}, exprRun{`ranged "count(friend adjacent)"`, enemy("c5"), nil, 1}},
		{"own", exprRun{`ranged "count(own adjacent)"`, enemy("c5", "c4"), nil, 1}, exprRun{`ranged "count(any adjacent)"`, enemy("c5", "c4"), nil, 3}},
		{"hq", exprRun{`ranged "count(friend hq within=3)"`, nil, nil, 2}, exprRun{`ranged "count(friend within=3)"`, nil, nil, 1}},
		{"in_line", exprRun{`ranged "count(enemy in_line)"`, nil, nil, 1}, exprRun{`ranged "count(enemy within=1)"`, nil, nil, 0}},
		{"linked", exprRun{`ranged "count(friend linked)"`, own("c5"), nil, 1}, exprRun{`ranged "count(friend adjacent)"`, own("c5"), nil, 2}},
		{"kind", exprRun{`ranged "count(friend kind=module within=2)"`, []placed{{0, "Aide", "c5", rules.N}}, nil, 1}, exprRun{`ranged "count(friend within=2)"`, []placed{{0, "Aide", "c5", rules.N}}, nil, 2}},
		{"name", exprRun{`ranged "count(friend name=aide within=2)"`, []placed{{0, "Aide", "c5", rules.N}}, nil, 1}, exprRun{`ranged "count(friend within=2)"`, []placed{{0, "Aide", "c5", rules.N}}, nil, 2}},
		{"within", exprRun{`ranged "count(friend within=2)"`, own("c3"), nil, 2}, exprRun{`ranged "count(friend adjacent)"`, own("c3"), nil, 1}},
		{"of", exprRun{`ranged "count(friend adjacent of=own_hq)"`, own("a2", "b2"), nil, 2}, exprRun{`ranged "count(friend adjacent)"`, own("a2", "b2"), nil, 1}},
		{"self", exprRun{`ranged "wounds(self)"`, nil, wounded("b4", 2), 2}, exprRun{`ranged "wounds(own_hq)"`, nil, wounded("b4", 2), 0}},
		{"enemy_hq", exprRun{`ranged "min(wounds(enemy_hq), 2)"`, nil, wounded("e3", 4), 2}, exprRun{`ranged "min(wounds(own_hq), 2)"`, nil, wounded("e3", 4), 0}},
		{"deck_enemy", exprRun{`ranged "min(deck(enemy), 1)"`, nil, nil, 1}, exprRun{`ranged "min(deck(enemy), 1)"`, nil, func(g *Game) { g.DeckLen[1] = 0 }, 0}},
		{"melee", exprRun{`melee +1 if=unwounded`, enemy("c3"), nil, 2}, exprRun{`melee +1 if=unwounded`, enemy("c3"), wounded("b4", 1), 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for i, run := range []exprRun{c.a, c.b} {
				res := compiler.CompileSource("words.army", []byte(fmt.Sprintf(exprWordArmy, run.clause)))
				if err := res.Diags.Err(); err != nil {
					t.Fatal(err)
				}
				a := res.Armies[0]
				g := setUpGame(t, a, a, 7, "a1", "e3")
				g.fresh = false
				setHand(t, g, 0, "Battle")
				put(t, g, 0, "Gunner", "b3", rules.N)
				put(t, g, 0, "M", "b4", rules.N)
				put(t, g, 1, "Block", "b1", rules.N)
				for _, x := range run.extra {
					put(t, g, x.p, x.name, x.hex, x.dir)
				}
				if run.set != nil {
					run.set(g)
				}
				before := enemyWounds(g)
				play(t, g, NoHex)
				if got := enemyWounds(g) - before - 1; got != run.want {
					t.Errorf("run %c (%s): the enemy took %d wounds more than the plain shot, want %d", 'a'+i, run.clause, got, run.want)
				}
			}
		})
	}
}

// enemyWounds sums the wounds of player 2's units but the HQ.
func enemyWounds(g *Game) int {
	n := 0
	for h := 0; h < g.S.Board.Size; h++ {
		if u := g.S.Cells[h].Unit; !u.Empty() && u.Owner == 1 && g.S.Tok(u).Kind != rules.HQ {
			n += int(u.Wounds)
		}
	}
	return n
}
