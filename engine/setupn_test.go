package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// A 2-against-2 position with the piles and a leader of players 3 and 4.
const multiSetupPos = `armies game_a game_b game_a game_b
mode teams
teams 1+3 2+4
1 HQ a1 N
2 HQ e3 N
3 HQ c1 S
4 HQ c3 N
hand 3 Sniper Battle
deck 3 Dasher Brute
discard 4 Push
leader 3 Agent left=1
turn 3 5
`

// TestGameFromMultiPosition: hand, deck, discard, turn and leader lines
// work for players 3 and 4: player 3's turn 5 starts with its hand filled
// from its deck's listed top, player 4's discard is discarded, the leader
// given for player 3 is its ally player 1's too (one card, one count), and
// the game plays to its end under the multiplayer invariants.
func TestGameFromMultiPosition(t *testing.T) {
	agent := leaderOf(t, `leader "Agent" { on opponent_draw: redraw }`)
	load := func(ref string) (*rules.Leader, error) {
		if strings.EqualFold(ref, "agent") {
			return agent, nil
		}
		return nil, fmt.Errorf("unknown leader %q", ref)
	}
	s, piles, err := ParseSetup("multi.pos", []byte(multiSetupPos), testLoader)
	if err != nil {
		t.Fatal(err)
	}
	if err := piles.LoadLeaders(load); err != nil {
		t.Fatal(err)
	}
	if piles.Leader[0] != agent || piles.Leader[2] != agent || piles.Leader[1] != nil || piles.Leader[3] != nil ||
		piles.LeaderUsed != [MaxPlayers]uint8{1, 0, 1, 0} {
		t.Fatalf("leaders %v, uses %v: want player 3's card shared with ally 1, one use left", piles.Leader, piles.LeaderUsed)
	}
	for seed := uint64(1); seed <= 10; seed++ {
		d := NewRandomDecider(seed)
		g, err := newGameFrom(s, piles, seed, d)
		if err != nil {
			t.Fatal(err)
		}
		if seed == 1 {
			var hand []string
			for i := range g.HandLen[2] {
				hand = append(hand, g.S.Armies[2].Tokens[g.Hand[2][i]].Name)
			}
			if strings.Join(hand, ",") != "Sniper,Battle,Dasher" || g.Player != 2 || g.Turn != 5 || g.Phase != PhaseDiscard {
				t.Errorf("turn %d of player %d (phase %d) starts with %v; want player 3's turn 5, Sniper, Battle and the deck's top Dasher",
					g.Turn, g.Player+1, g.Phase, hand)
			}
			if g.Discarded[3][g.S.Armies[3].Lookup("Push")] != 1 {
				t.Error("player 4's discard is not in its discard pile")
			}
			if g.Leader(0) != agent || g.Leader(2) != agent || g.LeaderUsed[0] != 1 || g.LeaderUsed[2] != 1 {
				t.Errorf("game leaders %v uses %v", g.Config().Leaders, g.LeaderUsed)
			}
		}
		hq := [MaxPlayers]int{-1, -1, -1, -1}
		buf := make([]Action, 0, 4096)
		for n := 0; !g.Over(); n++ {
			if n >= maxActions {
				t.Fatalf("seed %d: not over after %d actions", seed, n)
			}
			buf = g.LegalActions(buf[:0])
			if len(buf) == 0 {
				t.Fatalf("seed %d: no legal action in phase %d", seed, g.Phase)
			}
			if err := g.Apply(buf[d.Intn(len(buf))], d); err != nil {
				t.Fatalf("seed %d action %d: %v", seed, n, err)
			}
			if err := checkInvariantsN(g, &hq); err != nil {
				t.Fatalf("seed %d action %d: %v", seed, n, err)
			}
		}
		if g.Winners == 0 {
			t.Errorf("seed %d: the game ended without winners", seed)
		}
	}
}

// The turn order goes on from the position's turn: in one against a
// team, player 1's turn is followed by player 2's, player 3's by player 1's.
func TestGameFromMultiPositionOrder(t *testing.T) {
	for _, c := range []struct {
		mode     string
		to, next uint8
	}{{"ffa", 3, 1}, {"one-vs-team", 1, 2}, {"one-vs-team", 3, 1}, {"points", 2, 3}} {
		src := fmt.Sprintf("armies game_a game_b game_a\nmode %s\n1 HQ a1 N\n2 HQ e3 N\n3 HQ c1 S\nturn %d\n", c.mode, c.to)
		s, piles, err := ParseSetup("order.pos", []byte(src), testLoader)
		if err != nil {
			t.Fatal(err)
		}
		g, err := newGameFrom(s, piles, 1, FirstOption{})
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]Action, 0, 512)
		for g.Player == c.to-1 && !g.Over() {
			buf = g.LegalActions(buf[:0])
			if err := g.Apply(buf[len(buf)-1], FirstOption{}); err != nil {
				t.Fatal(err)
			}
		}
		if g.Player != c.next-1 {
			t.Errorf("%s: after player %d's turn player %d plays, want %d", c.mode, c.to, g.Player+1, c.next)
		}
	}
}

// The pile lines' mistakes with more than two players are positioned
// errors, never a panic.
func TestMultiSetupErrors(t *testing.T) {
	const three = "armies game_a game_b game_a\n1 HQ a1 N\n2 HQ e3 N\n3 HQ c1 S\n"
	const four = "armies game_a game_b game_a game_b\nmode teams\n1 HQ a1 N\n2 HQ e3 N\n3 HQ c1 S\n4 HQ c3 N\n"
	for _, tc := range []struct{ src, want string }{
		{three + "hand 4 Sniper", "multi.pos:5:1: error: the armies line names 3 players; this line names player 4"},
		{three + "turn 4", "this line names player 4"},
		{three + "leader 4 Agent", "this leader line names player 4"},
		{three + "leader 3 Agent", "leaders are played with 2 players or in mode teams (allies share one card), not in mode ffa"},
		{three + "energy 0 0", "an energy line is for two-player positions"},
		{four + "leader 1 Agent\nleader 3 Other", "players 1 and 3 are allies: they share one leader card"},
		{four + "leader 1 Agent\nleader 3 Agent left=1", "players 1 and 3 are allies"},
		{four + "hand 5 Sniper", "hand needs a player"},
		{four + "hand 3 Sniper Battle Dasher Brute", "at most 3"},
		{four + "hand 4 Sniper\nhand 4 Battle", "hand of player 4 given twice"},
	} {
		_, _, err := ParseSetup("multi.pos", []byte(tc.src+"\n"), testLoader)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.src[strings.LastIndex(tc.src[:len(tc.src)-1], "N\n")+2:], err, tc.want)
		}
	}
	// Allies naming one card alike share it.
	_, piles, err := ParseSetup("multi.pos", []byte(four+"leader 2 Agent left=0\nleader 4 agent left=0\n"), testLoader)
	if err != nil || piles.LeaderUsed != [MaxPlayers]uint8{0, 2, 0, 2} {
		t.Errorf("allies naming one card: %v, uses %v", err, piles.LeaderUsed)
	}
}
