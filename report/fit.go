package report

import (
	"bytes"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
)

// Widther is a writer that knows the width of the terminal it shows on. The
// CLI wraps standard output in one (WithWidth) only when it is a terminal,
// or COLUMNS gives a width, so a report piped or written with --out keeps
// its full width.
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

// Column is a table's column as a report declares it: its header, the
// shorter header the report chose for a terminal too narrow for the full
// one ("" when the full one will do: its words then take a line each), and
// whether it labels the rows (an army, a token), which every part of a
// table cut into parts repeats. When no column is a key, the first one is.
type Column struct {
	Head  string
	Short string
	Key   bool
}

// Heads are columns with these headers, no short forms and no keys but the
// first.
func Heads(names ...string) []Column {
	cols := make([]Column, len(names))
	for i, n := range names {
		cols[i] = Column{Head: n}
	}
	return cols
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

func runes(s string) int { return utf8.RuneCountInString(s) }

// fitTable renders a text table no wider than width when it can. A table
// that fits is rendered as it is; a wider one is narrowed, never losing a
// figure nor splitting one, in this order:
//  1. a column with nothing in it (a NOTE column no row needed) is dropped;
//  2. headers take the short form their report chose, and wrap at spaces
//     (a header is never cut to letters);
//  3. cells wrap within their columns, widest column first, only where a
//     break keeps every value whole: between the words of a name or a
//     note, and between a figure and its interval ("50.0%" over
//     "[40.1, 59.9] *"); never inside a number, an interval or a value such
//     as "9 / 1 / 46";
//  4. a table still too wide is cut into parts, each of as many columns as
//     fit, each repeating the key columns (the row labels), so that rows
//     stay aligned and every figure keeps its column.
//
// When even one column beside the keys cannot fit, the part is as narrow as
// its values allow.
func fitTable(width int, cols []Column, rows [][]string) ([]byte, error) {
	full, err := renderTable(heads(cols), rows)
	if err != nil || width <= 0 || textWidth(full) <= width {
		return full, err
	}
	cols, rows = dropEmpty(cols, rows)
	t := newFitted(cols, rows)
	var out []byte
	for k, part := range t.parts(width) {
		b, err := t.render(part, width)
		if err != nil {
			return nil, err
		}
		if k > 0 {
			out = append(out, '\n')
		}
		out = append(out, b...)
	}
	return out, nil
}

// heads are the columns' full headers.
func heads(cols []Column) []string {
	h := make([]string, len(cols))
	for i, c := range cols {
		h[i] = c.Head
	}
	return h
}

// dropEmpty leaves out every column but the first whose cells are all
// empty: on a narrow terminal its header's width says nothing.
func dropEmpty(cols []Column, rows [][]string) ([]Column, [][]string) {
	var keep []int
	for j := range cols {
		empty := j > 0
		for _, r := range rows {
			if j < len(r) && strings.TrimSpace(r[j]) != "" {
				empty = false
				break
			}
		}
		if !empty {
			keep = append(keep, j)
		}
	}
	if len(keep) == len(cols) {
		return cols, rows
	}
	c := make([]Column, len(keep))
	for i, j := range keep {
		c[i] = cols[j]
	}
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = make([]string, len(keep))
		for k, j := range keep {
			if j < len(r) {
				out[i][k] = r[j]
			}
		}
	}
	return c, out
}

// fitted is a table broken into what may not be split: each header into
// its words, each cell into its lines and each line into its units.
type fitted struct {
	keys   []int          // the key columns
	head   [][]string     // a column's header words, upper-cased
	cells  [][][][]string // row, column, line, units
	minW   []int          // a column's widest unit or header word
	natW   []int          // a column's width unbroken
	others []int          // the columns that are not keys
}

