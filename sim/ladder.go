package sim

import (
	"math"

	"github.com/hexforge/hexforge/stats"
)

// The ladder plays the same seat-swapped pairs (same seeds, same draws) at
// several player levels and asks whether the win rate has stopped moving as
// play gets stronger. Its unit of sampling is the pair, not the game: the two
// games of a pair share their draws, so they are not independent, and a
// pair's score (0, 1/2, 1, 1 1/2 or 2 points for army A) is.

// PairCounts counts decided pairs by score (0, 1/2, 1, 3/2, 2 as 0..4) and
// capped pairs: all a level of a ladder needs, in constant memory however
// many games it plays.
type PairCounts struct {
	N      [5]int
	Capped int
}

// score is the pair's score in half points, false for a capped pair.
func (*PairCounts) score(a, b GameRecord) (int, bool) { return pairHalfPoints(a, b) }

// pairHalfPoints is army A's score over a pair in half points (0..4), false
// for a capped pair.
func pairHalfPoints(a, b GameRecord) (int, bool) {
	half := [...]int{Loss: 0, Draw: 1, Win: 2}
	if a.Outcome == Capped || b.Outcome == Capped {
		return 0, false
	}
	return half[a.Outcome] + half[b.Outcome], true
}

// AppendPairPoints appends army A's score of each pair of recs (whole pairs
// in order) in half points, 0..4, or -1 for a capped pair: one byte a pair,
// what a paired comparison of two variants on the same seeds needs.
func AppendPairPoints(dst []int8, recs []GameRecord) []int8 {
	for i := 0; i+1 < len(recs); i += 2 {
		k, ok := pairHalfPoints(recs[i], recs[i+1])
		if !ok {
			k = -1
		}
		dst = append(dst, int8(k))
	}
	return dst
}

// Add counts the pairs of recs (whole pairs in order, as Run gives them).
func (c *PairCounts) Add(recs []GameRecord) {
	for i := 0; i+1 < len(recs); i += 2 {
		if k, ok := c.score(recs[i], recs[i+1]); ok {
			c.N[k]++
		} else {
			c.Capped++
		}
	}
}

// Rate is PairRate of the counted pairs, computed from the counts.
func (c *PairCounts) Rate() LevelRate {
	n, sum := 0, 0.0
	for k, m := range c.N {
		n += m
		sum += float64(m) * float64(k) / 2
	}
	if n == 0 {
		return PairRate(nil)
	}
	mean := sum / float64(n)
	var ss float64
	for k, m := range c.N {
		d := float64(k)/2 - mean
		ss += float64(m) * d * d
	}
	return rateFrom(n, mean, ss)
}

// LevelRate is army A's win rate at one player level, estimated from pair
// scores.
type LevelRate struct {
	Pairs    int      // pairs counted (capped pairs left out)
	Rate     float64  // mean pair score / 2: the win rate, a draw counting 1/2
	SE       float64  // standard error of Rate; NaN when fewer than two pairs
	Interval Interval // Rate ± stats.Z95·SE clipped to [0, 1]; [0, 1] when SE is unknown
}

// PairRate estimates the win rate and its 95% interval from pair scores by
// the normal approximation with the sample variance of the pair scores. With
// no pairs the rate is 1/2 and with fewer than two the variance is unknown:
// the interval is then [0, 1], which says nothing, as it should.
func PairRate(scores []float64) LevelRate {
	n := len(scores)
	if n == 0 {
		return LevelRate{Rate: 0.5, SE: math.NaN(), Interval: Interval{0, 1}}
	}
	var sum float64
	for _, s := range scores {
		sum += s
	}
	mean := sum / float64(n)
	var ss float64
	for _, s := range scores {
		ss += (s - mean) * (s - mean)
	}
	return rateFrom(n, mean, ss)
}

// rateFrom is the rate and interval of n pair scores of the given mean and
// sum of squared deviations.
func rateFrom(n int, mean, ss float64) LevelRate {
	lr := LevelRate{Pairs: n, Rate: mean / 2, SE: math.NaN(), Interval: Interval{0, 1}}
	if n < 2 {
		return lr
	}
	// Variance of a pair score is of a 0..2 quantity; the rate is half of it.
	lr.SE = math.Sqrt(ss/float64(n-1)/float64(n)) / 2
	lr.Interval = Interval{math.Max(0, lr.Rate-stats.Z95*lr.SE), math.Min(1, lr.Rate+stats.Z95*lr.SE)}
	return lr
}
