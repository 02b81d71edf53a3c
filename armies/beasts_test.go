package armies_test

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

func TestBeastsSignatures(t *testing.T) {
	runSignatures(t, []signature{
		{name: "beasts_friendly_fire", dies: []string{"1 Acid-spitter d2", "2 Hybrid c1"}, hq: [2]int{19, 20}},
		{name: "beasts_agony", dies: []string{"1 Bug b4", "1 Bug c3", "1 Urchin d3", "2 Hybrid d2", "2 Ripper e2"}, hq: [2]int{20, 20}},
		{name: "beasts_spider_net", dies: []string{"2 Ripper c2"}, hq: [2]int{20, 20}},
		{name: "beasts_flying", dies: []string{"1 Vulture d3", "2 Ripper b1"}, hq: [2]int{20, 19}},
		// Rulebook 002, "Przykładowa bitwa" with the real Beasts and Steel
		// Police armies: the same log as the engine's test-army scenario
		// (Beasts 16, Steel Police 18).
		{name: "beasts_example", dies: []string{"1 Bug d3", "1 Cerberus c2", "1 Scout b2", "1 Scrabbler b3", "2 Judge d1", "2 Officer d2", "2 Sergeant c4"}, hq: [2]int{16, 18}},
	})
}

// ---------------------------------------------------------------- game API

// beastsDecider answers the engine's questions with a function.
type beastsDecider func(s *engine.State, p uint8, q engine.Question, o []engine.Option) int

func (f beastsDecider) Choose(s *engine.State, p uint8, q engine.Question, o []engine.Option) int {
	return f(s, p, q, o)
}

// beastsGame sets up Beasts (player 1, HQ on hq, the Cerberus on aside
// facing N) against Moloch (HQ on hq2): player 1's first turn.
func beastsGame(t *testing.T, hq, aside, hq2 string) *engine.Game {
	t.Helper()
	return startGame(t, "beasts", "moloch", 2026,
		placeHQ(t, hq),
		engine.Action{Kind: engine.KPlaceAside, Hex: hexAt(t, aside), To: engine.NoHex},
		placeHQ(t, hq2))
}

