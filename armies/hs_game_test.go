package armies_test

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// Game-API helpers of the Hegemony and Smart turn-ability tests (prefixed
// hs so that they do not clash with other armies' helpers).

// hsGame starts a game of army a0 (player 1) against a1 (player 2) with the
// HQs on hq0 and hq1, at the start of player 1's first turn.
func hsGame(t *testing.T, a0, a1, hq0, hq1 string) *engine.Game {
	t.Helper()
	x, err := loader(a0)
	if err != nil {
		t.Fatal(err)
	}
	y, err := loader(a1)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(engine.Standard, x, y, 1)
	if err != nil {
		t.Fatal(err)
	}
	hsDo(t, g, engine.PlaceHQ(hsHex(t, hq0), rules.N))
	hsDo(t, g, engine.PlaceHQ(hsHex(t, hq1), rules.N))
	if g.Turn != 1 || g.Player != 0 || g.Phase != engine.PhasePlay {
		t.Fatalf("after set-up: turn %d player %d phase %d", g.Turn, g.Player+1, g.Phase)
	}
	return g
}

func hsHex(t *testing.T, name string) engine.Hex {
	t.Helper()
	h, ok := engine.Standard.Hex(name)
	if !ok {
		t.Fatalf("no hex %s", name)
	}
	return h
}

func hsDo(t *testing.T, g *engine.Game, a engine.Action) {
	t.Helper()
	if err := g.Apply(a, engine.FirstOption{}); err != nil {
		t.Fatal(err)
	}
}

// hsFromDeck takes a token named name out of player p's deck.
func hsFromDeck(t *testing.T, g *engine.Game, p uint8, name string) uint8 {
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

// hsHand gives player p exactly the named tokens in hand (the old hand goes
// back into the deck).
func hsHand(t *testing.T, g *engine.Game, p uint8, names ...string) {
	t.Helper()
	for i := 0; i < int(g.HandLen[p]); i++ {
		g.Deck[p][g.DeckLen[p]] = g.Hand[p][i]
		g.DeckLen[p]++
	}
	g.HandLen[p] = 0
	for _, n := range names {
		g.Hand[p][g.HandLen[p]] = hsFromDeck(t, g, p, n)
		g.HandLen[p]++
	}
}

// hsPut puts a token of player p from the deck on the board.
func hsPut(t *testing.T, g *engine.Game, p uint8, name, hex string, f rules.Dir) engine.Hex {
	t.Helper()
	h := hsHex(t, hex)
	if err := g.S.Place(h, p, hsFromDeck(t, g, p, name), f); err != nil {
		t.Fatal(err)
	}
	return h
}

// hsCount counts the legal actions that keep accepts.
func hsCount(g *engine.Game, keep func(engine.Action) bool) int {
	n := 0
	for _, a := range g.LegalActions(nil) {
		if keep(a) {
			n++
		}
	}
	return n
}

// hsAbility counts the legal uses of ability slot by the unit on h.
func hsAbility(g *engine.Game, h engine.Hex, slot uint8) int {
	return hsCount(g, func(a engine.Action) bool { return a.Kind == engine.KAbility && a.Slot == slot && a.Hex == h })
}

// hsMove is the ability action moving the unit on from to to, facing f.
func hsMove(slot uint8, from, to engine.Hex, f rules.Dir) engine.Action {
	return engine.Action{Kind: engine.KAbility, Slot: slot, Hex: from, To: to, Facing: f}
}

// hsUnit is the name of the unit on hex (or "").
func hsUnit(t *testing.T, g *engine.Game, hex string) string {
	t.Helper()
	u := g.S.Cells[hsHex(t, hex)].Unit
	if u.Empty() {
		return ""
	}
	return g.S.Tok(u).Name
}

// hsDeckTop is the name of the token on top of player p's deck.
func hsDeckTop(g *engine.Game, p uint8) string {
	if g.DeckLen[p] == 0 {
		return ""
	}
	return g.S.Armies[p].Tokens[g.Deck[p][g.DeckLen[p]-1]].Name
}