func newFitted(cols []Column, rows [][]string) *fitted {
	t := &fitted{head: make([][]string, len(cols)), minW: make([]int, len(cols)), natW: make([]int, len(cols))}
	for j, c := range cols {
		h := c.Head
		if c.Short != "" {
			h = c.Short
		}
		t.head[j] = strings.Fields(strings.ToUpper(h))
		for _, w := range t.head[j] {
			t.minW[j] = max(t.minW[j], runes(w))
		}
		t.natW[j] = runes(strings.Join(t.head[j], " "))
		if c.Key {
			t.keys = append(t.keys, j)
		}
	}
	if len(t.keys) == 0 && len(cols) > 0 {
		t.keys = []int{0}
	}
	for j := range cols {
		if !isKey(t.keys, j) {
			t.others = append(t.others, j)
		}
	}
	t.cells = make([][][][]string, len(rows))
	for i, r := range rows {
		t.cells[i] = make([][][]string, len(cols))
		for j := range cols {
			if j >= len(r) {
				continue
			}
			for _, l := range strings.Split(r[j], "\n") {
				u := units(l)
				t.cells[i][j] = append(t.cells[i][j], u)
				for _, x := range u {
					t.minW[j] = max(t.minW[j], runes(x))
				}
				t.natW[j] = max(t.natW[j], runes(l))
			}
		}
	}
	return t
}

func isKey(keys []int, j int) bool {
	for _, k := range keys {
		if k == j {
			return true
		}
	}
	return false
}

// tableWidth is the width of a table whose columns' widest lines are ws:
// a space of padding either side of each, and the borders.
func tableWidth(ws []int) int {
	n := 1
	for _, w := range ws {
		n += w + 3
	}
	return n
}

// parts cuts the columns into parts that fit width at their narrowest, the
// keys in each: one part, all the columns, when they fit.
func (t *fitted) parts(width int) [][]int {
	// The keys at their full width: a row's label is what a reader looks
	// for, wrapped only when one column beside it does not fit.
	keysW := tableWidth(t.widths(t.keys, t.natW))
	groups := splitColumns(len(t.others), func(from, to int) bool {
		return keysW+tableWidth(t.widths(t.others[from:to], t.minW))-1 <= width
	})
	if len(groups) == 0 { // the keys are the whole table
		return [][]int{t.keys}
	}
	out := make([][]int, len(groups))
	for i, g := range groups {
		out[i] = sortCols(append(append([]int(nil), t.keys...), t.others[g[0]:g[1]]...))
	}
	return out
}

// splitColumns cuts n columns into runs [from, to) for which fits holds,
// as few as it can, and of sizes as even as it can (eight army columns cut
// in two are four and four, not five and three). A column that fits on no
// run has one of its own.
func splitColumns(n int, fits func(from, to int) bool) [][2]int {
	var greedy [][2]int
	for from := 0; from < n; {
		to := from + 1
		for to < n && fits(from, to+1) {
			to++
		}
		greedy = append(greedy, [2]int{from, to})
		from = to
	}
	k := len(greedy)
	if k <= 1 {
		return greedy
	}
	even := make([][2]int, 0, k)
	from := 0
	for i := range k {
		to := from + n/k
		if i < n%k {
			to++
		}
		if !fits(from, to) {
			return greedy
		}
		even = append(even, [2]int{from, to})
		from = to
	}
	return even
}

// sortCols puts a part's columns in the table's order.
func sortCols(c []int) []int {
	for i := 1; i < len(c); i++ {
		for k := i; k > 0 && c[k] < c[k-1]; k-- {
			c[k], c[k-1] = c[k-1], c[k]
		}
	}
	return c
}

func (t *fitted) widths(part []int, from []int) []int {
	ws := make([]int, len(part))
	for i, j := range part {
		ws[i] = from[j]
	}
	return ws
}