// TestBeastsCerberusSetUp: the Cerberus is not in the deck; right after the
// Beasts HQ is placed its player puts the Cerberus on an empty hex next to
// the HQ (002: "natychmiast po wystawieniu Sztabu, wystawia Cerbera na
// sąsiadującym z nim pustym polu"), whichever player has the Beasts.
func TestBeastsCerberusSetUp(t *testing.T) {
	beasts, moloch := loadArmy(t, "beasts"), loadArmy(t, "moloch")
	if n := beasts.Total(); n != 36 {
		t.Fatalf("Beasts has %d tokens, want 36", n)
	}
	g, err := engine.NewGame(engine.Config{Board: position.Standard}, []*rules.Army{beasts, moloch}, 1)
	if err != nil {
		t.Fatal(err)
	}
	cerb := uint8(beasts.Lookup("Cerberus"))
	if g.AsideLen[0] != 1 || g.Aside[0][0] != cerb || g.DeckLen[0] != 34 || g.DeckLen[1] != 34 {
		t.Fatalf("aside %d (%v), decks %d and %d; want the Cerberus aside and 34 + 34 in the decks",
			g.AsideLen[0], g.Aside[0][:g.AsideLen[0]], g.DeckLen[0], g.DeckLen[1])
	}
	for i := 0; i < int(g.DeckLen[0]); i++ {
		if g.Deck[0][i] == cerb {
			t.Fatal("the Cerberus is in the deck")
		}
	}
	apply(t, g, placeHQ(t, "a1"), nil) // a corner: three hexes next to it
	if g.Phase != engine.PhaseAside || g.Player != 0 {
		t.Fatalf("after the Beasts HQ: phase %d player %d; want the Cerberus to be placed", g.Phase, g.Player+1)
	}
	hexes := map[string]int{}
	for _, a := range g.LegalActions(nil) {
		if a.Kind != engine.KPlaceAside {
			t.Fatalf("set-up offers %v", a)
		}
		hexes[position.Standard.Names[a.Hex]]++
	}
	// Three hexes, three facings each (the Cerberus looks the same turned by half a turn).
	if len(hexes) != 3 || hexes["a2"] != 3 || hexes["b1"] != 3 || hexes["b2"] != 3 {
		t.Fatalf("Cerberus offered %v; want a2, b1, b2 with 3 facings each", hexes)
	}
	b2 := hexAt(t, "b2")
	apply(t, g, engine.Action{Kind: engine.KPlaceAside, Hex: b2, To: engine.NoHex, Facing: rules.NE}, nil)
	if unitName(g, b2) != "Cerberus" || g.S.Cells[b2].Unit.Owner != 0 || g.S.Cells[b2].Unit.Facing != rules.NE {
		t.Fatalf("b2 holds %q; want the Beasts Cerberus facing NE", unitName(g, b2))
	}
	if g.Phase != engine.PhaseHQ || g.Player != 1 {
		t.Fatalf("after the Cerberus: phase %d player %d; want player 2's HQ", g.Phase, g.Player+1)
	}

	// The Beasts as player 2: the Cerberus follows their HQ.
	g2, err := engine.NewGame(engine.Config{Board: position.Standard}, []*rules.Army{moloch, beasts}, 1)
	if err != nil {
		t.Fatal(err)
	}
	apply(t, g2, placeHQ(t, "e3"), nil)
	if g2.Phase != engine.PhaseHQ || g2.Player != 1 {
		t.Fatal("Moloch sets nothing aside")
	}
	apply(t, g2, placeHQ(t, "c3"), nil)
	acts := g2.LegalActions(nil)
	if g2.Phase != engine.PhaseAside || g2.Player != 1 || len(acts) != 6*3 {
		t.Fatalf("Beasts as player 2: phase %d player %d, %d placements; want 6 hexes x 3 facings", g2.Phase, g2.Player+1, len(acts))
	}
	apply(t, g2, acts[0], nil)
	if g2.Turn != 1 || g2.Player != 0 || position.Standard.Dist[acts[0].Hex][hexAt(t, "c3")] != 1 || unitName(g2, acts[0].Hex) != "Cerberus" {
		t.Fatal("Beasts as player 2: Cerberus not beside the HQ, or the game did not start")
	}
}

// TestBeastsCerberusLair: the Cerberus moves (mobility) but is removed once
// it is no longer next to its HQ (tethered_to_hq, the uncertain reading of
// the Lair).
func TestBeastsCerberusLair(t *testing.T) {
	g := beastsGame(t, "a1", "b2", "e3")
	b2, b1, c2 := hexAt(t, "b2"), hexAt(t, "b1"), hexAt(t, "c2")
	stay := engine.Action{Kind: engine.KAbility, Slot: engine.AbMove, Hex: b2, To: b1, Facing: rules.N}
	away := engine.Action{Kind: engine.KAbility, Slot: engine.AbMove, Hex: b2, To: c2, Facing: rules.N}
	if !legal(g, stay) || !legal(g, away) {
		t.Fatal("Cerberus mobility not offered")
	}
	g2 := *g
	apply(t, &g2, stay, nil)
	if unitName(&g2, b1) != "Cerberus" {
		t.Fatal("Cerberus moved to b1 (still beside the HQ) is gone")
	}
	apply(t, g, away, nil)
	cerb := g.S.Armies[0].Lookup("Cerberus")
	if !g.S.Cells[c2].Unit.Empty() || g.Discarded[0][cerb] != 1 {
		t.Fatal("Cerberus moved away from the HQ must be removed")
	}
}

