package dsl

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/hexforge/hexforge/diag"
)

// Limits that keep a hostile or mistaken input from costing much.
const (
	MaxFileSize = 1 << 20 // 1 MiB: an army file is a few kilobytes
	MaxDepth    = 8       // blocks nested deeper than this are rejected
)

var armyLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `#[^\n]*`},
	{Name: "String", Pattern: `"(\\.|[^"\\\n])*"`},
	{Name: "Number", Pattern: `[-+]?[0-9]+`},
	{Name: "Ident", Pattern: `[\p{L}_][\p{L}\p{N}_]*`},
	{Name: "Punct", Pattern: `[{}:,=;]`},
	{Name: "Newline", Pattern: `\r?\n`},
	{Name: "Whitespace", Pattern: `[ \t\r]+`},
})

var parser = participle.MustBuild[File](
	participle.Lexer(armyLexer),
	participle.Elide("Comment", "Whitespace"),
	// No participle.Unquote: its unquoting is quadratic in the string's
	// length (a 1 MiB notes string took minutes); unquote does it in one
	// pass after parsing.
	participle.UseLookahead(4),
)

// Parse parses one army source file. On failure the error is a diag.List
// holding one positioned syntax error.
func Parse(filename string, src []byte) (*File, error) {
	// A UTF-8 byte-order mark (some Windows editors write one) is not part
	// of the text; editors do not show it, so columns count from after it.
	src = bytes.TrimPrefix(src, []byte("\uFEFF"))
	if d := precheck(filename, src); d != nil {
		return nil, diag.List{d}
	}
	// After a syntax error, blank the line it is on (keeping its braces and
	// every position) and parse again, so that one slip does not hide the
	// file's other errors, as go/parser goes on after an error. The returned
	// File is then the partial tree, with the errors.
	var errs diag.List
	work := src
	for range maxRecoveries {
		f, err := parser.ParseBytes(filename, work)
		if err == nil {
			if d := unquoteStmts(filename, f.Stmts); d != nil {
				return nil, append(errs, d)
			}
			if len(errs) > 0 {
				return f, errs
			}
			return f, nil
		}
		d := syntaxError(filename, err)
		if secondColon(work, d.Pos) {
			d.Message = `syntax error: a second ":" on one line, as when two statements run together (edge N: melee 1 edge S: armor): put each statement on its own line (or end the first with ;)`
		}
		if len(errs) > 0 && d.Pos.Line <= errs[len(errs)-1].Pos.Line {
			break // blanking did not help: stop at the errors found
		}
		errs = append(errs, d)
		if d.Pos.Line < 1 {
			break
		}
		if len(work) == len(src) && &work[0] == &src[0] {
			work = slices.Clone(src)
		}
		blankLine(work, d.Pos.Line)
	}
	return nil, errs
}

// maxRecoveries bounds how many syntax errors one file reports.
const maxRecoveries = 20

// blankLine replaces line n (1-based) of src with spaces, keeping braces
// and the line's length, so that every other position stays the same.
func blankLine(src []byte, n int) {
	line := 1
	for i, b := range src {
		switch {
		case b == '\n':
			line++
		case line == n && b != '{' && b != '}' && b != '\r':
			src[i] = ' '
		}
	}
}

// unquoteStmts replaces every string value's quoted text by its contents,
// in time linear in the text (strconv.Unquote: Go's escapes).
func unquoteStmts(filename string, stmts []*Stmt) *diag.Diagnostic {
	for _, st := range stmts {
		for _, g := range append(slices.Clip(st.Args), st.Clauses...) {
			for _, v := range g.Values {
				if v.Str == nil {
					continue
				}
				s, err := strconv.Unquote(*v.Str)
				if err == nil && !utf8.ValidString(s) {
					// \xff makes a byte, not a character: a name must stay text.
					err = errors.New("invalid UTF-8")
				}
				if err != nil {
					p := Position(v.Pos)
					p.File = filename
					return &diag.Diagnostic{Severity: diag.Error, Pos: p, Message: "syntax error: bad escape in string " + clip(*v.Str) + " (escapes are Go's; \\xNN makes a byte, write \\u00NN for a character)"}
				}
				v.Str = &s
			}
		}
		if st.Body != nil {
			if d := unquoteStmts(filename, st.Body.Stmts); d != nil {
				return d
			}
		}
	}
	return nil
}

// clip shortens a long quoted string for a message.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	return string([]rune(s)[:37]) + "..."
}

