package stats

import (
	"math"
	"testing"
)

func TestPairedDiff(t *testing.T) {
	for _, tc := range []struct {
		name     string
		new, old []float64
		mean     float64
		sig      bool
	}{
		// The same shared noise in both, a constant +0.25 shift: paired, the
		// noise cancels and the shift is certain.
		{"shift", []float64{0.75, 0.5, 1, 0.25, 0.75}, []float64{0.5, 0.25, 0.75, 0, 0.5}, 0.25, true},
		// Equal on every pair: no change.
		{"none", []float64{0.5, 1, 0}, []float64{0.5, 1, 0}, 0, false},
		// Up on one pair, down on another: mean 0, not significant.
		{"noise", []float64{1, 0, 0.5, 0.5}, []float64{0, 1, 0.5, 0.5}, 0, false},
		// One pair: no variance, never significant.
		{"one pair", []float64{1}, []float64{0}, 1, false},
	} {
		var p PairedDiff
		for i := range tc.new {
			p.Add(tc.new[i], tc.old[i])
		}
		if math.Abs(p.Mean()-tc.mean) > 1e-12 || p.Significant() != tc.sig {
			lo, hi := p.Interval(Z95)
			t.Errorf("%s: mean %v [%v, %v] significant %v; want mean %v significant %v", tc.name, p.Mean(), lo, hi, p.Significant(), tc.mean, tc.sig)
		}
	}
	// Against a hand computation: differences 1, 0, 0, 1 → mean 0.5, sample
	// variance 1/3, SE sqrt(1/12).
	var p PairedDiff
	for _, d := range []float64{1, 0, 0, 1} {
		p.Add(d, 0)
	}
	if se := math.Sqrt(1.0 / 12); math.Abs(p.StdErr()-se) > 1e-12 {
		t.Errorf("SE %v, want %v", p.StdErr(), se)
	}
}
