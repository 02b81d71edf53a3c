package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// TestAlternativeStart (Neuroshima Hex 3.0 core rules, "Alternatywne
// rozpoczęcie": "pierwszy gracz dobiera trzy żetony (...) musi odrzucić
// jeden z nich, a z pozostałych dwóch wybiera ten, którego użyje (...)
// Drugi z dobranych żetonów musi odrzucić lub zachować"): the first player
// draws three and discards one, then may play one token, not two; the
// second player draws three and discards as usual. The standard start draws
// one, then two.
func TestAlternativeStart(t *testing.T) {
	a, b := loadArmy(t, "testdata/game_a.army"), loadArmy(t, "testdata/game_b.army")
	for _, rule := range []StartRule{StartStandard, StartAlternative} {
		g, err := NewGame(Config{Board: Standard, Start: rule}, []*rules.Army{a, b}, 3)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"a1", "e3"} {
			must(t, g, Action{Kind: KPlaceHQ, Hex: hexOf(t, name), To: NoHex})
			for g.Phase == PhaseAside {
				must(t, g, g.LegalActions(nil)[0])
			}
		}
		if rule == StartStandard {
			if g.HandLen[0] != 1 || g.Phase != PhasePlay {
				t.Errorf("standard start: player 1 holds %d (phase %d), want 1 and play", g.HandLen[0], g.Phase)
			}
			continue
		}
		if g.HandLen[0] != 3 || g.Phase != PhaseDiscard {
			t.Fatalf("alternative start: player 1 holds %d (phase %d), want 3 and a discard", g.HandLen[0], g.Phase)
		}
		// Two board tokens in hand after the discard, so that both could be placed.
		setHand(t, g, 0, "Turret", "Brute", "Dasher")
		must(t, g, Action{Kind: KDiscard, Slot: 2, Hex: NoHex, To: NoHex})
		plays := func() int {
			return count(g.LegalActions(nil), func(x Action) bool { return x.Kind == KPlace || x.Kind == KInstant })
		}
		if plays() == 0 {
			t.Fatal("alternative start: no token may be played after the discard")
		}
		must(t, g, Action{Kind: KPlace, Slot: 0, Hex: hexOf(t, "c3"), To: NoHex})
		if n := plays(); n != 0 {
			t.Errorf("alternative start: after one token, %d more plays are offered; the other must be kept or discarded", n)
		}
		if count(g.LegalActions(nil), func(x Action) bool { return x.Kind == KDiscard }) == 0 {
			t.Error("alternative start: the second token cannot be discarded")
		}
		must(t, g, Action{Kind: KEndTurn, Hex: NoHex, To: NoHex})
		if g.Player != 1 || g.HandLen[1] != 3 || g.Phase != PhaseDiscard {
			t.Errorf("alternative start: player 2 holds %d (phase %d), want three and a discard", g.HandLen[1], g.Phase)
		}
		must(t, g, Action{Kind: KDiscard, Slot: 0, Hex: NoHex, To: NoHex})
		if plays() < 2 {
			t.Error("alternative start: player 2's turn is a normal one, but it may not play")
		}
	}
}

// Random games under the alternative start reach their end under the usual
// invariants.
func TestRandomGamesAlternativeStart(t *testing.T) {
	a, b := loadArmy(t, "testdata/game_a.army"), loadArmy(t, "testdata/game_b.army")
	for seed := uint64(1); seed <= 100; seed++ {
		g, err := NewGame(Config{Board: Standard, Start: StartAlternative}, []*rules.Army{a, b}, seed)
		if err != nil {
			t.Fatal(err)
		}
		d := NewRandomDecider(seed)
		playToEnd(t, g, d, seed)
	}
}
