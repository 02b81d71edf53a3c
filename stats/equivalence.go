package stats

import "math"

// Z90 is the normal quantile for a two-sided 90% interval, that is a
// one-sided 95% bound: the level of each of the two one-sided tests of an
// equivalence test.
const Z90 = 1.6448536269514722

// Sample is a bounded score's observations: Counts[k] at Values[k], each in
// [0, 1], as ScoreInterval takes them.
type Sample struct {
	Values, Counts []float64
}

// PairSample is the sample of a pentanomial's pairs.
func PairSample(p Pentanomial) Sample { return Sample{PairValues, p.Counts()} }

// N is the number of observations.
func (s Sample) N() float64 { n, _ := moments(s.Values, s.Counts); return n }

// Change is b's mean minus a's for two independent samples, judged three
// ways: its 95% interval (DiffInterval), whether it differs from 0 (P,
// the matching p-value, for a caller to correct over many changes), and
// whether it is shown to lie within ±Margin by two one-sided tests at 95%
// (the 90% interval inside the margin: Schuirmann's TOST).
type Change struct {
	Diff, Lo, Hi float64
	P            float64
	Margin       float64
	Equivalent   bool
	// SD is the spread of one observation's difference the intervals
	// imply (the 95% half-width times √n over z), what NeedFactor scales.
	SD float64
	n  float64 // the smaller sample's size
}

// Compare measures b against a with the equivalence margin margin (a
// difference of means, 0.05 = 5 points).
func Compare(a, b Sample, margin float64) Change {
	_, ma := moments(a.Values, a.Counts)
	_, mb := moments(b.Values, b.Counts)
	c := Change{Diff: mb - ma, Margin: margin, n: math.Min(a.N(), b.N())}
	c.Lo, c.Hi = DiffInterval(a.Values, a.Counts, b.Values, b.Counts, Z95)
	c.P = DiffPValue(a.Values, a.Counts, b.Values, b.Counts)
	lo90, hi90 := DiffInterval(a.Values, a.Counts, b.Values, b.Counts, Z90)
	c.Equivalent = c.n > 0 && lo90 > -margin && hi90 < margin
	if c.n > 0 {
		c.SD = SE95(c.Lo, c.Hi) * math.Sqrt(c.n)
	}
	return c
}

// NeedFactor is about how many times the observations of both samples it
// would take to decide the change, should the difference and the spread
// stay what they are now: to show equivalence when the difference is
// inside the margin, a difference from 0 otherwise. It is at least 1, and
// 0 when there are no observations (see NeedN).
func (c Change) NeedFactor() float64 {
	if c.n == 0 {
		return 0
	}
	d := math.Abs(c.Diff)
	var f float64
	if d < c.Margin {
		f = math.Pow(Z90*c.SD/math.Sqrt(c.n)/(c.Margin-d), 2)
	} else {
		f = math.Pow(Z95*c.SD/math.Sqrt(c.n)/d, 2)
	}
	return math.Max(1, f)
}

// NeedN is about how many observations in each sample would decide the
// change (NeedFactor times the smaller sample, at least one more than it
// has). With none yet it assumes
// no difference and the largest spread a score in [0, 1] can have, 1/2
// in each sample.
func (c Change) NeedN() int {
	if c.n == 0 {
		sd := 0.5 * math.Sqrt2
		return int(math.Ceil(math.Pow(Z90*sd/c.Margin, 2)))
	}
	return max(int(math.Ceil(c.NeedFactor()*c.n)), int(c.n)+1)
}

// Neg is the change seen the other way round: a's mean minus b's.
func (c Change) Neg() Change {
	c.Diff, c.Lo, c.Hi = -c.Diff, -c.Hi, -c.Lo
	return c
}

// MeanChange is the mean of changes measured on independent samples (an
// army's changes in its matchups against the field, each its own games),
// judged as Compare judges one: its standard error is the root of the sum
// of theirs (each from its 95% interval) over their number, its 95%
// interval is clipped to what a difference of rates can be, and it is
// equivalent when its 90% interval lies inside ±margin. Its NeedFactor
// scales the observations of every change alike. With no changes, or one
// without observations, it has none either.
func MeanChange(cs []Change, margin float64) Change {
	m := Change{Margin: margin, n: math.Inf(1)}
	var v float64
	for _, c := range cs {
		m.Diff += c.Diff
		se := SE95(c.Lo, c.Hi)
		v += se * se
		m.n = math.Min(m.n, c.n)
	}
	if len(cs) == 0 || m.n == 0 {
		return Change{Margin: margin, Lo: -1, Hi: 1, P: 1}
	}
	k := float64(len(cs))
	se := math.Sqrt(v) / k
	m.Diff /= k
	m.Lo, m.Hi = math.Max(m.Diff-Z95*se, -1), math.Min(m.Diff+Z95*se, 1)
	m.P = 1
	if se > 0 {
		m.P = math.Erfc(math.Abs(m.Diff) / se / math.Sqrt2)
	}
	m.Equivalent = se > 0 && m.Diff-Z90*se > -margin && m.Diff+Z90*se < margin
	m.SD = se * math.Sqrt(m.n)
	return m
}

// SE95 is the standard error a 95% normal interval [lo, hi] was drawn
// with: its half-width over z. (An interval clipped to what a rate or a
// difference can be gives less than the one it was cut from.)
func SE95(lo, hi float64) float64 { return (hi - lo) / 2 / Z95 }
