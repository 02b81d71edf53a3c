package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// sim --record-losses K keeps the K games army A lost by the most, the
// same ones whatever --workers is, worst first, each a trace that replays;
// its flag is checked before any game like --record's.
func TestRecordLosses(t *testing.T) {
	var lists [2]string
	var dirs [2]string
	for i, workers := range []string{"1", "3"} {
		dirs[i] = t.TempDir()
		_, stderr, code := run(t, "sim", "moloch", "borgo", "--games", "12", "--seed", "2", "--workers", workers, "--record-losses", "2", "--record-dir", dirs[i])
		if code != 0 {
			t.Fatalf("sim: %s", stderr)
		}
		lists[i] = stderr
	}
	if lists[0] != strings.ReplaceAll(lists[1], dirs[1], dirs[0]) {
		t.Errorf("--workers changed the losses kept:\n%s\n%s", lists[0], lists[1])
	}
	m := regexp.MustCompile(`game (\d+) \(HQ (\d+)-(\d+)\)`).FindAllStringSubmatch(lists[0], -1)
	if len(m) == 0 || len(m) > 2 {
		t.Fatalf("want up to 2 losses listed: %s", lists[0])
	}
	last := 1 << 30
	for _, g := range m {
		a, _ := strconv.Atoi(g[2])
		b, _ := strconv.Atoi(g[3])
		if b-a > last || b < a {
			t.Errorf("not worst first, or not a loss: %s", lists[0])
		}
		last = b - a
		n, _ := strconv.Atoi(g[1])
		file := filepath.Join(dirs[0], "game-"+strings.Repeat("0", 4-len(g[1]))+g[1]+".jsonl")
		if _, err := os.Stat(file); err != nil || n < 1 || n > 12 {
			t.Errorf("game %s: %v", g[1], err)
			continue
		}
		if out, stderr, code := run(t, "replay", "-q", file); code != 0 || !strings.Contains(out, "replay ok") {
			t.Errorf("%s does not replay: %s", file, stderr)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"moloch", "borgo", "--games", "2", "--record-losses", "3"}, "--record-losses 3: the run plays only 2 games"},
		{[]string{"moloch", "borgo", "outpost", "--record-losses", "1"}, "give two armies"},
		{[]string{"moloch", "borgo", "--record-losses", "-1"}, "--record-losses -1"},
	} {
		if _, stderr, code := run(t, append([]string{"sim"}, c.args...)...); code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %s (want %q)", c.args, code, stderr, c.want)
		}
	}
}

// sim --mode ... --record-losses K keeps the K games the first-named army
// did not win, widest gap to the best winner first, the same whatever
// --workers is, each a trace that replays; in the team modes the games its
// side lost.
func TestRecordLossesMulti(t *testing.T) {
	for _, mode := range []string{"ffa", "one-vs-team"} {
		var lists [2]string
		var dirs [2]string
		for i, workers := range []string{"1", "2"} {
			dirs[i] = t.TempDir()
			_, stderr, code := run(t, "sim", "--mode", mode, "moloch", "borgo", "hegemony", "--games", "12", "--players", "random",
				"--seed", "3", "--workers", workers, "--record-losses", "2", "--record-dir", dirs[i])
			if code != 0 {
				t.Fatalf("%s: sim: %s", mode, stderr)
			}
			lists[i] = stderr
		}
		if lists[0] != strings.ReplaceAll(lists[1], dirs[1], dirs[0]) {
			t.Errorf("%s: --workers changed the losses kept:\n%s\n%s", mode, lists[0], lists[1])
		}
		if !strings.Contains(lists[0], "Moloch did not win") {
			t.Errorf("%s: want the first-named army's losses: %s", mode, lists[0])
		}
		m := regexp.MustCompile(`game (\d+) \(HQ (\d+), winner [^)]* (\d+)\)`).FindAllStringSubmatch(lists[0], -1)
		if len(m) != 2 {
			t.Fatalf("%s: want 2 losses listed: %s", mode, lists[0])
		}
		last := 1 << 30
		for _, g := range m {
			own, _ := strconv.Atoi(g[2])
			best, _ := strconv.Atoi(g[3])
			if best-own > last {
				t.Errorf("%s: not worst first: %s", mode, lists[0])
			}
			last = best - own
			file := filepath.Join(dirs[0], "game-"+strings.Repeat("0", 4-len(g[1]))+g[1]+".jsonl")
			if out, stderr, code := run(t, "replay", "-q", file); code != 0 || !strings.Contains(out, "replay ok") {
				t.Errorf("%s: %s does not replay: %s", mode, file, stderr)
			}
		}
	}
}
