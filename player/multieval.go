package player

import (
	"math/bits"

	"github.com/hexforge/hexforge/engine"
)

// evaluateN is evaluateWith for a game of more than two players: the same
// terms, read for sides. The HQ term is the own side's HQ points (the
// allies' added, in the team modes) minus the enemies' (the enemy team's
// sum; every man for himself their mean); units count for their controller's side, allies with one's
// own; the half-win bonus goes with an enemy HQ at 0 only in the team
// modes, where it wins, and the half-loss with one's own at 0. A finished
// game is a win shared among its winners. The two-player game never comes
// here, so its numbers are unchanged.
func evaluateN(g *engine.Game, me uint8, res *engine.Resolver, scratch *engine.State, vals *unitValues) float64 {
	if g.Over() {
		if g.Winners&(1<<me) != 0 {
			return winScore / float64(bits.OnesCount8(g.Winners))
		}
		return -winScore
	}
	*scratch = g.S
	placed := true
	for p := range g.S.Players() {
		placed = placed && (g.Turn > 0 || scratch.HQ[p] != engine.NoHex)
	}
	if placed {
		res.Resolve(scratch, engine.FirstOption{}, nil)
	}
	s := scratch
	mine, theirs, enemyZero := sideHQ(g, s, me)
	score := hqWeight * float64(mine-theirs)
	for h := 0; h < s.Board.Size; h++ {
		u := s.Cells[h].Unit
		if u.Empty() {
			continue
		}
		var v float64
		if vals != nil && int(u.Token) < engine.MaxArmyTokens {
			v = vals.value(u.Owner, u.Token)
		} else {
			v = unitValue(s.Tok(u))
		}
		if s.Allies(u.Controller(), me) {
			score += v
		} else {
			score -= v
		}
	}
	team := s.Mode == engine.ModeTeams || s.Mode == engine.ModeOneVsTeam
	if team && enemyZero && mine > 0 {
		score += winScore / 2
	}
	if s.Mode != engine.ModePoints && s.HQPoints(me) == 0 {
		score -= winScore / 2
	}
	return score
}

// sideHQ is the HQ term's two sides for player me after the hypothetical
// battle on s: the own side's points and the enemies' (team sums in the
// team modes; every man for himself the enemies' mean, so that a hit on
// any enemy HQ counts, not only on the strongest), and whether an enemy
// HQ is at 0.
func sideHQ(g *engine.Game, s *engine.State, me uint8) (mine, theirs float64, enemyZero bool) {
	team := s.Mode == engine.ModeTeams || s.Mode == engine.ModeOneVsTeam
	enemies := 0
	for p := range uint8(s.Players()) {
		if g.Out&(1<<p) != 0 {
			continue
		}
		v := float64(s.HQPoints(p))
		switch {
		case p == me || (team && s.Allies(p, me)):
			mine += v
		default:
			theirs += v
			enemies++
			enemyZero = enemyZero || v == 0
		}
	}
	if !team && enemies > 0 {
		theirs /= float64(enemies)
	}
	return mine, theirs, enemyZero
}
