package armies_test

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

func TestVegasSignatures(t *testing.T) {
	runSignatures(t, []signature{
		// A destroyed unit is listed under its controller: the Hybrid died as Vegas's.
		{name: "vegas_hq_takeover", dies: []string{"1 Hybrid d3", "2 Hunter-Killer c4"}, hq: [2]int{19, 19}},
		{name: "vegas_agitator_beats_net", dies: []string{"2 Hybrid d2"}, hq: [2]int{20, 20}},
		{name: "vegas_agitator_beats_scoper", dies: []string{"2 Runner c1"}, hq: [2]int{20, 20}},
		// The Shooter fires as the Outpost's.
		{name: "vegas_scoper_takes_agitator", dies: []string{"1 Bodyguard c1"}, hq: [2]int{20, 20}},
		// 001's worked battle: the Mercenary, Bodyguard, Scout and Medic die,
		// Smart's HQ 19, Vegas's 18.
		{name: "vegas_duel_example", dies: []string{"2 Mercenary c2", "2 Medic d2", "2 Bodyguard d3", "2 Scout e3"}, hq: [2]int{19, 18}},
		{name: "vegas_saboteur", dies: []string{"2 Hybrid c2"}, hq: [2]int{20, 20}},
	})
}

// Helpers for Vegas's turn abilities through the game API. Vegas is player
// 1 (index 0); the game starts at player 1's first turn.

func vgGame(t *testing.T, opp, hq1, hq2 string) *engine.Game {
	t.Helper()
	return startGame(t, "vegas", opp, 7, placeHQ(t, hq1), placeHQ(t, hq2))
}

// vgHand gives player p exactly the named tokens like setHand, but first
// makes the turn's mandatory discard when p's turn starts with one (the
// Vegas tests set hands in later turns, where setHand alone would leave the
// game in its discard phase).
func vgHand(t *testing.T, g *engine.Game, p uint8, names ...string) {
	t.Helper()
	if g.Phase == engine.PhaseDiscard && g.Player == p {
		apply(t, g, discard(0), nil)
	}
	setHand(t, g, p, names...)
}

// vgEndTurn ends the turn of the player to move (discarding first when the
// turn starts with three tokens).
func vgEndTurn(t *testing.T, g *engine.Game) {
	t.Helper()
	if g.Phase == engine.PhaseDiscard {
		apply(t, g, discard(0), nil)
	}
	apply(t, g, endTurn(), nil)
}

// vgPair orders two hexes as the game lists a swap (lower hex first).
func vgPair(a, b engine.Hex) (engine.Hex, engine.Hex) {
	if b < a {
		return b, a
	}
	return a, b
}

// Castling (Roszada, 001): two adjacent own units, the HQ too, swap places
// without turning; a netted unit cannot castle.
func TestVegasCastling(t *testing.T) {
	g := vgGame(t, "moloch", "c3", "a1")
	hq, bg := hexAt(t, "c3"), put(t, g, 0, "Bodyguard", "c4", rules.SE)
	guard := put(t, g, 0, "Guardian", "e3", rules.N) // not adjacent to either
	vgHand(t, g, 0, "Castling")
	x, y := vgPair(hq, guard)
	if legal(g, engine.Action{Kind: engine.KInstant, Hex: x, To: y}) {
		t.Fatal("castling offered for two units that are not adjacent")
	}
	x, y = vgPair(hq, bg)
	apply(t, g, engine.Action{Kind: engine.KInstant, Hex: x, To: y}, nil)
	if unitName(g, bg) != "HQ" || unitName(g, hq) != "Bodyguard" || g.S.HQ[0] != bg {
		t.Fatalf("after castling: c4 %q, c3 %q, HQ at %d", unitName(g, bg), unitName(g, hq), g.S.HQ[0])
	}
	if g.S.Unit(hq).Facing != rules.SE || g.S.Unit(bg).Facing != rules.N {
		t.Fatal("castling turned a unit")
	}
	if g.HandLen[0] != 0 || g.Discarded[0][g.S.Armies[0].Lookup("Castling")] != 1 {
		t.Fatal("the Castling token is not discarded")
	}

	// A netted unit cannot castle: the Moloch Net Fighter on c2 nets the
	// Bodyguard now on c3.
	g = vgGame(t, "moloch", "c4", "a1")
	bg = put(t, g, 0, "Bodyguard", "c3", rules.N)
	put(t, g, 1, "Net Fighter", "c2", rules.S)
	vgHand(t, g, 0, "Castling")
	x, y = vgPair(hexAt(t, "c4"), bg)
	if legal(g, engine.Action{Kind: engine.KInstant, Hex: x, To: y}) {
		t.Fatal("a netted unit castled")
	}
}

