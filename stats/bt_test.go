package stats

import (
	"math"
	"slices"
	"testing"
)

var btPairs = []PairResult{
	{0, 1, 1, 1}, {0, 1, 1, 0.5}, {0, 1, 0, 1}, {1, 2, 1, 1}, {1, 2, 1, 0},
	{0, 2, 1, 1}, {0, 2, 1, 1}, {2, 0, 1, 0}, {1, 2, 0.5, 0.5}, {2, 1, 1, 0},
}

// TestFitBT compares with testdata/reference.py, which fits the same model by
// plain gradient ascent instead of Newton's method.
func TestFitBT(t *testing.T) {
	f, err := FitBT(3, btPairs)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{158.3247293, -33.33288918, -124.9918401}
	for i, w := range want {
		if math.Abs(f.R[i]-w) > 1e-5 {
			t.Errorf("R[%d] = %.10g, want %.10g", i, f.R[i], w)
		}
	}
	if math.Abs(f.First-115.6227948) > 1e-5 {
		t.Errorf("First = %.10g, want 115.6227948", f.First)
	}
	if got := Ranks(f.R); !slices.Equal(got, []int{1, 2, 3}) {
		t.Errorf("ranks %v", got)
	}
}

func TestFitBTSweepIsFinite(t *testing.T) {
	// Player 0 wins everything: the prior keeps the fit finite.
	f, err := FitBT(2, []PairResult{{0, 1, 1, 1}, {0, 1, 1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if !(f.R[0] > 100) || math.IsInf(f.R[0], 0) || math.IsNaN(f.R[0]) {
		t.Errorf("ratings %v", f.R)
	}
}

func TestFitBTErrors(t *testing.T) {
	for _, tc := range []struct {
		n     int
		pairs []PairResult
	}{
		{1, nil},
		{2, []PairResult{{0, 2, 1, 1}}},
		{2, []PairResult{{1, 1, 1, 1}}},
	} {
		if _, err := FitBT(tc.n, tc.pairs); err == nil {
			t.Errorf("FitBT(%d, %v): no error", tc.n, tc.pairs)
		}
	}
}

func TestBootstrapBT(t *testing.T) {
	b1, err := BootstrapBT(3, btPairs, 200, 7)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := BootstrapBT(3, btPairs, 200, 7)
	if !slices.Equal(b1.RLo, b2.RLo) || !slices.Equal(b1.RankHi, b2.RankHi) {
		t.Error("same seed, different intervals")
	}
	f, _ := FitBT(3, btPairs)
	for i := range 3 {
		if !(b1.RLo[i] <= f.R[i] && f.R[i] <= b1.RHi[i]) {
			t.Errorf("player %d: fit %v outside [%v, %v]", i, f.R[i], b1.RLo[i], b1.RHi[i])
		}
		if b1.RankLo[i] < 1 || b1.RankHi[i] > 3 || b1.RankLo[i] > b1.RankHi[i] {
			t.Errorf("player %d: rank interval [%d, %d]", i, b1.RankLo[i], b1.RankHi[i])
		}
	}
	// Player 0 never loses a pair, so it leads every resample; ten pairs
	// cannot order players 1 and 2, so both span ranks 2 to 3.
	if b1.RankLo[0] != 1 || b1.RankHi[0] != 1 || b1.RankLo[1] != 2 || b1.RankHi[1] != 3 || b1.RankLo[2] != 2 || b1.RankHi[2] != 3 {
		t.Errorf("rank intervals [%v, %v]", b1.RankLo, b1.RankHi)
	}
}
