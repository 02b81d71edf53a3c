package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestAgreeRefusesPartial: a round robin stopped by Ctrl-C is written
// marked partial (exit 130); agree refuses it, either side, with a clear
// error and a non-zero exit, as it refuses a match or other games.
func TestAgreeRefusesPartial(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.json")
	if _, stderr, code := run(t, "sim", "moloch", "borgo", "hegemony", "--games", "2", "--players", "greedy", "--format", "json", "--out", whole); code != 0 {
		t.Fatalf("sim: exit %d: %s", code, stderr)
	}
	partial := filepath.Join(dir, "partial.json")
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // Ctrl-C before the first game
	if _, stderr, code := runCtx(t, ctx, "sim", "moloch", "borgo", "hegemony", "--games", "2", "--players", "greedy", "--format", "json", "--out", partial); code != 130 {
		t.Fatalf("interrupted sim: exit %d, want 130: %s", code, stderr)
	}
	if _, stderr, code := run(t, "agree", whole, whole); code != 0 {
		t.Fatalf("agree of a whole run with itself: exit %d: %s", code, stderr)
	}
	for _, args := range [][]string{{whole, partial}, {partial, whole}} {
		_, stderr, code := run(t, append([]string{"agree"}, args...)...)
		if code == 0 || !strings.Contains(stderr, "partial.json: a partial round robin") || !strings.Contains(stderr, "of 1 pairs") {
			t.Errorf("agree %v: exit %d, stderr %q; want a non-zero exit naming the partial round robin", args, code, stderr)
		}
	}
}
