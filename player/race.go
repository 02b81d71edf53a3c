package player

import (
	"math"

	"github.com/hexforge/hexforge/engine"
)

// The race player is the search player's machinery with its worlds spent
// where a decision is close (docs/players.md, "race"). Its shortlist is the
// greedy player's best raceShortlist actions; every candidate is played
// out on the same sampled worlds (common random numbers, as plan does), to
// the end of the next player's turn (as search does, not plan's first
// reply); and from raceMinWorlds worlds on, a candidate whose paired
// difference from the leader (world by world) is beyond z standard errors
// is dropped. It stops when one candidate is left or after its budget of
// worlds. A clear decision costs about two worlds, a close one up to the
// budget; the budget still counts worlds, never time.
//
// The budget N sets both the most worlds and how sure the race must be
// before it drops a candidate: z = raceZ·√(N/DefaultRaceWorlds), so four
// times the budget asks twice the standard errors and buys several times
// the rollouts, not only a higher cap that a clear decision never reaches.

const (
	raceShortlist = 5
	raceMinWorlds = 2
	raceZ         = 1.5
)

// DefaultRaceWorlds is the most worlds a "race" decision plays.
const DefaultRaceWorlds = 8

// newRace makes the race player: at most worlds worlds per decision.
func newRace(seed uint64, res *engine.Resolver, worlds int) *searchPlayer {
	p := newSearch(seed, res, 0)
	p.raceWorlds = worlds
	p.raceZ = raceZ * math.Sqrt(float64(worlds)/DefaultRaceWorlds)
	return p
}

// race plays cands on the worlds base, base+1, ... and returns the index
// (in cands) of the one kept.
func (p *searchPlayer) race(g *engine.Game, legal []engine.Action, cands []candidate, me uint8, base uint64) int {
	k := len(cands)
	if need := k * p.raceWorlds; cap(p.raceVals) < need {
		p.raceVals = make([]float64, need) // once per game: a player lives for one game
	}
	vals := p.raceVals[:k*p.raceWorlds]
	alive := uint32(1)<<k - 1
	for w := 0; w < p.raceWorlds && alive&(alive-1) != 0; w++ {
		for i := range cands {
			if alive&(1<<i) == 0 {
				continue
			}
			p.wr = NewRand(base + uint64(w))
			v := p.rollout(g, legal[cands[i].idx], me, &p.wr)
			vals[i*p.raceWorlds+w] = v
			cands[i].sum += v
			cands[i].n++
		}
		if w+1 < raceMinWorlds {
			continue
		}
		lead := leader(cands, alive)
		n := float64(w + 1)
		for i := range cands {
			if alive&(1<<i) == 0 || i == lead {
				continue
			}
			// The paired difference: both were played on the same worlds,
			// so the luck of the draw cancels and only the actions differ.
			var m, m2 float64
			for j := 0; j <= w; j++ {
				d := vals[lead*p.raceWorlds+j] - vals[i*p.raceWorlds+j]
				m += d
				m2 += d * d
			}
			m /= n
			se := math.Sqrt(max(m2/n-m*m, 0) / n)
			if m >= p.raceZ*se {
				alive &^= 1 << i
			}
		}
	}
	return leader(cands, alive)
}

// leader is the candidate still in the race with the best sum (all of
// them have played the same worlds); the first on a tie, which is the
// greedy player's order.
func leader(cands []candidate, alive uint32) int {
	best := -1
	for i := range cands {
		if alive&(1<<i) != 0 && (best < 0 || cands[i].sum > cands[best].sum) {
			best = i
		}
	}
	return best
}
