package stats

import (
	"math"
	"testing"
)

func TestElo(t *testing.T) {
	for _, c := range []struct{ s, want float64 }{
		{0.5, 0}, {0.64, 99.95}, {0.36, -99.95}, {0.75, 190.85}, {10.0 / 11, 400},
		{0, math.Inf(-1)}, {1, math.Inf(1)},
	} {
		if got := Elo(c.s); math.Abs(got-c.want) > 0.01 && got != c.want {
			t.Errorf("Elo(%g) = %g, want %g", c.s, got, c.want)
		}
	}
}

// The Elo interval of pairs is the score interval's, mapped: never a point,
// unbounded above at a clean sweep and finite below.
func TestEloInterval(t *testing.T) {
	for _, c := range []struct {
		name        string
		p           Pentanomial
		infLo, infH bool
	}{
		{"one pair split", Pentanomial{0, 0, 1, 0, 0}, false, false},
		{"one pair won", Pentanomial{0, 0, 0, 0, 1}, false, true},
		{"ten pairs lost", Pentanomial{10, 0, 0, 0, 0}, true, false},
		{"mixed", Pentanomial{10, 5, 40, 20, 25}, false, false},
	} {
		e, lo, hi := c.p.EloInterval(Z95)
		if !(lo < hi) || lo > e || e > hi {
			t.Errorf("%s: %g [%g, %g] is not an interval around its estimate", c.name, e, lo, hi)
		}
		if math.IsInf(lo, -1) != c.infLo || math.IsInf(hi, 1) != c.infH {
			t.Errorf("%s: [%g, %g], want unbounded below %v, above %v", c.name, lo, hi, c.infLo, c.infH)
		}
	}
	// 65% in 200 pairs of all kinds: about +108 Elo, the interval a few
	// dozen points either side.
	e, lo, hi := Pentanomial{20, 10, 70, 30, 70}.EloInterval(Z95)
	if math.Abs(e-stdElo(0.65)) > 1e-9 || hi-lo < 40 || hi-lo > 120 {
		t.Errorf("65%% of 200 pairs: %g [%g, %g]", e, lo, hi)
	}
}

func stdElo(s float64) float64 { return -400 * math.Log10(1/s-1) }
