package player

import (
	"math"

	"github.com/hexforge/hexforge/engine"
)

// The deep player (docs/players.md, "deep") is wide with a longer look
// and a leaf that sees both sides of the next battle. wide plays each
// candidate to the end of the opponent's turn and scores the board there,
// after a hypothetical battle: a battle fought just after the opponent has
// placed, before the player's own reply, which flatters the opponent.
// Going on to the end of the player's own next turn alone flatters the
// player the same way (and measured no better than wide). deep plays on
// to the end of its own next turn and scores a rollout by the mean of the
// two evaluations, after the opponent's turn and after its own: each
// side's reply counted once. Head to head against wide it wins where more
// of wide's worlds did not (docs/players.md); it costs about twice wide's
// rollouts, for twice their length.

// DefaultDeepWorlds is the most worlds a "deep" decision plays.
const DefaultDeepWorlds = DefaultWideWorlds

// newDeep makes the deep player: wide's shortlist and race, deep's
// rollouts, at most worlds worlds per decision.
func newDeep(seed uint64, res *engine.Resolver, worlds int) *widePlayer {
	p := newWide(seed, res, worlds)
	p.deep = true
	p.z = wideZ * math.Sqrt(float64(worlds)/DefaultDeepWorlds)
	return p
}

// deepRollout plays action a on a world sampled from r and continues
// greedily to the end of me's next turn; it returns the mean of the
// evaluations for me at the end of the opponent's turn and there.
func (p *widePlayer) deepRollout(g *engine.Game, a engine.Action, me uint8, r *Rand) float64 {
	p.rollouts++
	p.world = *g
	deal(r, &p.world, me)
	if err := p.world.Apply(a, p); err != nil {
		return -winScore
	}
	vals := p.searchPlayer.vals.of(g.S.Armies)
	w, start := &p.world, g.Turn
	mid, haveMid := 0.0, false
	for n := 0; n < 2*rolloutActions && !w.Over(); n++ {
		if !haveMid && (w.Turn > start+1 || (w.Turn == start+1 && w.TurnPlayer() == me)) {
			mid, haveMid = evaluate(w, me, p.res, &p.scratch, vals), true
		}
		if w.Turn > start+2 {
			break
		}
		if !p.greedyStep(w) {
			break
		}
	}
	v := evaluate(w, me, p.res, &p.scratch, vals)
	if !haveMid {
		return v // the game ended (or the rollout stopped) before the opponent's turn did
	}
	return (mid + v) / 2
}
