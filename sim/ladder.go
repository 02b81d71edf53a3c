package sim

import (
	"fmt"
	"math"

	"github.com/hexforge/hexforge/stats"
)

// The ladder plays the same seat-swapped pairs (same seeds, same draws) at
// several player levels and asks whether the win rate has stopped moving as
// play gets stronger. Its unit of sampling is the pair, not the game: the two
// games of a pair share their draws, so they are not independent, and a
// pair's score (0, 1/2, 1, 1 1/2 or 2 points for army A) is.

// PairScores turns game records, in the order Match.Run returns them (the
// two games of each pair next to each other), into one score per pair from
// army A's side: a win is 1, a draw 1/2, a loss 0. A pair with a game stopped
// at the length cap is left out, as capped games are left out of win rates.
func PairScores(recs []GameRecord) []float64 {
	out := make([]float64, 0, len(recs)/2)
	var c PairCounts
	for i := 0; i+1 < len(recs); i += 2 {
		if k, ok := c.score(recs[i], recs[i+1]); ok {
			out = append(out, float64(k)/2)
		}
	}
	return out
}

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

// Verdict says whether the win rate has stopped moving between the two
// strongest levels of a ladder.
type Verdict struct {
	Stable bool
	Diff   float64  // top level's rate minus the second's
	DiffCI Interval // 95% interval of Diff
	Reason string   // why, in a sentence
}

// VerdictText is what a report prints for a verdict.
func (v Verdict) VerdictText() string {
	if v.Stable {
		return "stable"
	}
	return "still moving — use a stronger player or more games"
}

// LadderVerdict judges levels ordered from weakest to strongest. It compares
// the last two: with Diff = rate(top) - rate(second) and, the two levels'
// games being played by different players and so independent,
// SE(Diff) = sqrt(SE(top)² + SE(second)²), the verdict is stable when the
// interval Diff ± stats.Z95·SE(Diff) contains 0. It is never stable with fewer
// than two levels or fewer than two counted pairs at either of the top two
// (no variance, no interval).
func LadderVerdict(levels []LevelRate) Verdict {
	if len(levels) < 2 {
		return Verdict{DiffCI: Interval{-1, 1}, Reason: "one level only: nothing to compare"}
	}
	top, second := levels[len(levels)-1], levels[len(levels)-2]
	v := Verdict{Diff: top.Rate - second.Rate, DiffCI: Interval{-1, 1}}
	if top.Pairs < 2 || second.Pairs < 2 {
		v.Reason = "fewer than two decided pairs at a top level: no interval"
		return v
	}
	half := stats.Z95 * math.Hypot(top.SE, second.SE)
	v.DiffCI = Interval{v.Diff - half, v.Diff + half}
	v.Stable = v.DiffCI.Contains(0)
	if v.Stable {
		v.Reason = fmt.Sprintf("the top two levels differ by %+.1f points, 95%% interval [%+.1f, %+.1f] contains 0",
			100*v.Diff, 100*v.DiffCI.Lo, 100*v.DiffCI.Hi)
	} else {
		v.Reason = fmt.Sprintf("the top two levels differ by %+.1f points, 95%% interval [%+.1f, %+.1f] excludes 0",
			100*v.Diff, 100*v.DiffCI.Lo, 100*v.DiffCI.Hi)
	}
	return v
}
