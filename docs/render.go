package docs

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Render turns Markdown lines of the reference into terminal text of at
// most width columns: headings underlined, paragraphs and list items
// wrapped, each table row a term with its meaning indented under it (a
// table of three columns is 150 wide on the page), and code blocks
// indented, a trailing comment that does not fit moved onto its own line
// above its code. Code spans keep their backticks (they mark the words to
// type); bold, emphasis and links lose their marks and keep their words.
func Render(lines []string, width int) string {
	var out []string
	blank := func() {
		if len(out) > 0 && out[len(out)-1] != "" {
			out = append(out, "")
		}
	}
	for i := 0; i < len(lines); {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "```"):
			blank()
			shell := strings.TrimPrefix(l, "```") == "sh"
			j := i + 1
			for j < len(lines) && !strings.HasPrefix(lines[j], "```") {
				out = append(out, codeLines(lines[j], width, shell)...)
				j++
			}
			blank()
			i = j + 1
		case headingLevel(l) > 0:
			blank()
			lvl := headingLevel(l)
			h := plain(strings.TrimSpace(l[lvl:]))
			rule := "="
			if lvl > 2 {
				rule = "-"
			}
			out = append(out, wrap(h, width, "", "")...)
			out = append(out, strings.Repeat(rule, min(width, utf8.RuneCountInString(h))), "")
			i++
		case strings.HasPrefix(l, "|"):
			blank()
			j := i
			var rows [][]string
			for j < len(lines) && strings.HasPrefix(lines[j], "|") {
				rows = append(rows, cells(lines[j]))
				j++
			}
			out = append(out, table(rows, width)...)
			blank()
			i = j
		case strings.TrimSpace(l) == "":
			blank()
			i++
		default:
			// A paragraph or a list item: its lines up to a blank line, a
			// block, or the next item.
			item := isItem(l)
			indent := len(l) - len(strings.TrimLeft(l, " "))
			text := strings.TrimSpace(l)
			j := i + 1
			for j < len(lines) && strings.TrimSpace(lines[j]) != "" && !isItem(lines[j]) &&
				!strings.HasPrefix(lines[j], "```") && !strings.HasPrefix(lines[j], "|") && headingLevel(lines[j]) == 0 {
				text += " " + strings.TrimSpace(lines[j])
				j++
			}
			if item {
				pad := strings.Repeat(" ", indent)
				out = append(out, wrap(plain(strings.TrimSpace(text[2:])), width, pad+"  - ", pad+"    ")...)
			} else {
				out = append(out, wrap(plain(text), width, "", "")...)
			}
			i = j
		}
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return strings.Join(out, "\n") + "\n"
}

// isItem says whether a line starts a list item.
func isItem(l string) bool {
	return strings.HasPrefix(strings.TrimLeft(l, " "), "- ")
}

// codeLines is a line of a code block, indented four columns. A line too
// long for width with a trailing comment gets the comment on a line of its
// own above it, at the code's indentation (an army file reads the same);
// code still too long breaks at a space outside quotes, the rest indented
// four more (a shell command's break ends in " \\", so it still runs).
func codeLines(l string, width int, shell bool) []string {
	const pad = "    "
	if utf8.RuneCountInString(pad+l) <= width {
		return []string{strings.TrimRight(pad+l, " ")}
	}
	ind := pad + l[:len(l)-len(strings.TrimLeft(l, " "))]
	var out []string
	code := pad + l
	if c := commentAt(l); c >= 0 {
		comment := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l[c:]), "#"))
		out = wrap(comment, width, ind+"# ", ind+"# ")
		code = pad + strings.TrimRight(l[:c], " ")
	}
	cont := ""
	if shell {
		cont = " \\"
	}
	for utf8.RuneCountInString(code) > width {
		cut := breakAt(code, width-len(cont))
		if cut <= len(ind) {
			break // one word wider than the line: left whole
		}
		out = append(out, strings.TrimRight(code[:cut], " ")+cont)
		code = ind + "    " + strings.TrimLeft(code[cut:], " ")
	}
	return append(out, code)
}

// breakAt is the last space of s outside quotes at or before column
// width (bytes: code lines that need breaking are ASCII), -1 for none.
func breakAt(s string, width int) int {
	at, quoted := -1, false
	for i, r := range s {
		if utf8.RuneCountInString(s[:i]) > width {
			break
		}
		switch {
		case r == '"':
			quoted = !quoted
		case r == ' ' && !quoted:
			at = i
		}
	}
	return at
}

// commentAt is where a trailing "#" comment starts in a line of an army
// file, outside a quoted name; -1 when the line has none or is one.
func commentAt(l string) int {
	quoted := false
	for i, r := range l {
		switch {
		case r == '"':
			quoted = !quoted
		case r == '#' && !quoted:
			if strings.TrimSpace(l[:i]) == "" {
				return -1
			}
			return i
		}
	}
	return -1
}

// cells splits a table row at its unescaped bars.
func cells(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimSuffix(strings.TrimPrefix(row, "|"), "|")
	var out []string
	var cur strings.Builder
	for i := 0; i < len(row); i++ {
		switch {
		case row[i] == '\\' && i+1 < len(row) && row[i+1] == '|':
			cur.WriteByte('|')
			i++
		case row[i] == '|':
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(row[i])
		}
	}
	return append(out, strings.TrimSpace(cur.String()))
}

// table renders a Markdown table's rows (the header first, then the
// separator): each row's first cell as a term, its second indented under
// it, and any further cell under that named by its column's header.
func table(rows [][]string, width int) []string {
	if len(rows) < 2 {
		return nil
	}
	header := rows[0]
	var out []string
	for _, r := range rows[2:] {
		for k, c := range r {
			c = plain(c)
			switch {
			case c == "":
			case k == 0:
				out = append(out, wrap(c, width, "  ", "    ")...)
			case k == 1:
				out = append(out, wrap(c, width, "      ", "      ")...)
			default:
				name := ""
				if k < len(header) {
					name = plain(header[k]) + ": "
				}
				out = append(out, wrap(name+c, width, "      ", "        ")...)
			}
		}
	}
	return out
}

var (
	emphasis = regexp.MustCompile(`\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*`)
	link     = regexp.MustCompile(`\[([^\]]+)\]\([^)]*\)`)
)

// plain drops the inline marks of a Markdown text but code spans' (kept
// as written, backticks and all): bold and emphasis lose their stars,
// links their targets.
func plain(s string) string {
	parts := strings.Split(s, "`")
	for i := range parts {
		if i%2 == 0 { // outside code spans
			parts[i] = link.ReplaceAllString(parts[i], "$1")
			parts[i] = emphasis.ReplaceAllString(parts[i], "$1$2")
		}
	}
	return strings.Join(parts, "`")
}

// wrap breaks text at spaces into lines of at most width columns, the
// first starting with first and the rest with rest. A word longer than a
// line stays whole on a line of its own.
func wrap(text string, width int, first, rest string) []string {
	var out []string
	cur := first
	fresh := true
	for _, w := range strings.Fields(text) {
		if !fresh && utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) > width {
			out = append(out, cur)
			cur, fresh = rest, true
		}
		if !fresh {
			cur += " "
		}
		cur += w
		fresh = false
	}
	return append(out, cur)
}
