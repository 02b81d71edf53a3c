package engine

import (
	"fmt"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/rules"
)

// resolveLeaders checks a position's leader lines against its players and
// mode. With more than two players leaders are played only in the teams
// mode, where allies share one card ("Liderów można używać w grach dla 2
// oraz 4 graczy w trybie drużynowym", docs/rules.md, "Leaders"): a card
// given for one ally is its partner's too, with the same uses left, and
// two lines for the allies must name the same card alike.
func (ps *pileSpec) resolveLeaders(s *State, p *Piles, errs *diag.List) {
	n := s.Players()
	first := leaderRef{}
	for i, r := range ps.leaders {
		if r.name == "" {
			continue
		}
		if i >= n {
			errs.Errorf(r.at, "the armies line names %d players; this leader line names player %d", n, i+1)
			continue
		}
		if first.name == "" {
			first = r
		}
	}
	if n <= 2 || first.name == "" {
		return
	}
	if !s.Mode.rules().leaders {
		errs.Errorf(first.at, "leaders are played with 2 players or in mode teams (allies share one card), not in mode %s", s.Mode)
		return
	}
	for q := 1; q < n; q++ {
		for a := range q {
			if !s.Allies(uint8(a), uint8(q)) {
				continue
			}
			ra, rq := ps.leaders[a], ps.leaders[q]
			switch {
			case ra.name == "" && rq.name == "":
			case ra.name != "" && rq.name != "" && (!strings.EqualFold(ra.name, rq.name) || ps.leaderUsed[a] != ps.leaderUsed[q]):
				errs.Errorf(rq.at, "players %d and %d are allies: they share one leader card; give it once, or alike for both (line %d)", a+1, q+1, ra.line)
			case rq.name == "":
				p.leaderRef[q], p.LeaderUsed[q], p.sharedWith[q] = ra, ps.leaderUsed[a], uint8(a+1)
			case ra.name == "":
				p.leaderRef[a], p.LeaderUsed[a], p.sharedWith[a] = rq, ps.leaderUsed[q], uint8(q+1)
			default:
				p.sharedWith[q] = uint8(a + 1)
			}
		}
	}
}

// newGameAt sets up the game NewGameFrom starts, in the position's mode,
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
