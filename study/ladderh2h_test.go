package study

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
)

// The head-to-head of a level over the one below: its score and Elo with
// intervals from the pair scores, in every format; an unbounded end (a
// sweep) is "+∞" in the table, null in JSON and "+Inf" in CSV, never a
// point and never "-0".
func TestHeadToHeadCells(t *testing.T) {
	for _, c := range []struct {
		name      string
		counts    [5]int
		score     string
		elo       string
		jsonNulls int
	}{
		{"even, one pair split", [5]int{0, 0, 1, 0, 0}, "50.0% [", "+0 [", 0},
		{"a little below even (-0.35 Elo)", [5]int{250, 0, 501, 0, 249}, "50.0% [", "+0 [", 0},
		{"one pair won", [5]int{0, 0, 0, 0, 1}, "100.0% [", "+∞ [", 2},
		{"every pair lost", [5]int{6, 0, 0, 0, 0}, "0.0% [", "-∞ [-∞, ", 2},
		{"65% of 200 pairs", [5]int{20, 10, 70, 30, 70}, "65.0% [", "+108 [+", 0},
		{"no pairs", [5]int{}, "no games", "no games", 3},
	} {
		h := newHeadToHead("race:8", sim.PairCounts{N: c.counts})
		if got := h.scoreCell(); !strings.HasPrefix(got, c.score) {
			t.Errorf("%s: score %q, want %q…", c.name, got, c.score)
		}
		elo := h.eloCell()
		if !strings.HasPrefix(elo, c.elo) || strings.Contains(elo, "-0") {
			t.Errorf("%s: Elo %q, want %q…", c.name, elo, c.elo)
		}
		if h.Pairs > 0 && h.Interval[0] >= h.Interval[1] {
			t.Errorf("%s: a point interval %v", c.name, h.Interval)
		}
		js, err := json.Marshal(h)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if n := strings.Count(string(js), "null"); n != c.jsonNulls {
			t.Errorf("%s: %d nulls in %s, want %d", c.name, n, js, c.jsonNulls)
		}
		cells := h.csvCells()
		if len(cells) != 8 || cells[0] != "race:8" || (h.Pairs > 0) == (cells[2] == "") {
			t.Errorf("%s: CSV %q", c.name, cells)
		}
	}
	if got := (*HeadToHead)(nil).csvCells(); len(got) != 8 || strings.Join(got, "") != "" {
		t.Errorf("the weakest level's CSV cells %q", got)
	}
}

// A ladder report shows each level over the one below, and a level with
// no games draws no point on the page: its line breaks there.
func TestLadderReportHeadToHead(t *testing.T) {
	up := newHeadToHead("greedy", sim.PairCounts{N: [5]int{0, 1, 2, 3, 4}})
	none := newHeadToHead("search:4", sim.PairCounts{})
	m := LadderMatch{A: "Moloch", B: "Borgo", Verdict: "stable", Reason: "r", Levels: []LadderLevel{
		{Player: "greedy", Pairs: 10, WinRate: 0.4, Interval: [2]float64{0.3, 0.5}},
		{Player: "search:4", Interval: [2]float64{0, 1}, WinRate: 0.5, VsBelow: &up},
		{Player: "race:2", Pairs: 10, WinRate: 0.6, Interval: [2]float64{0.5, 0.7}, VsBelow: &none},
	}}
	var tab, page, js bytes.Buffer
	for _, o := range []struct {
		f report.Format
		b *bytes.Buffer
	}{{report.Table, &tab}, {report.HTML, &page}, {report.JSON, &js}} {
		if err := WriteLadder(o.b, []LadderMatch{m}, nil, o.f, "greedy,search:4,race:2", "ladder"); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(tab.String(), "VS THE LEVEL BELOW") || !strings.Contains(tab.String(), up.eloCell()) {
		t.Errorf("table:\n%s", tab.String())
	}
	if !strings.Contains(js.String(), `"vs_below"`) || !strings.Contains(js.String(), `"elo_interval95"`) {
		t.Errorf("JSON:\n%s", js.String())
	}
	// Two points drawn (greedy and race:2), none for search:4, each in a
	// run of its own: two lines, two bands.
	p := page.String()
	if n := strings.Count(p, "<circle"); n != 2 {
		t.Errorf("%d points drawn, want 2 (none for the level with no games)", n)
	}
	if strings.Count(p, "<polyline") != 2 || strings.Count(p, `class="band"`) != 2 || strings.Contains(p, "NaN") {
		t.Errorf("the line does not break at the level with no games:\n%s", p)
	}
}