// Rotation (Obrót, 001): turn one own unit to any facing; never an enemy.
func TestVegasRotation(t *testing.T) {
	g := vgGame(t, "moloch", "a1", "e3")
	sh := put(t, g, 0, "Shooter", "c3", rules.N)
	hy := put(t, g, 1, "Hybrid", "c2", rules.N)
	vgHand(t, g, 0, "Rotation")
	if legal(g, engine.Action{Kind: engine.KInstant, Hex: hy, To: engine.NoHex, Facing: rules.S}) {
		t.Fatal("rotation offered on an enemy unit")
	}
	apply(t, g, engine.Action{Kind: engine.KInstant, Hex: sh, To: engine.NoHex, Facing: rules.SW}, nil)
	if g.S.Unit(sh).Facing != rules.SW || unitName(g, sh) != "Shooter" {
		t.Fatalf("shooter not turned to SW: %+v", g.S.Unit(sh))
	}
}

// The Mine (Mina, 001): a foundation placed on an empty hex; a unit placed
// on it, enemy or own, is destroyed with it unless a linked Medic takes the
// blow; an HQ moved onto it destroys it and takes no harm.
func TestVegasMine(t *testing.T) {
	g := vgGame(t, "moloch", "a1", "e3")
	vgHand(t, g, 0, "Mine")
	c3 := hexAt(t, "c3")
	apply(t, g, place(0, c3, rules.N), nil)
	if g.S.Cells[c3].Ground.Empty() || !g.S.Unit(c3).Empty() {
		t.Fatal("the Mine is not on c3 as a foundation")
	}
	vgEndTurn(t, g)
	// Moloch places a Hybrid on the Mine: both are destroyed.
	vgHand(t, g, 1, "Hybrid")
	apply(t, g, place(0, c3, rules.N), nil)
	a := g.S.Armies
	if !g.S.Unit(c3).Empty() || !g.S.Cells[c3].Ground.Empty() {
		t.Fatal("a Hybrid placed on the Mine survived, or the Mine did")
	}
	if g.Discarded[0][a[0].Lookup("Mine")] != 1 || g.Discarded[1][a[1].Lookup("Hybrid")] != 1 {
		t.Fatal("the Mine and the Hybrid are not discarded")
	}
	vgEndTurn(t, g)

	// A second Mine next to the Moloch HQ; Moloch moves its HQ onto it.
	vgHand(t, g, 0, "Mine")
	d3 := hexAt(t, "d3")
	apply(t, g, place(0, d3, rules.N), nil)
	vgEndTurn(t, g)
	vgHand(t, g, 1, "Move")
	apply(t, g, engine.Action{Kind: engine.KInstant, Hex: hexAt(t, "e3"), To: d3, Facing: rules.N}, nil)
	if unitName(g, d3) != "HQ" || g.S.HQPoints(1) != 20 || !g.S.Cells[d3].Ground.Empty() {
		t.Fatalf("the Moloch HQ on the Mine: %q on d3, %d points, mine left %v",
			unitName(g, d3), g.S.HQPoints(1), !g.S.Cells[d3].Ground.Empty())
	}
	if g.Discarded[0][a[0].Lookup("Mine")] != 2 {
		t.Fatal("the second Mine is not discarded")
	}

	// Own units set the Mine off too ("jakakolwiek własna lub wroga
	// jednostka"); a linked Medic takes the blow.
	g = vgGame(t, "moloch", "a1", "e3")
	put(t, g, 0, "Mine", "c3", rules.N)
	put(t, g, 0, "Mine", "c2", rules.N)
	med := put(t, g, 0, "Medic", "c4", rules.N) // link N: c3
	vgHand(t, g, 0, "Bodyguard", "Shooter")
	c2 := hexAt(t, "c2")
	apply(t, g, place(0, c2, rules.N), nil)
	if !g.S.Unit(c2).Empty() || !g.S.Cells[c2].Ground.Empty() {
		t.Fatal("a Vegas Bodyguard placed on its own Mine survived, or the Mine did")
	}
	apply(t, g, place(0, c3, rules.N), nil)
	if unitName(g, c3) != "Shooter" || !g.S.Unit(med).Empty() || !g.S.Cells[c3].Ground.Empty() {
		t.Fatalf("Shooter on a Mine linked to a Medic: c3 %q, medic left %v, mine left %v",
			unitName(g, c3), !g.S.Unit(med).Empty(), !g.S.Cells[c3].Ground.Empty())
	}
}