// precheck rejects inputs the grammar should never see: oversized files,
// binary or invalid UTF-8 text, and absurdly deep nesting.
func precheck(filename string, src []byte) *diag.Diagnostic {
	at := func(line, col int, format string, args ...any) *diag.Diagnostic {
		return &diag.Diagnostic{Severity: diag.Error, Pos: diag.Pos{File: filename, Line: line, Column: col}, Message: fmt.Sprintf(format, args...)}
	}
	if len(src) > MaxFileSize {
		return at(0, 0, "file is %d bytes; an army file may be at most %d bytes", len(src), MaxFileSize)
	}
	line, col, depth := 1, 1, 0
	inString, inComment := false, false
	// open are the blocks not closed yet: where their "{" is, and the indent
	// of the line that opened them; suspect is the first block whose "}"
	// stood at another block's indent, the likely one left open.
	type block struct{ line, col, indent int }
	var open []block
	var suspect *block
	indent, lineStart := 0, true
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			return at(line, col, "invalid UTF-8 (byte 0x%02x): is this a text file?", src[i])
		}
		if r == 0 {
			return at(line, col, "NUL byte: this looks like a binary file, not an army file")
		}
		if lineStart && r != ' ' && r != '\t' {
			indent, lineStart = col-1, false
		}
		switch {
		case r == '\n':
			line, col = line+1, 0
			inString, inComment = false, false
			lineStart = true
		case inComment:
		case inString:
			if r == '\\' && i+1 < len(src) && src[i+1] != '\n' {
				i += size
				col++
				_, size = utf8.DecodeRune(src[i:])
			} else if r == '"' {
				inString = false
			}
		case r == '#':
			inComment = true
		case r == '"':
			inString = true
		case r == '{':
			depth++
			if depth > MaxDepth {
				return at(line, col, "blocks nested more than %d deep", MaxDepth)
			}
			open = append(open, block{line, col, indent})
		case r == '}':
			depth--
			if n := len(open); n > 0 {
				top := open[n-1]
				open = open[:n-1]
				first := col-1 == indent // the "}" starts its line
				if first && suspect == nil && indent != top.indent && slices.ContainsFunc(open, func(b block) bool { return b.indent == indent }) {
					suspect = &top
				}
			}
		}
		i += size
		col++
	}
	if len(open) > 0 {
		b := open[len(open)-1]
		if suspect != nil {
			b = *suspect
		}
		return at(b.line, b.col, "block opened at %d:%d is never closed: a \"}\" is missing", b.line, b.col)
	}
	return nil
}

// secondColon says whether the syntax error at p is a ":" after another
// ":" of its line (outside strings and comments): no statement has two,
// so its line holds two statements run together, and the grammar's own
// word for it ("unexpected token, expected }") would send the designer
// looking for a brace.
func secondColon(src []byte, p diag.Pos) bool {
	line := 1
	start := 0
	for i, b := range src {
		if line == p.Line {
			start = i
			break
		}
		if b == '\n' {
			line++
		}
	}
	if line != p.Line || p.Column < 1 {
		return false
	}
	text := string(src[start:])
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	runes := []rune(text)
	if p.Column > len(runes) || runes[p.Column-1] != ':' {
		return false
	}
	inString, colon, from := false, false, 0
	for i := 0; i < p.Column-1; i++ {
		switch r := runes[i]; {
		case inString && r == '\\':
			i++
		case r == '"':
			inString = !inString
		case inString:
		case r == '#':
			return false
		case r == ':' || r == ',':
			colon = colon || r == ':'
			from = i + 1
		}
	}
	// The second statement's word and arguments stand before the colon,
	// after the first one's values: a word after the first value of the
	// clause ("melee 1 edge S"), not a stray colon ("melee 1 : armor").
	f := strings.Fields(string(runes[from : p.Column-1]))
	return colon && len(f) > 1 && slices.ContainsFunc(f[1:], func(w string) bool {
		r, _ := utf8.DecodeRuneInString(w)
		return unicode.IsLetter(r) || r == '_'
	})
}

// syntaxError turns a participle error into a positioned diagnostic with a
// message written for army designers.
func syntaxError(filename string, err error) *diag.Diagnostic {
	d := &diag.Diagnostic{Severity: diag.Error, Pos: diag.Pos{File: filename}, Message: err.Error()}
	var perr participle.Error
	if errors.As(err, &perr) {
		d.Pos = Position(perr.Position())
		d.Message = "syntax error: " + perr.Message()
		if rest, ok := strings.CutPrefix(perr.Message(), "lexer: invalid input text "); ok {
			if text, err := strconv.Unquote(rest); err == nil && text != "" {
				r, _ := utf8.DecodeRuneInString(text)
				d.Message = fmt.Sprintf("syntax error: unexpected character %q", r)
			}
		}
	}
	if d.Pos.File == "" {
		d.Pos.File = filename
	}
	return d
}
