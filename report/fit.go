package report

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
)

// Widther is a writer that knows the width of the terminal it shows on. The
// CLI wraps standard output in one (WithWidth) only when it is a terminal,
// so a report piped or written with --out keeps its full width.
type Widther interface {
	io.Writer
	Width() int
}

type widthWriter struct {
	io.Writer
	width int
}

func (w widthWriter) Width() int { return w.width }

// WithWidth returns w marked as showing on a terminal width columns wide;
// tables written to it are narrowed to fit (see fitTable). A width of 0 or
// less leaves w as it is.
func WithWidth(w io.Writer, width int) io.Writer {
	if width <= 0 {
		return w
	}
	return widthWriter{w, width}
}

// widthOf is the terminal width of w, 0 when w is not a terminal.
func widthOf(w io.Writer) int {
	if ww, ok := w.(Widther); ok {
		return ww.Width()
	}
	return 0
}

// renderTable renders a text table into a buffer.
func renderTable(header []string, rows [][]string, opts ...tablewriter.Option) ([]byte, error) {
	var buf bytes.Buffer
	t := tablewriter.NewTable(&buf, opts...)
	hdr := make([]any, len(header))
	for i, h := range header {
		hdr[i] = h
	}
	t.Header(hdr...)
	for _, r := range rows {
		cells := make([]any, len(r))
		for i, c := range r {
			cells[i] = c
		}
		if err := t.Append(cells...); err != nil {
			return nil, err
		}
	}
	if err := t.Render(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// textWidth is the width of the widest line of b, in runes (the tables hold
// box-drawing characters, ± and …, each one column wide).
func textWidth(b []byte) int {
	w := 0
	for _, l := range strings.Split(string(b), "\n") {
		w = max(w, utf8.RuneCountInString(l))
	}
	return w
}

// fitTable renders a text table no wider than width when it can. A wide
// table wraps into an unreadable mess on a terminal, so it is narrowed one
// step at a time, each keeping every figure, until it fits:
//  1. a figure's second part goes to a second line of its cell ("50.0% ±3.1 *"
//     becomes "50.0%" over "±3.1 *", an interval likewise), and headers of
//     several words take a line a word;
//  2. headers wider than their column are abbreviated with "." (the
//     round-robin matrix names each army in full in its first column);
//  3. whatever is still too wide is wrapped by the table writer, at
//     spaces: a table can get no narrower than its longest words.
func fitTable(width int, header []string, rows [][]string) ([]byte, error) {
	full, err := renderTable(header, rows)
	if err != nil || width <= 0 || textWidth(full) <= width {
		return full, err
	}
	// The table writer's header formatting joins a header's lines and
	// spaces out punctuation; the narrow forms upper-case the headers
	// themselves, as it would, and keep their line breaks.
	raw := tablewriter.WithHeaderAutoFormat(tw.Off)
	upper := make([]string, len(header))
	for i, h := range header {
		upper[i] = strings.ToUpper(h)
	}
	header, rows = stackCells(upper, rows)
	stacked, err := renderTable(header, rows, raw)
	if err != nil || textWidth(stacked) <= width {
		return stacked, err
	}
	header = abbreviateHeaders(header, rows)
	short, err := renderTable(header, rows, raw)
	if err != nil || textWidth(short) <= width {
		return short, err
	}
	return renderTable(header, rows, raw, tablewriter.WithMaxWidth(width))
}

// stackCells splits figures ("50.0% ±3.1 *", "45.0% [40.1%, 50.0%]") at
// their first space onto two lines, and multi-word headers a word a line.
// Text cells (army and token names) are left whole: they are what a reader
// looks for.
func stackCells(header []string, rows [][]string) ([]string, [][]string) {
	h := make([]string, len(header))
	for i, s := range header {
		if i == 0 {
			h[i] = s // the row labels' header stays one line
			continue
		}
		h[i] = strings.Join(strings.Fields(s), "\n")
	}
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = make([]string, len(r))
		for j, c := range r {
			if a, b, ok := strings.Cut(c, " "); ok && isFigure(a) {
				c = a + "\n" + b
			}
			out[i][j] = c
		}
	}
	return h, out
}

// isFigure reports whether s reads as a number ("50.0%", "-3.1", "+12").
func isFigure(s string) bool {
	if s == "" {
		return false
	}
	c := s[0]
	return c >= '0' && c <= '9' || (c == '-' || c == '+') && len(s) > 1
}

// abbreviateHeaders cuts each header line wider than its column's widest
// cell line (but not below 6 runes, which keeps a word recognisable) to
// that width, ending in "." (the table writer spaces out a "…").
func abbreviateHeaders(header []string, rows [][]string) []string {
	out := make([]string, len(header))
	for j, h := range header {
		if j == 0 {
			out[j] = h
			continue
		}
		col := 6
		for _, r := range rows {
			if j < len(r) {
				for _, l := range strings.Split(r[j], "\n") {
					col = max(col, utf8.RuneCountInString(l))
				}
			}
		}
		lines := strings.Split(h, "\n")
		for k, l := range lines {
			if rs := []rune(l); len(rs) > col {
				lines[k] = string(rs[:col-1]) + "."
			}
		}
		out[j] = strings.Join(lines, "\n")
	}
	return out
}
