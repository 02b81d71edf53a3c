package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRecordFileArmies: the traces sim --record-dir writes of file armies
// replay from their directory without --allow-extends-outside: the army
// file, and the base its variant extends, are copied into DIR/armies/ and
// the traces name the copies (two players and four).
func TestRecordFileArmies(t *testing.T) {
	src := t.TempDir()
	base, err := os.ReadFile("../../sim/testdata/bastion.army")
	if err != nil {
		t.Fatal(err)
	}
	variant := "army \"Bastion II\" extends \"bastion.army\" {\n    size 35\n}\n"
	for name, text := range map[string]string{"bastion.army": string(base), "variant.army": variant} {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	army := filepath.Join(src, "variant.army")
	for _, c := range []struct {
		args   []string
		traces int
	}{
		{[]string{army, "moloch", "--games", "4", "--record", "1", "--record-losses", "1"}, 1},
		{[]string{"--mode", "ffa", army, "moloch", "borgo", "--games", "3", "--record", "2"}, 2},
	} {
		dir := t.TempDir()
		args := append([]string{"sim", "--players", "random", "--record-dir", dir}, c.args...)
		if _, stderr, code := run(t, args...); code != 0 || strings.Contains(stderr, "outside") {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		for _, f := range []string{"armies/variant.army", "armies/bastion.army"} {
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				t.Errorf("%v: no copy %s: %v", c.args, f, err)
			}
		}
		traces, _ := filepath.Glob(filepath.Join(dir, "game-*.jsonl"))
		if len(traces) < c.traces {
			t.Fatalf("%v: %d traces", c.args, len(traces))
		}
		for _, tr := range traces {
			text, _ := os.ReadFile(tr)
			if !strings.Contains(string(text), `"ref":"armies/variant.army"`) {
				t.Errorf("%s does not name the copy", tr)
			}
			if out, stderr, code := run(t, "replay", "--quiet", tr); code != 0 || !strings.Contains(out, "replay ok") {
				t.Errorf("replay %s: exit %d: %s%s", tr, code, out, stderr)
			}
		}
	}
}

// TestRecordBoardFile: the traces sim --record-dir writes of a game on a
// board file (a shaped one: holes, blocked hexes, labels) replay from
// their directory wherever it is moved: the board file is copied into
// DIR/boards/ and the traces name the copy, so a replay neither fails nor
// plays another board that now lies at the original path.
func TestRecordBoardFile(t *testing.T) {
	src := t.TempDir()
	pit, err := os.ReadFile("../../position/testdata/shaped/pit.board")
	if err != nil {
		t.Fatal(err)
	}
	board := filepath.Join(src, "pit.board")
	if err := os.WriteFile(board, pit, 0o644); err != nil {
		t.Fatal(err)
	}
	rec := filepath.Join(t.TempDir(), "rec")
	_, stderr, code := run(t, "sim", "moloch", "borgo", "--players", "random", "--board", board, "--games", "6", "--seed", "5",
		"--record", "2", "--record-losses", "1", "--record-dir", rec)
	if code != 0 || strings.Contains(stderr, "outside") {
		t.Fatalf("sim --record-dir: exit %d: %s", code, stderr)
	}
	if copied, err := os.ReadFile(filepath.Join(rec, "boards", "pit.board")); err != nil || string(copied) != string(pit) {
		t.Fatalf("the board file is not copied byte for byte into DIR/boards/: %v", err)
	}
	traces, _ := filepath.Glob(filepath.Join(rec, "game-*.jsonl"))
	if len(traces) < 2 {
		t.Fatalf("%d traces", len(traces))
	}
	before := map[string]string{}
	for _, tr := range traces {
		text, _ := os.ReadFile(tr)
		if !strings.Contains(string(text), `"board":"boards/pit.board"`) {
			t.Errorf("%s does not name the copy:\n%.300s", tr, text)
		}
		out, stderr, code := run(t, "replay", tr)
		if code != 0 || !strings.Contains(out, "replay ok") {
			t.Fatalf("replay %s: exit %d: %s", tr, code, stderr)
		}
		before[filepath.Base(tr)] = out
	}
	// Another board now lies where the run read its board, and the traces'
	// directory moves elsewhere: each still replays the same game.
	other, err := os.ReadFile("../../position/testdata/shaped/pit-open.board")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(board, other, 0o644); err != nil {
		t.Fatal(err)
	}
	moved := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.Rename(rec, moved); err != nil {
		t.Fatal(err)
	}
	for name, want := range before {
		out, stderr, code := run(t, "replay", filepath.Join(moved, name))
		if code != 0 || out != want {
			t.Errorf("replay of the moved %s: exit %d: %s\n%s", name, code, stderr, out)
		}
	}
}

// TestPlayFromTrace: play --from FILE --trace writes a trace that names the
// position file and replays (text and page); a position edited since
// does not replay.
func TestPlayFromTrace(t *testing.T) {
	dir := t.TempDir()
	army, err := os.ReadFile("../../armies/testdata/gallery/hexers.army")
	if err != nil {
		t.Fatal(err)
	}
	pos := "armies hexers.army moloch\n1 Coven a1 N\n2 HQ e3 N\n1 Witch-Archer c1 N\n2 Guard c2 S status Marked\n1 Stalker d2 N\n2 Hybrid d3 N status Hunted giver=d2\n"
	for name, text := range map[string]string{"hexers.army": string(army), "marked.pos": pos} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tr := filepath.Join(dir, "game.jsonl")
	out, stderr, code := run(t, "play", "--from", filepath.Join(dir, "marked.pos"), "--seed", "2", "--trace", tr)
	if code != 0 || !strings.Contains(out, "trace: "+tr) {
		t.Fatalf("play --from --trace: exit %d: %s%s", code, out, stderr)
	}
	text, _ := os.ReadFile(tr)
	if !strings.Contains(string(text), `"from":"marked.pos"`) || !strings.Contains(string(text), `{"e":"status",`) {
		t.Errorf("the trace does not name its position or lacks status lines:\n%.400s", text)
	}
	if out, stderr, code := run(t, "replay", tr); code != 0 || !strings.Contains(out, "from the position marked.pos") || !strings.Contains(out, "replay ok") {
		t.Errorf("replay: exit %d: %s%s", code, out, stderr)
	}
	if _, stderr, code := run(t, "replay", "--format", "html", "--out", filepath.Join(dir, "g.html"), tr); code != 0 {
		t.Errorf("replay --format html: exit %d: %s", code, stderr)
	}
	edited := strings.Replace(pos, "1 Witch-Archer c1 N", "1 Witch-Archer b2 S", 1)
	if err := os.WriteFile(filepath.Join(dir, "marked.pos"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, _, code := run(t, "replay", "--quiet", tr); code != 1 {
		t.Errorf("a replay from an edited position: exit %d, want 1: %s", code, out)
	}
}

// TestPlayFromTraceMulti: play --from FILE --trace writes the trace of a
// position of 3 players (free for all) and of 4 (two teams) that replay
// reads back, event for event, with the lines of the language's steps:
// statuses given and ended, swaps, nets, observers and attacks (teams).
// The header names the position's mode, which a replay checks against the
// position. The goldens hold the game's summary and the printed replay.
func TestPlayFromTraceMulti(t *testing.T) {
	for _, c := range []struct {
		pos   string
		seed  string
		files []string
		lines []string // the kinds of trace line the game must hold
		mode  string   // the header's mode
	}{
		{"trace-ffa", "3", []string{"../../armies/testdata/gallery/tidecallers.army", "../../armies/testdata/gallery/hexers.army", "../../armies/testdata/gallery/wardens.army"},
			[]string{"status", "status_end", "swap", "net", "observe"}, "ffa"},
		{"trace-teams", "1", []string{"../../engine/testdata/tattack.army", "../../armies/testdata/gallery/tidecallers.army", "../../armies/testdata/gallery/hexers.army", "../../armies/testdata/gallery/wardens.army"},
			[]string{"status", "status_end", "swap", "net", "observe", "attack"}, "teams"},
	} {
		t.Run(c.pos, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range append(c.files, "testdata/"+c.pos+".pos") {
				text, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), text, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			pos, tr := filepath.Join(dir, c.pos+".pos"), filepath.Join(dir, "game.jsonl")
			play, stderr, code := run(t, "play", "--from", pos, "--players", "greedy", "--seed", c.seed, "--trace", tr)
			if code != 0 {
				t.Fatalf("play --from --trace: exit %d: %s", code, stderr)
			}
			text, _ := os.ReadFile(tr)
			if !strings.Contains(string(text), `"from":"`+c.pos+`.pos"`) || !strings.Contains(string(text), `"mode":"`+c.mode+`"`) {
				t.Errorf("the header does not name the position and its mode:\n%.600s", text)
			}
			for _, kind := range c.lines {
				if !strings.Contains(string(text), `{"e":"`+kind+`",`) {
					t.Errorf("the trace has no %s line", kind)
				}
			}
			replay, stderr, code := run(t, "replay", tr)
			if code != 0 || !strings.Contains(replay, "replay ok") {
				t.Fatalf("replay: exit %d: %s%s", code, replay, stderr)
			}
			got := "$ hexforge play --from " + c.pos + ".pos --players greedy --seed " + c.seed + " --trace game.jsonl\n" + play +
				"$ hexforge replay game.jsonl\n" + replay
			checkGolden(t, filepath.Join("testdata", c.pos+".golden"), strings.ReplaceAll(got, dir+string(filepath.Separator), ""))
			page := filepath.Join(dir, "game.html")
			if _, stderr, code := run(t, "replay", "--format", "html", "--out", page, tr); code != 0 {
				t.Fatalf("replay --format html: exit %d: %s", code, stderr)
			}
			if html, _ := os.ReadFile(page); !strings.Contains(string(html), "player 3: ") || !strings.Contains(string(html), "played on from the position "+c.pos+".pos") {
				t.Errorf("the page does not show player 3 and the position")
			}
			// The position plays another mode since: the trace does not replay.
			src, _ := os.ReadFile(pos)
			other := strings.Replace(strings.Replace(string(src), "mode "+c.mode, "mode points", 1), "teams 1+3 2+4\n", "", 1)
			if err := os.WriteFile(pos, []byte(other), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, stderr, code := run(t, "replay", "--quiet", tr); code != 1 || !strings.Contains(stderr, "mode "+c.mode+", but the position") {
				t.Errorf("a replay from a position of another mode: exit %d, want 1: %s%s", code, out, stderr)
			}
		})
	}
}
