package player

import (
	"math/bits"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// Evaluation weights: an HQ point is worth more than a unit, since HQ points
// decide the game; a unit's worth grows with its toughness and attacks.
const (
	hqWeight  = 4.0
	winScore  = 10000.0
	unitFloor = 1.0
	// energyWeight, the worth of an energy point on a board with an
	// energy track (the Duel board), is fitted to self-play outcomes
	// (energy_weight.go, TestRefitEnergy). Other boards never count it.
)

// unitValue is a rough worth of a token on the board, used by the
// evaluation: one point, plus its attack strength and extra toughness, plus
// one for each link effect.
func unitValue(t *rules.Token) float64 {
	if t.Kind == rules.HQ {
		return 0
	}
	v := unitFloor + 0.5*float64(t.Toughness-1) + 0.5*float64(len(t.Effects))
	for _, e := range t.Edges {
		v += 0.35 * float64(e.Melee+e.Ranged)
		if e.Flags&rules.Net != 0 {
			v += 0.5
		}
	}
	v += 0.2 * float64(len(t.Initiative))
	return v
}

// unitValues is unitValue of every token type of a pair of armies, worked
// out once per game instead of once per unit per evaluation.
type unitValues struct {
	armies [engine.MaxPlayers]*rules.Army
	v      [2][engine.MaxArmyTokens]float64
	// more are players 3 and 4's values, allocated only for a game of more
	// than two players (a searching player's are in its pooled memos): a
	// greedy player of a two-player game stays as small as it was.
	more *[engine.MaxPlayers - 2][engine.MaxArmyTokens]float64
}

// value is the worth of player o's token type i.
func (t *unitValues) value(o, i uint8) float64 {
	if o < 2 {
		return t.v[o][i&(engine.MaxArmyTokens-1)]
	}
	return t.more[(o-2)&1][i&(engine.MaxArmyTokens-1)]
}

// of returns the table for armies, filling it when they changed.
func (t *unitValues) of(armies [engine.MaxPlayers]*rules.Army) *unitValues {
	if t.armies != armies {
		t.armies = armies
		for o, a := range armies {
			if a == nil {
				continue
			}
			row := &t.v[o&1]
			if o >= 2 {
				if t.more == nil {
					t.more = new([engine.MaxPlayers - 2][engine.MaxArmyTokens]float64)
				}
				row = &t.more[o-2]
			}
			for i := range a.Tokens {
				if i < engine.MaxArmyTokens {
					row[i] = unitValue(&a.Tokens[i])
				}
			}
		}
	}
	return t
}

// evaluate scores position g for player me, in HQ points' worth: a
// finished game is a win (winScore, shared among its winners: winScore/k
// for k of them), a loss (-winScore) or a two-player draw (0); otherwise
// the position after a hypothetical battle now. The HQ term is the own
// side's HQ points (the allies' added, in the team modes) minus the
// enemies' (the enemy team's sum; with one opponent its HQ; every man for
// himself their mean, so that a hit on any enemy HQ counts, not only on
// the strongest); each unit counts for its controller's side, allies with
// one's own, at its worth (from vals when it is not nil: the same numbers,
// so the same scores bit for bit); on a board with an energy track the
// energy difference counts too (energyWeight). Where an enemy HQ at 0 wins
// the game (two players, the team modes) it is most of a win (winScore/2),
// and one's own HQ at 0 most of a loss (but in the points game, where an
// HQ never falls).
func evaluate(g *engine.Game, me uint8, res *engine.Resolver, scratch *engine.State, vals *unitValues) float64 {
	if g.Over() {
		switch {
		case g.Result == engine.Draw:
			return 0
		case g.Winners&(1<<me) == 0:
			return -winScore
		}
		return winScore / float64(bits.OnesCount8(g.Winners))
	}
	*scratch = g.S
	return evaluateBoard(g, me, res, scratch, vals)
}

// evaluateBoard is evaluate of g, a game that is not over, with its board
// replaced by *s, which it resolves in place: the score of a board a
// player made without a copy of the game (engine.Game.PlacedBoard), where
// all evaluate reads of g but the board is as it was.
func evaluateBoard(g *engine.Game, me uint8, res *engine.Resolver, s *engine.State, vals *unitValues) float64 {
	placed := g.Turn > 0 // from the first turn on every HQ stands, or its player is out
	if !placed {
		placed = true
		for p := range s.Players() {
			placed = placed && s.HQ[p] != engine.NoHex
		}
	}
	if placed {
		res.Outcome(s)
	}
	return scoreBoard(g, me, s, vals)
}

// scoreBoard is evaluateBoard's score of the board s after its battle
// (or before set-up is done, without one).
func scoreBoard(g *engine.Game, me uint8, s *engine.State, vals *unitValues) float64 {
	// The sides: a bit per player whose units and HQ count as one's own
	// (oneself, and one's team in the team modes), and the HQ points of
	// each side after the battle.
	team := s.Mode.Teams()
	var side uint8
	var mine, theirs float64
	own, enemies, enemyZero := 0, 0, false
	for p := range uint8(s.Players()) {
		hq := s.HQPoints(p)
		if p == me {
			own = hq
		}
		ally := s.Allies(p, me)
		if ally {
			side |= 1 << p
		}
		if g.Out&(1<<p) != 0 {
			continue
		}
		if ally {
			mine += float64(hq)
		} else {
			theirs += float64(hq)
			enemies++
			enemyZero = enemyZero || hq == 0
		}
	}
	if !team && enemies > 0 {
		theirs /= float64(enemies)
	}
	score := hqWeight * (mine - theirs)
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
		if side&(1<<u.Controller()) != 0 {
			score += v
		} else {
			score -= v
		}
	}
	if s.Board.Duel { // two players only
		score += energyWeight * (float64(g.Energy[me]) - float64(g.Energy[engine.Opp(me)]))
	}
	if (team || s.Players() == 2) && enemyZero && mine > 0 {
		score += winScore / 2
	}
	if s.Mode != engine.ModePoints && own == 0 {
		score -= winScore / 2
	}
	return score
}
