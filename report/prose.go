package report

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
)

// ProseWriter wraps the prose a person reads (a report's title line, a
// note under a table) to the width of the terminal it shows on, at spaces,
// a wrapped line's continuation indented as the line was. Tables are left
// alone: they fit the terminal already (WithWidth, WriteCard) and
// cannot be cut at a space. Output that is not on a terminal is never
// wrapped: the CLI wraps standard output in one only when it is.
type ProseWriter struct {
	mu      sync.Mutex // watch and serve write from more than one goroutine
	w       io.Writer
	width   int
	pending []byte // the current line, until its newline comes
	err     error
}

// NewProseWriter wraps the prose written to it at width columns.
func NewProseWriter(w io.Writer, width int) *ProseWriter { return &ProseWriter{w: w, width: width} }

// Width says the terminal's width, so that tables written here fit it.
func (p *ProseWriter) Width() int { return p.width }

func (p *ProseWriter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err != nil {
		return 0, p.err
	}
	p.pending = append(p.pending, b...)
	for {
		i := bytes.IndexByte(p.pending, '\n')
		if i < 0 {
			break
		}
		line := string(p.pending[:i])
		p.pending = p.pending[i+1:]
		if _, p.err = io.WriteString(p.w, WrapProse(line, p.width)+"\n"); p.err != nil {
			return 0, p.err
		}
	}
	return len(b), nil
}

// Flush writes a last line that had no newline.
func (p *ProseWriter) Flush() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.pending) > 0 && p.err == nil {
		_, p.err = io.WriteString(p.w, WrapProse(string(p.pending), p.width))
		p.pending = nil
	}
	return p.err
}

// isTableLine says whether a line is part of a drawn table.
func isTableLine(line string) bool { return strings.ContainsAny(line, "│┌└├┐┘┬┴┼") }

// WrapLines wraps every line of text to width runes (WrapProse), its line
// breaks kept: an error's message, whose list of names can be long.
func WrapLines(text string, width int) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = WrapProse(l, width)
	}
	return strings.Join(lines, "\n")
}

// WrapProse wraps a line to width runes at spaces; continuation lines take
// the line's own indentation. A word longer than the width stays whole (a
// path or an address cut in two could not be copied).
func WrapProse(line string, width int) string {
	if width <= 0 || utf8.RuneCountInString(line) <= width || isTableLine(line) {
		return line
	}
	indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
	// A command with a comment (help's examples): the comment goes on
	// its own lines above the command, which is never cut (its second
	// half would read as another command).
	if cmd, comment, ok := strings.Cut(strings.TrimSpace(line), " # "); ok && (cmd == "hexforge" || strings.HasPrefix(cmd, "hexforge ")) {
		return WrapProse(indent+"# "+strings.TrimSpace(comment), width) + "\n" + indent + strings.TrimSpace(cmd)
	}
	if strings.HasPrefix(strings.TrimSpace(line), "hexforge ") {
		return line // a command cut in two would read as two commands
	}
	if strings.HasPrefix(strings.TrimSpace(line), "# ") {
		indent += "# " // a comment continues as a comment
	}
	var out []string
	cur := ""
	for _, word := range strings.Fields(line) {
		switch {
		case cur == "" && len(out) == 0 && strings.HasSuffix(indent, "# "):
			cur = strings.TrimSuffix(indent, "# ") + word // the "#" itself
		case cur == "":
			cur = indent + word
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(word) <= width:
			cur += " " + word
		default:
			out, cur = append(out, cur), indent+word
		}
	}
	return strings.Join(append(out, cur), "\n")
}