// TestBeastsSpiderNetInGame: outside a battle the Arachnid's spider net
// holds the enemy and the own unit alike: the netted Cerberus cannot move.
func TestBeastsSpiderNetInGame(t *testing.T) {
	g := beastsGame(t, "c3", "c2", "e3")
	c2 := hexAt(t, "c2")
	move := engine.Action{Kind: engine.KAbility, Slot: engine.AbMove, Hex: c2, To: hexAt(t, "b2"), Facing: rules.N}
	if !legal(g, move) {
		t.Fatal("Cerberus mobility not offered")
	}
	put(t, g, 0, "Arachnid", "b1", rules.SE) // net N faces SE: c2 (own); NW faces NE: c1; SE faces S: b2
	enemy := put(t, g, 1, "Hybrid", "c1", rules.S)
	if !g.Netted(c2) || !g.Netted(enemy) {
		t.Fatalf("netted: own Cerberus %v, enemy Hybrid %v; want both", g.Netted(c2), g.Netted(enemy))
	}
	for _, a := range g.LegalActions(nil) {
		if a.Kind == engine.KAbility && a.Hex == c2 {
			t.Fatalf("netted Cerberus offered %v", a)
		}
	}
}

// TestBeastsPull: the Pull instant (an own unit pulls an enemy one empty hex
// away next to itself; the pulled unit's player picks the hex and facing)
// and the Scrabbler, whose link gives the HQ the pull trait (002 example,
// turn 5: "Sztab posiada teraz cechę Przyciągnięcie").
func TestBeastsPull(t *testing.T) {
	g := beastsGame(t, "c3", "b2", "a1")
	ram := put(t, g, 0, "Ram", "e1", rules.N)
	blocker := put(t, g, 1, "Blocker", "e3", rules.N) // two hexes from e1, e2 between
	e2 := hexAt(t, "e2")
	setHand(t, g, 0, "Pull")
	asked := 0
	d := beastsDecider(func(_ *engine.State, p uint8, q engine.Question, o []engine.Option) int {
		if q != engine.QPullDestination || p != 1 {
			t.Fatalf("pull asked question %d of player %d", q, p+1)
		}
		asked = len(o)
		for i, x := range o {
			if x.Hex == e2 && x.Dir == rules.SW {
				return i
			}
		}
		t.Fatalf("e2 facing SW not offered: %v", o)
		return 0
	})
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: ram, To: blocker}, d)
	if u := g.S.Cells[e2].Unit; unitName(g, e2) != "Blocker" || u.Facing != rules.SW || !g.S.Cells[blocker].Unit.Empty() {
		t.Fatal("the Blocker was not pulled to e2 facing SW")
	}
	if asked != 6 {
		t.Errorf("pull offered %d answers; want 6 (e2, six facings)", asked)
	}
	if g.Discarded[0][g.S.Armies[0].Lookup("Pull")] != 1 {
		t.Error("Pull not discarded")
	}

	// The Scrabbler gives the HQ (c3) the pull trait while its link touches it.
	hq := hexAt(t, "c3")
	hybrid := put(t, g, 1, "Hybrid", "c5", rules.N)
	pull := engine.Action{Kind: engine.KAbility, Slot: engine.AbGrantedPull, Hex: hq, To: hybrid}
	if legal(g, pull) {
		t.Fatal("the HQ pulls without the Scrabbler")
	}
	put(t, g, 0, "Scrabbler", "d2", rules.SW) // link N faces SW: c3
	if !legal(g, pull) {
		t.Fatal("the Scrabbler's link does not give the HQ pull")
	}
	second := engine.Action{Kind: engine.KAbility, Slot: engine.AbGrantedPull, Hex: hq, To: put(t, g, 1, "Guard", "a3", rules.N)}
	if !legal(g, second) {
		t.Fatal("the Guard on a3 (two hexes from the HQ, b3 free) cannot be pulled")
	}
	apply(t, g, pull, nil)
	if c4 := hexAt(t, "c4"); unitName(g, c4) != "Hybrid" {
		t.Fatal("the HQ did not pull the Hybrid to c4")
	}
	if legal(g, second) {
		t.Fatal("pull is once per turn")
	}
}

