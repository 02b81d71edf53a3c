package stats

import "math"

// PairedDiff is the difference of two variants' win rates measured on the
// same pairs: the same seeds and draws, so each pair gives one difference
// (the pair's per-game score under the new variant minus under the old) and
// the spread that both variants share cancels out. It is the paired
// comparison fishtest applies to two engines playing the same openings.
//
// A pair's per-game score moves in quarters, so a difference is one of the
// nine values -1, -3/4, …, 1; Counts[k] holds the pairs that moved by
// (k-4)/4. Mapped onto [0, 1] by (d+1)/2 they are a bounded score, and the
// interval and p-value are ScoreInterval's and ScorePValue's of it.
type PairedDiff struct {
	Counts [9]int
}

// diffValues are the nine differences mapped onto [0, 1].
var diffValues = []float64{0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1}

// Add counts one pair: its per-game score (0..1 in quarters, a draw
// counting one half) under the new and under the old variant.
func (p *PairedDiff) Add(newScore, oldScore float64) {
	p.Counts[int(math.Round((newScore-oldScore)*4))+4]++
}

// Mean is the mean difference of the win rate, new minus old; 0 with no
// pairs.
func (p PairedDiff) Mean() float64 {
	n, s := 0, 0
	for k, c := range p.Counts {
		n += c
		s += c * (k - 4)
	}
	if n == 0 {
		return 0
	}
	return float64(s) / float64(n) / 4
}

func (p PairedDiff) counts() []float64 {
	c := make([]float64, len(p.Counts))
	for k, n := range p.Counts {
		c[k] = float64(n)
	}
	return c
}

// Interval is the score interval of the mean difference (ScoreInterval on
// the differences mapped onto [0, 1], mapped back): within [-1, 1], never a
// point when there is a pair, [-1, 1] with none.
func (p PairedDiff) Interval(z float64) (lo, hi float64) {
	l, h := ScoreInterval(diffValues, p.counts(), z)
	return 2*l - 1, 2*h - 1
}

// Significant says whether the 95% interval leaves 0 out.
func (p PairedDiff) Significant() bool { return p.PValue() <= 0.05 }

// PValue is the two-sided p-value of "no change" (mean difference 0) by
// the score test of Interval: at most 0.05 exactly when the 95% interval
// leaves 0 out; 1 with no pairs. It is what Holm's correction takes when
// many variants are compared.
func (p PairedDiff) PValue() float64 { return ScorePValue(diffValues, p.counts(), 0.5) }

// Excludes says whether the change d lies outside Interval(z): the score
// statistic at d exceeds z², the test Interval's bounds are found by. It
// costs one constrained variance where the interval costs a search for
// each bound: a sequential study asks it at every look of every variant,
// and its forecast asks it hundreds of times more.
func (p PairedDiff) Excludes(d, z float64) bool {
	c := p.counts()
	n, m := moments(diffValues, c)
	if n == 0 {
		return false
	}
	x := (d + 1) / 2
	if x <= 0 || x >= 1 {
		return false // the interval always reaches ±1 as a limit, never past it
	}
	return n*(m-x)*(m-x) > z*z*ConstrainedVariance(diffValues, c, x)
}
