package armies_test

import (
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
	a0, err := loader("outpost")
	if err != nil {
		t.Fatal(err)
	}
	a1, err := loader("moloch")
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(engine.Standard, a0, a1, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []string{hq0, hq1} {
		if err := g.Apply(engine.PlaceHQ(outpostHex(t, h), rules.N), engine.FirstOption{}); err != nil {
			t.Fatal(err)
		}
	}
	// Hand back to the deck, then the wanted hand out of it.
	for g.HandLen[0] > 0 {
		g.HandLen[0]--
		g.Deck[0][g.DeckLen[0]] = g.Hand[0][g.HandLen[0]]
		g.DeckLen[0]++
	}
	for _, name := range hand {
		g.Hand[0][g.HandLen[0]] = outpostFromDeck(t, g, 0, name)
		g.HandLen[0]++
	}
	for _, b := range board {
		f := strings.Fields(b)
		p := uint8(f[0][0] - '1')
		name := strings.Join(f[1:len(f)-1], " ")
		if err := g.S.Place(outpostHex(t, f[len(f)-1]), p, outpostFromDeck(t, g, p, name), rules.N); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func outpostHex(t *testing.T, name string) engine.Hex {
	t.Helper()
	h, ok := engine.Standard.Hex(name)
	if !ok {
		t.Fatalf("no hex %s", name)
	}
	return h
}

// outpostFromDeck takes a token of player p's deck by name.
func outpostFromDeck(t *testing.T, g *engine.Game, p uint8, name string) uint8 {
	t.Helper()
	ti := g.S.Armies[p].Lookup(name)
	for i := 0; i < int(g.DeckLen[p]); i++ {
		if int(g.Deck[p][i]) == ti {
			copy(g.Deck[p][i:], g.Deck[p][i+1:g.DeckLen[p]])
			g.DeckLen[p]--
			return uint8(ti)
		}
	}
	t.Fatalf("no %q left in player %d's deck", name, p+1)
	return 0
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
	hq := outpostHex(t, "c3")
	if got := outpostReach(g, engine.KInstant, hq); strings.Join(got, " ") != "b2 b3 c2 c4 d2 d3" {
		t.Fatalf("without the Recon Centre the HQ may move to %v, want its six neighbours", got)
	}

	// With it, two hexes: play the Move and take the HQ from c3 to c1.
	g = outpostGame(t, "c3", "e3", []string{"Move"}, "1 Recon Centre a1", "1 Runner b4")
	if got := outpostReach(g, engine.KInstant, hq); len(got) != 15 || !outpostHas(got, "c1") || !outpostHas(got, "e1") {
		t.Fatalf("with the Recon Centre the HQ may move to %v, want every empty hex within 2 (15)", got)
	}
	runner := outpostHex(t, "b4")
	if got := outpostReach(g, engine.KAbility, runner); !outpostHas(got, "b2") || !outpostHas(got, "d4") || outpostHas(got, "b1") {
		t.Fatalf("with the Recon Centre the Runner's mobility reaches %v, want distance 2 (b2, d4) and no further", got)
	}
	if err := g.Apply(engine.Action{Kind: engine.KInstant, Slot: 0, Hex: hq, To: outpostHex(t, "c1"), Facing: rules.N}, engine.FirstOption{}); err != nil {
		t.Fatal(err)
	}
	if g.S.HQ[0] != outpostHex(t, "c1") {
		t.Fatalf("after the Move the Outpost HQ is on %s, want c1", g.S.Board.Names[g.S.HQ[0]])
	}
	if g.Discarded[0][g.S.Armies[0].Lookup("Move")] != 1 {
		t.Fatalf("the Move token was not discarded")
	}

	// The Runner's mobility goes two hexes too.
	if err := g.Apply(engine.Action{Kind: engine.KAbility, Slot: engine.AbMove, Hex: runner, To: outpostHex(t, "b2"), Facing: rules.SE}, engine.FirstOption{}); err != nil {
		t.Fatal(err)
	}
	if u := g.S.Unit(outpostHex(t, "b2")); u.Empty() || g.S.Tok(u).Name != "Runner" || u.Facing != rules.SE {
		t.Fatalf("the Runner did not move two hexes to b2, turning SE")
	}

	// Moloch's moves stay one hex long: its turn, its Move token on its HQ.
	if err := g.Apply(engine.EndTurn(), engine.FirstOption{}); err != nil {
		t.Fatal(err)
	}
	for g.HandLen[1] > 0 {
		g.HandLen[1]--
		g.Deck[1][g.DeckLen[1]] = g.Hand[1][g.HandLen[1]]
		g.DeckLen[1]++
	}
	g.Hand[1][0], g.HandLen[1] = outpostFromDeck(t, g, 1, "Move"), 1
	if got := outpostReach(g, engine.KInstant, outpostHex(t, "e3")); strings.Join(got, " ") != "d3 d4 e2" {
		t.Fatalf("the Moloch HQ may move to %v, want its three neighbours only", got)
	}

	// A netted Recon Centre gives nothing: Moloch's Net Fighter on a2 turns
	// its N net edge to it.
	g = outpostGame(t, "c3", "e3", []string{"Move"}, "1 Recon Centre a1", "2 Net Fighter a2")
	if got := outpostReach(g, engine.KInstant, hq); len(got) != 6 {
		t.Fatalf("with a netted Recon Centre the HQ may move to %v, want its six neighbours", got)
	}
}

func outpostHas(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestOutpostScoperInTurn: placing the Scoper next to a Moloch Medic takes
// it at once (modules act at once, 000), without turning it; the Sniper then
// kills the Moloch Hybrid the Medic would have saved.
func TestOutpostScoperInTurn(t *testing.T) {
	g := outpostGame(t, "a1", "e3", []string{"Scoper", "Sniper"}, "2 Medic c3", "2 Hybrid c2")
	medic, hybrid := outpostHex(t, "c3"), outpostHex(t, "c2")
	if err := g.Apply(engine.Place(0, outpostHex(t, "d2"), rules.N), engine.OwnerBest{}); err != nil {
		t.Fatal(err)
	}
	if u := g.S.Unit(medic); u.Controller() != 0 || u.Facing != rules.N {
		t.Fatalf("Moloch Medic after the Scoper is placed: controller %d facing %s, want player 1 and N", u.Controller()+1, u.Facing)
	}
	if err := g.Apply(engine.Action{Kind: engine.KInstant, Slot: 0, Hex: hybrid, To: engine.NoHex}, engine.OwnerBest{}); err != nil {
		t.Fatal(err)
	}
	if !g.S.Unit(hybrid).Empty() || g.S.Unit(medic).Empty() {
		t.Fatalf("after the Sniper: Hybrid on c2 %v, Medic on c3 %v; want the Hybrid dead and the Medic unused",
			!g.S.Unit(hybrid).Empty(), !g.S.Unit(medic).Empty())
	}
}
