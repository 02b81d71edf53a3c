package stats

import "math"

// Z95 is the normal quantile for a two-sided 95% interval.
const Z95 = 1.959963984540054

// Pentanomial counts seat-swapped pairs of games by the pair's score from
// the first army's point of view: index k holds the pairs that scored k/2
// points out of 2 (0, ½, 1, 1½, 2). The pair, not the game, is the unit of
// sampling: both games of a pair share their draws, so their results are
// correlated and only the pairs are independent of each other.
type Pentanomial [5]int

// Pairs is the number of pairs counted.
func (p Pentanomial) Pairs() int {
	n := 0
	for _, c := range p {
		n += c
	}
	return n
}

// pairScore is the per-game score of a pair in bucket k: k/2 points out of 2.
func pairScore(k int) float64 { return float64(k) / 4 }

// Mean is the mean score per game (a draw counts one half); 0.5 when empty.
func (p Pentanomial) Mean() float64 {
	n := p.Pairs()
	if n == 0 {
		return 0.5
	}
	s := 0.0
	for k, c := range p {
		s += float64(c) * pairScore(k)
	}
	return s / float64(n)
}

// Variance is the variance of one pair's per-game score (the plug-in,
// maximum-likelihood estimate, dividing by the number of pairs, as fishtest
// does). The variance of Mean is Variance / Pairs.
func (p Pentanomial) Variance() float64 {
	n := p.Pairs()
	if n == 0 {
		return 0
	}
	m := p.Mean()
	v := 0.0
	for k, c := range p {
		d := pairScore(k) - m
		v += float64(c) * d * d
	}
	return v / float64(n)
}

// StdErr is the standard error of Mean.
func (p Pentanomial) StdErr() float64 {
	n := p.Pairs()
	if n == 0 {
		return math.Inf(1)
	}
	return math.Sqrt(p.Variance() / float64(n))
}

// PairValues are the per-game scores of the five pair buckets, the values
// ScoreInterval takes with Counts.
var PairValues = []float64{0, 0.25, 0.5, 0.75, 1}

// Counts are the bucket counts as ScoreInterval takes them.
func (p Pentanomial) Counts() []float64 {
	c := make([]float64, len(p))
	for k, n := range p {
		c[k] = float64(n)
	}
	return c
}

// Interval is the score interval (ScoreInterval) of the win rate over the
// pairs: valid at one pair, at all pairs won or lost and at all pairs
// split, never a point; with no pairs the whole of [0, 1].
func (p Pentanomial) Interval(z float64) (lo, hi float64) {
	return ScoreInterval(PairValues, p.Counts(), z)
}

// PValue is the two-sided p-value of the hypothesis that the true win rate
// is 0.5, by the score test of Interval: at most 0.05 exactly when the 95%
// interval leaves 0.5 out; 1 with no pairs.
func (p Pentanomial) PValue() float64 {
	return ScorePValue(PairValues, p.Counts(), 0.5)
}

// Add counts one pair that scored points (0, 0.5, 1, 1.5 or 2).
func (p *Pentanomial) Add(points float64) { p[int(math.Round(points*2))]++ }

// Merge adds another count.
func (p *Pentanomial) Merge(o Pentanomial) {
	for k := range p {
		p[k] += o[k]
	}
}
