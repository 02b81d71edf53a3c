package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// replay --why prints, under each hit of no wounds, why it wounded nothing
// (here armor, in greedy's Moloch–Borgo game of seed 3); without the flag
// the printed trace is what it was, line for line, and --why is refused
// where nothing is printed.
func TestReplayWhy(t *testing.T) {
	game := filepath.Join(t.TempDir(), "game.jsonl")
	if _, stderr, code := run(t, "play", "moloch", "borgo", "--players", "greedy", "--seed", "3", "--trace", game); code != 0 {
		t.Fatalf("play: %s", stderr)
	}
	plain, stderr, code := run(t, "replay", game)
	if code != 0 {
		t.Fatalf("replay: exit %d: %s", code, stderr)
	}
	why, stderr, code := run(t, "replay", game, "--why")
	if code != 0 {
		t.Fatalf("replay --why: exit %d: %s", code, stderr)
	}
	var rest []string
	reasons, armor := 0, 0
	lines := strings.Split(why, "\n")
	for i, l := range lines {
		if r, ok := strings.CutPrefix(strings.TrimLeft(l, " "), "why no wounds: "); ok {
			reasons++
			if strings.HasPrefix(r, "armor: ") {
				armor++
			}
			if i == 0 || !strings.HasSuffix(lines[i-1], ": 0 wounds") {
				t.Errorf("a reason not under a hit of no wounds: %q after %q", l, lines[max(i-1, 0)])
			}
			continue
		}
		rest = append(rest, l)
	}
	if armor == 0 {
		t.Errorf("replay --why printed %d reasons, none of them armor:\n%s", reasons, why)
	}
	if strings.Join(rest, "\n") != plain || strings.Contains(plain, "why no wounds") {
		t.Errorf("without its reasons replay --why is not the plain replay")
	}
	for _, args := range [][]string{{"--why", "--quiet"}, {"--why", "--format", "html"}} {
		if _, stderr, code := run(t, append([]string{"replay", game}, args...)...); code == 0 || !strings.Contains(stderr, "--why") {
			t.Errorf("replay %v: exit %d, %q; want it refused", args, code, stderr)
		}
	}
}
