package study

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/report"
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

// Each verdict word is shown by its test: "stable" only when two one-sided
// tests show the top two levels within the margin, "differs" when their
// difference leaves 0 out, "not enough games (need about N a level)"
// otherwise, never "stable" for want of a difference.
func TestLadderVerdict(t *testing.T) {
	even := sim.PairRate(pairs(1000, 0, 2, 1, 1))     // 50% in 4000 pairs
	evenToo := sim.PairRate(pairs(1000, 1, 2, 0, 1))  // 50%
	strong := sim.PairRate(pairs(100, 2, 1.5, 2, 2))  // 93.75%
	few := sim.PairRate(pairs(10, 0, 2, 1, 1))        // 50% in 40 pairs
	draws := sim.PairRate(pairs(30, 1))               // every pair drawn or split
	near := sim.PairRate(pairs(1000, 0, 2, 1.5, 0.5)) // 50%
	for _, c := range []struct {
		name   string
		levels []sim.LevelRate
		word   string
	}{
		{"agreeing top two in many pairs", []sim.LevelRate{strong, even, evenToo}, "stable"},
		{"weak levels may differ", []sim.LevelRate{sim.PairRate(pairs(100, 0)), near, even}, "stable"},
		{"agreeing top two in few pairs", []sim.LevelRate{few, few}, "not enough games (need about "},
		{"top moved", []sim.LevelRate{even, even, strong}, "differs"},
		{"top moved down", []sim.LevelRate{strong, even}, "differs"},
		{"zero games", []sim.LevelRate{sim.PairRate(nil), sim.PairRate(nil)}, "not enough games (need about "},
		{"one pair each", []sim.LevelRate{sim.PairRate([]float64{1}), sim.PairRate([]float64{1})}, "not enough games (need about "},
		{"all split at both, 30 pairs", []sim.LevelRate{draws, draws}, "not enough games (need about "},
		{"all split then all won", []sim.LevelRate{draws, sim.PairRate(pairs(30, 2))}, "differs"},
		{"one level only", []sim.LevelRate{even}, "not enough games"},
		{"no levels", nil, "not enough games"},
	} {
		v := LadderVerdict(c.levels, 0.05)
		text := v.VerdictText()
		if !strings.HasPrefix(text, c.word) || (c.word == "not enough games" && text != c.word) {
			t.Errorf("%s: %q, want %q (%s)", c.name, text, c.word, v.Reason)
		}
		if v.Stable && v.Differs || v.Stable != (text == "stable") || v.Reason == "" {
			t.Errorf("%s: stable %v differs %v %q (%s)", c.name, v.Stable, v.Differs, text, v.Reason)
		}
		if v.Differs && v.DiffCI.Contains(0) || v.Stable && !(v.DiffCI.Lo > -0.05*1.2 && v.DiffCI.Hi < 0.05*1.2) {
			t.Errorf("%s: %q with the interval %+v", c.name, text, v.DiffCI)
		}
		if strings.HasPrefix(text, "not enough games (need about") && !strings.Contains(text, fmt.Sprintf("need about %d a level: --games %d)", v.NeedGames, v.NeedGames/2)) {
			t.Errorf("%s: %q, need %d", c.name, text, v.NeedGames)
		}
	}
	// 40 pairs at each of two levels agreeing at 50%: about 2·(1.645·0.35·√2/0.05)²
	// ≈ 530 games a level would show them within 5 points.
	if v := LadderVerdict([]sim.LevelRate{few, few}, 0.05); v.NeedGames < 400 || v.NeedGames > 700 {
		t.Errorf("few pairs: need about %d games, want about 530", v.NeedGames)
	}
}

// A level with no decided pair prints "no games", not a rate of 50% in
// [0%, 100%], in the table, the CSV and the page.
func TestLadderNoGames(t *testing.T) {
	v := LadderVerdict([]sim.LevelRate{sim.PairRate(nil), sim.PairRate(pairs(3, 2))}, 0.05)
	m := LadderMatch{A: "Vegas", B: "Borgo", Levels: []LadderLevel{{Player: "random", Interval: [2]float64{0, 1}, WinRate: 0.5},
		{Player: "greedy", Pairs: 3, WinRate: 1, Interval: [2]float64{0.44, 1}}}, Verdict: v.VerdictText(), Reason: v.Reason}
	for _, f := range []report.Format{report.Table, report.CSV, report.HTML} {
		var buf bytes.Buffer
		if err := WriteLadder(&buf, []LadderMatch{m}, f, "random,greedy", "ladder"); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		if strings.Contains(out, "50.0%") || strings.Contains(out, "random,1,0,0.5,0,1") || f != report.CSV && !strings.Contains(out, "no games") {
			t.Errorf("%s:\n%s", f, out)
		}
		if !strings.Contains(out, "not enough games (need about") {
			t.Errorf("%s: no verdict:\n%s", f, out)
		}
	}
}
