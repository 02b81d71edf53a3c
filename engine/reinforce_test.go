package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// TestReinforcements (Neuroshima Hex 3.0 core rules, "Posiłki": "dobiera
// do 6 żetonów, 1 musi odrzucić, 2 zagrać, odrzucić lub pozostawić na
// później, a pozostałe 3 zostawić"): from the third turn a player draws up
// to six and discards one, then may use (play or discard) two tokens at
// most, and three stay in hand; the first two turns draw as usual.
func TestReinforcements(t *testing.T) {
	a, b := loadArmy(t, "testdata/game_a.army"), loadArmy(t, "testdata/game_b.army")
	g, err := NewGame(Config{Board: Standard, Reinforce: true}, []*rules.Army{a, b}, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a1", "e3"} {
		must(t, g, Action{Kind: KPlaceHQ, Hex: hexOf(t, name), To: NoHex})
		for g.Phase == PhaseAside {
			must(t, g, g.LegalActions(nil)[0])
		}
	}
	if g.HandLen[0] != 1 {
		t.Fatalf("turn 1 draws %d, want 1", g.HandLen[0])
	}
	must(t, g, Action{Kind: KEndTurn, Hex: NoHex, To: NoHex})
	if g.HandLen[1] != 2 {
		t.Fatalf("turn 2 draws %d, want 2", g.HandLen[1])
	}
	must(t, g, Action{Kind: KEndTurn, Hex: NoHex, To: NoHex})
	if g.HandLen[0] != 6 || g.Phase != PhaseDiscard {
		t.Fatalf("turn 3: player 1 holds %d (phase %d), want 6 and a discard", g.HandLen[0], g.Phase)
	}
	setHand(t, g, 0, "Turret", "Brute", "Dasher", "Dasher", "Hook", "Wall")
	must(t, g, Action{Kind: KDiscard, Slot: 5, Hex: NoHex, To: NoHex})
	uses := func() int {
		return count(g.LegalActions(nil), func(x Action) bool {
			return x.Kind == KPlace || x.Kind == KInstant || x.Kind == KDiscard
		})
	}
	must(t, g, Action{Kind: KPlace, Slot: 0, Hex: hexOf(t, "c3"), To: NoHex}) // one use
	if uses() == 0 {
		t.Fatal("after one use a second is refused")
	}
	must(t, g, Action{Kind: KDiscard, Slot: 0, Hex: NoHex, To: NoHex}) // the second use
	if n := uses(); n != 0 || g.HandLen[0] != 3 {
		t.Errorf("after two uses: %d more offered, %d in hand; want none and three kept", n, g.HandLen[0])
	}
	must(t, g, Action{Kind: KEndTurn, Hex: NoHex, To: NoHex})
	if g.HandLen[1] != 6 {
		t.Errorf("player 2's next turn draws to %d, want 6", g.HandLen[1])
	}
}

// A hand of three instants is a bad draw in the standard game, not under
// Reinforcements, where only six are.
func TestReinforcementsBadDraw(t *testing.T) {
	a, b := loadArmy(t, "testdata/game_a.army"), loadArmy(t, "testdata/game_b.army")
	g := setUpGame(t, a, b, 5, "a1", "e3")
	setConfig(t, g, func(c *Config) { c.Reinforce = true })
	g.Turn = 3
	setHand(t, g, 0, "Battle", "Battle", "Sniper")
	g.fresh = true
	if g.mulliganOK() {
		t.Error("three instants of six tokens allowed a bad draw under Reinforcements")
	}
	setConfig(t, g, func(c *Config) { c.Reinforce = false })
	if !g.mulliganOK() {
		t.Error("three instants are a bad draw in the standard game")
	}
}

// Random games under Reinforcements reach their end under the usual
// invariants.
func TestRandomGamesReinforcements(t *testing.T) {
	a, b := loadArmy(t, "testdata/game_a.army"), loadArmy(t, "testdata/game_b.army")
	for seed := uint64(1); seed <= 100; seed++ {
		g, err := NewGame(Config{Board: Standard, Reinforce: true, Start: StartRule(seed % 2)}, []*rules.Army{a, b}, seed)
		if err != nil {
			t.Fatal(err)
		}
		d := NewRandomDecider(seed)
		playToEnd(t, g, d, seed)
	}
}
