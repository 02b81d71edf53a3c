package armies_test

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// TestOutpostSignatures: the Outpost HQ's extra action (also the third action
// of a unit with two initiatives), the Saboteur slowing an enemy unit, the
// Scoper taking an enemy module (an Officer, a Medic), and the Scoper against
// the Vegas Agitator (001).
func TestOutpostSignatures(t *testing.T) {
	runSignatures(t, []signature{
		{name: "outpost_hq_extra", dies: []string{"2 Blocker c2"}, hq: [2]int{20, 20}},
		{name: "outpost_hq_third", dies: []string{"2 Blocker c1"}, hq: [2]int{20, 20}},
		{name: "outpost_saboteur", dies: []string{"2 Hybrid d4"}, hq: [2]int{20, 20}},
		{name: "outpost_scoper", dies: []string{"2 Hybrid d2"}, hq: [2]int{19, 17}},
		{name: "outpost_scoper_medic", dies: []string{"1 Medic c3", "2 Hybrid b3", "2 Hybrid c1"}, hq: [2]int{20, 20}},
		{name: "outpost_scoper_agitator", hq: [2]int{18, 20}},
		{name: "outpost_scoper_takes_agitator", hq: [2]int{20, 19}},
	})
}

// outpostGame is an Outpost (player 1) against Moloch (player 2) game after
// set-up, HQs on hq0 and hq1, player 1 to play holding only the tokens named
// in hand; the tokens in board are put on the board ("player token hex").
func outpostGame(t *testing.T, hq0, hq1 string, hand []string, board ...string) *engine.Game {
	t.Helper()
	g := newGame(t, "outpost", "moloch", hq0, hq1)
	setHand(t, g, 0, hand...)
	for _, b := range board {
		f := strings.Fields(b)
		put(t, g, uint8(f[0][0]-'1'), strings.Join(f[1:len(f)-1], " "), f[len(f)-1], rules.N)
	}
	return g
}

// outpostReach lists the hexes the unit on from can be moved to by the
// legal actions of kind k (the Move instant, or the mobility ability).
func outpostReach(g *engine.Game, k engine.ActionKind, from engine.Hex) []string {
	seen := map[string]bool{}
	for _, a := range g.LegalActions(nil) {
		if a.Kind == k && a.Hex == from && a.To != from && a.To != engine.NoHex && (k != engine.KAbility || a.Slot == engine.AbMove || a.Slot == engine.AbGrantedMove) {
			seen[g.S.Board.Names[a.To]] = true
		}
	}
	var out []string
	for h := range seen {
		out = append(out, h)
	}
	sort.Strings(out)
	return out
}

// TestOutpostReconCentre: with the Recon Centre on the board every Outpost
// move goes up to two hexes: the HQ with a Move token, the Runner with its
// mobility; a netted Recon Centre gives nothing; Moloch's moves stay short.
func TestOutpostReconCentre(t *testing.T) {
	// Without the Recon Centre the Move token moves the HQ one hex.
	g := outpostGame(t, "c3", "e3", []string{"Move"})
	hq := hexAt(t, "c3")
	if got := outpostReach(g, engine.KInstant, hq); strings.Join(got, " ") != "b2 b3 c2 c4 d2 d3" {
		t.Fatalf("without the Recon Centre the HQ may move to %v, want its six neighbours", got)
	}

	// With it, two hexes: play the Move and take the HQ from c3 to c1.
	g = outpostGame(t, "c3", "e3", []string{"Move"}, "1 Recon Centre a1", "1 Runner b4")
	if got := outpostReach(g, engine.KInstant, hq); len(got) != 15 || !slices.Contains(got, "c1") || !slices.Contains(got, "e1") {
		t.Fatalf("with the Recon Centre the HQ may move to %v, want every empty hex within 2 (15)", got)
	}
	runner := hexAt(t, "b4")
	if got := outpostReach(g, engine.KAbility, runner); !slices.Contains(got, "b2") || !slices.Contains(got, "d4") || slices.Contains(got, "b1") {
		t.Fatalf("with the Recon Centre the Runner's mobility reaches %v, want distance 2 (b2, d4) and no further", got)
	}
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: hq, To: hexAt(t, "c1"), Facing: rules.N}, nil)
	if g.S.HQ[0] != hexAt(t, "c1") {
		t.Fatalf("after the Move the Outpost HQ is on %s, want c1", g.S.Board.Names[g.S.HQ[0]])
	}
	if g.Discarded[0][g.S.Armies[0].Lookup("Move")] != 1 {
		t.Fatalf("the Move token was not discarded")
	}

	// The Runner's mobility goes two hexes too.
	apply(t, g, engine.Action{Kind: engine.KAbility, Slot: engine.AbMove, Hex: runner, To: hexAt(t, "b2"), Facing: rules.SE}, nil)
	if u := g.S.Unit(hexAt(t, "b2")); u.Empty() || g.S.Tok(u).Name != "Runner" || u.Facing != rules.SE {
		t.Fatalf("the Runner did not move two hexes to b2, turning SE")
	}

	// Moloch's moves stay one hex long: its turn, its Move token on its HQ.
	apply(t, g, endTurn(), nil)
	setHand(t, g, 1, "Move")
	if got := outpostReach(g, engine.KInstant, hexAt(t, "e3")); strings.Join(got, " ") != "d3 d4 e2" {
		t.Fatalf("the Moloch HQ may move to %v, want its three neighbours only", got)
	}

	// A netted Recon Centre gives nothing: Moloch's Net Fighter on a2 turns
	// its N net edge to it.
	g = outpostGame(t, "c3", "e3", []string{"Move"}, "1 Recon Centre a1", "2 Net Fighter a2")
	if got := outpostReach(g, engine.KInstant, hq); len(got) != 6 {
		t.Fatalf("with a netted Recon Centre the HQ may move to %v, want its six neighbours", got)
	}
}

// TestOutpostScoperInTurn: placing the Scoper next to a Moloch Medic takes
// it at once (modules act at once, 000), without turning it; the Sniper then
// kills the Moloch Hybrid the Medic would have saved.
func TestOutpostScoperInTurn(t *testing.T) {
	g := outpostGame(t, "a1", "e3", []string{"Scoper", "Sniper"}, "2 Medic c3", "2 Hybrid c2")
	medic, hybrid := hexAt(t, "c3"), hexAt(t, "c2")
	apply(t, g, place(0, hexAt(t, "d2"), rules.N), engine.OwnerBest{})
	if u := g.S.Unit(medic); u.Controller() != 0 || u.Facing != rules.N {
		t.Fatalf("Moloch Medic after the Scoper is placed: controller %d facing %s, want player 1 and N", u.Controller()+1, u.Facing)
	}
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: hybrid, To: engine.NoHex}, engine.OwnerBest{})
	if !g.S.Unit(hybrid).Empty() || g.S.Unit(medic).Empty() {
		t.Fatalf("after the Sniper: Hybrid on c2 %v, Medic on c3 %v; want the Hybrid dead and the Medic unused",
			!g.S.Unit(hybrid).Empty(), !g.S.Unit(medic).Empty())
	}
}
