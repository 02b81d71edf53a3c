package engine

import (
	"strings"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// "Liderów można używać w grach dla 2 oraz 4 graczy w trybie drużynowym
// (sojusznicy dzielą wtedy wspólnego Lidera)" (Neuroshima Hex 3.0 core
// rules, "Liderzy a inne dodatkowe tryby rozgrywki"): in the teams mode
// the two allies hold one card, whose two uses and once a turn are the
// team's, whichever ally plays it; every man for himself has no leaders.
func TestTeamLeaderShared(t *testing.T) {
	gunner := leaderOf(t, `leader "Gunner" { on own_turn: damage 2 at=enemy_hq hq }`)
	if err := setLeaders(multiGame(t, 4, ModeFFA, 0), []*rules.Leader{gunner, nil, nil, nil}); err == nil || !strings.Contains(err.Error(), "teams mode") {
		t.Errorf("leaders every man for himself: %v, want refused", err)
	}
	g := multiGame(t, 4, ModeTeams, 0) // teams: players 1 and 3, players 2 and 4
	other := leaderOf(t, `leader "Gunner" { on own_turn: damage 2 at=enemy_hq hq }`)
	if err := setLeaders(g, []*rules.Leader{gunner, nil, other, nil}); err == nil || !strings.Contains(err.Error(), "share one leader") {
		t.Errorf("allies with two cards: %v, want refused", err)
	}
	if err := setLeaders(g, []*rules.Leader{gunner, nil, gunner, nil}); err != nil {
		t.Fatal(err)
	}
	enemyHQ := func() int { return g.S.HQPoints(1) + g.S.HQPoints(3) }
	start := enemyHQ()
	use := func(who uint8) {
		t.Helper()
		g.fresh = false
		if g.Phase == PhaseDiscard {
			must(t, g, Discard(0))
		}
		acts := leaderActs(g)
		if g.Player != who || len(acts) == 0 {
			t.Fatalf("turn %d: player %d to move with %d leader uses, want player %d with some", g.Turn, g.Player+1, len(acts), who+1)
		}
		must(t, g, acts[0])
		if n := leaderActs(g); len(n) != 0 {
			t.Fatalf("turn %d: the card is offered again in one turn", g.Turn)
		}
	}
	use(0) // turn 1: player 1 plays the team's card
	if g.LeaderUsed[0] != 1 || g.LeaderUsed[2] != 1 || enemyHQ() != start-2 {
		t.Fatalf("after player 1's use: uses %v, enemy HQs %d (was %d)", g.LeaderUsed, enemyHQ(), start)
	}
	endTurnN(t, g)
	g.fresh = false
	if len(leaderActs(g)) != 0 {
		t.Fatal("player 2's team has no card, yet a use is offered")
	}
	endTurnN(t, g)
	use(2) // turn 3: player 3, the ally, plays the second use of the same card
	if g.LeaderUsed[0] != 2 || g.LeaderUsed[2] != 2 || enemyHQ() != start-4 {
		t.Fatalf("after player 3's use: uses %v, enemy HQs %d (was %d)", g.LeaderUsed, enemyHQ(), start)
	}
	endTurnN(t, g)
	endTurnN(t, g)
	g.fresh = false
	if g.Player != 0 || len(leaderActs(g)) != 0 {
		t.Fatalf("turn %d: player %d is offered a third use of the team's card", g.Turn, g.Player+1)
	}
}

// The enemy team's opponent_draw card answers a full draw: the first enemy
// after the drawing player decides (the next seat), and the redraw is of
// the drawing player's hand; their turn goes on, and the card's use is
// both enemies'.
func TestTeamLeaderOpponentDraw(t *testing.T) {
	agent := leaderOf(t, `leader "Agent" { on opponent_draw: redraw }`)
	g := multiGame(t, 4, ModeTeams, 0)
	if err := setLeaders(g, []*rules.Leader{nil, agent, nil, agent}); err != nil {
		t.Fatal(err)
	}
	for g.Turn < 3 {
		if g.Phase == PhaseLeader {
			t.Fatalf("turn %d: the moment opens on a draw of %d", g.Turn, g.HandLen[g.Player])
		}
		endTurnN(t, g)
	}
	// Turn 3: player 3 draws three; player 4, next in the order, decides.
	if g.Phase != PhaseLeader || g.Player != 3 || g.TurnPlayer() != 2 {
		t.Fatalf("turn %d: phase %d, player %d to move in player %d's turn; want player 4 deciding in player 3's", g.Turn, g.Phase, g.Player+1, g.TurnPlayer()+1)
	}
	hand, deck := g.HandLen[2], g.DeckLen[2]
	key := g.PositionKey(false)
	must(t, g, Action{Kind: KLeader, Hex: NoHex, To: NoHex})
	if g.Player != 2 || g.Phase != PhaseDiscard || g.HandLen[2] != hand || g.DeckLen[2] != deck || g.LeaderUsed[1] != 1 || g.LeaderUsed[3] != 1 {
		t.Fatalf("after the use: player %d, phase %d, hand %d (was %d), deck %d (was %d), uses %v",
			g.Player+1, g.Phase, g.HandLen[2], hand, g.DeckLen[2], deck, g.LeaderUsed)
	}
	if g.PositionKey(false) == key {
		t.Error("the use leaves the position key unchanged")
	}
	endTurnN(t, g)
	// Turn 4 is player 4's: the enemy team's draw, no moment of its own card.
	if g.Phase == PhaseLeader || g.Player != 3 {
		t.Fatalf("turn %d: phase %d, player %d: the card answers its own team's draw", g.Turn, g.Phase, g.Player+1)
	}
}
