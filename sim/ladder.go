package sim

import "github.com/hexforge/hexforge/stats"

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

// AddB counts the pairs of recs from army B's side (a pair army A scored
// k half points of scores 4-k for B): a head-to-head of two players in
// which the one counted plays army B.
func (c *PairCounts) AddB(recs []GameRecord) {
	for i := 0; i+1 < len(recs); i += 2 {
		if k, ok := c.score(recs[i], recs[i+1]); ok {
			c.N[4-k]++
		} else {
			c.Capped++
		}
	}
}

// Rate is the level's rate and interval from the counted pairs.
func (c *PairCounts) Rate() LevelRate { return levelRate(stats.Pentanomial(c.N)) }

// LevelRate is army A's win rate at one player level, estimated from pair
// scores.
type LevelRate struct {
	Pairs    int               // pairs counted (capped pairs left out)
	Rate     float64           // mean pair score / 2: the win rate, a draw counting 1/2
	Counts   stats.Pentanomial // the pairs by score, what a comparison of levels needs
	Interval Interval          // the 95% score interval (stats.ScoreInterval); [0, 1] with no pairs
}

func levelRate(p stats.Pentanomial) LevelRate {
	lo, hi := p.Interval(stats.Z95)
	return LevelRate{Pairs: p.Pairs(), Rate: p.Mean(), Counts: p, Interval: Interval{lo, hi}}
}
