package lsp

import (
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestRangeAt checks the conversion of the compiler's positions (runes from
// 1, after a byte-order mark) into LSP's (UTF-16 units from 0, the mark
// counted) on the lines where they differ.
func TestRangeAt(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line, col int
		want      protocol.Range
	}{
		{"ascii", "edge N: meele 1\n", 1, 9, rng(0, 8, 0, 13)},
		{"two-unit rune before", "\"🐢\" meele\n", 1, 5, rng(0, 5, 0, 10)},
		{"string", "x \"a\\\"b\" y", 1, 3, rng(0, 2, 0, 8)},
		{"byte-order mark", "\uFEFFarmy x\n", 1, 1, rng(0, 1, 0, 5)},
		{"crlf", "a\r\nbb cc\r\n", 2, 4, rng(1, 3, 1, 5)},
		{"past the line's end", "ab\n", 1, 9, rng(0, 2, 0, 2)},
		{"past the file's end", "ab\ncd", 7, 1, rng(1, 0, 1, 2)},
		{"punctuation", "a {", 1, 3, rng(0, 2, 0, 3)},
		{"space", "a  b", 1, 2, rng(0, 1, 0, 1)},
		{"invalid UTF-8", "\xff\xfe x", 1, 4, rng(0, 3, 0, 4)},
	} {
		if got := newText(tc.src).rangeAt(tc.line, tc.col); got != tc.want {
			t.Errorf("%s: rangeAt(%d, %d) = %v, want %v", tc.name, tc.line, tc.col, got, tc.want)
		}
	}
}

// TestOffset checks LSP positions back into byte offsets, the way hover,
// completion and formatting read them.
func TestOffset(t *testing.T) {
	tx := newText("\uFEFFab\n🐢c\r\nd")
	for _, tc := range []struct {
		line, ch uint32
		want     int
	}{
		{0, 0, 0}, {0, 1, 0}, {0, 2, 1}, {0, 9, 2},
		{1, 0, 3}, {1, 1, 3}, {1, 2, 7}, {1, 3, 8}, {1, 4, 8},
		{2, 0, 10}, {2, 1, 11}, {5, 0, 11},
	} {
		if got := tx.offset(protocol.Position{Line: tc.line, Character: tc.ch}); got != tc.want {
			t.Errorf("offset(%d:%d) = %d, want %d", tc.line, tc.ch, got, tc.want)
		}
	}
	if got, want := tx.end(), (protocol.Position{Line: 2, Character: 1}); got != want {
		t.Errorf("end = %v, want %v", got, want)
	}
}

func rng(l1, c1, l2, c2 uint32) protocol.Range {
	return protocol.Range{Start: protocol.Position{Line: l1, Character: c1}, End: protocol.Position{Line: l2, Character: c2}}
}

// TestScan checks what the text before the cursor says about where it is.
func TestScan(t *testing.T) {
	for _, tc := range []struct {
		prefix string
		want   place
	}{
		{"", place{stmtStart: true}},
		{"ar", place{stmtStart: true}},
		{"army \"X\" ", place{}},
		{"army \"X\" {\n    ", place{depth: 1, stmtStart: true, block: "army", stmt: 11}},
		{"army \"X\" {\n    warrior \"Y\" { count 1; ", place{depth: 2, stmtStart: true, block: "warrior", stmt: 37}},
		{"army \"X\" {\n    structure \"S\" {\n        ", place{depth: 2, stmtStart: true, block: "structure", stmt: 31}},
		{"army \"X\" {\n    structure \"S\" {\n        part \"A\" { ", place{depth: 3, stmtStart: true, block: "part", stmt: 49}},
		{"army \"X\" {\n    hq \"H\" {\n        edge N: ", place{depth: 2, block: "hq", stmt: 24}},
		{"army \"X\" {\n    hq \"H\" {\n        edge N: melee 1,\n\n        # more\n        ar", place{depth: 2, block: "hq", stmt: 24}}, // the statement goes on after its trailing comma,
		{"army \"X\" {\n    hq \"H\" {\n    }\n    ", place{depth: 1, stmtStart: true, block: "army", stmt: 30}},
		{"army \"X {\n    ", place{stmtStart: true, stmt: 10}}, // a string ends at the line's end
		{"army \"a\\\"{", place{inString: true}},
		{"army \"X\" { # {", place{depth: 1, inComment: true, block: "army", stmt: 10}},
		{"}}}\n", place{stmtStart: true, stmt: 4}},
	} {
		if got := scan(tc.prefix); got != tc.want {
			t.Errorf("scan(%q) = %+v, want %+v", tc.prefix, got, tc.want)
		}
	}
}

// TestStatementWordsInStructure: inside a structure block the statements
// offered are the structure's (alias, notes, part), inside a part a token's.
func TestStatementWordsInStructure(t *testing.T) {
	if got := strings.Join(statementWords(2, "structure"), " "); got != "alias notes part" {
		t.Errorf("in a structure block: %s", got)
	}
	if got := statementWords(3, "part"); !slices.Contains(got, "initiative") || slices.Contains(got, "part") {
		t.Errorf("in a part: %v", got)
	}
	// A status's block and a leader's take their own statements.
	if got := strings.Join(statementWords(2, "status"), " "); got != "effect notes on trait until" {
		t.Errorf("in a status block: %s", got)
	}
	if got := strings.Join(statementWords(1, "leader"), " "); got != "alias notes on" {
		t.Errorf("in a leader block: %s", got)
	}
}
