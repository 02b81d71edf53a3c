package sim

import (
	"fmt"
	"slices"

	"github.com/hexforge/hexforge/stats"
)

// Rating is one army's Bradley–Terry rating in a round robin.
type Rating struct {
	Army   string     `json:"army"`
	Elo    float64    `json:"elo"`     // ratings sum to 0
	EloCI  [2]float64 `json:"elo_ci"`  // 95% interval: the bootstrap's, widened to the fit's normal interval where narrower
	Rank   int        `json:"rank"`    // 1 = strongest
	RankCI [2]int     `json:"rank_ci"` // 95% bootstrap interval of the rank
}

// Ratings are the fit of a whole round robin.
type Ratings struct {
	FirstMove float64  `json:"first_move_elo"` // what moving first is worth, in Elo
	Armies    []Rating `json:"armies"`         // strongest first
	Samples   int      `json:"bootstrap_samples"`
}

// ratingSamples is how many bootstrap refits give the intervals.
const ratingSamples = 200

// Ratings fits a Bradley–Terry model with a first-move term to every
// decided pair of the round robin (mirror matches left out: they say
// nothing about who is stronger), as Ordo does, with 95% intervals on each
// rating and rank from refitting pairs resampled with replacement (a
// rating's never narrower than the fit's normal interval). The
// resampling has a fixed seed, so the same matrix gives the same table.
func (rr *RoundRobin) Ratings() (*Ratings, error) {
	score := [3]float64{Loss: 0, Draw: 0.5, Win: 1}
	var pairs []stats.PairResult
	for k, s := range rr.Matches {
		if k[0] == k[1] {
			continue
		}
		for x := range 3 {
			for y := range 3 {
				for range s.Tally.Seats[x][y] {
					pairs = append(pairs, stats.PairResult{A: k[0], B: k[1], AFirst: score[x], ASecond: score[y]})
				}
			}
		}
	}
	// Map iteration order is random: sort, so the bootstrap draws the same.
	slices.SortFunc(pairs, func(a, b stats.PairResult) int {
		if a.A != b.A {
			return a.A - b.A
		}
		if a.B != b.B {
			return a.B - b.B
		}
		if a.AFirst != b.AFirst {
			return int(4 * (a.AFirst - b.AFirst))
		}
		return int(4 * (a.ASecond - b.ASecond))
	})
	n := len(rr.Armies)
	if len(pairs) == 0 || n < 2 {
		return nil, fmt.Errorf("ratings: no decided pairs between different armies")
	}
	fit, err := stats.FitBT(n, pairs)
	if err != nil {
		return nil, err
	}
	boot, err := stats.BootstrapBT(n, pairs, ratingSamples, 1)
	if err != nil {
		return nil, err
	}
	ranks := stats.Ranks(fit.R)
	out := &Ratings{FirstMove: fit.First, Samples: ratingSamples}
	for i, a := range rr.Armies {
		// The bootstrap's percentiles collapse when resampling cannot vary
		// the pairs (one pair, or every pair of a matchup alike): the
		// interval is never narrower than the fit's own normal interval,
		// whose curvature includes the prior's virtual draws.
		ci := [2]float64{min(boot.RLo[i], fit.R[i]-stats.Z95*fit.SE[i]), max(boot.RHi[i], fit.R[i]+stats.Z95*fit.SE[i])}
		out.Armies = append(out.Armies, Rating{Army: a, Elo: fit.R[i], EloCI: ci,
			Rank: ranks[i], RankCI: [2]int{boot.RankLo[i], boot.RankHi[i]}})
	}
	slices.SortStableFunc(out.Armies, func(a, b Rating) int { return a.Rank - b.Rank })
	return out, nil
}

// SignificantCells marks the matchups whose win rate is significantly away
// from 50% after Holm's correction over all the round robin's matchups
// (mirrors left out), so that among many cells chance alone does not raise
// false alarms. The key is the matchup (i < j).
func (rr *RoundRobin) SignificantCells() map[[2]int]bool {
	var keys [][2]int
	var ps []float64
	for k, s := range rr.Matches {
		if k[0] != k[1] {
			keys = append(keys, k)
			ps = append(ps, s.Tally.Pairs.PValue())
		}
	}
	out := map[[2]int]bool{}
	for i, adj := range stats.Holm(ps) {
		if adj <= 0.05 {
			out[keys[i]] = true
		}
	}
	return out
}
