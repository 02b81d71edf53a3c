package stats

import (
	"math"
	"testing"
)

func TestPairedDiff(t *testing.T) {
	shift := func(n int) (nw, old []float64) {
		for range n {
			nw, old = append(nw, 0.75), append(old, 0.5)
		}
		return
	}
	new5, old5 := shift(5)
	new40, old40 := shift(40)
	for _, tc := range []struct {
		name     string
		new, old []float64
		mean     float64
		sig      bool
	}{
		// A constant +0.25 shift in five pairs: the sample variance is 0,
		// but five pairs are not certainty (a normal interval said they were).
		{"shift in 5 pairs", new5, old5, 0.25, false},
		{"shift in 40 pairs", new40, old40, 0.25, true},
		// Equal on every pair: no change.
		{"none", []float64{0.5, 1, 0}, []float64{0.5, 1, 0}, 0, false},
		// Up on one pair, down on another: mean 0, not significant.
		{"noise", []float64{1, 0, 0.5, 0.5}, []float64{0, 1, 0.5, 0.5}, 0, false},
		// One pair: never significant.
		{"one pair", []float64{1}, []float64{0}, 1, false},
	} {
		var p PairedDiff
		for i := range tc.new {
			p.Add(tc.new[i], tc.old[i])
		}
		lo, hi := p.Interval(Z95)
		if math.Abs(p.Mean()-tc.mean) > 1e-12 || p.Significant() != tc.sig || p.N() != len(tc.new) {
			t.Errorf("%s: mean %v [%v, %v] significant %v; want mean %v significant %v", tc.name, p.Mean(), lo, hi, p.Significant(), tc.mean, tc.sig)
		}
		// Never a point, inside [-1, 1], around the mean, and significant
		// exactly when it leaves 0 out.
		if !(lo < hi) || lo < -1 || hi > 1 || lo > p.Mean() || hi < p.Mean() || p.Significant() != (lo > 0 || hi < 0) {
			t.Errorf("%s: mean %v, interval [%v, %v], significant %v", tc.name, p.Mean(), lo, hi, p.Significant())
		}
	}
	var none PairedDiff
	if lo, hi := none.Interval(Z95); lo != -1 || hi != 1 || none.PValue() != 1 || none.Mean() != 0 {
		t.Errorf("no pairs: [%v, %v] p %v", lo, hi, none.PValue())
	}
}

// N is the number of pairs compared (the tests' check that every pair was
// counted).
func (p PairedDiff) N() int {
	n := 0
	for _, c := range p.Counts {
		n += c
	}
	return n
}

// Excludes agrees with Interval: a change just inside either bound is not
// excluded, one just outside is, on samples small, lopsided and large.
func TestPairedDiffExcludes(t *testing.T) {
	for _, counts := range [][9]int{
		{0, 0, 0, 0, 3, 0, 0, 0, 0},
		{0, 1, 2, 5, 10, 5, 2, 1, 0},
		{4, 0, 0, 0, 0, 0, 0, 0, 1},
		{0, 0, 0, 0, 0, 0, 0, 0, 2},
		{30, 50, 80, 120, 300, 130, 70, 40, 20},
	} {
		d := PairedDiff{Counts: counts}
		for _, z := range []float64{1.645, 1.96, 2.5} {
			lo, hi := d.Interval(z)
			for _, c := range []struct {
				x    float64
				want bool
			}{{lo + 1e-6, false}, {hi - 1e-6, false}, {lo - 1e-6, lo-1e-6 > -1}, {hi + 1e-6, hi+1e-6 < 1}, {d.Mean(), false}} {
				if got := d.Excludes(c.x, z); got != c.want {
					t.Errorf("%v at z %v: interval [%v, %v], Excludes(%v) = %v, want %v", counts, z, lo, hi, c.x, got, c.want)
				}
			}
		}
	}
	if (PairedDiff{}).Excludes(0.5, 1.96) {
		t.Error("no pairs: nothing is excluded")
	}
}
