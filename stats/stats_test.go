package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Expected values come from testdata/reference.py.

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

func TestPentanomial(t *testing.T) {
	// Mean and plug-in variance (the SPRT's) exactly; the score interval and
	// its p-value to the reference's precision (golden-section search).
	cases := []struct {
		c                  Pentanomial
		mean, v, lo, hi, p float64
	}{
		{Pentanomial{10, 20, 40, 20, 10}, 0.5, 0.075, 0.445835741831, 0.554164258172, 1},
		{Pentanomial{3, 15, 50, 25, 7}, 0.545, 0.047975, 0.501014779799, 0.588770852104, 0.0451851108703},
		{Pentanomial{0, 1, 2, 1, 0}, 0.5, 0.03125, 0.255054581773, 0.744945418227, 1},
		{Pentanomial{30, 10, 5, 2, 1}, 0.15625, 0.058919270833333336, 0.101000897525, 0.244370458621, 2.50814711025e-08},
		// Few and lopsided: n of n, all split, one loss among wins.
		{Pentanomial{0, 0, 0, 0, 3}, 1, 0, 0.438502968245, 1, 0.0832645166636},
		{Pentanomial{0, 0, 3, 0, 0}, 0.5, 0, 0.219251484122, 0.780748515878, 1},
		{Pentanomial{1, 0, 0, 0, 2}, 2.0 / 3, 2.0 / 9, 0.207659600675, 0.938508054637, 0.563702861771},
	}
	for _, tc := range cases {
		lo, hi := tc.c.Interval(Z95)
		got := []float64{tc.c.Mean(), tc.c.Variance(), lo, hi, tc.c.PValue()}
		want := []float64{tc.mean, tc.v, tc.lo, tc.hi, tc.p}
		for i := range got {
			tol := 1e-12
			if i >= 2 {
				tol = 1e-8
			}
			if !near(got[i], want[i], tol) && !(want[i] < 1e-6 && near(got[i], want[i], 1e-6*want[i])) {
				t.Errorf("%v figure %d = %.17g, want %.17g", tc.c, i, got[i], want[i])
			}
		}
	}
}

func TestPentanomialEmptyAndAdd(t *testing.T) {
	var p Pentanomial
	if lo, hi := p.Interval(Z95); lo != 0 || hi != 1 || p.Mean() != 0.5 || p.PValue() != 1 {
		t.Errorf("empty: %v %v %v %v", lo, hi, p.Mean(), p.PValue())
	}
	for _, pts := range []float64{0, 0.5, 1, 1.5, 2, 2} {
		p.Add(pts)
	}
	if p != (Pentanomial{1, 1, 1, 1, 2}) {
		t.Errorf("Add: %v", p)
	}
	q := p
	q.Merge(p)
	if q != (Pentanomial{2, 2, 2, 2, 4}) {
		t.Errorf("Merge: %v", q)
	}
}

func TestSPRT(t *testing.T) {
	s := SPRT{P0: 0.45, P1: 0.55, Alpha: 0.05, Beta: 0.05}
	lo, hi := s.Bounds()
	if !near(lo, -2.9444389791664403, 1e-12) || !near(hi, 2.9444389791664403, 1e-12) {
		t.Errorf("bounds %v %v", lo, hi)
	}
	cases := []struct {
		c    Pentanomial
		llr  float64
		want Verdict
	}{
		{Pentanomial{10, 20, 40, 20, 10}, 0, Continue},
		{Pentanomial{3, 15, 50, 25, 7}, 9.3798853569567591, AcceptH1},
		{Pentanomial{30, 10, 5, 2, 1}, -28.004419889502771, AcceptH0},
		{Pentanomial{0, 0, 5, 0, 0}, 0, Continue},
	}
	for _, tc := range cases {
		if got := s.LLR(tc.c); !near(got, tc.llr, 1e-12) {
			t.Errorf("LLR %v = %.17g, want %.17g", tc.c, got, tc.llr)
		}
		if got := s.Step(tc.c); got != tc.want {
			t.Errorf("Step %v = %v, want %v", tc.c, got, tc.want)
		}
	}
}

func TestFairBand(t *testing.T) {
	b := FairBand{Lo: 0.45, Hi: 0.55, Alpha: 0.05, Beta: 0.05}
	cases := []struct {
		c    Pentanomial
		want BandVerdict
	}{
		{Pentanomial{1, 2, 4, 2, 1}, BandContinue},
		{Pentanomial{100, 200, 400, 200, 100}, InsideBand},
		{Pentanomial{30, 10, 5, 2, 1}, TooWeak},
		{Pentanomial{1, 2, 5, 10, 30}, TooStrong},
		// Every pair alike: no spread, yet a crushing matchup is decided
		// (it was undecided for ever with the plug-in variance of 0).
		{Pentanomial{0, 0, 0, 0, 30}, TooStrong},
		{Pentanomial{30, 0, 0, 0, 0}, TooWeak},
		{Pentanomial{0, 0, 30, 0, 0}, BandContinue},
		{Pentanomial{0, 0, 400, 0, 0}, InsideBand},
		{Pentanomial{0, 0, 0, 0, 29}, BandContinue}, // under MinPairs
	}
	for _, tc := range cases {
		if got := b.Step(tc.c); got != tc.want {
			t.Errorf("%v = %v, want %v", tc.c, got, tc.want)
		}
	}
}

func TestCorrections(t *testing.T) {
	ps := []float64{0.01, 0.04, 0.03, 0.005, 0.2}
	holm := []float64{0.04, 0.09, 0.09, 0.025, 0.2}
	for i, got := range Holm(ps) {
		if !near(got, holm[i], 1e-12) {
			t.Errorf("Holm[%d] = %v, want %v", i, got, holm[i])
		}
	}
}

// runSPRT plays coin-flip pairs (each game an independent win with
// probability p, no draws) until the test stops.
func runSPRT(s SPRT, p float64, r *rand.Rand) Verdict {
	var c Pentanomial
	for {
		k := 0
		for range 2 {
			if r.Float64() < p {
				k += 2
			}
		}
		c[k]++
		if v := s.Step(c); v != Continue {
			return v
		}
	}
}

// TestSPRTErrorRates: over 10,000 seeded runs at p = P0 the test accepts H1
// about Alpha of the time and at p = P1 accepts H0 about Beta of the time.
// Wald's bounds are conservative (the LLR overshoots them), so the tolerance
// is one-sided-generous: the observed rate must lie in [0.3·α, α + 0.015]
// (α + 0.015 is more than 5 standard errors of a 10,000-run rate).
func TestSPRTErrorRates(t *testing.T) {
	runs := 10000
	s := SPRT{P0: 0.45, P1: 0.55, Alpha: 0.05, Beta: 0.05}
	if testing.Short() {
		runs = 2000
	}
	r := rand.New(rand.NewPCG(1, 2))
	falseH1, falseH0 := 0, 0
	for range runs {
		if runSPRT(s, s.P0, r) == AcceptH1 {
			falseH1++
		}
		if runSPRT(s, s.P1, r) == AcceptH0 {
			falseH0++
		}
	}
	a, b := float64(falseH1)/float64(runs), float64(falseH0)/float64(runs)
	t.Logf("alpha observed %.4f, beta observed %.4f over %d runs", a, b, runs)
	if a < 0.3*s.Alpha || a > s.Alpha+0.015 {
		t.Errorf("alpha observed %v, want near %v", a, s.Alpha)
	}
	if b < 0.3*s.Beta || b > s.Beta+0.015 {
		t.Errorf("beta observed %v, want near %v", b, s.Beta)
	}
}
