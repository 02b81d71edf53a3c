package main

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/spf13/cobra"
)

// proseWriter wraps the prose a person reads (a report's title line, a
// note under a table) to the width of the terminal it shows on, at spaces,
// a wrapped line's continuation indented as the line was. Tables are left
// alone: they fit the terminal already (report.WithWidth, report.WriteCard) and
// cannot be cut at a space. Output that is not on a terminal is never
// wrapped: the CLI wraps standard output in one only when it is.
type proseWriter struct {
	mu      sync.Mutex // watch and serve write from more than one goroutine
	w       io.Writer
	width   int
	pending []byte // the current line, until its newline comes
	err     error
}

func newProseWriter(w io.Writer, width int) *proseWriter { return &proseWriter{w: w, width: width} }

// Width says the terminal's width, so that tables written here fit it.
func (p *proseWriter) Width() int { return p.width }

func (p *proseWriter) Write(b []byte) (int, error) {
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
		if _, p.err = io.WriteString(p.w, wrapProse(line, p.width)+"\n"); p.err != nil {
			return 0, p.err
		}
	}
	return len(b), nil
}

// Flush writes a last line that had no newline.
func (p *proseWriter) Flush() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.pending) > 0 && p.err == nil {
		_, p.err = io.WriteString(p.w, wrapProse(string(p.pending), p.width))
		p.pending = nil
	}
	return p.err
}

// isTableLine says whether a line is part of a drawn table.
func isTableLine(line string) bool { return strings.ContainsAny(line, "│┌└├┐┘┬┴┼") }

// wrapProse wraps a line to width runes at spaces; continuation lines take
// the line's own indentation. A word longer than the width stays whole (a
// path or an address cut in two could not be copied).
func wrapProse(line string, width int) string {
	if width <= 0 || utf8.RuneCountInString(line) <= width || isTableLine(line) {
		return line
	}
	indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
	// A command with a comment (help's examples): the comment goes on
	// its own lines above the command, which is never cut (its second
	// half would read as another command).
	if cmd, comment, ok := strings.Cut(strings.TrimSpace(line), " # "); ok && (cmd == "hexforge" || strings.HasPrefix(cmd, "hexforge ")) {
		return wrapProse(indent+"# "+strings.TrimSpace(comment), width) + "\n" + indent + strings.TrimSpace(cmd)
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

// fitHelp makes --help fit the terminal as reports do: the flags' usage
// wraps in its column (pflag's FlagUsagesWrapped), and the long
// description and examples wrap as prose. Piped, help keeps its full
// lines, as before.
func fitHelp(root *cobra.Command) {
	// The usage is rendered into a buffer of cobra's (UsageString), so the
	// template cannot ask the writer for the width: the help func leaves
	// it here. pflag's wrapped lines can reach one column past what it is
	// given.
	helpCols := 0
	cobra.AddTemplateFunc("helpWidth", func(*cobra.Command) int { return max(helpCols-1, 0) })
	t := root.UsageTemplate()
	t = strings.ReplaceAll(t, ".LocalFlags.FlagUsages", ".LocalFlags.FlagUsagesWrapped (helpWidth .)")
	t = strings.ReplaceAll(t, ".InheritedFlags.FlagUsages", ".InheritedFlags.FlagUsagesWrapped (helpWidth .)")
	root.SetUsageTemplate(t)
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		out := c.OutOrStdout()
		n := terminalWidth(out)
		if n <= 0 {
			help(c, args)
			return
		}
		helpCols = n
		defer func() { helpCols = 0 }()
		p := newProseWriter(out, n)
		c.SetOut(p)
		help(c, args)
		p.Flush()
		c.SetOut(out)
	})
}