// TestBeastsHunt: Hunt (002, Polowanie): one own unit may move, then attack
// with any ONE of its sides. The Ram moves c4 -> c3 and strikes with its
// melee-2 edge: the Gauss Cannon (toughness 2) is destroyed, the own
// Cerberus beside the Ram's friendly-fire side is not touched; struck with
// that side instead, friendly fire wounds the Cerberus.
func TestBeastsHunt(t *testing.T) {
	g := beastsGame(t, "a1", "b2", "e3")
	ram := put(t, g, 0, "Ram", "c4", rules.N)
	gauss := put(t, g, 1, "Gauss Cannon", "c2", rules.S)
	setHand(t, g, 0, "Hunt")
	c3, b2 := hexAt(t, "c3"), hexAt(t, "b2")
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: ram, To: c3, Facing: rules.N}, nil)
	if g.Phase != engine.PhaseStep {
		t.Fatalf("after the Hunt's move: phase %d; want the strike step", g.Phase)
	}
	for _, a := range g.LegalActions(nil) {
		if a.Kind == engine.KStep && a.Hex != c3 {
			t.Fatalf("only the unit that moved may strike; offered %v", a)
		}
	}
	g2 := *g
	apply(t, g, engine.Action{Kind: engine.KStep, Hex: c3, To: engine.NoHex, Facing: rules.N}, nil)
	if !g.S.Cells[gauss].Unit.Empty() || g.Discarded[1][g.S.Armies[1].Lookup("Gauss Cannon")] != 1 {
		t.Fatal("the Ram's melee-2 strike must destroy the Gauss Cannon")
	}
	if g.S.Cells[b2].Unit.Wounds != 0 {
		t.Fatal("one side only: the Cerberus on the Ram's NW side must not be hit")
	}
	apply(t, &g2, engine.Action{Kind: engine.KStep, Hex: c3, To: engine.NoHex, Facing: rules.NW}, nil)
	if u := g2.S.Cells[b2].Unit; unitName(&g2, b2) != "Cerberus" || u.Wounds != 1 || g2.S.Cells[gauss].Unit.Wounds != 0 {
		t.Fatal("a strike with the NW side: friendly fire must wound the own Cerberus once, and nothing else")
	}
}

// TestBeastsScavenger: after a battle the Beasts player may move the
// Vulture to any hex (002 example: "Na zakończenie Bitwy Michał może
// przemieścić Sępa ... na dowolne pole").
func TestBeastsScavenger(t *testing.T) {
	g := beastsGame(t, "a1", "b2", "e3")
	v := put(t, g, 0, "Vulture", "c3", rules.N)
	setHand(t, g, 0, "Battle")
	d2 := hexAt(t, "d2")
	asked := 0
	d := beastsDecider(func(_ *engine.State, p uint8, q engine.Question, o []engine.Option) int {
		if q != engine.QAfterBattleMove || p != 0 {
			t.Fatalf("asked question %d of player %d", q, p+1)
		}
		asked++
		if o[0].To != v {
			t.Fatalf("the first answer must be to stay: %v", o[0])
		}
		for i, x := range o {
			if x.To == d2 && x.Dir == rules.SW {
				return i
			}
		}
		t.Fatal("d2 not offered")
		return 0
	})
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: engine.NoHex, To: engine.NoHex}, d)
	if asked != 1 {
		t.Fatalf("asked %d times; want once, for the one Vulture", asked)
	}
	if u := g.S.Cells[d2].Unit; unitName(g, d2) != "Vulture" || u.Facing != rules.SW || !g.S.Cells[v].Unit.Empty() {
		t.Fatal("the Vulture did not fly to d2 facing SW after the battle")
	}
	if g.Player != 1 || g.Battles != 1 {
		t.Fatalf("the battle must end the turn: player %d, battles %d", g.Player+1, g.Battles)
	}
}
