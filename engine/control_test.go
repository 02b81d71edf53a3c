package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// takerGame is a game of the takers test army against itself after set-up,
// at the start of player 1's first turn.
func takerGame(t *testing.T, hq0, hq1 string) *Game {
	t.Helper()
	a := loadArmy(t, "testdata/takers.army")
	g, err := NewGame(Config{Board: Standard}, []*rules.Army{a, a}, 3)
	if err != nil {
		t.Fatal(err)
	}
	must(t, g, PlaceHQ(hexOf(t, hq0), rules.N))
	must(t, g, PlaceHQ(hexOf(t, hq1), rules.N))
	g.fresh = false
	return g
}

// facingDecider answers QTakeoverFacing with facing f and records who was
// asked; other questions get the first option.
type facingDecider struct {
	f      rules.Dir
	asked  []uint8
	nopts  int
	others int
}

func (d *facingDecider) Choose(_ *State, p uint8, q Question, opts []Option) int {
	if q != QTakeoverFacing {
		d.others++
		return 0
	}
	d.asked = append(d.asked, p)
	d.nopts = len(opts)
	for i, o := range opts {
		if o.Dir == d.f {
			return i
		}
	}
	return 0
}

// Takeover in the turn flow: placing a takeover module next to an enemy
// unit takes it over at once; the taker turns it; it is the taker's own
// for instants; pushed out of the link, it is released and keeps its facing.
func TestTakeoverInTurn(t *testing.T) {
	g := takerGame(t, "a1", "e3")
	gun := put(t, g, 1, "Gun", "c2", rules.N)
	put(t, g, 1, "Gun", "d3", rules.N)
	setHand(t, g, 0, "Taker", "Step")
	d := &facingDecider{f: rules.S}
	c3 := hexOf(t, "c3")
	if err := g.Apply(Place(0, c3, rules.N), d); err != nil {
		t.Fatal(err)
	}
	u := g.S.Unit(gun)
	if u.Controller() != 0 || u.Facing != rules.S {
		t.Fatalf("gun on c2 after the taker is placed: controller %d facing %s, want 1 and S", u.Controller()+1, u.Facing)
	}
	if len(d.asked) != 1 || d.asked[0] != 0 || d.nopts != 6 {
		t.Fatalf("facing asked of %v with %d options, want player 1 once with 6", d.asked, d.nopts)
	}
	// The move instant (own units only) may now turn the taken gun.
	must(t, g, Action{Kind: KInstant, Slot: 0, Hex: gun, To: gun, Facing: rules.SE})
	if u := g.S.Unit(gun); u.Controller() != 0 || u.Facing != rules.SE {
		t.Fatalf("move on the taken gun: controller %d facing %s", u.Controller()+1, u.Facing)
	}
	endTurn(t, g)
	// Player 2 pushes the taker away from d3: the gun is free again and
	// keeps the facing it was given.
	setHand(t, g, 1, "Shove")
	g.fresh = false
	must(t, g, Action{Kind: KInstant, Slot: 0, Hex: hexOf(t, "d3"), To: c3})
	if !g.S.Unit(c3).Empty() {
		t.Fatal("the taker was not pushed")
	}
	if u := g.S.Unit(gun); u.Marks&Controlled != 0 || u.Facing != rules.SE {
		t.Fatalf("gun after the taker left: controlled %v facing %s, want free facing SE", u.Marks&Controlled != 0, u.Facing)
	}
}

// A unit taken over during a battle may be turned right after it: the
// taker is netted until its netter dies in segment 2, then takes the gun.
func TestTakeoverAfterBattle(t *testing.T) {
	g := takerGame(t, "e1", "a3")
	put(t, g, 0, "Taker", "c3", rules.N)
	gun := put(t, g, 1, "Gun", "c2", rules.NE) // shoots d1: nobody
	put(t, g, 1, "Netter", "c4", rules.N)      // nets the taker
	put(t, g, 0, "Gun", "c5", rules.N)         // kills the netter in segment 2
	g.Recontrol(nil)
	if g.S.Unit(gun).Marks&Controlled != 0 {
		t.Fatal("a netted taker took the gun over")
	}
	setHand(t, g, 0, "Fight")
	d := &facingDecider{f: rules.SW}
	if err := g.Apply(Action{Kind: KInstant, Slot: 0, Hex: NoHex, To: NoHex}, d); err != nil {
		t.Fatal(err)
	}
	if !g.S.Unit(hexOf(t, "c4")).Empty() {
		t.Fatal("the netter survived the battle")
	}
	u := g.S.Unit(gun)
	if u.Controller() != 0 || u.Facing != rules.SW {
		t.Fatalf("gun after the battle: controller %d facing %s, want 1 and SW", u.Controller()+1, u.Facing)
	}
	if len(d.asked) != 1 || d.asked[0] != 0 {
		t.Fatalf("facing asked of %v, want player 1 once", d.asked)
	}
}

// Random games with takeover and use_modules on both sides keep the
// bookkeeping right (checkInvariants) and always end.
func TestRandomGamesTakers(t *testing.T) {
	a := loadArmy(t, "testdata/takers.army")
	_, b := testArmies(t)
	n := 300
	if testing.Short() {
		n = 50
	}
	for seed := uint64(0); seed < uint64(n); seed++ {
		x, y := a, b
		if seed%3 == 1 {
			x, y = b, a
		} else if seed%3 == 2 {
			y = a
		}
		playRandom(t, x, y, seed, nil)
	}
}

// use_modules in the turn flow: a placed use_modules module takes the
// enemy takeover module on its link at once (no turn for it), and through
// it the unit that module links (which its new controller may turn).
func TestUseModulesInTurn(t *testing.T) {
	g := takerGame(t, "a1", "e3")
	tk := put(t, g, 1, "Taker", "c3", rules.S) // link N turned S: c4
	gun := put(t, g, 1, "Gun", "c4", rules.N)
	setHand(t, g, 0, "Borrower")
	d := &facingDecider{f: rules.SW}
	if err := g.Apply(Place(0, hexOf(t, "c2"), rules.S), d); err != nil { // link N turned S: c3
		t.Fatal(err)
	}
	if u := g.S.Unit(tk); u.Controller() != 0 || u.Facing != rules.S {
		t.Fatalf("taker on c3: controller %d facing %s, want player 1, still S", u.Controller()+1, u.Facing)
	}
	if u := g.S.Unit(gun); u.Controller() != 0 || u.Facing != rules.SW {
		t.Fatalf("gun on c4: controller %d facing %s, want player 1 and SW", u.Controller()+1, u.Facing)
	}
	if len(d.asked) != 1 {
		t.Fatalf("facing asked %d times, want once (the gun only)", len(d.asked))
	}
}

// OwnerBest turns a taken unit towards its new enemies (Option.Index is the
// attack strength a facing aims at them).
func TestTakeoverFacingOwnerBest(t *testing.T) {
	g := takerGame(t, "e1", "a3")
	gun := put(t, g, 1, "Gun", "c2", rules.N)
	put(t, g, 1, "Netter", "b1", rules.N) // NW of c2: the only enemy in a line once the gun is taken
	setHand(t, g, 0, "Taker")
	if err := g.Apply(Place(0, hexOf(t, "c3"), rules.N), OwnerBest{}); err != nil {
		t.Fatal(err)
	}
	if u := g.S.Unit(gun); u.Controller() != 0 || u.Facing != rules.NW {
		t.Fatalf("taken gun: controller %d facing %s, want player 1 and NW", u.Controller()+1, u.Facing)
	}
}
