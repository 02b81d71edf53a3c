package report

import (
	"bytes"
	"strings"
	"testing"
)

// TestFitTable: a table wider than the terminal is narrowed step by step,
// keeping every figure; one that fits, or written where there is no
// terminal, is left exactly as it was.
func TestFitTable(t *testing.T) {
	header := []string{"army", "Beasts", "Steel Police", "Hegemony"}
	rows := [][]string{
		{"Beasts", "50.0% ±40.5", "100.0% ±32.9 *", "45.0% [40.1%, 50.0%]"},
		{"Steel Police", "0.0% ±32.9 *", "50.0% ±40.5", "-3.1 points"},
	}
	full, err := renderTable(header, rows)
	if err != nil {
		t.Fatal(err)
	}
	for _, width := range []int{0, textWidth(full)} {
		var b bytes.Buffer
		if err := WriteTable(WithWidth(&b, width), Table, header, rows); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), full) {
			t.Errorf("width %d: the table changed though it fits:\n%s", width, b.String())
		}
	}
	for _, width := range []int{60, 42} {
		var b bytes.Buffer
		if err := WriteTable(WithWidth(&b, width), Table, header, rows); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if w := textWidth(b.Bytes()); w > width {
			t.Errorf("width %d: %d columns wide:\n%s", width, w, out)
		}
		figs := []string{"50.0%", "±40.5", "100.0%", "±32.9 *", "[40.1%, 50.0%]", "-3.1", "Steel Police"}
		if width < 50 {
			// The last resort wraps cells at spaces: every figure is
			// still there, some over two lines.
			figs = []string{"50.0%", "±40.5", "100.0%", "±32.9 *", "[40.1%,", "50.0%]", "-3.1", "Steel", "Police"}
		}
		for _, fig := range figs {
			if !strings.Contains(out, fig) {
				t.Errorf("width %d: %q lost:\n%s", width, fig, out)
			}
		}
	}
	// Markdown is for files: never narrowed, whatever the terminal.
	var md, mdNarrow bytes.Buffer
	WriteTable(&md, Markdown, header, rows)
	WriteTable(WithWidth(&mdNarrow, 30), Markdown, header, rows)
	if md.String() != mdNarrow.String() {
		t.Errorf("markdown narrowed:\n%s", mdNarrow.String())
	}
}
