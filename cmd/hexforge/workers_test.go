package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hexforge/hexforge/study"
)

// TestWorkersCapped: every command with --workers refuses more than
// study.MaxWorkers (and a negative count) with the range in the message, before
// any army is loaded or game played: a run of ten million games ends at once.
func TestWorkersCapped(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "--all", "--games", "10000000"},
		{"importance", "moloch", "--vs", "borgo", "--games", "10000000"},
		{"sweep", "moloch/Hybrid.initiative=1..3", "--vs", "borgo", "--games", "10000000"},
		{"ladder", "moloch", "borgo", "--games", "10000000"},
		{"choices", "moloch", "--vs", "borgo", "--games", "10000000"},
	} {
		for _, n := range []string{"100000", fmt.Sprint(study.MaxWorkers + 1), "-1"} {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			start := time.Now()
			_, stderr, code := runCtx(t, ctx, append(args, "--workers", n)...)
			cancel()
			want := fmt.Sprintf("--workers %s: want 0 (one per core) to %d", n, study.MaxWorkers)
			if code == 0 || !strings.Contains(stderr, want) {
				t.Errorf("%s --workers %s: exit %d, stderr lacks %q:\n%s", args[0], n, code, want, stderr)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("%s --workers %s: refused after %v", args[0], n, d)
			}
		}
	}
}