// vgFacing answers QTakeoverFacing with facing f and records who was asked;
// any other question gets the first option.
type vgFacing struct {
	f     rules.Dir
	asked []uint8
}

func (d *vgFacing) Choose(_ *engine.State, p uint8, q engine.Question, opts []engine.Option) int {
	if q != engine.QTakeoverFacing {
		return 0
	}
	d.asked = append(d.asked, p)
	for i, o := range opts {
		if o.Dir == d.f {
			return i
		}
	}
	return 0
}

// Control Takeover in the turns (001: automatic, the taker may turn the unit,
// it lasts while linked, a freed unit keeps its facing): an Agitator placed
// next to a Moloch Hybrid takes it at once; Vegas turns it and castles it
// like its own unit; out of the link it is Moloch's again. A unit Moloch
// places on the Vegas HQ's takeover link is Vegas's at once.
func TestVegasTakeoverInTurn(t *testing.T) {
	g := vgGame(t, "moloch", "a1", "e3")
	c3, c4 := hexAt(t, "c3"), hexAt(t, "c4")
	put(t, g, 1, "Hybrid", "c3", rules.N)
	vgHand(t, g, 0, "Agitator", "Castling")
	d := &vgFacing{f: rules.SE}
	apply(t, g, place(0, c4, rules.N), d) // link N: c3
	if u := g.S.Unit(c3); u.Controller() != 0 || u.Facing != rules.SE {
		t.Fatalf("Hybrid on c3: controller %d facing %s, want Vegas and SE", u.Controller()+1, u.Facing)
	}
	if len(d.asked) != 1 || d.asked[0] != 0 {
		t.Fatalf("the facing was asked of %v, want Vegas once", d.asked)
	}
	// Castling the taken Hybrid with the Agitator: both are Vegas's units.
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: c3, To: c4}, d)
	if unitName(g, c4) != "Hybrid" || unitName(g, c3) != "Agitator" {
		t.Fatalf("after castling: c3 %q, c4 %q", unitName(g, c3), unitName(g, c4))
	}
	if u := g.S.Unit(c4); u.Controller() != 1 || u.Facing != rules.SE {
		t.Fatalf("Hybrid out of the link: controller %d facing %s, want Moloch's again, still SE", u.Controller()+1, u.Facing)
	}
	vgEndTurn(t, g)

	// Moloch places a Hybrid on b2, the Vegas HQ's takeover link (SE of a1).
	vgHand(t, g, 1, "Hybrid")
	d = &vgFacing{f: rules.S}
	b2 := hexAt(t, "b2")
	apply(t, g, place(0, b2, rules.N), d)
	if u := g.S.Unit(b2); u.Controller() != 0 || u.Facing != rules.S || len(d.asked) != 1 || d.asked[0] != 0 {
		t.Fatalf("Hybrid placed on the HQ's link: controller %d facing %s, asked %v; want Vegas, S, asked of Vegas",
			u.Controller()+1, u.Facing, d.asked)
	}
}

