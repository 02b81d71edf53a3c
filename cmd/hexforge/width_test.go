package main

import (
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// widest is the width in columns of the widest line of s.
func widest(s string) int {
	w := 0
	for _, l := range strings.Split(s, "\n") {
		w = max(w, utf8.RuneCountInString(l))
	}
	return w
}

// tableLines are the lines of s drawn as a table (the title and notes are
// prose, which a terminal wraps at word boundaries well enough).
func tableLines(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.ContainsAny(l, "│┌└├") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestTablesFitTheTerminal: on a terminal 100 columns wide the round-robin
// matrix of the eight embedded armies (about 150 columns in full) fits,
// every figure still there; piped (no terminal) it keeps its full width.
// The greedy player plays (the layout does not depend on who plays; the
// default player costs thirty times as much a game).
func TestTablesFitTheTerminal(t *testing.T) {
	old := terminalWidth
	defer func() { terminalWidth = old }()
	args := []string{"sim", "--games", "2", "--players", "greedy"}
	terminalWidth = func(io.Writer) int { return 0 }
	piped, stderr, code := run(t, args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if w := widest(tableLines(piped)); w <= 100 {
		t.Fatalf("the piped matrix is %d columns: this test needs a table wider than the terminal", w)
	}
	terminalWidth = func(io.Writer) int { return 100 }
	narrow, _, _ := run(t, args...)
	if w := widest(tableLines(narrow)); w > 100 {
		t.Errorf("on a 100-column terminal the tables are %d columns wide:\n%s", w, narrow)
	}
	// Same games, same figures: every interval "[lo, hi]" of the full matrix is in the narrow one.
	full, small := strings.Count(piped, "["), strings.Count(narrow, "[")
	if full == 0 || full != small {
		t.Errorf("%d intervals piped, %d on the terminal", full, small)
	}
	if !strings.Contains(narrow, "Steel Police") {
		t.Errorf("the row labels lost the full army names:\n%s", narrow)
	}
}

// TestNoColor: hexforge never writes terminal escape sequences, so
// NO_COLOR (https://no-color.org) is honoured whether set or not, on a
// terminal or piped.
func TestNoColor(t *testing.T) {
	old := terminalWidth
	defer func() { terminalWidth = old }()
	terminalWidth = func(io.Writer) int { return 80 }
	for _, noColor := range []string{"1", ""} {
		t.Setenv("NO_COLOR", noColor)
		for _, args := range [][]string{{"sim", "moloch", "borgo", "--games", "2"}, {"card", "moloch"}, {"armies"}} {
			stdout, stderr, _ := run(t, args...)
			if strings.Contains(stdout+stderr, "\x1b[") {
				t.Errorf("NO_COLOR=%q %v: escape sequences in the output", noColor, args)
			}
		}
	}
}

// TestProseWrapsOnATerminal: on a terminal the prose of a report (the
// round robin's title line is about 160 columns) wraps to its width at
// spaces, every word kept; piped it keeps its full lines; and output for
// programs (JSON) or a file's text (fmt -d) is never wrapped, even on a
// narrow terminal.
func TestProseWrapsOnATerminal(t *testing.T) {
	old := terminalWidth
	defer func() { terminalWidth = old }()
	args := []string{"sim", "moloch", "borgo", "vegas", "--games", "2", "--players", "greedy"}
	terminalWidth = func(io.Writer) int { return 0 }
	piped, _, _ := run(t, args...)
	title, _, _ := strings.Cut(piped, "\n")
	if len([]rune(title)) <= 100 {
		t.Fatalf("the title is %d columns: this test needs a longer one", len([]rune(title)))
	}
	terminalWidth = func(io.Writer) int { return 100 }
	narrow, _, _ := run(t, args...)
	if w := widest(narrow); w > 100 {
		t.Errorf("on a 100-column terminal a line is %d columns:\n%s", w, narrow)
	}
	head := strings.Join(strings.Fields(narrow)[:len(strings.Fields(title))], " ")
	if head != strings.Join(strings.Fields(title), " ") {
		t.Errorf("the wrapped title lost words:\n%s\nwant\n%s", head, title)
	}
	terminalWidth = func(io.Writer) int { return 30 }
	for _, args := range [][]string{
		{"sim", "moloch", "borgo", "--games", "2", "--players", "greedy", "--format", "json"},
		{"dump", "moloch", "--json"},
		{"fmt", "-d", "testdata/clean.army"},
		{"completion", "bash"},
		{"completion", "zsh"},
	} {
		terminalWidth = func(io.Writer) int { return 0 }
		want, _, _ := run(t, args...)
		terminalWidth = func(io.Writer) int { return 30 }
		if got, _, _ := run(t, args...); got != want {
			t.Errorf("%v was changed on a terminal:\n%.500s", args, got)
		}
	}
}

// TestHelpFitsTheTerminal: every command's --help fits a terminal 100
// columns wide: flags' usage wraps in its column, the description as
// prose, and an example's comment moves above its command, which is never
// cut. Piped, help keeps its full lines.
func TestHelpFitsTheTerminal(t *testing.T) {
	old := terminalWidth
	defer func() { terminalWidth = old }()
	cmds := [][]string{{"--help"}}
	for _, c := range newRoot().Commands() {
		cmds = append(cmds, []string{c.Name(), "--help"})
	}
	for _, args := range cmds {
		terminalWidth = func(io.Writer) int { return 0 }
		piped, _, _ := run(t, args...)
		terminalWidth = func(io.Writer) int { return 100 }
		narrow, _, code := run(t, args...)
		if code != 0 {
			t.Errorf("%v: exit %d", args, code)
		}
		for _, l := range strings.Split(narrow, "\n") {
			if utf8.RuneCountInString(l) > 100 {
				t.Errorf("%v: a line of %d columns:\n%s", args, utf8.RuneCountInString(l), l)
			}
		}
		// Every word is kept; an example's comment may move above it.
		if a, b := strings.Fields(piped), strings.Fields(narrow); len(a) != len(b) {
			t.Errorf("%v: %d words piped, %d on the terminal", args, len(a), len(b))
		}
	}
	terminalWidth = func(io.Writer) int { return 0 }
	piped, _, _ := run(t, "sim", "--help")
	if !strings.Contains(piped, "--sprt string         sequential test of H0 \"A's win rate is P0\" against H1 \"it is P1\" (e.g. 0.50,0.55: does A beat B by 5 points?); with") {
		t.Errorf("piped help was wrapped:\n%s", piped)
	}
}

// TestErrorsWrapOnATerminal: an error's message wraps to a terminal (an
// unknown army's lists every army: about 160 columns), every word kept;
// piped it is one line.
func TestErrorsWrapOnATerminal(t *testing.T) {
	old := terminalWidth
	defer func() { terminalWidth = old }()
	terminalWidth = func(io.Writer) int { return 0 }
	_, piped, _ := run(t, "card", "nosucharmy")
	if strings.Count(piped, "\n") != 1 || widest(piped) <= 100 {
		t.Fatalf("piped, the error is not one long line:\n%s", piped)
	}
	terminalWidth = func(io.Writer) int { return 100 }
	_, narrow, code := run(t, "card", "nosucharmy")
	if code != 2 || widest(narrow) > 100 || strings.Join(strings.Fields(narrow), " ") != strings.Join(strings.Fields(piped), " ") {
		t.Errorf("exit %d; on a 100-column terminal:\n%s", code, narrow)
	}
}

// TestColumnsOffATerminal: off a terminal (piped, redirected) the width is
// read from COLUMNS when it holds a positive number, as ls reads it, so
// `COLUMNS=80 hexforge sim ... | less` fits 80 columns; without it, or with
// a COLUMNS that is no width, the output keeps its full width. A terminal's
// own width wins over COLUMNS.
func TestColumnsOffATerminal(t *testing.T) {
	old := terminalWidth
	defer func() { terminalWidth = old }()
	terminalWidth = func(io.Writer) int { return 0 }
	args := []string{"sim", "moloch", "borgo", "vegas", "--games", "2", "--players", "greedy"}
	for _, c := range []struct {
		columns string
		fits    int // 0: the full width, wider than 100
	}{{"", 0}, {"abc", 0}, {"-5", 0}, {"0", 0}, {"100", 100}, {" 90 ", 90}} {
		t.Setenv("COLUMNS", c.columns)
		out, stderr, code := run(t, args...)
		if code != 0 {
			t.Fatalf("COLUMNS=%q: exit %d\n%s", c.columns, code, stderr)
		}
		switch w := widest(out); {
		case c.fits == 0 && w <= 100:
			t.Errorf("COLUMNS=%q: %d columns, want the full width", c.columns, w)
		case c.fits > 0 && w > c.fits:
			t.Errorf("COLUMNS=%q: a line of %d columns:\n%s", c.columns, w, out)
		}
	}
	t.Setenv("COLUMNS", "300")
	terminalWidth = func(io.Writer) int { return 100 }
	if out, _, _ := run(t, args...); widest(out) > 100 {
		t.Errorf("COLUMNS=300 on a 100-column terminal: %d columns", widest(out))
	}
}

// TestBySeatTableKeepsItsAlignment: at 80 columns the four-seat table of
// an ffa run (95 columns in full) is cut into parts of seats, each under
// the army names again, instead of its lines being wrapped as prose
// (issue 27: on a terminal its rows lost their columns). In every part
// each seat's interval opens at the same column on every row, and every
// seat's figures are there, in the same order as in the full table.
func TestBySeatTableKeepsItsAlignment(t *testing.T) {
	old := terminalWidth
	defer func() { terminalWidth = old }()
	args := []string{"sim", "--mode", "ffa", "moloch", "borgo", "hegemony", "outpost", "--games", "24", "--players", "greedy"}
	bySeat := func(out string) [][]string { // the parts: their lines
		var parts [][]string
		var cur []string
		for _, l := range strings.Split(out, "\n") {
			switch {
			case strings.HasPrefix(l, "win share % by seat"):
				cur = []string{l}
			case cur != nil && l == "":
				parts, cur = append(parts, cur), nil
			case cur != nil:
				cur = append(cur, l)
			}
		}
		return parts
	}
	terminalWidth = func(io.Writer) int { return 0 }
	piped, stderr, code := run(t, args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	full := bySeat(piped)
	if len(full) != 1 || widest(strings.Join(full[0], "\n")) <= 80 {
		t.Fatalf("piped, want one by-seat table wider than 80 columns:\n%s", piped)
	}
	terminalWidth = func(io.Writer) int { return 80 }
	narrow, _, _ := run(t, args...)
	parts := bySeat(narrow)
	if len(parts) < 2 {
		t.Fatalf("at 80 columns the by-seat table is not cut into parts:\n%s", narrow)
	}
	for _, p := range parts {
		if w := widest(strings.Join(p, "\n")); w > 80 {
			t.Errorf("a part of %d columns:\n%s", w, strings.Join(p, "\n"))
		}
		var opens []int
		for i, l := range p[1:] {
			var at []int
			for k, r := range []rune(l) {
				if r == '[' {
					at = append(at, k)
				}
			}
			if i == 0 {
				opens = at
			} else if !slices.Equal(at, opens) {
				t.Errorf("row %q: intervals open at %v, the first row's at %v", l, at, opens)
			}
		}
		if len(p) != len(full[0]) {
			t.Errorf("a part of %d lines, the full table %d", len(p), len(full[0]))
		}
	}
	for row := 1; row < len(full[0]); row++ {
		label := strings.Fields(full[0][row])[0]
		var want, got []string
		want = cellsOf(full[0][row])
		for _, p := range parts {
			if row < len(p) {
				c := cellsOf(p[row])
				if len(c) > 0 && strings.Fields(p[row])[0] == label {
					got = append(got, c...)
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: %q in the parts, %q in the full table", label, got, want)
		}
	}
}

// cellsOf are the intervals of a by-seat line, "16.7 [ 3.0, 56.4]" each.
func cellsOf(line string) []string {
	return regexp.MustCompile(`\d+\.\d \[ ?\d+\.\d, ?\d+\.\d\]`).FindAllString(line, -1)
}

// TestTokenTableIsOneTableAt80Columns: with few games every token row of a
// match is "rarely played"; on an 80-column terminal the token table is
// still one table, the note on the token's row beside its other figures,
// survived headed "alive at end" and copies "count" there (it was cut in
// two parts, the second holding wounds, survived and the note: at its
// narrowest, the keys whole, it was 82 columns).
func TestTokenTableIsOneTableAt80Columns(t *testing.T) {
	old := terminalWidth
	defer func() { terminalWidth = old }()
	terminalWidth = func(io.Writer) int { return 80 }
	out, stderr, code := run(t, "sim", "moloch", "borgo", "--games", "2", "--players", "greedy")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	heads := 0
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "COUNT") {
			heads++
			if !strings.Contains(l, "NOTE") || !strings.Contains(l, "ALIVE") || !strings.Contains(l, "WON") {
				t.Errorf("the token table's header lacks WON, ALIVE or NOTE beside COUNT: %q", l)
			}
		}
	}
	if heads != 1 || !strings.Contains(out, "rarely") {
		t.Errorf("want one token table, its rows rarely played; %d headers:\n%s", heads, out)
	}
	if w := widest(tableLines(out)); w > 80 {
		t.Errorf("a table line of %d columns", w)
	}
}

// TestMultiReportWrapsAtTheTerminal: on an 80-column terminal an ffa
// report's prose is wrapped once, at 80: a line that breaks a list (it
// ends with a comma or a semicolon) is as full as the next word allows. Wrapped at 100 by the report
// and again at 80 by the terminal's prose writer, a line kept a word or
// two ("board standard," over "seed 1"), the next line starting short of
// the width.
func TestMultiReportWrapsAtTheTerminal(t *testing.T) {
	old := terminalWidth
	defer func() { terminalWidth = old }()
	terminalWidth = func(io.Writer) int { return 80 }
	out, stderr, code := run(t, "sim", "--mode", "ffa", "moloch", "borgo", "hegemony", "steelpolice", "--games", "24", "--players", "greedy")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	prose := func(l string) bool { return l != "" && !strings.Contains(strings.TrimSpace(l), "  ") }
	lines := strings.Split(out, "\n")
	for i := 0; i+1 < len(lines); i++ {
		a, b := lines[i], lines[i+1]
		if !prose(a) || !prose(b) || !strings.HasSuffix(a, ",") && !strings.HasSuffix(a, ";") {
			continue // a line that ends a list (a sentence, a title, a figure) may be short
		}
		first, _, _ := strings.Cut(strings.TrimSpace(b), " ")
		if n := utf8.RuneCountInString(a) + 1 + utf8.RuneCountInString(first); n <= 80 {
			t.Errorf("%q ends %d columns short: %q would have fitted it", a, 80-n+1, first)
		}
	}
	if w := widest(out); w > 80 {
		t.Errorf("a line of %d columns", w)
	}
}
