package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// netGame: player 1 plays the Net Marks army (HQ on a1), player 2 Game A
// (HQ on e3); player 1's first turn.
func netGame(t *testing.T) *Game {
	t.Helper()
	g := setUpGame(t, loadArmy(t, "testdata/netmark.army"), loadArmy(t, "testdata/game_a.army"), 7, "a1", "e3")
	g.fresh = false
	return g
}

// hqNet is the HQ's own-turn net ability, or ok=false when it is not offered.
func hqNet(g *Game) (Action, bool) {
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KAbility && a.Slot == AbTrigger && a.Hex == g.S.HQ[g.Player] {
			return a, true
		}
	}
	return Action{}, false
}

// TestNetMarkersLimit: net markers=1 throws one marker; while it is out the
// ability is not offered; it comes back when the netted unit leaves the
// board; the cost is waived while the free_if token is on the board.
func TestNetMarkersLimit(t *testing.T) {
	g := netGame(t)
	r1 := put(t, g, 1, "Dasher", "c3", rules.N)
	r2 := put(t, g, 1, "Dasher", "c5", rules.N)
	a, ok := hqNet(g)
	if !ok {
		t.Fatal("the HQ net is not offered")
	}
	must(t, g, a)
	if g.Phase != PhaseStep {
		t.Fatalf("after using the ability: phase %d, want its net step", g.Phase)
	}
	if hq := g.S.HQPoints(0); hq != 19 {
		t.Fatalf("HQ points %d, want 19 (cost 1, no Beacon)", hq)
	}
	if n := count(g.LegalActions(nil), func(a Action) bool { return a.Kind == KStep && a.Hex == g.S.HQ[1] }); n != 0 {
		t.Fatal("the net may not target an HQ")
	}
	must(t, g, Action{Kind: KStep, Hex: r1, To: NoHex})
	if !g.Netted(r1) || g.Netted(r2) {
		t.Fatalf("netted c3 %v c5 %v, want only c3", g.Netted(r1), g.Netted(r2))
	}
	endTurn(t, g)
	g.fresh = false
	endTurn(t, g)
	g.fresh = false
	if g.Phase == PhaseDiscard {
		must(t, g, Action{Kind: KDiscard, Hex: NoHex, To: NoHex})
	}
	if g.Player != 0 || g.Phase != PhasePlay {
		t.Fatalf("turn %d: player %d phase %d, want player 1 playing", g.Turn, g.Player+1, g.Phase)
	}
	if _, ok := hqNet(g); ok {
		t.Fatal("a second net is offered while the only marker is out")
	}
	g.removeUnit(r1) // the netted unit leaves the board: the marker comes back
	a, ok = hqNet(g)
	if !ok {
		t.Fatal("the marker did not come back when the netted unit left the board")
	}
	put(t, g, 0, "Beacon", "b1", rules.N)
	must(t, g, a)
	must(t, g, Action{Kind: KStep, Hex: r2, To: NoHex})
	if hq := g.S.HQPoints(0); hq != 19 || !g.Netted(r2) {
		t.Fatalf("with the Beacon: HQ %d (want 19, free), c5 netted %v", hq, g.Netted(r2))
	}
}

// markedGame is netGame after player 1's HQ threw its marker on player
// 2's Dasher on c3 (returned) and ended the turn: player 2 to play.
func markedGame(t *testing.T) (*Game, Hex) {
	t.Helper()
	g := netGame(t)
	r1 := put(t, g, 1, "Dasher", "c3", rules.N)
	a, ok := hqNet(g)
	if !ok {
		t.Fatal("the HQ net is not offered")
	}
	must(t, g, a)
	must(t, g, Action{Kind: KStep, Hex: r1, To: NoHex})
	if !g.Netted(r1) {
		t.Fatal("the marker did not net c3")
	}
	endTurn(t, g)
	g.fresh = false
	return g, r1
}

// TestNetMarkerComesBackWhenThrowerNetted: the marker comes back, freeing
// the netted unit, when the HQ that threw it is itself netted; once the HQ
// is free it may throw the marker again.
func TestNetMarkerComesBackWhenThrowerNetted(t *testing.T) {
	g, r1 := markedGame(t)
	setHand(t, g, 1, "Netter")
	netter := hexOf(t, "a2") // its N edge faces the HQ on a1
	must(t, g, Action{Kind: KPlace, Slot: 0, Hex: netter, Facing: rules.N, To: NoHex})
	if !g.Netted(g.S.HQ[0]) {
		t.Fatal("the Netter on a2 does not net the HQ on a1")
	}
	if g.Netted(r1) {
		t.Fatal("the HQ is netted but its marker still holds c3")
	}
	g.removeUnit(netter)
	endTurn(t, g)
	g.fresh = false
	if g.Phase == PhaseDiscard {
		must(t, g, Action{Kind: KDiscard, Hex: NoHex, To: NoHex})
	}
	if _, ok := hqNet(g); !ok {
		t.Fatal("the HQ, free again, may not throw its marker")
	}
}

// TestPlacedBoardMarkerComesBack: in a position whose marker comes back at
// the next action (its thrower netted since the last one, as after a
// battle that ended the turn, here by a Netter put down directly), no
// placement is plain: ApplyLegal's recall frees the unit, so the board
// after even a placement far from every net is not the position's board
// with the unit (Game.apartFromMarkers' markersStay).
func TestPlacedBoardMarkerComesBack(t *testing.T) {
	g, r1 := markedGame(t)
	put(t, g, 1, "Netter", "a2", rules.N) // its N edge nets the HQ on a1; no action has run since
	if g.S.Cells[r1].Unit.Marks&NetMarker == 0 {
		t.Fatal("the marker left c3 before any action")
	}
	setHand(t, g, 1, "Dasher")
	place := Action{Kind: KPlace, Slot: 0, Hex: hexOf(t, "e1"), Facing: rules.N, To: NoHex}
	var s State
	plain := g.PlacedBoard(place, &s)
	cp := *g
	must(t, &cp, place)
	if cp.S.Cells[r1].Unit.Marks&NetMarker != 0 {
		t.Fatal("ApplyLegal did not bring the marker back")
	}
	if plain {
		t.Fatal("PlacedBoard calls the placement plain, but the marker on c3 comes back")
	}
}
