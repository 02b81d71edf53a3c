package watch

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hexforge/hexforge/rules"
)

type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls the output until it contains want (real file events take a
// few milliseconds, plus the debounce).
func waitFor(t *testing.T, out *syncBuf, want string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(out.String(), want) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("output never contained %q; got:\n%s", want, out.String())
}

func army(ini int) string {
	return "army \"W\" {\n    size 2\n    hq \"HQ\" { edge all: melee 1 }\n    warrior \"Gunner\" {\n        initiative " +
		string(rune('0'+ini)) + "\n        edge N: ranged 1\n    }\n}\n"
}

func TestWatchSurvivesEditorSaves(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "w.army")
	os.WriteFile(file, []byte(army(1)), 0o644)
	out := &syncBuf{}
	var runs sync.Map
	w := &Watcher{Paths: []string{dir}, Out: out, Debounce: 30 * time.Millisecond,
		OnGood: func(ctx context.Context, o io.Writer, f string, a, prev *rules.Army) {
			ini := a.Tokens[a.Lookup("Gunner")].Initiative[0]
			runs.Store(ini, true)
		}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- w.Run(ctx) }()
	<-w.readyChan()
	waitFor(t, out, `army "W" ok: 2 tokens`)

	// 1. Write in place.
	os.WriteFile(file, []byte(army(2)), 0o644)
	waitFor(t, out, `~ "Gunner" initiative: 1 -> 2`)

	// 2. Write a temporary file, rename it over the original (vim, VS Code).
	tmp := filepath.Join(dir, ".w.army.swp")
	os.WriteFile(tmp, []byte(army(3)), 0o644)
	os.Rename(tmp, file)
	waitFor(t, out, `~ "Gunner" initiative: 2 -> 3`)

	// 3. Delete and recreate.
	os.Remove(file)
	time.Sleep(5 * time.Millisecond)
	os.WriteFile(file, []byte(army(4)), 0o644)
	waitFor(t, out, `~ "Gunner" initiative: 3 -> 4`)

	// 4. A broken save keeps the last good version; fixing it diffs against it.
	os.WriteFile(file, []byte(strings.Replace(army(4), "ranged", "rnaged", 1)), 0o644)
	waitFor(t, out, "errors; keeping the last good version")
	waitFor(t, out, `unknown edge feature "rnaged"`)
	os.WriteFile(file, []byte(army(5)), 0o644)
	waitFor(t, out, `~ "Gunner" initiative: 4 -> 5`)

	// 5. A burst of saves is debounced into one check of the final text.
	before := strings.Count(out.String(), "changed:")
	for i := 6; i <= 9; i++ {
		os.WriteFile(file, []byte(army(i)), 0o644)
	}
	waitFor(t, out, `-> 9`)
	time.Sleep(100 * time.Millisecond)
	if n := strings.Count(out.String(), "changed:") - before; n != 1 {
		t.Errorf("burst of 4 saves gave %d reports, want 1:\n%s", n, out.String())
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for _, ini := range []uint8{1, 2, 3, 4, 5, 9} {
		if _, ok := runs.Load(ini); !ok {
			t.Errorf("no simulation run for initiative %d", ini)
		}
	}
}

func TestWatchRechecksVariantsOfAChangedBase(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "base.army")
	os.WriteFile(base, []byte(army(1)), 0o644)
	variant := filepath.Join(dir, "variant.army")
	os.WriteFile(variant, []byte("army \"V\" extends \"base.army\" {\n    notes \"v\"\n}\n"), 0o644)
	out := &syncBuf{}
	w := &Watcher{Paths: []string{variant}, Out: out, Debounce: 30 * time.Millisecond}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx)
	<-w.readyChan()
	waitFor(t, out, `army "V" ok`)
	os.WriteFile(base, []byte(army(3)), 0o644)
	waitFor(t, out, `army "V" changed:`)
	waitFor(t, out, `~ "Gunner" initiative: 1 -> 3`)
}

func TestWatchCancelsARunningSimulation(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "w.army")
	os.WriteFile(file, []byte(army(1)), 0o644)
	out := &syncBuf{}
	cancelled := make(chan struct{}, 10)
	w := &Watcher{Paths: []string{file}, Out: out, Debounce: 20 * time.Millisecond,
		OnGood: func(ctx context.Context, o io.Writer, f string, a, prev *rules.Army) {
			select {
			case <-ctx.Done():
				cancelled <- struct{}{}
			case <-time.After(10 * time.Second):
			}
		}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx)
	<-w.readyChan()
	os.WriteFile(file, []byte(army(2)), 0o644)
	select {
	case <-cancelled:
	case <-time.After(5 * time.Second):
		t.Fatal("the running simulation was not cancelled by a newer save")
	}
}

func TestWatchBadPaths(t *testing.T) {
	if err := (&Watcher{Paths: []string{"/no/such/dir"}, Out: io.Discard}).Run(context.Background()); err == nil {
		t.Error("missing path accepted")
	}
	if err := (&Watcher{Paths: []string{t.TempDir()}, Out: io.Discard}).Run(context.Background()); err == nil || !strings.Contains(err.Error(), "no .army files") {
		t.Errorf("empty directory: %v", err)
	}
}
