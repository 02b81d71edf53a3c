package study

import (
	"testing"

	"github.com/hexforge/hexforge/sim"
)

// pairs makes n pair scores of value s.
func pairs(n int, s ...float64) []float64 {
	var out []float64
	for i := 0; i < n; i++ {
		out = append(out, s...)
	}
	return out
}

func TestLadderVerdict(t *testing.T) {
	even := sim.PairRate(pairs(100, 0, 2))    // 50%, wide
	evenToo := sim.PairRate(pairs(100, 2, 0)) // 50%
	strong := sim.PairRate(pairs(100, 2, 1.5, 2, 2))
	slight := sim.PairRate(pairs(100, 0, 2, 1.5, 0.5, 1.5)) // 55%
	draws := sim.PairRate(pairs(30, 1))
	for _, c := range []struct {
		name   string
		levels []sim.LevelRate
		stable bool
	}{
		{"agreeing top two", []sim.LevelRate{strong, even, evenToo}, true},
		{"weak levels may differ", []sim.LevelRate{sim.PairRate(pairs(100, 0)), slight, even}, true},
		{"top moved", []sim.LevelRate{even, even, strong}, false},
		{"top moved down", []sim.LevelRate{strong, even}, false},
		{"zero games", []sim.LevelRate{sim.PairRate(nil), sim.PairRate(nil)}, false},
		{"one pair each", []sim.LevelRate{sim.PairRate([]float64{1}), sim.PairRate([]float64{1})}, false},
		{"all draws at both", []sim.LevelRate{draws, draws}, true},
		{"all draws then all wins", []sim.LevelRate{draws, sim.PairRate(pairs(30, 2))}, false},
		{"one level only", []sim.LevelRate{even}, false},
		{"no levels", nil, false},
	} {
		v := LadderVerdict(c.levels)
		if v.Stable != c.stable {
			t.Errorf("%s: stable %v, want %v (%s)", c.name, v.Stable, c.stable, v.Reason)
		}
		if v.Stable != v.DiffCI.Contains(0) && len(c.levels) >= 2 && c.levels[0].Pairs >= 2 {
			t.Errorf("%s: verdict %v disagrees with its interval %+v", c.name, v.Stable, v.DiffCI)
		}
		if v.Reason == "" {
			t.Errorf("%s: no reason", c.name)
		}
	}
}
