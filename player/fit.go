package player

import (
	"github.com/hexforge/hexforge/engine"
)

// The fit player (docs/players.md, "fit") is issue 25's cheap player: a
// tenth of race:8's CPU a game. It is the greedy player with a look ahead
// spent only where greedy is in doubt:
//
//  1. Every legal action is scored by the greedy evaluation (with the
//     search players' caches), as the race player's shortlist is.
//  2. When the second best scores within fitGap of the best (most often
//     a tie: which token to discard, two placements the battle now rates
//     alike), both are played out on the same sampled world (common
//     random numbers, as plan and race do) to the end of the player's own
//     turn, and the positions they lead to are scored by the fitted
//     evaluation: the logit of the chance to win, by weights fitted to
//     the outcomes of race:8 self-play (fit_weights.go, TestRefitFit).
//     Otherwise greedy's best is played without a rollout.
//
// Each of these choices was measured against race:8's win rates in four
// matchups and against its cost (docs/players.md, "fit"): the opponent's
// reply as the horizon cost twice as much and came no closer; the greedy
// evaluation at the leaves came further from race:8 than the fitted one.
// The budget N is the worlds per decision; it counts worlds, never time.

const (
	fitShortlist = 2
	// fitGap is how far below the greedy best a candidate may score and
	// still be played out, in the greedy evaluation's units (an HQ point
	// is hqWeight).
	fitGap = 1.0
)

// DefaultFitWorlds is the worlds per decision of "fit" without a budget.
const DefaultFitWorlds = 1

// fitPlayer is the fit player: the search player's machinery (caches,
// greedy policy, sampled worlds) with its own candidates, horizon and leaf
// evaluation.
type fitPlayer struct {
	*searchPlayer
	fitWorlds int
	// threat makes the threat player (threat.go): the leaves are scored
	// by the threat evaluation instead of fit's eight board features.
	threat bool
}

func newFit(seed uint64, res *engine.Resolver, worlds int) *fitPlayer {
	return &fitPlayer{searchPlayer: newSearch(seed, res, 0), fitWorlds: worlds}
}

func (p *fitPlayer) Act(g *engine.Game, legal []engine.Action) int {
	if len(legal) == 1 {
		return 0
	}
	me := g.Player
	if !p.rankCandidates(g, legal) {
		return 0
	}
	top := p.cands[0].greed
	k := 1
	for k < min(fitShortlist, len(p.cands)) && p.cands[k].greed >= top-fitGap {
		k++
	}
	if k == 1 || top >= winScore/2 {
		return p.cands[0].idx
	}
	cands := p.cands[:k]
	base := p.r.pcg.Uint64()
	for w := 0; w < p.fitWorlds; w++ {
		for i := range cands {
			p.wr = NewRand(base + uint64(w))
			cands[i].sum += p.fitRollout(g, legal[cands[i].idx], me, &p.wr)
		}
	}
	best := 0
	for i := 1; i < k; i++ {
		if cands[i].sum > cands[best].sum {
			best = i
		}
	}
	return cands[best].idx
}

// fitRollout plays action a on a world sampled from r and continues
// greedily to the end of me's turn, returning the fitted evaluation of
// the position for me.
func (p *fitPlayer) fitRollout(g *engine.Game, a engine.Action, me uint8, r *Rand) float64 {
	p.rollouts++
	p.world = *g
	deal(r, &p.world, me)
	if err := p.world.Apply(a, p); err != nil {
		return -2 * winLogit
	}
	for n := 0; n < rolloutActions && !p.world.Over() && p.world.Player == me; n++ {
		p.buf = p.world.LegalActions(p.buf[:0])
		if len(p.buf) == 0 {
			break
		}
		if err := p.world.ApplyLegal(p.buf[p.greedyPick(&p.world, p.buf)], p); err != nil {
			break
		}
	}
	if p.threat {
		return threatLogit(&p.world, me, p.res, &p.scratch)
	}
	return fitValue(&p.world, me, p.res, &p.scratch)
}

// overLogit is a finished game's logit for me: ±winLogit, 0 for a draw;
// the fit and threat evaluations share it.
func overLogit(g *engine.Game, me uint8) float64 {
	switch {
	case g.Result == engine.Draw:
		return 0
	case g.Winners&(1<<me) == 0:
		return -winLogit
	}
	return winLogit
}

// fitValue is the fit player's evaluation of g for me: the logit of its
// chance to win by the fitted weights, ±winLogit for a finished game.
func fitValue(g *engine.Game, me uint8, res *engine.Resolver, scratch *engine.State) float64 {
	if g.Over() {
		return overLogit(g, me)
	}
	if g.S.Players() != 2 {
		// The weights were fitted on two-player games: with more players
		// the greedy evaluation, on the logit's scale (an HQ point).
		return evaluate(g, me, res, scratch, nil) / hqWeight * fitWeights[fHQ]
	}
	f := features(g, me, res, scratch)
	z := f.dot(&fitWeights) + hqZeroLogit*hqZero(scratch, me)
	if g.S.Board.Duel {
		// Energy, at the greedy evaluation's rate against an HQ point.
		z += energyWeight / hqWeight * fitWeights[fHQ] * (float64(g.Energy[me]) - float64(g.Energy[me^1]))
	}
	return z
}
