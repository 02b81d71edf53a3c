package player

import (
	"math"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// The mcts player scores positions with a logistic model: the chance that
// the player wins from a position is σ(evalWeights · features), where the
// features are differences (own minus the opponent's) measured after a
// hypothetical battle now, as the greedy evaluation measures them. The
// weights are fitted to the outcomes of self-play games (TestRefitEval,
// "Texel tuning"), not set by hand, and live in eval_weights.go.

// Feature indices.
const (
	fHQ     = iota // HQ points
	fUnits         // units on the board (not HQs)
	fTough         // extra toughness of those units (toughness - 1)
	fLinks         // link effects of those units
	fMelee         // melee attack icons on their edges
	fRanged        // ranged attack icons
	fNets          // net edges
	fInit          // initiative values
	nFeatures
)

// Tokens left to play are not a feature although they predict the outcome
// well: within a turn, every token played lowers them, so a model that
// counts them keeps tokens in hand. What predicts a result is not always
// what should guide a choice; the features here are the board's.

var featureNames = [nFeatures]string{"hq", "units", "tough", "links", "melee", "ranged", "nets", "init"}

// hqZeroLogit is added (subtracted) when the battle now would leave the
// opponent's HQ (one's own) at 0: the game is then as good as decided. It
// is not fitted: such positions are too rare in self-play for a fit to
// weigh them, and the greedy evaluation gives them most of a win too.
const hqZeroLogit = 10.0

// evalFeatures are a position's features for one player.
type evalFeatures [nFeatures]float64

// winLogit is the logit of a finished game: far beyond any position's.
const winLogit = 30.0

// features measures position g for player me. The hypothetical battle is
// resolved on scratch, as evaluate does, so the features say what the board
// is worth once the units that would die now are gone.
func features(g *engine.Game, me uint8, res *engine.Resolver, scratch *engine.State) evalFeatures {
	var f evalFeatures
	*scratch = g.S
	if scratch.HQ[0] != engine.NoHex && scratch.HQ[1] != engine.NoHex {
		res.Outcome(scratch)
	}
	s := scratch
	f[fHQ] = float64(s.HQPoints(me) - s.HQPoints(me^1))
	for h := 0; h < s.Board.Size; h++ {
		u := s.Cells[h].Unit
		if u.Empty() {
			continue
		}
		t := s.Tok(u)
		if t.Kind == rules.HQ {
			continue
		}
		sign := 1.0
		if u.Controller() != me {
			sign = -1
		}
		f[fUnits] += sign
		f[fTough] += sign * float64(t.Toughness-1)
		f[fLinks] += sign * float64(len(t.Effects))
		f[fInit] += sign * float64(len(t.Initiative))
		for _, e := range t.Edges {
			f[fMelee] += sign * float64(e.Melee)
			f[fRanged] += sign * float64(e.Ranged)
			if e.Flags&rules.Net != 0 {
				f[fNets] += sign
			}
		}
	}
	return f
}

// hqZero is 1 when the hypothetical battle of the last features call left
// the opponent's HQ at 0 and not one's own, -1 when it left one's own at 0.
func hqZero(s *engine.State, me uint8) float64 {
	mine, theirs := s.HQPoints(me), s.HQPoints(me^1)
	switch {
	case theirs == 0 && mine > 0:
		return 1
	case mine == 0:
		return -1
	}
	return 0
}

// dot is the logit of features f under weights w.
func (f *evalFeatures) dot(w *[nFeatures]float64) float64 {
	var z float64
	for i, x := range f {
		z += w[i] * x
	}
	return z
}

// evalLogit scores an unfinished two-player position g for player me as
// the logit of its chance to win, by the fitted model (a finished game:
// finishedLogit).
func evalLogit(g *engine.Game, me uint8, res *engine.Resolver, scratch *engine.State) float64 {
	f := features(g, me, res, scratch)
	z := f.dot(&evalWeights) + hqZeroLogit*hqZero(scratch, me)
	if g.S.Board.Duel {
		// Energy, on a board with an energy track, at the greedy
		// evaluation's rate against an HQ point (energyWeight/hqWeight).
		z += energyWeight / hqWeight * evalWeights[fHQ] * (float64(g.Energy[me]) - float64(g.Energy[me^1]))
	}
	return z
}

// sigmoid is the logistic function.
func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }
