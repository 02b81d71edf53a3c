package engine

import (
	"fmt"

	"github.com/hexforge/hexforge/rules"
)

// newGameAt sets up the game PrepareFrom prepares, in the position's mode,
// teams and feud (its Sides, scores of a points game and the team's lower
// HQ tracks of one against a team included), with its Structures and
// leaders.
func newGameAt(s *State, piles *Piles, seed uint64) (*Game, error) {
	n := s.Players()
	cfg := Config{Board: s.Board, Mode: s.Mode, Structures: piles.Structures}
	if s.team != ([MaxPlayers]uint8{}) {
		cfg.Teams = make([]uint8, n)
		for p := range uint8(n) {
			cfg.Teams[p] = s.Team(p)
			if s.SideOf(p) != s.Team(p) {
				cfg.Feud |= 1 << p
			}
		}
	}
	if piles.Leader != ([MaxPlayers]*rules.Leader{}) {
		// Before the turn starts: its draw may be the moment of a leader.
		cfg.Leaders = piles.Leader[:n]
	}
	g, err := NewGame(cfg, s.Armies[:n], seed)
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
	for i := range g.cycle() {
		if g.seat(i) == piles.ToMove {
			g.orderAt = uint8(i)
			break
		}
	}
	return nil
}
