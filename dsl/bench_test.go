package dsl

import (
	"strings"
	"testing"
)

// longStringArmy is an army file of about n bytes, nearly all one notes
// string: the shape that made string unquoting quadratic.
func longStringArmy(n int) []byte {
	return []byte("army \"Long\" {\n    notes \"" + strings.Repeat("a\\\"b ", n/5) + "\"\n    hq \"HQ\" { edge all: melee 1 }\n}\n")
}

// BenchmarkParseLongString parses a 1 MiB file with one long string; it
// must take well under a second (docs/performance.md).
func BenchmarkParseLongString(b *testing.B) {
	src := longStringArmy(MaxFileSize - 100)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse("long.army", src); err != nil {
			b.Fatal(err)
		}
	}
}

// TestParseLongStringKeepsText: the one-pass unquoting keeps the escapes'
// meaning in a long string.
func TestParseLongStringKeepsText(t *testing.T) {
	f, err := Parse("long.army", longStringArmy(100000))
	if err != nil {
		t.Fatal(err)
	}
	notes := *f.Stmts[0].Body.Stmts[0].Args[0].Values[0].Str
	if want := strings.Repeat("a\"b ", 20000); notes != want {
		t.Fatalf("notes has %d bytes, want %d; starts %q", len(notes), len(want), notes[:min(20, len(notes))])
	}
}

// TestParseByteOrderMark: a file starting with a UTF-8 byte-order mark
// parses, and columns count from after it.
func TestParseByteOrderMark(t *testing.T) {
	f, err := Parse("bom.army", []byte("\uFEFFarmy \"B\" {\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p := f.Stmts[0].Pos; p.Line != 1 || p.Column != 1 {
		t.Errorf("army at %d:%d, want 1:1", p.Line, p.Column)
	}
}

// FuzzParseLongToken: very long strings, words, numbers and comments never
// panic the parser, and a long plain string comes back unchanged.
func FuzzParseLongToken(f *testing.F) {
	f.Add("ab", 50000, 0)
	f.Add(`\"`, 20000, 0)
	f.Add("x", 100000, 1)
	f.Add("7", 30000, 2)
	f.Add("ą", 40000, 3)
	f.Fuzz(func(t *testing.T, piece string, n, shape int) {
		if piece == "" || n < 0 {
			return
		}
		n %= MaxFileSize / max(1, len(piece))
		long := strings.Repeat(piece, n)
		var src string
		switch shape % 4 {
		case 0:
			src = "army \"L\" {\n    notes \"" + long + "\"\n}\n"
		case 1:
			src = "army \"L\" {\n    " + long + " 1\n}\n"
		case 2:
			src = "army \"L\" {\n    size " + long + "\n}\n"
		default:
			src = "# " + long + "\narmy \"L\" {\n}\n"
		}
		file, err := Parse("long.army", []byte(src))
		if err != nil || shape%4 != 0 || strings.ContainsAny(piece, "\"\\\n") {
			return
		}
		if got := *file.Stmts[0].Body.Stmts[0].Args[0].Values[0].Str; got != long {
			t.Fatalf("notes changed: %d bytes in, %d out", len(long), len(got))
		}
	})
}

// TestParseEscapes: strings take Go's escapes; an escape that would put
// invalid UTF-8 into a name (\xff is a byte) is an error, not a broken name.
func TestParseEscapes(t *testing.T) {
	for in, want := range map[string]string{`"a\"b"`: `a"b`, `"\u00ff"`: "ÿ", `"tab\tx"`: "tab\tx", `"\x41"`: "A"} {
		f, err := Parse("e.army", []byte("army "+in+" {\n}\n"))
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if got := *f.Stmts[0].Args[0].Values[0].Str; got != want {
			t.Errorf("%s = %q, want %q", in, got, want)
		}
	}
	if _, err := Parse("e.army", []byte("army \"\\xff\" {\n}\n")); err == nil || !strings.Contains(err.Error(), `\u00NN`) {
		t.Errorf(`"\xff": got %v, want an error that suggests \u00NN`, err)
	}
}