// render renders a part, its columns narrowed, widest first, until it fits
// width or each is at its widest unit: the columns of figures first, then,
// when they are all as narrow as they go, the keys.
func (t *fitted) render(part []int, width int) ([]byte, error) {
	ws := t.widths(part, t.natW)
	mins := t.widths(part, t.minW)
	for _, keys := range []bool{false, true} {
		for tableWidth(ws) > width {
			best := -1
			for i, j := range part {
				if isKey(t.keys, j) == keys && ws[i] > mins[i] && (best < 0 || ws[i] > ws[best]) {
					best = i
				}
			}
			if best < 0 {
				break
			}
			ws[best]--
		}
	}
	header := make([]string, len(part))
	for i, j := range part {
		header[i] = strings.Join(pack(t.head[j], ws[i]), "\n")
	}
	rows := make([][]string, len(t.cells))
	for r, row := range t.cells {
		rows[r] = make([]string, len(part))
		for i, j := range part {
			var lines []string
			for _, l := range row[j] {
				lines = append(lines, pack(l, ws[i])...)
			}
			rows[r][i] = strings.Join(lines, "\n")
		}
	}
	// The table writer's header formatting would join a header's lines
	// and space out its punctuation: the headers are upper-cased here.
	return renderTable(header, rows, tablewriter.WithHeaderAutoFormat(tw.Off))
}

// pack lays units out on lines no wider than width (a unit wider than
// width has a line of its own), a space between units on a line.
func pack(units []string, width int) []string {
	var lines []string
	cur := ""
	for _, u := range units {
		switch {
		case cur == "":
			cur = u
		case runes(cur)+1+runes(u) <= width:
			cur += " " + u
		default:
			lines = append(lines, cur)
			cur = u
		}
	}
	return append(lines, cur)
}

// units are the pieces a cell's line may be broken into: its words, glued
// together wherever a break would split a value. A line may break between
// two words of text ("Gauss" "Cannon", "rarely" "played") and before a
// figure's interval or margin ("50.0%" "[40.1%, 59.9%]", "50.0%" "±3.1 *"),
// never inside brackets, nor next to a number or a sign ("9 / 1 / 46",
// "-3.1 points", "Borgo (2nd)"). Leading spaces (an indented label) stay
// with the first unit.
func units(line string) []string {
	lead := line[:len(line)-len(strings.TrimLeft(line, " "))]
	words := strings.Fields(line)
	if len(words) == 0 {
		return []string{line}
	}
	out := []string{lead + words[0]}
	depth := strings.Count(words[0], "[") - strings.Count(words[0], "]")
	for _, w := range words[1:] {
		last := out[len(out)-1]
		lastWord := last[strings.LastIndex(last, " ")+1:]
		if depth <= 0 && (strings.HasPrefix(w, "±") || strings.HasPrefix(w, "[") || isText(lastWord) && isText(w)) {
			out = append(out, w)
		} else {
			out[len(out)-1] += " " + w
		}
		depth += strings.Count(w, "[") - strings.Count(w, "]")
	}
	var split []string
	for _, u := range out {
		split = append(split, slashGroups(u)...)
	}
	return split
}

// slashGroups breaks a list of more than three items joined by slashes,
// values ("1.00 / 0.50 / 0.00 / 2.00") or words ("rotate/swap/push/laser"),
// after every third item, a slash ending each piece but the last: the
// Duel's procedures label and its figures then wrap alike, three over
// three. A list of three or fewer ("9 / 1 / 46") is never broken.
func slashGroups(u string) []string {
	lead := u[:len(u)-len(strings.TrimLeft(u, " "))]
	u = u[len(lead):]
	sep := " / "
	items := strings.Split(u, sep)
	if len(items) <= 3 {
		sep = "/"
		if strings.Contains(u, " ") {
			return []string{lead + u}
		}
		if items = strings.Split(u, sep); len(items) <= 3 {
			return []string{lead + u}
		}
	}
	items[0] = lead + items[0]
	var out []string
	for i := 0; i < len(items); i += 3 {
		g := strings.Join(items[i:min(i+3, len(items))], sep)
		if i+3 < len(items) {
			g += strings.TrimRight(sep, " ")
		}
		out = append(out, g)
	}
	return out
}

// isText reports whether a word is a word of text, which a line may break
// beside: no digit in it, and more than punctuation.
func isText(w string) bool {
	letter := false
	for _, r := range w {
		if unicode.IsDigit(r) {
			return false
		}
		letter = letter || unicode.IsLetter(r)
	}
	return letter
}
