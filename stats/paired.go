package stats

import "math"

// PairedDiff is the difference of two variants' win rates measured on the
// same pairs: the same seeds and draws, so each pair gives one difference
// (the pair's per-game score under the new variant minus under the old) and
// the spread that both variants share cancels out. It is the paired t-style
// comparison fishtest applies to two engines playing the same openings.
type PairedDiff struct {
	N    int     // pairs compared
	Sum  float64 // sum of the differences
	Sum2 float64 // sum of their squares
}

// Add counts one pair: its per-game score (0..1, a draw counting one half)
// under the new and under the old variant.
func (p *PairedDiff) Add(newScore, oldScore float64) {
	d := newScore - oldScore
	p.N++
	p.Sum += d
	p.Sum2 += d * d
}

// Mean is the mean difference of the win rate, new minus old.
func (p PairedDiff) Mean() float64 {
	if p.N == 0 {
		return 0
	}
	return p.Sum / float64(p.N)
}

// StdErr is the standard error of Mean (sample variance, n-1); infinite
// with fewer than two pairs.
func (p PairedDiff) StdErr() float64 {
	if p.N < 2 {
		return math.Inf(1)
	}
	m := p.Mean()
	v := (p.Sum2 - float64(p.N)*m*m) / float64(p.N-1)
	return math.Sqrt(math.Max(0, v) / float64(p.N))
}

// Interval is Mean ± z·StdErr, clipped to [-1, 1].
func (p PairedDiff) Interval(z float64) (lo, hi float64) {
	se := p.StdErr()
	if math.IsInf(se, 1) {
		return -1, 1
	}
	m := p.Mean()
	return math.Max(-1, m-z*se), math.Min(1, m+z*se)
}

// Significant says whether the 95% interval excludes 0. With no spread at
// all (every pair moved by the same amount) it is significant exactly when
// that amount is not 0.
func (p PairedDiff) Significant() bool {
	if p.N >= 2 && p.StdErr() == 0 {
		return p.Mean() != 0
	}
	lo, hi := p.Interval(Z95)
	return lo > 0 || hi < 0
}
