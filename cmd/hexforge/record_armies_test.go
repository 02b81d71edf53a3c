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

// TestPlayFromTrace: play --from FILE --trace writes a trace that names the
// position file and replays (text and page); a position edited since
// does not replay, and a position of more than two players is refused.
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
	edited := strings.Replace(pos, "1 Witch-Archer c1 N", "1 Witch-Archer c1 S", 1)
	if err := os.WriteFile(filepath.Join(dir, "marked.pos"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, _, code := run(t, "replay", "--quiet", tr); code != 1 {
		t.Errorf("a replay from an edited position: exit %d, want 1: %s", code, out)
	}
	if _, stderr, code := run(t, "play", "--from", "testdata/teams.pos", "--trace", filepath.Join(dir, "t.jsonl")); code == 0 || !strings.Contains(stderr, "two players only") {
		t.Errorf("a trace from a four-player position: exit %d: %s", code, stderr)
	}
}
