package main

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/workbench"
)

// TestServeFlags: bad flags are refused before anything starts.
func TestServeFlags(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "testdata/clean.army", "--addr", "nowhere"},
		{"serve", "testdata/clean.army", "--games", "0"},
		{"serve", "testdata/clean.army", "--vs", "atlantis"},
		{"serve", "testdata/missing.army"},
	} {
		if _, stderr, code := run(t, args...); code == 0 || stderr == "" {
			t.Errorf("%v: exit %d, want a clear error", args, code)
		}
	}
}

// greedyBoth is the greedy player on both sides: the cheap player for tests
// of the commands' plumbing, where the player's strength is not the point.
var greedyBoth = [2]player.Spec{{Kind: player.Greedy}, {Kind: player.Greedy}}

// TestServeSet: --set applies to the served army as to sim's and watch's
// (the page's card shows the overridden initiative), an override naming
// no token is shown on the page as the reason there is no good version,
// and a malformed one is refused before the server starts.
func TestServeSet(t *testing.T) {
	old := newBench
	defer func() { newBench, setFlags = old, nil }()
	for _, tc := range []struct {
		set, path, want string
		ok              bool
	}{
		{"Clean/Runner.initiative=3", "/card", "initiative 3", true},
		{"Clean/Nobody.initiative=3", "/state", `has no token \"Nobody\"`, false},
	} {
		benches := make(chan *workbench.Bench, 1)
		newBench = func(file string, q *workbench.Quick) *workbench.Bench {
			b := old(file, q)
			benches <- b
			return b
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan string, 1)
		go func() {
			stdout, stderr, code := runCtx(t, ctx, "serve", "testdata/clean.army", "--addr", "127.0.0.1:0", "--set", tc.set)
			done <- fmt.Sprintf("exit %d\n%s%s", code, stdout, stderr)
		}()
		var b *workbench.Bench
		select {
		case b = <-benches:
		case out := <-done:
			t.Fatalf("--set %s: serve ended before serving: %s", tc.set, out)
		}
		get := func(path string) string {
			req := httptest.NewRequest("GET", path, nil)
			req.Host = "localhost"
			rec := httptest.NewRecorder()
			b.Handler().ServeHTTP(rec, req)
			return rec.Body.String()
		}
		var body string
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if body = get(tc.path); strings.Contains(body, tc.want) {
				break
			}
		}
		if !strings.Contains(body, tc.want) {
			t.Errorf("--set %s: %s lacks %q:\n%s", tc.set, tc.path, tc.want, body)
		}
		if st := get("/state"); strings.Contains(st, `"ok":true`) != tc.ok {
			t.Errorf("--set %s: want ok %v: %s", tc.set, tc.ok, st)
		}
		cancel()
		if out := <-done; !strings.HasPrefix(out, "exit 0") {
			t.Errorf("--set %s: %s", tc.set, out)
		}
	}
	if _, stderr, code := run(t, "serve", "testdata/clean.army", "--set", "nonsense"); code == 0 || !strings.Contains(stderr, "want ARMY/TOKEN.FIELD=VALUE") {
		t.Errorf("a malformed --set: exit %d\n%s", code, stderr)
	}
}
