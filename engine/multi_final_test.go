package engine

import "testing"

// "Gdy którykolwiek z graczy dobierze swój ostatni żeton, pozostali gracze
// rozgrywają jeszcze po jednej turze i dopiero wtedy rozgrywana jest
// Finałowa Bitwa." Three players: the final battle follows the next two
// turns. One against a team (order 1-2-1-3): when player 1 draws its last
// token, players 2 and 3 must each play once more, so three turns follow
// (player 1's turn between them is played too); when player 2 does, two.
func TestFinalBattleAfterEveryOtherPlayer(t *testing.T) {
	g := multiGame(t, 3, ModeFFA, 0)
	g.lastDrawn()
	if g.FinalAfter != g.Turn+2 {
		t.Errorf("ffa: final battle after turn %d, want %d", g.FinalAfter, g.Turn+2)
	}
	g = multiGame(t, 3, ModeOneVsTeam, 0)
	g.lastDrawn() // player 1, at the start of the order
	if g.FinalAfter != g.Turn+3 {
		t.Errorf("one-vs-team, player 1 last: final battle after turn %d, want %d", g.FinalAfter, g.Turn+3)
	}
	g = multiGame(t, 3, ModeOneVsTeam, 0)
	endTurnN(t, g) // player 2's turn
	g.lastDrawn()
	if g.Player != 1 || g.FinalAfter != g.Turn+2 {
		t.Errorf("one-vs-team, player %d last: final battle after turn %d, want %d", g.Player+1, g.FinalAfter, g.Turn+2)
	}
}
