package study

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
)

// pairRate is the rate of pair scores (0, 1/2, 1, 3/2 or 2 points for
// army A), counted as the ladder counts its pairs (sim.PairCounts).
func pairRate(scores []float64) sim.LevelRate {
	var p stats.Pentanomial
	for _, s := range scores {
		p.Add(s)
	}
	c := sim.PairCounts{N: p}
	return c.Rate()
}

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
	even := pairRate(pairs(1000, 0, 2, 1, 1))     // 50% in 4000 pairs
	evenToo := pairRate(pairs(1000, 1, 2, 0, 1))  // 50%
	strong := pairRate(pairs(100, 2, 1.5, 2, 2))  // 93.75%
	few := pairRate(pairs(10, 0, 2, 1, 1))        // 50% in 40 pairs
	draws := pairRate(pairs(30, 1))               // every pair drawn or split
	near := pairRate(pairs(1000, 0, 2, 1.5, 0.5)) // 50%
	for _, c := range []struct {
		name   string
		levels []sim.LevelRate
		word   string
	}{
		{"agreeing top two in many pairs", []sim.LevelRate{strong, even, evenToo}, "stable"},
		{"weak levels may differ", []sim.LevelRate{pairRate(pairs(100, 0)), near, even}, "stable"},
		{"agreeing top two in few pairs", []sim.LevelRate{few, few}, "not enough games (need about "},
		{"top moved", []sim.LevelRate{even, even, strong}, "differs"},
		{"top moved down", []sim.LevelRate{strong, even}, "differs"},
		{"zero games", []sim.LevelRate{pairRate(nil), pairRate(nil)}, "not enough games (need about "},
		{"one pair each", []sim.LevelRate{pairRate([]float64{1}), pairRate([]float64{1})}, "not enough games (need about "},
		{"all split at both, 30 pairs", []sim.LevelRate{draws, draws}, "not enough games (need about "},
		{"all split then all won", []sim.LevelRate{draws, pairRate(pairs(30, 2))}, "differs"},
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
	v := LadderVerdict([]sim.LevelRate{pairRate(nil), pairRate(pairs(3, 2))}, 0.05)
	m := LadderMatch{A: "Vegas", B: "Borgo", Levels: []LadderLevel{{Player: "random", Interval: [2]float64{0, 1}, WinRate: 0.5},
		{Player: "greedy", Pairs: 3, WinRate: 1, Interval: [2]float64{0.44, 1}}}, Verdict: v.VerdictText(), Reason: v.Reason}
	for _, f := range []report.Format{report.Table, report.CSV, report.HTML} {
		var buf bytes.Buffer
		if err := WriteLadder(&buf, []LadderMatch{m}, nil, f, "random,greedy", "ladder"); err != nil {
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

// fieldMatch is one matchup of a field ladder at two levels, rates a and b.
func fieldMatch(b string, second, top sim.LevelRate) LadderMatch {
	lv := func(p string, r sim.LevelRate) LadderLevel {
		return LadderLevel{Player: p, Pairs: r.Pairs, WinRate: r.Rate, Interval: [2]float64{r.Interval.Lo, r.Interval.Hi}, counts: r.Counts}
	}
	return LadderMatch{A: "Smart", B: b, Levels: []LadderLevel{lv("race:8", second), lv("deep", top)}}
}

// The army's standing against its field is judged by the mean of its
// matchups' changes: seven matchups that no one of which is shown stable
// are shown stable together (about a seventh of the variance), a shift
// of every matchup is shown to differ, and too few pairs say how many
// would decide. The field's rate is the mean of the matchups', its
// interval narrower than any one's.
func TestLadderField(t *testing.T) {
	even := pairRate(pairs(25, 0, 2, 1, 1, 1.5, 0.5)) // 50% in 150 pairs
	evenToo := pairRate(pairs(25, 1, 2, 0, 1, 0.5, 1.5))
	up := pairRate(pairs(25, 1, 2, 1, 1.5, 1.5, 1)) // 66.7%
	few := pairRate(pairs(2, 0, 2, 1, 1))
	field := func(second, top sim.LevelRate) []LadderMatch {
		var ms []LadderMatch
		for _, b := range []string{"Beasts", "Borgo", "Hegemony", "Moloch", "Outpost", "Steel Police", "Vegas"} {
			ms = append(ms, fieldMatch(b, second, top))
		}
		return ms
	}
	stable := field(even, evenToo)
	for _, m := range stable {
		if v := LadderVerdict([]sim.LevelRate{even, evenToo}, 0.05); v.Stable {
			t.Fatalf("%s: one matchup of 150 pairs is shown stable (%s): the test shows nothing", m.B, v.Reason)
		}
	}
	f := LadderFieldOf(stable, 0.05)
	if !f.Stable || f.Verdict != "stable" || len(f.Against) != 7 || f.Army != "Smart" {
		t.Errorf("seven matchups within the margin: %+v", f)
	}
	if l := f.Levels[1]; l.Pairs != 7*150 || l.WinRate != evenToo.Rate || !(l.Interval[1]-l.Interval[0] < (evenToo.Interval.Hi-evenToo.Interval.Lo)/2) {
		t.Errorf("field level %+v, a matchup's %+v", l, evenToo)
	}
	if f := LadderFieldOf(field(even, up), 0.05); f.Stable || !strings.HasPrefix(f.Verdict, "differs") || f.DiffCI[0] <= 0 {
		t.Errorf("every matchup up 16.7 points: %+v", f)
	}
	if f := LadderFieldOf(field(few, few), 0.05); f.Stable || !strings.Contains(f.Verdict, "not enough games (need about") || f.Need <= 8 {
		t.Errorf("8 pairs a matchup: %+v", f)
	}
	// One matchup without games at the top: no field rate there, and no verdict from nothing.
	ms := field(even, evenToo)
	ms[3] = fieldMatch("Moloch", even, pairRate(nil))
	if f := LadderFieldOf(ms, 0.05); f.Stable || f.Levels[1].Pairs != 0 || !strings.Contains(f.Reason, "no decided pairs") {
		t.Errorf("a matchup without games: %+v", f)
	}
	for _, format := range []report.Format{report.Table, report.CSV, report.JSON, report.HTML} {
		var buf bytes.Buffer
		if err := WriteLadder(&buf, stable, f, format, "race:8,deep", "ladder smart --vs all"); err != nil {
			t.Fatal(err)
		}
		want := map[report.Format]string{report.Table: "field verdict: stable", report.CSV: "Smart,field,0,2,deep,1050,,", report.JSON: `"field": {`, report.HTML: "Field verdict: stable"}[format]
		if !strings.Contains(buf.String(), want) {
			t.Errorf("%s lacks %q:\n%s", format, want, buf.String())
		}
	}
}
