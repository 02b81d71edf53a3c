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

// ExpectedStopAt asks only at the looks it is given, on any schedule and
// with any number of buckets: a rule met at 60 pairs stops at the look of
// 100 on the schedule 25, 50, 100, 200, and the cap ends one never met.
func TestExpectedStopAt(t *testing.T) {
	q := []float64{1, 2, 3, 2, 1, 0, 0, 0, 1} // nine buckets, as a paired change has
	total := func(c []int) int {
		n := 0
		for _, x := range c {
			n += x
		}
		return n
	}
	looks := []int{25, 50, 100, 200}
	for _, c := range []struct {
		stop func([]int) bool
		from []int
		want float64
	}{
		{func(c []int) bool { return total(c) >= 60 }, make([]int, 9), 100},
		{func(c []int) bool { return total(c) >= 60 }, []int{0, 0, 70, 0, 0, 0, 0, 0, 0}, 70},
		{func(c []int) bool { return total(c) >= 60 }, []int{0, 0, 30, 0, 0, 0, 0, 0, 0}, 100},
		{func([]int) bool { return false }, make([]int, 9), 200},
		{func(c []int) bool { return c[8] > 0 }, []int{0, 0, 0, 0, 0, 0, 0, 0, 1}, 1},
	} {
		if got, _ := ExpectedStopAt(c.stop, c.from, q, looks, 10, 1); got != c.want {
			t.Errorf("from %v: %v, want %v", c.from, got, c.want)
		}
	}
	// A rule met by chance stops between the looks' counts on average:
	// the first bucket (1 in 10) drawn by the look of 25 about 93% of the
	// time, else mostly by 50.
	got, yes := ExpectedStopAt(func(c []int) bool { return c[0] > 0 }, make([]int, 9), q, looks, 1000, 2)
	if want := 25*(1-math.Pow(0.9, 25)) + 50*(math.Pow(0.9, 25)-math.Pow(0.9, 50)) + 100*(math.Pow(0.9, 50)-math.Pow(0.9, 100)); math.Abs(got-want) > 1.5 {
		t.Errorf("first bucket by chance: %v pairs, want about %v", got, want)
	}
	// ... and says yes by the cap of 200 in all but 0.9^200 of the runs;
	// a rule never met, in none.
	if yes < 0.999 {
		t.Errorf("first bucket by chance: stopped in %v of the runs, want all", yes)
	}
	if _, none := ExpectedStopAt(func([]int) bool { return false }, make([]int, 9), q, looks, 100, 2); none != 0 {
		t.Errorf("a rule never met: stopped in %v of the runs", none)
	}
}
