package position

import (
	"strings"
	"testing"
)

// TestShapedBoardFile: a board file's shape lines make the board they say,
// which formats back to the same lines; the embedded boards format as
// before.
func TestShapedBoardFile(t *testing.T) {
	src := "name atlas\nradius 3\nholes a1 A4 d1\nholes g1\nblocked b3 ridge\nlabel d2 ridge\nlabel e5 Depot\nterminals b2 depot\nenergy 4\nfull inner\nstalemate draw\n"
	b, err := ParseBoard("atlas.board", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if b.Size != 33 || b.Open() != 31 || b.InnerSize() != 17 || len(b.Holes) != 4 {
		t.Fatalf("%d hexes, %d open, full at %d, holes %v; want 33, 31, 17 (the inner 19 less the blocked b3 and d2), 4", b.Size, b.Open(), b.InnerSize(), b.Holes)
	}
	if d2 := hex(t, b, "d2"); !b.Blocked[d2] || b.Labels[d2] != "ridge" || !b.Terminal[hex(t, b, "e5")] {
		t.Fatalf("d2 blocked %v label %q, e5 (depot) terminal %v", b.Blocked[d2], b.Labels[d2], b.Terminal[hex(t, b, "e5")])
	}
	want := "name atlas\nradius 3\nholes a1 a4 d1 g1\nblocked b3 d2\nlabel d2 ridge\nlabel e5 Depot\nfull inner\nterminals b2 e5\nenergy 4\nstalemate draw\n"
	if got := FormatBoard(b); got != want {
		t.Fatalf("FormatBoard:\n%s\nwant:\n%s", got, want)
	}
	// Without the full line a board with holes counts every open hex.
	all, err := ParseBoard("x.board", []byte(strings.Replace(src, "full inner\n", "", 1)))
	if err != nil || all.InnerSize() != 31 || !strings.Contains(FormatBoard(all), "holes") || strings.Contains(FormatBoard(all), "full") {
		t.Fatalf("default full of a board with holes: %v, %d\n%s", err, all.InnerSize(), FormatBoard(all))
	}
	for _, name := range BoardNames {
		src, _ := EmbeddedBoardSource(name)
		b, _ := BoardByName(name)
		if f := FormatBoard(b); strings.Contains(f, "holes") || strings.Contains(f, "full") || strings.Contains(f, "blocked") {
			t.Errorf("%s formats with shape lines:\n%s\n(from %s)", name, f, src)
		}
	}
}

// TestShapedBoardDiagnostics: every bad shape line is an error at its
// line and column, with a did-you-mean where a slip is likely.
func TestShapedBoardDiagnostics(t *testing.T) {
	const head = "name x\nradius 2\n"
	for _, tc := range []struct{ src, want string }{
		{"holse a1\n", `b.board:3:1: error: unknown line "holse": expected name, radius, terminals, energy, tie, stalemate, holes, blocked, label or full (did you mean "holes"?)`},
		{"blokced a1\n", `(did you mean "blocked"?)`},
		{"holes\n", "b.board:3:1: error: holes needs one hex or more"},
		{"holes a1 z9\n", `b.board:3:10: error: unknown hex "z9" (the x board has hexes a1..e3)`},
		{"holes a1 e33\n", `b.board:3:10: error: unknown hex "e33" (did you mean "e3"?)`},
		{"holes a1 A1\n", "b.board:3:10: error: hole a1 given twice"},
		{"holes a1\nblocked a1\n", "b.board:4:9: error: a1 is a hole of the board x: it does not exist"},
		{"blocked b2 b2\n", "b.board:3:12: error: blocked hex b2 given twice"},
		{"blocked b2\nterminals b2\n", "b.board:4:11: error: terminal b2 is a blocked hex"},
		{"holes a2 b2 c3 d2 e2\n", "b.board:3:7: error: the board is in pieces"},
		{"holes a1 a2 a3 b1 b2 b3 b4 c1 c2 c3 c4 c5 d1\n", "b.board:1:1: error: the board has 6 hexes a token can stand on; a board needs at least 7"},
		{"label c1\n", "b.board:3:1: error: label needs a hex and its name"},
		{"label c1 c2\n", `b.board:3:10: error: label "c2": a label is a letter`},
		{"label c1 9lives\n", `b.board:3:10: error: label "9lives"`},
		{"label c1 north\nlabel c2 NORTH\n", `b.board:4:10: error: label NORTH: "NORTH" already names c1`},
		{"label c1 north\nlabel c1 top\n", `b.board:4:10: error: label top: c1 is already labelled "north"`},
		{"label c1 north\nblocked nort\n", `b.board:4:9: error: unknown hex "nort" (did you mean "north"?)`},
		{"label z9 north\n", `b.board:3:7: error: unknown hex "z9"`},
		{"full some\n", "b.board:3:1: error: full needs all"},
		{"full all\nfull inner\n", "b.board:4:1: error: full given twice (first on line 3)"},
		{"blocked a1 a2 a3 b1 b2 b3 b4 c1 c2 c3 c4 c5 d1\n", "a board needs at least 7"},
		{"holes" + strings.Repeat(" a1", 38) + "\n", "b.board:3:1: error: holes and blocked hexes name 38 hexes; a board has at most 37"},
		{strings.Repeat("blocked a1\n", 37) + "holes b1\n", "b.board:40:1: error: holes and blocked hexes name 38 hexes"},
		{"terminals" + strings.Repeat(" a1", 38) + "\n", "b.board:3:1: error: terminals names 38 hexes; a board has at most 37"},
		{strings.Repeat("label c1 north\n", 38), "b.board:40:1: error: more than 37 labels"},
	} {
		_, err := ParseBoard("b.board", []byte(head+tc.src))
		if err == nil {
			t.Errorf("%q: no error", tc.src)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q:\n%v\nwant %q", tc.src, err, tc.want)
		}
	}
	// A radius-3 board whose full area (the inner 19) is nearly all blocked.
	_, err := ParseBoard("b.board", []byte("name x\nradius 3\nfull inner\nblocked c2 c3 c4 c5 d2 d3 d4 d5 d6 e2 e3 e4 e5\n"))
	if err == nil || !strings.Contains(err.Error(), "b.board:3:1: error: a full board counts 6 hexes here") {
		t.Errorf("a tiny full area: %v", err)
	}
}
