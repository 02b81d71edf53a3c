package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/watch"
	"github.com/hexforge/hexforge/workbench"
)

// TestWatchStartLineAndNoGoodVersion: watch says what it watches when it
// starts, and of a file broken from the start that there is no good
// version yet (not "keeping the last good version", which it never had).
func TestWatchStartLineAndNoGoodVersion(t *testing.T) {
	broken := filepath.Join(t.TempDir(), "broken.army")
	os.WriteFile(broken, []byte("army \"X\" {\n    size 3\n    hq \"HQ\" { edge all: meele 1 }\n}\n"), 0o644)
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	stdout, stderr, code := runCtx(t, ctx, "watch", broken, "--vs", "borgo", "--games", "20")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	for _, want := range []string{
		"watching 1 army file(s) (" + broken + "): checking on every save, then 20 games against Borgo; Ctrl-C stops\n",
		broken + ": errors; no good version yet",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "keeping the last good version") {
		t.Errorf("claims a last good version it never had:\n%s", stdout)
	}
}

// TestWatchInterrupted: Ctrl-C (the watch's context cancelled) during a
// simulation says "interrupted", not "cancelled by a newer save".
func TestWatchInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan string)
	go func() {
		stdout, _, _ := runCtx(t, ctx, "watch", "testdata/clean.army", "--vs", "borgo", "--games", "1000000")
		done <- stdout
	}()
	time.Sleep(time.Second) // the first simulation is under way
	cancel()
	var stdout string
	select {
	case stdout = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("watch did not stop on interrupt")
	}
	if !strings.Contains(stdout, "vs Borgo: interrupted") || strings.Contains(stdout, "newer save") {
		t.Errorf("want \"interrupted\":\n%s", stdout)
	}
}

// TestWatchSet: --set applies to the watched army on every check, as
// docs/dsl.md says, and a mistake in it is reported, not ignored.
func TestWatchSet(t *testing.T) {
	var mu sync.Mutex
	var got []uint8
	old := watchSim
	// setFlags is the package's --set and outlives the run: tests that load
	// armies directly must not inherit it.
	defer func() { watchSim, setFlags = old, nil }()
	watchSim = func(*workbench.Quick) watch.OnGood {
		return func(_ context.Context, _ io.Writer, _ string, a, _ *rules.Army) {
			mu.Lock()
			defer mu.Unlock()
			got = append(got, a.Tokens[a.Lookup("Runner")].Initiative...)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	stdout, stderr, code := runCtx(t, ctx, "watch", "testdata/clean.army", "--set", "Clean/Runner.initiative=3")
	cancel()
	mu.Lock()
	if code != 0 || len(got) != 1 || got[0] != 3 {
		t.Errorf("exit %d, Runner initiatives seen %v, want [3]\n%s%s", code, got, stdout, stderr)
	}
	mu.Unlock()

	ctx, cancel = context.WithTimeout(context.Background(), 500*time.Millisecond)
	stdout, _, _ = runCtx(t, ctx, "watch", "testdata/clean.army", "--set", "Clean/Nobody.initiative=3")
	cancel()
	if !strings.Contains(stdout, `has no token "Nobody"`) || !strings.Contains(stdout, "no good version yet") {
		t.Errorf("a --set naming no token:\n%s", stdout)
	}
	if _, stderr, code := run(t, "watch", "testdata/clean.army", "--set", "nonsense"); code == 0 || !strings.Contains(stderr, "want ARMY/TOKEN.FIELD=VALUE") {
		t.Errorf("a malformed --set: exit %d\n%s", code, stderr)
	}
}
