package report

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// TestFitTable: a table wider than the terminal is narrowed, keeping every
// figure whole; one that fits, or written where there is no terminal, is
// left exactly as it was.
func TestFitTable(t *testing.T) {
	cols := []Column{{Head: "army"}, {Head: "Beasts"}, {Head: "Steel Police"}, {Head: "Hegemony"},
		{Head: "wins / draws / losses"}, {Head: "wounds dealt/game", Short: "wounds per game"}, {Head: "note"}}
	rows := [][]string{
		{"Beasts", "50.0% ±40.5", "100.0% ±32.9 *", "45.0% [40.1%, 50.0%]", "9 / 1 / 46", "12.50", ""},
		{"Steel Police", "0.0% ±32.9 *", "50.0% ±40.5", "-3.1 points", "10 / 0 / 46", "0.00", ""},
	}
	full, err := renderTable(heads(cols), rows)
	if err != nil {
		t.Fatal(err)
	}
	for _, width := range []int{0, textWidth(full)} {
		var b bytes.Buffer
		if err := WriteTable(WithWidth(&b, width), Table, cols, rows); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), full) {
			t.Errorf("width %d: the table changed though it fits:\n%s", width, b.String())
		}
	}
	if !strings.Contains(string(full), "NOTE") || !strings.Contains(string(full), "DEALT") {
		t.Fatalf("the full table lacks its NOTE column or full header:\n%s", full)
	}
	for _, width := range []int{80, 60, 42} {
		var b bytes.Buffer
		if err := WriteTable(WithWidth(&b, width), Table, cols, rows); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if w := textWidth(b.Bytes()); w > width {
			t.Errorf("width %d: %d columns wide:\n%s", width, w, out)
		}
		// Every value whole, on one line of its cell.
		var cells []string
		for _, l := range strings.Split(out, "\n") {
			cells = append(cells, strings.Split(l, "│")...)
		}
		for _, fig := range []string{"50.0%", "±40.5", "100.0%", "±32.9 *", "[40.1%, 50.0%]", "-3.1 points", "9 / 1 / 46", "10 / 0 / 46", "12.50", "Steel Police", "Beasts"} {
			if !slices.ContainsFunc(cells, func(c string) bool { return strings.Contains(c, fig) }) {
				t.Errorf("width %d: %q is not whole in a cell:\n%s", width, fig, out)
			}
		}
		// The empty NOTE column is gone, the report's short header is
		// used, and no header is cut to letters.
		if strings.Contains(out, "NOTE") || strings.Contains(out, "DEALT") || !strings.Contains(out, "PER") {
			t.Errorf("width %d: the empty column kept or the short header not used:\n%s", width, out)
		}
		for _, word := range []string{"BEASTS", "STEEL", "POLICE", "HEGEMONY", "WINS", "DRAWS", "LOSSES", "WOUNDS"} {
			if !strings.Contains(out, word) {
				t.Errorf("width %d: header word %s cut or lost:\n%s", width, word, out)
			}
		}
		// Cut into parts, each part names every row.
		tables := strings.Count(out, "┌")
		if n := strings.Count(out, "Steel Police │"); n != tables {
			t.Errorf("width %d: %d parts, the row label in %d:\n%s", width, tables, n, out)
		}
		if width == 42 && tables < 2 {
			t.Errorf("width 42: not cut into parts:\n%s", out)
		}
	}
	// Markdown is for files: never narrowed, whatever the terminal.
	var md, mdNarrow bytes.Buffer
	WriteTable(&md, Markdown, cols, rows)
	WriteTable(WithWidth(&mdNarrow, 30), Markdown, cols, rows)
	if md.String() != mdNarrow.String() {
		t.Errorf("markdown narrowed:\n%s", mdNarrow.String())
	}
}

// TestUnits: where a cell's line may break: between words of text and
// before a figure's interval or margin, never inside a value.
func TestUnits(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{"9 / 1 / 46", []string{"9 / 1 / 46"}},
		{"50.0% ±3.1 *", []string{"50.0%", "±3.1 *"}},
		{"45.0% [40.1%, 50.0%]", []string{"45.0%", "[40.1%, 50.0%]"}},
		{"100.0% [43.9, 100.0] *", []string{"100.0%", "[43.9, 100.0] *"}},
		{"+12 [+3, +20]", []string{"+12", "[+3, +20]"}},
		{"-3.1 points", []string{"-3.1 points"}},
		{"rarely played", []string{"rarely", "played"}},
		{"Borgo (2nd)", []string{"Borgo (2nd)"}},
		{"average HQ margin (Smart - Vegas)", []string{"average", "HQ", "margin", "(Smart - Vegas)"}},
		{"win rate of Smart (draw = 1/2)", []string{"win", "rate", "of", "Smart", "(draw = 1/2)"}},
		{"  rotate/swap/push/laser/deletion/detonation", []string{"  rotate/swap/push/", "laser/deletion/detonation"}},
		{"1.00 / 0.50 / 0.00 / 2.00 / 0.00 / 1.50", []string{"1.00 / 0.50 / 0.00 /", "2.00 / 0.00 / 1.50"}},
		{"a/b/c", []string{"a/b/c"}},
		{"", []string{""}},
	} {
		if got := units(c.line); !slices.Equal(got, c.want) {
			t.Errorf("units(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}

// TestSplitColumns: columns cut into parts go as evenly as fits allows.
func TestSplitColumns(t *testing.T) {
	upTo := func(n int) func(from, to int) bool { return func(from, to int) bool { return to-from <= n } }
	for _, c := range []struct {
		n, fit int
		want   [][2]int
	}{
		{8, 8, [][2]int{{0, 8}}},
		{8, 5, [][2]int{{0, 4}, {4, 8}}},
		{7, 3, [][2]int{{0, 3}, {3, 5}, {5, 7}}},
		{3, 1, [][2]int{{0, 1}, {1, 2}, {2, 3}}},
		{3, 0, [][2]int{{0, 1}, {1, 2}, {2, 3}}}, // a column that fits nowhere has a part of its own
	} {
		if got := splitColumns(c.n, upTo(c.fit)); !slices.Equal(got, c.want) {
			t.Errorf("splitColumns(%d, up to %d) = %v, want %v", c.n, c.fit, got, c.want)
		}
	}
}
