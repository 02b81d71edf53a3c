package sim

import (
	"math"
	"testing"

	"github.com/hexforge/hexforge/stats"
)

// pairs makes n pair scores of value s.
func pairs(n int, s ...float64) []float64 {
	var out []float64
	for i := 0; i < n; i++ {
		out = append(out, s...)
	}
	return out
}

func TestPairScores(t *testing.T) {
	recs := []GameRecord{{Outcome: Win}, {Outcome: Win}, {Outcome: Win}, {Outcome: Draw}, {Outcome: Loss}, {Outcome: Draw},
		{Outcome: Capped}, {Outcome: Win}, {Outcome: Loss}, {Outcome: Loss}}
	got := pairScores(recs)
	want := []float64{2, 1.5, 0.5, 0}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("pair %d: %v, want %v", i, got[i], want[i])
		}
	}
}

// TestPairCountsMatchScores: counting pairs as they stream (what ladder
// keeps) gives the rate and interval of the kept scores.
func TestPairCountsMatchScores(t *testing.T) {
	outcomes := []Outcome{Win, Loss, Draw, Capped}
	var recs []GameRecord
	for i := range 200 {
		recs = append(recs, GameRecord{Outcome: outcomes[i*7%4]}, GameRecord{Outcome: outcomes[i*i%3]})
	}
	var c PairCounts
	c.Add(recs[:100])
	c.Add(recs[100:])
	want, got := PairRate(pairScores(recs)), c.Rate()
	if got.Pairs != want.Pairs || c.Capped != len(recs)/2-want.Pairs ||
		math.Abs(got.Rate-want.Rate) > 1e-12 || math.Abs(got.SE-want.SE) > 1e-12 {
		t.Errorf("counts give %+v (capped %d), scores give %+v", got, c.Capped, want)
	}
}

func TestPairRate(t *testing.T) {
	// Scores 0 and 2 alternating: mean 1 (rate 1/2), sample variance of
	// scores n/(n-1), SE of the rate sqrt(n/(n-1)/n)/2.
	lr := PairRate(pairs(50, 0, 2))
	se := math.Sqrt(100.0/99/100) / 2
	if lr.Pairs != 100 || lr.Rate != 0.5 || math.Abs(lr.SE-se) > 1e-12 {
		t.Errorf("got %+v, want rate 0.5 se %v", lr, se)
	}
	if math.Abs(lr.Interval.Lo-(0.5-stats.Z95*se)) > 1e-12 || math.Abs(lr.Interval.Hi-(0.5+stats.Z95*se)) > 1e-12 {
		t.Errorf("interval %+v", lr.Interval)
	}
	if lr := PairRate(nil); lr.Rate != 0.5 || lr.Interval != (Interval{0, 1}) {
		t.Errorf("no pairs: %+v", lr)
	}
	if lr := PairRate([]float64{2}); lr.Rate != 1 || lr.Interval != (Interval{0, 1}) {
		t.Errorf("one pair: %+v", lr)
	}
	if lr := PairRate(pairs(10, 2)); lr.Interval != (Interval{1, 1}) {
		t.Errorf("all won: %+v", lr)
	}
}

// pairScores, the test oracle of PairCounts, turns game records, in the
// order Match.Run returns them (the two games of each pair next to each
// other), into one score per pair from army A's side: a win is 1, a draw
// 1/2, a loss 0. A pair with a game stopped at the length cap is left out,
// as capped games are left out of win rates.
func pairScores(recs []GameRecord) []float64 {
	out := make([]float64, 0, len(recs)/2)
	var c PairCounts
	for i := 0; i+1 < len(recs); i += 2 {
		if k, ok := c.score(recs[i], recs[i+1]); ok {
			out = append(out, float64(k)/2)
		}
	}
	return out
}
