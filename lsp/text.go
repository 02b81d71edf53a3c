package lsp

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// bom is the UTF-8 byte-order mark. The parser skips it and counts columns
// from after it; an editor that keeps it in the text counts it as one
// UTF-16 unit of line 0, so conversions add it back there.
const bom = "\uFEFF"

// text is a document's content with the conversions between the two ways
// of naming a place in it: the compiler's (line and column from 1, columns
// in runes, after any byte-order mark) and LSP's (line and character from
// 0, characters in UTF-16 units, the mark included).
type text struct {
	src    string // as the editor sent it
	body   string // src without a leading byte-order mark
	starts []int  // byte offset in body of each line's start
}

func newText(src string) *text {
	t := &text{src: src, body: strings.TrimPrefix(src, bom), starts: []int{0}}
	for i := 0; i < len(t.body); i++ {
		if t.body[i] == '\n' {
			t.starts = append(t.starts, i+1)
		}
	}
	return t
}

// hasBOM reports whether the editor's text starts with a byte-order mark.
func (t *text) hasBOM() bool { return len(t.src) != len(t.body) }

// line returns line n (from 0) of body without its line ending; a line
// past the end is empty.
func (t *text) line(n int) string {
	if n < 0 || n >= len(t.starts) {
		return ""
	}
	end := len(t.body)
	if n+1 < len(t.starts) {
		end = t.starts[n+1] - 1
	}
	return strings.TrimSuffix(t.body[t.starts[n]:end], "\r")
}

// units is the length of s in UTF-16 code units, LSP's default encoding.
func units(s string) int {
	n := 0
	for _, r := range s {
		n += max(utf16.RuneLen(r), 1) // a byte that is not UTF-8 decodes as U+FFFD, one unit
	}
	return n
}

// lspLine converts a line number of the compiler (from 1) into one of LSP,
// clamped to the text so that a diagnostic "at the end of the file" still
// shows.
func (t *text) lspLine(line int) int {
	return min(max(line-1, 0), len(t.starts)-1)
}

// position converts a byte offset within line n (from 0) of body into an
// LSP position.
func (t *text) position(n, byteCol int) protocol.Position {
	l := t.line(n)
	byteCol = min(max(byteCol, 0), len(l))
	ch := units(l[:byteCol])
	if n == 0 && t.hasBOM() {
		ch++
	}
	return protocol.Position{Line: uint32(n), Character: uint32(ch)}
}

// byteCol returns the byte offset in line l of rune column col (from 1),
// clamped to the line.
func byteCol(l string, col int) int {
	b := 0
	for i := 1; i < col && b < len(l); i++ {
		_, size := utf8.DecodeRuneInString(l[b:])
		b += size
	}
	return b
}

// rangeAt returns the range of the word, number or string that starts at
// the compiler's line and column (from 1), so that an editor underlines what
// the message is about; at a space or the end of a line the range is empty.
func (t *text) rangeAt(line, col int) protocol.Range {
	n := t.lspLine(line)
	l := t.line(n)
	start := byteCol(l, max(col, 1))
	end := start + wordLen(l[start:])
	return protocol.Range{Start: t.position(n, start), End: t.position(n, end)}
}

// wordLen is the length in bytes of the word, number or quoted string that
// s starts with, or of its first character when that is punctuation.
func wordLen(s string) int {
	if s == "" {
		return 0
	}
	r, size := utf8.DecodeRuneInString(s)
	switch {
	case r == '"':
		for i := size; i < len(s); i++ {
			switch s[i] {
			case '\\':
				i++
			case '"':
				return i + 1
			}
		}
		return len(s)
	case isWordRune(r) || r == '-' || r == '+':
		n := size
		for n < len(s) {
			r, size := utf8.DecodeRuneInString(s[n:])
			if !isWordRune(r) {
				break
			}
			n += size
		}
		return n
	case unicode.IsSpace(r):
		return 0
	}
	return size
}

// isWordRune reports whether r may be part of an identifier or a number.
func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// offset converts an LSP position into a byte offset in body, clamped to
// the text; a character inside a surrogate pair counts as the rune's start.
func (t *text) offset(p protocol.Position) int {
	n := int(p.Line)
	if n >= len(t.starts) {
		return len(t.body)
	}
	l := t.line(n)
	ch := int(p.Character)
	if n == 0 && t.hasBOM() {
		ch--
	}
	b, u := 0, 0
	for b < len(l) {
		r, size := utf8.DecodeRuneInString(l[b:])
		w := max(utf16.RuneLen(r), 1)
		if u+w > ch {
			break
		}
		u += w
		b += size
	}
	return t.starts[n] + b
}

// positionAt converts a byte offset in body into an LSP position.
func (t *text) positionAt(off int) protocol.Position {
	off = min(max(off, 0), len(t.body))
	n, found := slices.BinarySearch(t.starts, off)
	if !found {
		n--
	}
	return t.position(n, off-t.starts[n])
}

// end is the LSP position just after the last character of the text.
func (t *text) end() protocol.Position {
	n := len(t.starts) - 1
	ch := units(t.body[t.starts[n]:])
	if n == 0 && t.hasBOM() {
		ch++
	}
	return protocol.Position{Line: uint32(n), Character: uint32(ch)}
}
