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

// Interval is the normal-approximation interval Mean ± z·StdErr, clipped to
// [0, 1]; with no pairs it is the whole of [0, 1].
func (p Pentanomial) Interval(z float64) (lo, hi float64) {
	if p.Pairs() == 0 {
		return 0, 1
	}
	m, h := p.Mean(), z*p.StdErr()
	return math.Max(0, m-h), math.Min(1, m+h)
}

// PValue is the two-sided p-value of the hypothesis that the true win rate is
// 0.5, from the normal approximation z = (Mean - 0.5) / StdErr. With no
// spread (every pair scored the same) it is 1 when the mean is 0.5 and 0
// otherwise.
func (p Pentanomial) PValue() float64 {
	if p.Pairs() == 0 {
		return 1
	}
	se := p.StdErr()
	d := p.Mean() - 0.5
	if se == 0 {
		if d == 0 {
			return 1
		}
		return 0
	}
	return math.Erfc(math.Abs(d/se) / math.Sqrt2)
}

// Add counts one pair that scored points (0, 0.5, 1, 1.5 or 2).
func (p *Pentanomial) Add(points float64) { p[int(math.Round(points*2))]++ }

// Merge adds another count.
func (p *Pentanomial) Merge(o Pentanomial) {
	for k := range p {
		p[k] += o[k]
	}
}
