package engine

import (
	"fmt"
)

// newGameAt sets up the game NewGameFrom starts: two players as NewGame
// does, more with the position's mode, teams and feud (its Sides, scores
// of a points game and the team's lower HQ tracks of one against a team
// included).
func newGameAt(s *State, seed uint64) (*Game, error) {
	n := s.Players()
	if n <= 2 {
		return NewGame(s.Board, s.Armies[0], s.Armies[1], seed)
	}
	g, err := NewGameN(s.Board, s.Armies[:n], s.Mode, nil, 0, seed)
	if err != nil {
		return nil, err
	}
	g.S.Sides = s.Sides
	return g, nil
}

// startAt hands the turn to piles.ToMove. With more than two players the
// turn order's place is the first in its cycle that is that player's (one
// against a team: player 1's turn before player 2's), so the turns that
// follow go round as in a game played from the start.
func (g *Game) startAt(piles *Piles) error {
	n := g.S.Players()
	if int(piles.ToMove) >= n {
		return fmt.Errorf("turn: player %d of a game of %d", piles.ToMove+1, n)
	}
	g.Player = piles.ToMove
	if n > 2 {
		for i := range g.cycle() {
			if g.seat(i) == piles.ToMove {
				g.orderAt = uint8(i)
				break
			}
		}
	}
	return nil
}
