package armies_test

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

func TestSteelPoliceSignatures(t *testing.T) {
	runSignatures(t, []signature{
		{name: "steelpolice_reflection", dies: []string{"2 Juggernaut c5"}, hq: [2]int{20, 18}},
		{name: "steelpolice_sergeant", dies: []string{"2 Blocker d1"}, hq: [2]int{20, 16}},
		{name: "steelpolice_steroid", dies: []string{"2 Blocker b1"}, hq: [2]int{20, 20}},
		{name: "steelpolice_saboteur", dies: []string{"2 Hybrid c2"}, hq: [2]int{20, 20}},
		{name: "steelpolice_netofsteel", dies: []string{"2 Gauss Cannon c1"}, hq: [2]int{20, 20}},
		// The example battle of rulebook 002 with both official armies is
		// beasts_example in beasts_test.go.
	})
}

// The turn abilities of the Steel Police, played through the game API:
// player 1 is the Steel Police, player 2 Moloch.

// spGame is a game after set-up (Steel Police HQ on hq0, Moloch HQ on hq1)
// at the start of the Steel Police's first turn, with an empty hand.
func spGame(t *testing.T, hq0, hq1 string) *engine.Game {
	t.Helper()
	g := startGame(t, "steelpolice", "moloch", 3, placeHQ(t, hq0), placeHQ(t, hq1))
	setHand(t, g, 0)
	return g
}

// spFind returns the first legal action that keep accepts.
func spFind(g *engine.Game, keep func(engine.Action) bool) (engine.Action, bool) {
	for _, a := range g.LegalActions(nil) {
		if keep(a) {
			return a, true
		}
	}
	return engine.Action{}, false
}

// spNet is the HQ's Net of Steel ability, if it is offered.
func spNet(g *engine.Game) (engine.Action, bool) {
	hq := g.S.HQ[0]
	return spFind(g, func(a engine.Action) bool {
		return a.Kind == engine.KAbility && a.Slot == engine.AbTrigger && a.Hex == hq
	})
}

// spSteps counts the legal steps of the unit on h.
func spSteps(g *engine.Game, h engine.Hex) int {
	return countLegal(g, func(a engine.Action) bool { return a.Kind == engine.KStep && a.Hex == h })
}

// The HQ's Net of Steel: 1 HQ point for a net marker on any enemy unit but
// the HQ; once per turn; one marker only, which comes back when its unit
// leaves the board; free while the Launcher is on the board.
func TestSteelPoliceHQNet(t *testing.T) {
	g := spGame(t, "a1", "e3")
	gauss := put(t, g, 1, "Gauss Cannon", "c3", rules.N)
	hybrid := put(t, g, 1, "Hybrid", "d2", rules.N)
	judge := put(t, g, 0, "Judge", "b2", rules.N)
	a, ok := spNet(g)
	if !ok {
		t.Fatal("the HQ's Net of Steel is not offered")
	}
	apply(t, g, a, nil)
	if hq := g.S.HQPoints(0); hq != 19 || g.Phase != engine.PhaseStep {
		t.Fatalf("after using the Net of Steel: HQ %d phase %d; want 19 and the net step", hq, g.Phase)
	}
	if spSteps(g, g.S.HQ[1]) != 0 || spSteps(g, judge) != 0 || spSteps(g, gauss) != 1 || spSteps(g, hybrid) != 1 {
		t.Fatal("the Net of Steel must be offered on every enemy unit but the HQ, on no own unit")
	}
	apply(t, g, engine.Action{Kind: engine.KStep, Hex: gauss, To: engine.NoHex}, nil)
	if !g.Netted(gauss) || g.Netted(hybrid) || g.S.Cells[gauss].Unit.Marks&engine.NetMarker == 0 {
		t.Fatalf("netted: Gauss Cannon %v, Hybrid %v; want only the Gauss Cannon", g.Netted(gauss), g.Netted(hybrid))
	}
	if _, ok := spNet(g); ok {
		t.Fatal("the Net of Steel is offered twice in one turn")
	}
	// Moloch's turn, then the Steel Police again: the only marker is out.
	apply(t, g, endTurn(), nil)
	apply(t, g, endTurn(), nil)
	if g.Phase == engine.PhaseDiscard {
		apply(t, g, discard(0), nil)
	}
	if g.Player != 0 || g.Phase != engine.PhasePlay {
		t.Fatalf("turn %d: player %d phase %d; want the Steel Police to play", g.Turn, g.Player+1, g.Phase)
	}
	if _, ok := spNet(g); ok {
		t.Fatal("a second Net of Steel is offered while the marker is on the Gauss Cannon")
	}
	// The netted Gauss Cannon leaves the board: the marker comes back.
	g.S.Remove(gauss)
	if _, ok := spNet(g); !ok {
		t.Fatal("the Net of Steel did not come back when its unit left the board")
	}
	// With the Launcher on the board the net costs nothing.
	setHand(t, g, 0, "Net of Steel Launcher")
	apply(t, g, place(0, hexAt(t, "b1"), rules.N), nil)
	a, _ = spNet(g)
	apply(t, g, a, nil)
	apply(t, g, engine.Action{Kind: engine.KStep, Hex: hybrid, To: engine.NoHex}, nil)
	if hq := g.S.HQPoints(0); hq != 19 || !g.Netted(hybrid) {
		t.Fatalf("with the Launcher: HQ %d (want 19: free), Hybrid netted %v", hq, g.Netted(hybrid))
	}
}

