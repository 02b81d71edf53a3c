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
	if got != want || c.Capped != len(recs)/2-want.Pairs {
		t.Errorf("counts give %+v (capped %d), scores give %+v", got, c.Capped, want)
	}
}

// A level's interval is the score interval of its pairs: the pentanomial's
// at many pairs, never a point at few or lopsided ones, [0, 1] with none.
func TestPairRate(t *testing.T) {
	lr := PairRate(pairs(50, 0, 2))
	lo, hi := lr.Counts.Interval(stats.Z95)
	if lr.Pairs != 100 || lr.Rate != 0.5 || lr.Interval != (Interval{lo, hi}) || math.Abs(lr.Interval.HalfWidth()-0.098) > 0.002 {
		t.Errorf("got %+v, want rate 0.5 ± 0.098", lr)
	}
	if lr := PairRate(nil); lr.Rate != 0.5 || lr.Interval != (Interval{0, 1}) {
		t.Errorf("no pairs: %+v", lr)
	}
	// One pair won: Wilson's 1 of 1, [0.2065, 1].
	if lr := PairRate([]float64{2}); lr.Rate != 1 || math.Abs(lr.Interval.Lo-0.2065) > 1e-4 || lr.Interval.Hi != 1 {
		t.Errorf("one pair: %+v", lr)
	}
	// Ten pairs won: the sample variance is 0, the interval is not a point.
	if lr := PairRate(pairs(10, 2)); !(lr.Interval.Lo > 0.5 && lr.Interval.Lo < 0.8) || lr.Interval.Hi != 1 {
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

// PairRate is the rate and 95% interval of pair scores (0, 1/2, 1, 3/2 or
// 2 points for army A) counted from the scores themselves: the oracle the
// ladder's counted rate (PairCounts.Rate) is checked against. With no
// pairs the rate is 1/2 and the interval [0, 1], which says nothing, as it
// should.
func PairRate(scores []float64) LevelRate {
	var p stats.Pentanomial
	for _, s := range scores {
		p.Add(s)
	}
	return levelRate(p)
}

// AddB counts each pair from army B's side: the mirror image of Add's
// buckets, capped pairs counted alike.
func TestPairCountsFromB(t *testing.T) {
	recs := []GameRecord{{Outcome: Win}, {Outcome: Win}, {Outcome: Win}, {Outcome: Draw}, {Outcome: Loss}, {Outcome: Draw},
		{Outcome: Capped}, {Outcome: Win}, {Outcome: Loss}, {Outcome: Loss}}
	var a, b PairCounts
	a.Add(recs)
	b.AddB(recs)
	if a.N != [5]int{1, 1, 0, 1, 1} || b.N != [5]int{1, 1, 0, 1, 1} || b.Capped != 1 {
		t.Errorf("from A %v, from B %v (capped %d)", a.N, b.N, b.Capped)
	}
	var c PairCounts
	c.AddB(recs[:4]) // A scored 2 and 1.5: B 0 and 0.5
	if c.N != [5]int{1, 1, 0, 0, 0} {
		t.Errorf("from B %v, want one pair at 0 and one at 1/2", c.N)
	}
}
