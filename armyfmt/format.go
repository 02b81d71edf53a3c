// Package armyfmt prints army files in their canonical layout, like gofmt.
//
// It works on the token stream, not on the parsed AST, because the AST drops
// comments: formatting from tokens keeps every comment in place.
package armyfmt

import (
	"bytes"
	"strings"

	"github.com/hexforge/hexforge/dsl"
)

// Indent is one level of block indentation.
const Indent = "    "

// Source formats an army file. A file that does not parse is returned as an
// error (a diag.List with file:line:col) and nothing is formatted.
func Source(filename string, src []byte) ([]byte, error) {
	if _, err := dsl.Parse(filename, src); err != nil {
		return nil, err
	}
	return print(lines(lex(src))), nil
}

// line is one output line: code tokens and an optional trailing comment, a
// comment alone, or a blank line (no code, no comment).
type line struct {
	code    []token
	comment string
	blank   bool
}

// lines splits the token stream into output lines: a newline or ';' ends a
// statement, and a block's braces end or start a line so that every
// statement stands on its own line.
func lines(toks []token) []line {
	var out []line
	cur := line{}
	flush := func(force bool) {
		if len(cur.code) > 0 || cur.comment != "" || force {
			cur.blank = len(cur.code) == 0 && cur.comment == ""
			out = append(out, cur)
		}
		cur = line{}
	}
	sawCode := false // whether the current physical line produced output
	for _, t := range toks {
		switch t.kind {
		case tNewline:
			flush(len(cur.code) == 0 && cur.comment == "" && !sawCode) // an empty physical line is a blank line
			sawCode = false
		case tComment:
			text := strings.TrimRight(t.text, " \t\r")
			if len(cur.code) == 0 && sawCode && len(out) > 0 && out[len(out)-1].comment == "" {
				// `x {  # c` or `x;  # c`: the comment trails the line it was written on.
				out[len(out)-1].comment = text
				continue
			}
			cur.comment = text
		case tPunct:
			sawCode = true
			switch t.text {
			case ";":
				flush(false)
			case "{":
				cur.code = append(cur.code, t)
				flush(false)
			case "}":
				flush(false)
				cur.code = append(cur.code, t)
			default:
				cur.code = append(cur.code, t)
			}
		default:
			if len(cur.code) > 0 && cur.code[len(cur.code)-1].text == "}" {
				flush(false)
			}
			cur.code = append(cur.code, t)
			sawCode = true
		}
	}
	flush(false)
	return out
}

// codeText joins a line's tokens: one space between words, none before
// ',' and ':', none around '='.
func codeText(code []token) string {
	var b strings.Builder
	for i, t := range code {
		if i > 0 {
			prev := code[i-1].text
			if t.text != "," && t.text != ":" && t.text != "=" && prev != "=" {
				b.WriteByte(' ')
			}
		}
		b.WriteString(t.text)
	}
	return b.String()
}

type outLine struct {
	indent, code, comment string
	blank                 bool
}

// print lays the lines out: indentation by block depth (one more level for
// a line continuing a list after a trailing ','), at most one blank line in
// a row and none at the start of a block or file or before a '}', and
// trailing comments of consecutive lines aligned in one column.
func print(ls []line) []byte {
	var outs []outLine
	depth := 0
	cont := false
	for _, l := range ls {
		if l.blank {
			if len(outs) == 0 || outs[len(outs)-1].blank || strings.HasSuffix(outs[len(outs)-1].code, "{") {
				continue
			}
			outs = append(outs, outLine{blank: true})
			continue
		}
		if len(l.code) > 0 && l.code[0].text == "}" {
			depth--
			if len(outs) > 0 && outs[len(outs)-1].blank {
				outs = outs[:len(outs)-1]
			}
		}
		d := depth
		if cont {
			d++
		}
		outs = append(outs, outLine{indent: strings.Repeat(Indent, max(d, 0)), code: codeText(l.code), comment: l.comment})
		if len(l.code) > 0 {
			last := l.code[len(l.code)-1].text
			if last == "{" {
				depth++
			}
			cont = last == ","
		}
	}
	for len(outs) > 0 && outs[len(outs)-1].blank {
		outs = outs[:len(outs)-1]
	}
	align(outs)
	var b bytes.Buffer
	for _, o := range outs {
		if !o.blank {
			b.WriteString(o.indent)
			b.WriteString(o.code)
			if o.code != "" && o.comment != "" {
				b.WriteByte(' ')
			}
			b.WriteString(o.comment)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// align pads the code of consecutive lines that carry both code and a
// trailing comment so that their comments start in one column.
func align(outs []outLine) {
	for i := 0; i < len(outs); {
		if outs[i].code == "" || outs[i].comment == "" {
			i++
			continue
		}
		j, width := i, 0
		for ; j < len(outs) && outs[j].code != "" && outs[j].comment != ""; j++ {
			width = max(width, len(outs[j].indent)+len([]rune(outs[j].code)))
		}
		for k := i; k < j; k++ {
			outs[k].code += strings.Repeat(" ", width-len(outs[k].indent)-len([]rune(outs[k].code)))
		}
		i = j
	}
}
