package engine

import (
	"strings"
	"testing"
)

const setupPos = `armies game_a game_b
1 HQ a1 N
2 HQ e3 N
1 Turret c3 N wounds=1
hand 1 Sniper Battle
deck 1 Dasher Brute
discard 1 Hook
discard 2 Battle
turn 1
`

// TestGameFromPosition: a position file's hands, deck tops and discard
// piles start the game: player 1's turn starts with the given hand (drawing
// the deck's listed top to fill it), the listed discards are discarded, the
// unlisted tokens are in the deck, and the game plays to its end under the
// usual invariants.
func TestGameFromPosition(t *testing.T) {
	s, piles, err := ParseSetup("setup.pos", []byte(setupPos), testLoader)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 20; seed++ {
		d := NewRandomDecider(seed)
		g, err := NewGameFrom(s, piles, seed, d)
		if err != nil {
			t.Fatal(err)
		}
		a0 := g.S.Armies[0]
		name := func(p uint8, t uint8) string { return g.S.Armies[p].Tokens[t].Name }
		if seed == 1 {
			var hand []string
			for i := range g.HandLen[0] {
				hand = append(hand, name(0, g.Hand[0][i]))
			}
			if strings.Join(hand, ",") != "Sniper,Battle,Dasher" || g.Player != 0 || g.Phase != PhaseDiscard {
				t.Errorf("player 1's turn starts with %v (phase %d, player %d); want Sniper, Battle and the deck's top Dasher, a discard to make", hand, g.Phase, g.Player+1)
			}
			if name(0, g.Deck[0][g.DeckLen[0]-1]) != "Brute" {
				t.Errorf("deck top after the draw: %s, want Brute", name(0, g.Deck[0][g.DeckLen[0]-1]))
			}
			if g.Discarded[0][a0.Lookup("Hook")] != 1 || g.Discarded[1][g.S.Armies[1].Lookup("Battle")] != 1 {
				t.Error("the listed discards are not in the discard piles")
			}
			total := int(g.HandLen[0]) + int(g.DeckLen[0]) + 1 /* Turret */ + 1 /* Hook */
			if want := a0.Total() - 1; total != want {
				t.Errorf("player 1 has %d tokens off the HQ, want %d", total, want)
			}
			if w := g.S.Cells[hexOf(t, "c3")].Unit.Wounds; w != 1 {
				t.Errorf("the Turret has %d wounds, want 1", w)
			}
		}
		playToEnd(t, g, d, seed)
	}
}

func TestSetupErrors(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"hand 1 Sniper Battle Dasher Brute", "at most 3"},
		{"hand 1 Snipe", `did you mean "Sniper"`},
		{"deck 3 Dasher", "needs a player"},
		{"discard 1 HQ", "never in a hand"},
		{"turn 3", "turn needs the player"},
		{"hand 1 Sniper\nhand 1 Battle", "given twice"},
		{"discard 1 Sniper Sniper", "the board and the piles hold more"},
	} {
		src := "armies game_a game_b\n1 HQ a1 N\n2 HQ e3 N\n" + tc.line + "\n"
		_, _, err := ParseSetup("bad.pos", []byte(src), testLoader)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.line, err, tc.want)
		}
	}
}
