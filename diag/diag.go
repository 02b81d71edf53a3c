// Package diag holds positioned diagnostics (errors and warnings) and renders
// them the way compilers do: "file:line:col: error: message", then the source
// line and a caret under the column.
package diag

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// Severity says whether a diagnostic stops a file from being used.
type Severity uint8

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Pos is a place in a source file. Line and Column count from 1; Column
// counts characters (runes), not bytes.
type Pos struct {
	File   string
	Line   int
	Column int
}

func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
}

// Diagnostic is one problem found in a source file.
type Diagnostic struct {
	Severity Severity
	Pos      Pos
	Message  string // one line: what is wrong
	Hint     string // optional: how to fix it ("did you mean ...?")
}

func (d *Diagnostic) Error() string {
	s := fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, d.Message)
	if d.Hint != "" {
		s += " (" + d.Hint + ")"
	}
	return s
}

// List is a list of diagnostics. As an error it reports all of them.
type List []*Diagnostic

// Add appends a diagnostic.
func (l *List) Add(sev Severity, pos Pos, hint, format string, args ...any) {
	*l = append(*l, &Diagnostic{Severity: sev, Pos: pos, Message: fmt.Sprintf(format, args...), Hint: hint})
}

// Errorf appends an error.
func (l *List) Errorf(pos Pos, format string, args ...any) { l.Add(Error, pos, "", format, args...) }

// Warnf appends a warning.
func (l *List) Warnf(pos Pos, format string, args ...any) { l.Add(Warning, pos, "", format, args...) }

// Sort orders the list by file, line and column, keeping the order of
// diagnostics at the same place.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
}

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Counts are how many errors and warnings the list holds.
func (l List) Counts() (errors, warnings int) {
	for _, d := range l {
		if d.Severity == Error {
			errors++
		} else {
			warnings++
		}
	}
	return errors, warnings
}

// Summary counts the list in words, as check prints it: "2 error(s), 1
// warning(s)"; the warnings only when there are some.
func (l List) Summary() string {
	e, w := l.Counts()
	s := fmt.Sprintf("%d error(s)", e)
	if w > 0 {
		s += fmt.Sprintf(", %d warning(s)", w)
	}
	return s
}

// Err returns the list as an error when it holds an error, nil otherwise.
func (l List) Err() error {
	if l.HasErrors() {
		return l
	}
	return nil
}

func (l List) Error() string {
	var b strings.Builder
	for i, d := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Error())
	}
	return b.String()
}

// MaxRendered is how many diagnostics Render prints; the rest are counted.
// A real file has a handful of mistakes; thousands mean a file that is not
// an army (or position) at all, and printing them all would bury the first.
const MaxRendered = 100

// Render writes every diagnostic with its source line and a caret (at most
// MaxRendered of them, then a count of the rest). sources maps a file name to
// its text; a file missing from it is rendered without the snippet.
func (l List) Render(w io.Writer, sources map[string][]byte) {
	starts := map[string][]int{} // line start offsets per file, built once
	for i, d := range l {
		if i == MaxRendered {
			fmt.Fprintf(w, "... and %d more diagnostic(s) not shown\n", len(l)-i)
			return
		}
		fmt.Fprintln(w, d.Error())
		src, ok := sources[d.Pos.File]
		if !ok || d.Pos.Line < 1 {
			continue
		}
		if _, done := starts[d.Pos.File]; !done {
			starts[d.Pos.File] = lineStarts(src)
		}
		line, ok := lineAt(src, starts[d.Pos.File], d.Pos.Line)
		if !ok {
			continue
		}
		line = strings.ReplaceAll(line, "\t", " ")
		col := d.Pos.Column
		if col < 1 {
			col = 1
		}
		if n := utf8.RuneCountInString(line) + 1; col > n {
			col = n
		}
		line, col = clipLine(line, col)
		fmt.Fprintf(w, "    %s\n", line)
		fmt.Fprintf(w, "    %s^\n", strings.Repeat(" ", col-1))
	}
}

// lineStarts returns the offset of every line's first byte.
func lineStarts(src []byte) []int {
	out := []int{0}
	for i, c := range src {
		if c == '\n' {
			out = append(out, i+1)
		}
	}
	return out
}

// lineAt returns line n (from 1) of src without its line ending.
func lineAt(src []byte, starts []int, n int) (string, bool) {
	if n > len(starts) {
		return "", false
	}
	return sourceLine(src[starts[n-1]:], 1)
}

// maxShownLine is how many characters of a source line Render shows: a
// longer line (a binary or generated file) is cut to a window around the
// caret.
const maxShownLine = 120

// clipLine cuts a long line to maxShownLine characters around column col
// (from 1), marking cut ends with "...", and returns the caret's new column.
func clipLine(line string, col int) (string, int) {
	r := []rune(line)
	if len(r) <= maxShownLine {
		return line, col
	}
	start := min(max(col-1-maxShownLine/2, 0), len(r)-maxShownLine)
	out := string(r[start : start+maxShownLine])
	if start+maxShownLine < len(r) {
		out += "..."
	}
	if start > 0 {
		return "..." + out, col - start + 3
	}
	return out, col
}

// sourceLine returns line n (from 1) of src without its line ending.
func sourceLine(src []byte, n int) (string, bool) {
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(src, '\n')
		if j < 0 {
			return "", false
		}
		src = src[j+1:]
	}
	if k := bytes.IndexByte(src, '\n'); k >= 0 {
		src = src[:k]
	}
	s := strings.TrimRight(string(src), "\r")
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "?")
	}
	return s, true
}

// Suggest returns "did you mean X?" for the candidate closest to word by edit
// distance, or "" when none is close enough to be a plausible misspelling.
func Suggest(word string, candidates []string) string {
	best, bestD := "", 1<<30
	lw := strings.ToLower(word)
	for _, c := range candidates {
		if c == "" {
			continue
		}
		// A clipped word ("pierce" for "piercing") is a plausible slip
		// however far apart the two are by edit distance.
		if lc := strings.ToLower(c); len(lw) >= 3 && (strings.HasPrefix(lc, lw) || strings.HasPrefix(lw, lc) && len(lc) >= 3) {
			return fmt.Sprintf("did you mean %q?", c)
		}
		d := Distance(lw, strings.ToLower(c))
		// On a tie, a swap of letters ("WN" for "NW") is the likelier slip.
		if d < bestD || (d == bestD && anagram(lw, strings.ToLower(c)) && !anagram(lw, strings.ToLower(best))) {
			best, bestD = c, d
		}
	}
	// A suggestion must be a slip, not another word: at most 2 edits, and
	// fewer than a quarter of a long word's runes (return_to_hand is not a
	// slip for return_to_deck), never more than half of a short one's.
	n := utf8.RuneCountInString(word)
	limit := min(2, max(1, n/2))
	if n > 8 {
		limit = min(limit, (n-1)/4)
	}
	if best == "" || bestD > limit {
		return ""
	}
	return fmt.Sprintf("did you mean %q?", best)
}

// anagram reports whether a and b have the same letters.
func anagram(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	slices.Sort(ra)
	slices.Sort(rb)
	return slices.Equal(ra, rb)
}

// Distance is the edit distance between a and b, in runes, counting a
// swap of two neighbouring runes as one edit (optimal string alignment), so
// that "WN" is one edit from "NW" and "ranegd" one from "ranged".
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	pp := make([]int, len(rb)+1) // the row before prev
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], pp[j-2]+1)
			}
		}
		pp, prev, cur = prev, cur, pp
	}
	return prev[len(rb)]
}
