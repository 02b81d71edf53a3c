package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBoardFlag: --board takes the embedded boards and a board file on
// sim, play, importance and sweep; a wrong one is refused before anything
// is played; a Duel position plays on with its energy.
func TestBoardFlag(t *testing.T) {
	out, stderr, code := run(t, "sim", "--board", "duel", "smart", "vegas", "--games", "4")
	if code != 0 || !strings.Contains(out, "duel board") {
		t.Fatalf("sim --board duel: exit %d, stderr %q, out:\n%s", code, stderr, out)
	}
	out, stderr, code = run(t, "play", "smart", "vegas", "--board", "testdata/two-terminals.board")
	if code != 0 || !strings.Contains(out, "two-terminals.board board") {
		t.Fatalf("play --board FILE: exit %d, stderr %q, out:\n%s", code, stderr, out)
	}
	for _, args := range [][]string{
		{"importance", "smart", "--vs", "vegas", "--board", "duel", "--games", "2"},
		{"sweep", "smart/Cyborg.count=1..2", "--vs", "vegas", "--board", "large", "--games", "2"},
	} {
		if _, stderr, code := run(t, args...); code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
	if _, stderr, code := run(t, "sim", "--board", "hexagon", "smart", "vegas", "--games", "2"); code == 0 || !strings.Contains(stderr, `unknown board "hexagon"`) {
		t.Fatalf("unknown board: exit %d, stderr %q", code, stderr)
	}
	out, stderr, code = run(t, "play", "--from", "testdata/duel.pos", "--seed", "2")
	if code != 0 || !strings.Contains(out, "wins") && !strings.Contains(out, "draw") {
		t.Fatalf("play --from a duel position: exit %d, stderr %q, out:\n%s", code, stderr, out)
	}
	if _, _, code := run(t, "battle", "testdata/duel.pos"); code != 0 {
		t.Fatalf("battle on a duel position: exit %d", code)
	}
	if _, stderr, code := run(t, "play", "--from", "testdata/duel.pos", "--board", "large"); code == 0 || !strings.Contains(stderr, "board line") {
		t.Fatalf("--board with --from: exit %d, stderr %q", code, stderr)
	}
	out, _, code = run(t, "boards")
	if code != 0 || !strings.Contains(out, "duel      19 hexes, Terminals a2 b1 b4 c3 d1 d4 e2, Energy 0-5 and Procedures") {
		t.Fatalf("boards: exit %d:\n%s", code, out)
	}
	if out, _, code = run(t, "boards", "duel"); code != 0 || !strings.Contains(out, "terminals a2 b1 b4 c3 d1 d4 e2\n") {
		t.Fatalf("boards duel: exit %d:\n%s", code, out)
	}
	if out, _, code = run(t, "boards", "testdata/two-terminals.board"); code != 0 || out != "name two-terminals\nradius 2\nterminals b2 d3\nenergy 3\n" {
		t.Fatalf("boards FILE: exit %d:\n%s", code, out)
	}
	// A position file is not read as a board: no line of it is echoed
	// (docs/security.md).
	if _, stderr, code := run(t, "boards", "testdata/duel.pos"); code != 2 || !strings.Contains(stderr, "duel.pos: the name does not end in .board") {
		t.Fatalf("boards on a position file: exit %d, stderr %q", code, stderr)
	}
}

// TestHostileBoardPaths: a position (or --board) naming a file that is not
// a .board file is refused before it is read, so no error quotes it; a
// device is never read.
func TestHostileBoardPaths(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.txt")
	if err := os.WriteFile(secret, []byte("SECRET-LINE\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	pos := filepath.Join(dir, "p.pos")
	if err := os.WriteFile(pos, []byte("armies smart vegas\nboard secret.txt\n1 HQ a1 N\n2 HQ e3 N\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"battle", pos}, {"sim", "smart", "vegas", "--games", "2", "--board", secret}, {"play", "smart", "vegas", "--board", "/dev/zero"}} {
		stdout, stderr, code := run(t, args...)
		if code == 0 || strings.Contains(stdout+stderr, "SECRET") || !strings.Contains(stderr, ".board") {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
	dev := filepath.Join(dir, "zero.board")
	if err := os.Symlink("/dev/zero", dev); err != nil {
		t.Skip(err)
	}
	if _, stderr, code := run(t, "sim", "smart", "vegas", "--games", "2", "--board", dev); code == 0 || !strings.Contains(stderr, "zero.board") {
		t.Errorf("a device as a board file: exit %d, stderr %q", code, stderr)
	}
}

// TestBoardFileTrace: a game on a board file is traced with the board's
// path relative to the trace, and replays; a board outside the trace's
// directory needs --allow-extends-outside, as an army does.
func TestBoardFileTrace(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/two-terminals.board")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "mine.board"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	tr := filepath.Join(dir, "t.jsonl")
	if _, stderr, code := run(t, "play", "smart", "vegas", "--board", filepath.Join(dir, "mine.board"), "--trace", tr); code != 0 {
		t.Fatalf("play: exit %d, stderr %q", code, stderr)
	}
	raw, _ := os.ReadFile(tr)
	if !strings.Contains(string(raw), `"board":"mine.board"`) {
		t.Fatalf("header: %s", strings.SplitN(string(raw), "\n", 2)[0])
	}
	if out, stderr, code := run(t, "replay", "-q", tr); code != 0 || !strings.Contains(out, "replay ok") {
		t.Fatalf("replay: exit %d, stderr %q", code, stderr)
	}
	out := filepath.Join(dir, "u.jsonl")
	if _, stderr, code := run(t, "play", "smart", "vegas", "--board", "testdata/two-terminals.board", "--trace", out); code != 0 || !strings.Contains(stderr, "--allow-extends-outside") {
		t.Fatalf("play: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, code := run(t, "replay", "-q", out); code == 0 || !strings.Contains(stderr, "outside the trace's directory") {
		t.Fatalf("replay of a board outside: exit %d, stderr %q", code, stderr)
	}
	if out2, stderr, code := run(t, "replay", "-q", "--allow-extends-outside", out); code != 0 || !strings.Contains(out2, "replay ok") {
		t.Fatalf("replay --allow-extends-outside: exit %d, stderr %q", code, stderr)
	}
}

// TestBoardRecord: sim --record on the Duel board and on a board file
// writes traces that replay.
func TestBoardRecord(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/two-terminals.board")
	if err != nil {
		t.Fatal(err)
	}
	rec := filepath.Join(dir, "rec")
	if err := os.MkdirAll(rec, 0o755); err != nil {
		t.Fatal(err)
	}
	board := filepath.Join(rec, "mine.board") // in the traces' directory: no --allow-extends-outside
	if err := os.WriteFile(board, src, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, b := range []string{"duel", board} {
		if _, stderr, code := run(t, "sim", "smart", "vegas", "--board", b, "--games", "2", "--record", "1", "--record-dir", rec); code != 0 {
			t.Fatalf("sim --record: exit %d, stderr %q", code, stderr)
		}
		if out, stderr, code := run(t, "replay", "-q", filepath.Join(rec, "game-0001.jsonl")); code != 0 || !strings.Contains(out, "replay ok") {
			t.Fatalf("--board %s: replay: exit %d, stderr %q", b, code, stderr)
		}
	}
}
