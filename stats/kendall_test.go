package stats

import (
	"math"
	"testing"
)

func TestKendallTau(t *testing.T) {
	for _, c := range []struct {
		name string
		a, b []float64
		want float64
	}{
		{"same order", []float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}, 1},
		{"reversed", []float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1},
		// One swapped neighbour pair of four items: 5 concordant, 1 discordant.
		{"one swap", []float64{1, 2, 3, 4}, []float64{1, 3, 2, 4}, 4.0 / 6},
		// A tie in a only: 5 untied pairs, all concordant; τ-b = 5/sqrt(5*6).
		{"tie in one", []float64{1, 1, 3, 4}, []float64{1, 2, 3, 4}, 5 / math.Sqrt(30)},
		{"same ties", []float64{1, 1, 3}, []float64{5, 5, 7}, 1},
	} {
		if got := KendallTau(c.a, c.b); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: τ = %v, want %v", c.name, got, c.want)
		}
	}
	for _, c := range [][2][]float64{{{1}, {1}}, {{1, 2}, {1}}, {{3, 3}, {1, 2}}} {
		if got := KendallTau(c[0], c[1]); !math.IsNaN(got) {
			t.Errorf("KendallTau(%v, %v) = %v, want NaN", c[0], c[1], got)
		}
	}
}
