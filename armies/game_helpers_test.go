package armies_test

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

// Game-API helpers shared by the army tests of turn (non-battle) abilities:
// set up a game, give a player a hand, put tokens on the board, apply
// actions and read the outcome.

// loadArmy loads an official army (or an army file) by name.
func loadArmy(t *testing.T, name string) *rules.Army {
	t.Helper()
	a, err := loader(name)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// hexAt is the hex of the standard board called name ("c3").
func hexAt(t *testing.T, name string) engine.Hex {
	t.Helper()
	h, ok := position.Standard.Hex(name)
	if !ok {
		t.Fatalf("no hex %s", name)
	}
	return h
}

// placeHQ is the set-up action putting the player's HQ on hex, facing N.
func placeHQ(t *testing.T, hex string) engine.Action {
	t.Helper()
	return engine.Action{Kind: engine.KPlaceHQ, Hex: hexAt(t, hex), To: engine.NoHex, Facing: rules.N}
}

// endTurn is the action that ends the turn. (The engine's tests have these
// constructors in a test file of package engine, which other packages'
// tests cannot import; a player takes its actions from LegalActions.)
func endTurn() engine.Action {
	return engine.Action{Kind: engine.KEndTurn, Hex: engine.NoHex, To: engine.NoHex}
}

// place puts the board token of hand slot i on h facing f.
func place(i uint8, h engine.Hex, f rules.Dir) engine.Action {
	return engine.Action{Kind: engine.KPlace, Slot: i, Hex: h, To: engine.NoHex, Facing: f}
}

// discard discards hand slot i.
func discard(i uint8) engine.Action {
	return engine.Action{Kind: engine.KDiscard, Slot: i, Hex: engine.NoHex, To: engine.NoHex}
}

// startGame starts a game of army a0 (player 1) against a1 (player 2) with
// the given deck seed, applies the set-up actions (usually the two HQs) and
// checks that player 1's first turn has begun.
func startGame(t *testing.T, a0, a1 string, seed uint64, setup ...engine.Action) *engine.Game {
	t.Helper()
	g, err := engine.NewGame(engine.Config{Board: position.Standard}, []*rules.Army{loadArmy(t, a0), loadArmy(t, a1)}, seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range setup {
		apply(t, g, a, nil)
	}
	if g.Turn != 1 || g.Player != 0 || g.Phase != engine.PhasePlay {
		t.Fatalf("after set-up: turn %d, player %d, phase %d", g.Turn, g.Player+1, g.Phase)
	}
	return g
}

// apply applies action a, answering the engine's questions with d
// (nil: engine.FirstOption), and fails the test on error.
func apply(t *testing.T, g *engine.Game, a engine.Action, d engine.Decider) {
	t.Helper()
	if d == nil {
		d = engine.FirstOption{}
	}
	if err := g.Apply(a, d); err != nil {
		t.Fatal(err)
	}
}

// fromDeck takes a token named name out of player p's deck.
func fromDeck(t *testing.T, g *engine.Game, p uint8, name string) uint8 {
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

// setHand gives player p exactly the named tokens in hand, taken from the
// deck (the old hand goes back into the deck first).
func setHand(t *testing.T, g *engine.Game, p uint8, names ...string) {
	t.Helper()
	for i := 0; i < int(g.HandLen[p]); i++ {
		g.Deck[p][g.DeckLen[p]] = g.Hand[p][i]
		g.DeckLen[p]++
	}
	g.HandLen[p] = 0
	for _, n := range names {
		g.Hand[p][g.HandLen[p]] = fromDeck(t, g, p, n)
		g.HandLen[p]++
	}
}

// put places a token of player p, taken from the deck, on hex facing f.
func put(t *testing.T, g *engine.Game, p uint8, name, hex string, f rules.Dir) engine.Hex {
	t.Helper()
	h := hexAt(t, hex)
	if err := g.S.Place(h, p, fromDeck(t, g, p, name), f); err != nil {
		t.Fatal(err)
	}
	return h
}

// legal reports whether a is among the legal actions.
func legal(g *engine.Game, a engine.Action) bool {
	for _, x := range g.LegalActions(nil) {
		if x == a {
			return true
		}
	}
	return false
}

// unitName is the name of the unit on h (or "" when there is none).
func unitName(g *engine.Game, h engine.Hex) string {
	u := g.S.Unit(h)
	if u.Empty() {
		return ""
	}
	return g.S.Tok(u).Name
}

// unitAt is the name of the unit on the hex called hex (or "").
func unitAt(t *testing.T, g *engine.Game, hex string) string {
	t.Helper()
	return unitName(g, hexAt(t, hex))
}

// newGame starts a game of army a0 (player 1) against a1 (player 2), deck
// seed 1, HQs on hq0 and hq1, at the start of player 1's first turn.
func newGame(t *testing.T, a0, a1, hq0, hq1 string) *engine.Game {
	t.Helper()
	return startGame(t, a0, a1, 1, placeHQ(t, hq0), placeHQ(t, hq1))
}

// countLegal counts the legal actions that keep accepts.
func countLegal(g *engine.Game, keep func(engine.Action) bool) int {
	n := 0
	for _, a := range g.LegalActions(nil) {
		if keep(a) {
			n++
		}
	}
	return n
}

// abilityUses counts the legal uses of ability slot by the unit on h.
func abilityUses(g *engine.Game, h engine.Hex, slot uint8) int {
	return countLegal(g, func(a engine.Action) bool { return a.Kind == engine.KAbility && a.Slot == slot && a.Hex == h })
}

// moveAction is the ability action (slot) moving the unit on from to to, facing f.
func moveAction(slot uint8, from, to engine.Hex, f rules.Dir) engine.Action {
	return engine.Action{Kind: engine.KAbility, Slot: slot, Hex: from, To: to, Facing: f}
}

// deckTop is the name of the token on top of player p's deck (or "").
func deckTop(g *engine.Game, p uint8) string {
	if g.DeckLen[p] == 0 {
		return ""
	}
	return g.S.Armies[p].Tokens[g.Deck[p][g.DeckLen[p]-1]].Name
}
