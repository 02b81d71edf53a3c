package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/rules"
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
		g, err := newGameFrom(s, piles, seed, d)
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
		{"deck 3 Dasher", "the armies line names 2 players; this line names player 3"},
		{"deck 5 Dasher", "needs a player"},
		{"discard 1 HQ", "never in a hand"},
		{"turn 3", "this line names player 3"},
		{"turn 5", "turn needs the player"},
		{"hand 1 Sniper\nhand 1 Battle", "given twice"},
		{"discard 1 Sniper Sniper", "the board and the piles hold more"},
		{"leader 3 Medyk", "the armies line names 2 players; this leader line names player 3"},
		{"leader 5 Medyk", "leader needs a player and a leader card"},
		{"leader 1", "leader needs a player and a leader card"},
		{"leader 1 Medyk left=3", `only left=N may follow, the uses it has left, 0 to 2; not "left=3"`},
		{"leader 1 Medyk uses=1", "only left=N may follow"},
		{"leader 2 Medyk\nleader 2 Taktyk", "the leader of player 2 given twice (first on line 4)"},
		{"leeder 1 Medyk", `did you mean "leader"`},
	} {
		src := "armies game_a game_b\n1 HQ a1 N\n2 HQ e3 N\n" + tc.line + "\n"
		_, _, err := ParseSetup("bad.pos", []byte(src), testLoader)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.line, err, tc.want)
		}
	}
}

// TestGameFromPositionLeaders: a position's leader lines give each player
// a leader card and the uses it has left, and the game from the position
// plays them: an opponent_draw leader with a use left answers the draw of
// the turn that starts, one with none left does not; an own-turn leader
// is offered after the discard. A line not loaded, or naming no card, is
// an error, never dropped.
func TestGameFromPositionLeaders(t *testing.T) {
	cards := map[string]*rules.Leader{
		"agent":  leaderOf(t, `leader "Agent" { on opponent_draw: redraw }`),
		"gunner": leaderOf(t, `leader "Gunner" { on own_turn: damage 2 at=enemy_hq hq }`),
	}
	load := func(ref string) (*rules.Leader, error) {
		if l, ok := cards[strings.ToLower(ref)]; ok {
			return l, nil
		}
		return nil, fmt.Errorf("unknown leader %q", ref)
	}
	const board = "armies game_a game_b\n1 HQ a1 N\n2 HQ e3 N\nturn 1 5\n"
	for _, tc := range []struct {
		name, lines string
		phase       Phase
		player      uint8
		used        [MaxPlayers]uint8
		offered     bool // player 1 is offered a leader action after the discard
	}{
		{"opponent_draw, one use left", "leader 2 Agent left=1\n", PhaseLeader, 1, [MaxPlayers]uint8{0, 1}, false},
		{"opponent_draw, none left", "leader 2 Agent left=0\n", PhaseDiscard, 0, [MaxPlayers]uint8{0, 2}, false},
		{"own_turn, both uses", "leader 1 gunner\nleader 2 Agent left=0\n", PhaseDiscard, 0, [MaxPlayers]uint8{0, 2}, true},
		{"no leader", "", PhaseDiscard, 0, [MaxPlayers]uint8{}, false},
	} {
		s, piles, err := ParseSetup("leaders.pos", []byte(board+tc.lines), testLoader)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if err := piles.LoadLeaders(load); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		g, err := newGameFrom(s, piles, 1, FirstOption{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if g.Phase != tc.phase || g.Player != tc.player || g.LeaderUsed != tc.used {
			t.Errorf("%s: phase %d, player %d to move, uses %v; want phase %d, player %d, uses %v", tc.name, g.Phase, g.Player+1, g.LeaderUsed, tc.phase, tc.player+1, tc.used)
			continue
		}
		if g.Phase == PhaseLeader {
			must(t, g, Action{Kind: KLeader, Hex: NoHex, To: NoHex})
			if g.LeaderUsed[1] != 2 || g.Player != 0 || g.Phase != PhaseDiscard {
				t.Errorf("%s: after the use: uses %v, player %d, phase %d", tc.name, g.LeaderUsed, g.Player+1, g.Phase)
			}
			continue
		}
		must(t, g, Action{Kind: KDiscard, Hex: NoHex, To: NoHex})
		if got := len(leaderActs(g)) > 0; got != tc.offered {
			t.Errorf("%s: a leader action offered to player 1: %v, want %v", tc.name, got, tc.offered)
		}
	}

	_, piles, err := ParseSetup("leaders.pos", []byte(board+"leader 2 Agent\n"), testLoader)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ := ParseSetup("leaders.pos", []byte(board), testLoader)
	if _, err := newGameFrom(s, piles, 1, FirstOption{}); err == nil || !strings.Contains(err.Error(), "not loaded") {
		t.Errorf("a leader line not loaded: %v", err)
	}
	_, piles, _ = ParseSetup("leaders.pos", []byte(board+"leader 1 Nobody\n"), testLoader)
	if err := piles.LoadLeaders(load); err == nil || !strings.Contains(err.Error(), `leaders.pos:5:10: error: leader "Nobody": unknown leader "Nobody"`) {
		t.Errorf("an unknown leader: %v", err)
	}
}

// newGameFrom starts a game at a position in one call, what PrepareFrom
// and StartFrom do in two for a caller that attaches a tracer between.
func newGameFrom(s *State, piles *Piles, seed uint64, d Decider) (*Game, error) {
	g, err := PrepareFrom(s, piles, seed)
	if err != nil {
		return nil, err
	}
	g.StartFrom(d)
	return g, nil
}