// A netted HQ throws no Net of Steel (a net stops every action, 000).
func TestSteelPoliceHQNetWhileNetted(t *testing.T) {
	g := spGame(t, "a1", "e3")
	put(t, g, 1, "Hybrid", "c3", rules.N)
	put(t, g, 1, "Net Fighter", "b1", rules.SW) // printed N and NW nets face SW (a1) and S
	if !g.Netted(g.S.HQ[0]) {
		t.Fatal("the Steel Police HQ should be netted")
	}
	if _, ok := spNet(g); ok {
		t.Fatal("a netted HQ may not throw the Net of Steel")
	}
}

// The Executioner: it may be placed straight onto any enemy unit but an HQ
// for 1 HQ point ("Wystawia go na Alfę, która zostaje zniszczona", 002);
// the unit is discarded, a linked Medic does not save it and armor does not
// help. Placed on an empty hex it may still execute (a second step), or
// decline for free.
func TestSteelPoliceExecutioner(t *testing.T) {
	g := spGame(t, "a1", "e3")
	jug := put(t, g, 1, "Juggernaut", "c3", rules.S)
	medic := put(t, g, 1, "Medic", "c4", rules.N) // its N link reaches the Juggernaut
	own := put(t, g, 0, "Judge", "b2", rules.N)
	setHand(t, g, 0, "Executioner")
	onto := func(h engine.Hex) bool {
		_, ok := spFind(g, func(a engine.Action) bool { return a.Kind == engine.KPlace && a.Hex == h })
		return ok
	}
	if !onto(jug) || !onto(medic) || onto(own) || onto(g.S.HQ[0]) || onto(g.S.HQ[1]) {
		t.Fatal("the Executioner must be placeable onto every enemy unit but the HQ, onto no own unit")
	}
	apply(t, g, place(0, jug, rules.S), nil)
	u := g.S.Cells[jug].Unit
	if u.Empty() || u.Owner != 0 || g.S.Tok(u).Name != "Executioner" || u.Facing != rules.S {
		t.Fatalf("c3 holds %+v; want the Executioner facing S", u)
	}
	if g.Phase != engine.PhasePlay {
		t.Fatalf("phase %d after the execution; want play", g.Phase)
	}
	if hq := g.S.HQPoints(0); hq != 19 {
		t.Fatalf("HQ points %d, want 19 (the execution costs 1)", hq)
	}
	if n := g.Discarded[1][g.S.Armies[1].Lookup("Juggernaut")]; n != 1 {
		t.Fatalf("Juggernaut discarded %d times, want 1", n)
	}
	if m := g.S.Cells[medic].Unit; m.Empty() || g.S.Tok(m).Name != "Medic" {
		t.Fatal("the Medic must not take the execution")
	}

	// Placed on an empty hex, it may execute as a second step.
	g = spGame(t, "a1", "e3")
	hybrid := put(t, g, 1, "Hybrid", "c3", rules.S)
	setHand(t, g, 0, "Executioner")
	b4 := hexAt(t, "b4")
	apply(t, g, place(0, b4, rules.N), nil)
	if g.Phase != engine.PhaseStep || g.S.HQPoints(0) != 20 {
		t.Fatalf("placed on b4: phase %d, HQ %d; want the execution step, nothing paid yet", g.Phase, g.S.HQPoints(0))
	}
	apply(t, g, engine.Action{Kind: engine.KStep, Hex: hybrid, To: engine.NoHex, Facing: rules.N}, nil)
	if u := g.S.Cells[hybrid].Unit; u.Empty() || u.Owner != 0 || !g.S.Cells[b4].Unit.Empty() || g.S.HQPoints(0) != 19 {
		t.Fatalf("second-step execution: c3 %+v, HQ %d; want the Executioner on c3, b4 empty, 19", u, g.S.HQPoints(0))
	}

	// Declined: the Executioner stays where it was placed, for free.
	g = spGame(t, "a1", "e3")
	put(t, g, 1, "Hybrid", "c3", rules.S)
	setHand(t, g, 0, "Executioner")
	apply(t, g, place(0, b4, rules.N), nil)
	apply(t, g, engine.Action{Kind: engine.KSkip, Hex: engine.NoHex, To: engine.NoHex}, nil)
	if u := g.S.Cells[b4].Unit; u.Empty() || g.S.HQPoints(0) != 20 {
		t.Fatalf("declined execution: b4 empty %v, HQ %d; want the Executioner on b4 and 20", u.Empty(), g.S.HQPoints(0))
	}
}