// Vegas under Terror (Steel Police; Vegas has no Terror of its own, 001):
// in its next turn Vegas places no unit, but its instants work (Castling);
// the turn after, it places again. (Whether a Mine, a foundation and not a
// unit, may be placed under Terror is the engine's Terror decision; this
// test does not depend on it.)
func TestVegasUnderTerror(t *testing.T) {
	g := vgGame(t, "steelpolice", "c3", "a1")
	bg := put(t, g, 0, "Bodyguard", "c4", rules.N)
	vgEndTurn(t, g)
	vgHand(t, g, 1, "Terror")
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: engine.NoHex, To: engine.NoHex}, nil)
	vgEndTurn(t, g)
	vgHand(t, g, 0, "Shooter", "Castling")
	for _, a := range g.LegalActions(nil) {
		if a.Kind == engine.KPlace {
			t.Fatalf("Vegas may place a unit under Terror: %v", a)
		}
	}
	hq := hexAt(t, "c3")
	x, y := vgPair(hq, bg)
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 1, Hex: x, To: y}, nil)
	if g.S.HQ[0] != bg {
		t.Fatal("Castling did not work under Terror")
	}
	vgEndTurn(t, g)
	vgEndTurn(t, g)
	vgHand(t, g, 0, "Shooter")
	if !legal(g, place(0, hexAt(t, "e3"), rules.N)) {
		t.Fatal("Terror lasted more than one turn")
	}
}

// 001's example game, turn 4 (Vegas): with the Bodyguard already beside the
// Smart HQ and Smart's Gauss Cannon aimed at it and at the Vegas HQ, Vegas
// links its Medic to its HQ and places an Agitator that takes the Gauss
// Cannon ("Gracz ma prawo do dowolnego obrócenia przejmowanej jednostki, więc
// wycelowuje zdobyte działko we wrogi Sztab"); "Jako że Matka nie jest
// przejęta przez Vegas, nie wzmacnia ona swoją cechą Działka Gaussa". A
// battle then shows it: the Gauss Cannon hits the Smart HQ once (no extra
// action from the Mother), the Bodyguard once: 18.
func TestVegasDuelTurn4(t *testing.T) {
	g := vgGame(t, "smart", "a1", "c3")
	put(t, g, 0, "Bodyguard", "b2", rules.SE)             // melee N turned SE: the Smart HQ
	gauss := put(t, g, 1, "Gauss Cannon", "d3", rules.SW) // piercing NE turned NW: c3 (own HQ), b2, a1
	put(t, g, 1, "Mother", "d2", rules.S)                 // link N turned S: the Gauss Cannon
	vgHand(t, g, 0, "Medic", "Agitator", "Battle")
	apply(t, g, place(0, hexAt(t, "a2"), rules.N), nil) // link N: the Vegas HQ
	apply(t, g, place(0, hexAt(t, "d4"), rules.N), engine.OwnerBest{})
	if u := g.S.Unit(gauss); u.Controller() != 0 || u.Facing != rules.SW {
		t.Fatalf("Gauss Cannon: controller %d facing %s, want Vegas's, aimed NW at the Smart HQ (SW)", u.Controller()+1, u.Facing)
	}
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: engine.NoHex, To: engine.NoHex}, engine.OwnerBest{})
	if g.Battles != 1 {
		t.Fatal("no battle")
	}
	if hq := [2]int{g.S.HQPoints(0), g.S.HQPoints(1)}; hq != [2]int{20, 18} {
		t.Fatalf("HQ points after the battle %v, want Vegas 20, Smart 18 (the Mother does not boost a taken Gauss Cannon)", hq)
	}
	a := g.S.Armies
	if g.Discarded[1][a[1].Lookup("Gauss Cannon")] != 1 || g.Discarded[0][a[0].Lookup("Bodyguard")] != 1 {
		t.Fatal("the Smart HQ's melee should destroy the taken Gauss Cannon and the Bodyguard in segment 0")
	}
}
