package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// ExpectedStop counts pairs batch by batch: a rule that stops at 120 pairs
// is met after the third batch of 50; pairs already counted are kept, and
// the cap ends a test that never stops.
func TestExpectedStop(t *testing.T) {
	even := [5]float64{0.25, 0, 0.5, 0, 0.25}
	at := func(n int) func(Pentanomial) bool { return func(c Pentanomial) bool { return c.Pairs() >= n } }
	for _, c := range []struct {
		stop      func(Pentanomial) bool
		from      Pentanomial
		max, want int
	}{
		{at(120), Pentanomial{}, 1000, 150},
		{at(120), Pentanomial{0, 0, 100, 0, 0}, 1000, 150},
		{at(120), Pentanomial{0, 0, 130, 0, 0}, 1000, 130},
		{func(Pentanomial) bool { return false }, Pentanomial{}, 333, 333},
	} {
		if got := ExpectedStop(c.stop, c.from, even, 50, c.max, 10, 1); got != float64(c.want) {
			t.Errorf("from %v, cap %d: %v, want %d", c.from, c.max, got, c.want)
		}
	}
}

// At the band's centre, the fair-band test's expected stop agrees with how
// long the test runs on coin flips (runSPRT's games, looked at every 50
// pairs as sim does), within 10%; far outside the band it is the first
// look after MinPairs: 50 pairs.
func TestExpectedStopOfTheBand(t *testing.T) {
	b := FairBand{Lo: 0.45, Hi: 0.55, Alpha: 0.05, Beta: 0.05}
	stop := func(c Pentanomial) bool { return b.Step(c) != BandContinue }
	even := [5]float64{0.25, 0, 0.5, 0, 0.25}
	runs := 400
	if testing.Short() {
		runs = 100
	}
	want := 0.0
	r := rand.New(rand.NewPCG(3, 4))
	for range runs {
		var c Pentanomial
		for !stop(c) {
			for range 50 {
				k := 0
				for range 2 {
					if r.Float64() < 0.5 {
						k += 2
					}
				}
				c[k]++
			}
		}
		want += float64(c.Pairs()) / float64(runs)
	}
	got := ExpectedStop(stop, Pentanomial{}, even, 50, 50000, runs, 1)
	if math.Abs(got-want) > 0.1*want || got < 300 {
		t.Errorf("centre: expected %v pairs, the test ran %v on average", got, want)
	}
	weak := [5]float64{0.64, 0, 0.32, 0, 0.04} // 20%
	if got := ExpectedStop(stop, Pentanomial{}, weak, 50, 50000, 50, 1); got != 50 {
		t.Errorf("20%%: expected %v pairs, want 50", got)
	}
}