// The Pacifier (Replacement): a drawn board token may be put on its hex;
// the Pacifier is discarded. Other own units cannot be replaced.
func TestSteelPolicePacifierReplaced(t *testing.T) {
	g := spGame(t, "a1", "e3")
	pac := put(t, g, 0, "Pacifier", "c3", rules.N)
	wardog := put(t, g, 0, "Wardog", "c4", rules.N)
	setHand(t, g, 0, "Judge")
	if _, ok := spFind(g, func(a engine.Action) bool { return a.Kind == engine.KPlace && a.Hex == wardog }); ok {
		t.Fatal("a Wardog is not replaceable")
	}
	apply(t, g, place(0, pac, rules.S), nil)
	u := g.S.Cells[pac].Unit
	if u.Empty() || g.S.Tok(u).Name != "Judge" || u.Facing != rules.S {
		t.Fatalf("c3 holds %+v; want the Judge facing S", u)
	}
	if n := g.Discarded[0][g.S.Armies[0].Lookup("Pacifier")]; n != 1 {
		t.Fatalf("Pacifier discarded %d times, want 1", n)
	}
}

// The Riot Policeman pushes an adjacent enemy once per own turn; the Judge
// moves one hex (mobility).
func TestSteelPoliceRiotPushJudgeMove(t *testing.T) {
	g := spGame(t, "a1", "e3")
	riot := put(t, g, 0, "Riot Policeman", "c3", rules.N)
	hybrid := put(t, g, 1, "Hybrid", "c2", rules.N)
	judge := put(t, g, 0, "Judge", "b4", rules.N)
	a, ok := spFind(g, func(a engine.Action) bool {
		return a.Kind == engine.KAbility && a.Slot == engine.AbPush && a.Hex == riot && a.To == hybrid
	})
	if !ok {
		t.Fatal("the Riot Policeman's push is not offered")
	}
	apply(t, g, a, nil)
	if !g.S.Cells[hybrid].Unit.Empty() || g.S.Cells[hexAt(t, "c1")].Unit.Empty() {
		t.Fatal("the Hybrid was not pushed from c2 to c1")
	}
	if _, ok := spFind(g, func(a engine.Action) bool { return a.Kind == engine.KAbility && a.Slot == engine.AbPush }); ok {
		t.Fatal("a second push in the same turn")
	}
	b3 := hexAt(t, "b3")
	apply(t, g, engine.Action{Kind: engine.KAbility, Slot: engine.AbMove, Hex: judge, To: b3, Facing: rules.NE}, nil)
	if u := g.S.Cells[b3].Unit; u.Empty() || g.S.Tok(u).Name != "Judge" || u.Facing != rules.NE {
		t.Fatal("the Judge did not move to b3 facing NE")
	}
}
