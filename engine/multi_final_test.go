package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

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

// "Podobnie Moduły działające na wrogie jednostki (np. [...]) działają na
// wszystkich wrogów, a na sojusznika nie." Player 1's Corroder (enemy
// toughness -1 north and south) faces two wounded Ogres (toughness 2, one
// wound): every man for himself both are enemies and fall; in the teams
// game player 3's Ogre is an ally's and stands.
func TestEnemyModulesReachEveryEnemyNotAllies(t *testing.T) {
	a, err := testLoader("tbulwark")
	if err != nil {
		t.Fatal(err)
	}
	c := Standard.Centre()
	n1, s1 := Standard.Nb[c][rules.N], Standard.Nb[c][rules.S]
	for _, tc := range []struct {
		mode      Mode
		allyAlive bool
	}{{ModeFFA, false}, {ModeTeams, true}} {
		s, err := NewState(Standard, a, a)
		if err != nil {
			t.Fatal(err)
		}
		s.Armies[2], s.Armies[3] = a, a
		if err := s.SetSides(4, tc.mode, nil, 0); err != nil {
			t.Fatal(err)
		}
		placeTok(t, s, 0, "Corroder", c, rules.N)
		placeTok(t, s, 1, "Ogre", n1, rules.N)
		placeTok(t, s, 2, "Ogre", s1, rules.S)
		s.Cells[n1].Unit.Wounds, s.Cells[s1].Unit.Wounds = 1, 1
		resolve(s)
		if !s.Cells[n1].Unit.Empty() {
			t.Errorf("%s: player 2's Ogre survived the enemy toughness -1", tc.mode)
		}
		if got := !s.Cells[s1].Unit.Empty(); got != tc.allyAlive {
			t.Errorf("%s: player 3's Ogre alive %v, want %v", tc.mode, got, tc.allyAlive)
		}
	}
}

// "Jeżeli w tej samej Bitwie więcej niż jeden gracz zdobędzie 20 punktów,
// ci gracze dzielą się zwycięstwem." Players 1 and 3, at 19 each, both hit
// player 2's HQ in one battle: they share the win, each capped at 20.
func TestPointsSharedWin(t *testing.T) {
	g := multiGame(t, 3, ModePoints, 0)
	hq := g.S.HQ[1]
	placed := uint8(0)
	for d := rules.N; d <= rules.NW && placed < 2; d++ {
		if n := Standard.Nb[hq][d]; n != NoHex && g.S.Cells[n].Unit.Empty() {
			put(t, g, []uint8{0, 2}[placed], "Brute", Standard.Names[n], d.Opposite())
			placed++
		}
	}
	g.S.Score[0], g.S.Score[2] = 19, 19
	g.battle(FirstOption{})
	if !g.Over() || g.Winners != 1<<0|1<<2 || g.S.Score[0] != PointsToWin || g.S.Score[2] != PointsToWin {
		t.Fatalf("over %v winners %b scores %v; want players 1 and 3 sharing at 20", g.Over(), g.Winners, g.S.Score)
	}
}
