package player

import (
	"cmp"
	"math"
	"slices"

	"github.com/hexforge/hexforge/engine"
)

// The wide player (docs/players.md, "wide") searches what race leaves out.
// race shortlists the greedy player's best 5 actions in the engine's
// order, and early in a game, or wherever no battle is near, most
// placements score the same after a hypothetical battle: its 5 are then 5
// facings of one hex. wide takes the greedy player's best wideWidth
// actions with equal scores in an order drawn from the seed, and counts
// actions that differ only by facing, and score the same, once: a dozen
// different places and tokens. It plays them on shared worlds to the end
// of the opponent's turn as race does, drops a candidate once its paired
// difference from the leader is beyond wideZ standard errors (after at
// least wideMinWorlds worlds, not race's 2: a variance from two worlds
// runs low and drops the right move by chance), and stops when one is left
// or after its budget of worlds. More certainty buys nothing for race's
// five near-twins (race:32 scores 51.6% against race:8); on a wide, varied
// shortlist it is what finds the better move.
//
// The budget N is the most worlds a decision plays, and sets the bar: z =
// wideZ·√(N/DefaultWideWorlds), as race scales its own.

const (
	wideWidth     = 12
	wideMinWorlds = 4
	wideZ         = 3.0
)

// DefaultWideWorlds is the most worlds a "wide" decision plays.
const DefaultWideWorlds = 48

// widePlayer is the search player's rollouts on a wider, varied shortlist.
type widePlayer struct {
	*searchPlayer
	worlds int
	z      float64
	width  int
	vals   []float64 // each candidate's value in each world, candidate-major
	// deep makes the deep player (deep.go): rollouts to the end of its
	// own next turn, scored by the mean of two evaluations.
	deep bool
}

func newWide(seed uint64, res *engine.Resolver, worlds int) *widePlayer {
	return &widePlayer{searchPlayer: newSearch(seed, res, 0), worlds: worlds, width: wideWidth,
		z: wideZ * math.Sqrt(float64(worlds)/DefaultWideWorlds)}
}

func (p *widePlayer) Act(g *engine.Game, legal []engine.Action) int {
	if len(legal) == 1 {
		return 0
	}
	p.shortlist(g, legal)
	if len(p.cands) == 0 {
		return 0
	}
	if len(p.cands) == 1 || p.cands[0].greed >= winScore/2 {
		return p.cands[0].idx
	}
	return p.cands[p.raceWide(g, legal, p.cands, g.Player, p.r.pcg.Uint64())].idx
}

// shortlist leaves in p.cands the greedy player's best p.width actions,
// best first: equal scores in an order drawn from the seed, and of the
// actions that differ only by facing and score the same, the first.
func (p *widePlayer) shortlist(g *engine.Game, legal []engine.Action) {
	p.scoreCandidates(g, legal, true)
	// n holds each candidate's place among equals until the sort is done.
	for i := range p.cands {
		p.cands[i].n = p.r.Intn(1 << 30)
	}
	slices.SortFunc(p.cands, func(a, b candidate) int {
		if c := cmp.Compare(b.greed, a.greed); c != 0 {
			return c
		}
		return cmp.Compare(a.n, b.n)
	})
	out := p.cands[:0]
	for _, c := range p.cands {
		if !slices.ContainsFunc(out, func(o candidate) bool { return o.greed == c.greed && sameButFacing(legal[o.idx], legal[c.idx]) }) {
			c.n = 0
			out = append(out, c)
			if len(out) == p.width {
				break
			}
		}
	}
	p.cands = out
}

// sameButFacing reports whether two actions differ at most by facing.
func sameButFacing(a, b engine.Action) bool {
	a.Facing = b.Facing
	return a == b
}

// raceWide plays cands on the worlds base, base+1, ... and returns the
// index (in cands) of the one kept: race's paired drop, from wideMinWorlds
// worlds on, at p.z standard errors.
func (p *widePlayer) raceWide(g *engine.Game, legal []engine.Action, cands []candidate, me uint8, base uint64) int {
	k, w := len(cands), p.worlds
	if cap(p.vals) < k*w {
		p.vals = make([]float64, k*w) // once per game: a player lives for one game
	}
	vals := p.vals[:k*w]
	alive := uint32(1)<<k - 1
	for n := 0; n < w && alive&(alive-1) != 0; n++ {
		for i := range cands {
			if alive&(1<<i) == 0 {
				continue
			}
			p.wr = NewRand(base + uint64(n))
			var v float64
			if p.deep {
				v = p.deepRollout(g, legal[cands[i].idx], me, &p.wr)
			} else {
				v = p.rollout(g, legal[cands[i].idx], me, &p.wr)
			}
			vals[i*w+n] = v
			cands[i].sum += v
			cands[i].n++
		}
		if n+1 < wideMinWorlds {
			continue
		}
		lead := leader(cands, alive)
		played := float64(n + 1)
		for i := range cands {
			if alive&(1<<i) == 0 || i == lead {
				continue
			}
			// The paired difference: both were played on the same worlds.
			var m, m2 float64
			for j := 0; j <= n; j++ {
				d := vals[lead*w+j] - vals[i*w+j]
				m += d
				m2 += d * d
			}
			m /= played
			se := math.Sqrt(max(m2/played-m*m, 0) / played)
			if m >= p.z*se {
				alive &^= 1 << i
			}
		}
	}
	return leader(cands, alive)
}
