package watch

import (
	"bytes"
	"context"
	"errors"
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

func namedArmy(name string, ini int) string {
	return strings.Replace(army(ini), `army "W"`, `army "`+name+`"`, 1)
}

// call is one OnGood call as a test sees it: which army, and how it ended.
type call struct {
	army  string
	ini   uint8
	cause error // nil: it ran to its end
}

// blockingRuns is an OnGood that plays until the test releases it or its
// context ends, and reports each call's end.
func blockingRuns(release <-chan struct{}, ended chan<- call, started chan<- string) OnGood {
	return func(ctx context.Context, _ io.Writer, _ string, a, _ *rules.Army) {
		started <- a.Name
		c := call{army: a.Name, ini: a.Tokens[a.Lookup("Gunner")].Initiative[0]}
		select {
		case <-release:
		case <-ctx.Done():
			c.cause = context.Cause(ctx)
		}
		ended <- c
	}
}

func recv[T any](t *testing.T, c <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-c:
		return v
	case <-time.After(5 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
	var zero T
	return zero
}

// TestWatchIgnoresOtherArmies: watching one file, writing other army files
// beside it (cp a.army b.army, hexforge new) neither rechecks nor stops
// its simulation, and a save that leaves its army unchanged (fmt -w)
// rechecks without stopping it. The run used to be cancelled "by a newer
// save" and never restarted.
func TestWatchIgnoresOtherArmies(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.army")
	os.WriteFile(file, []byte(namedArmy("A", 1)), 0o644)
	release, ended, started := make(chan struct{}), make(chan call, 10), make(chan string, 10)
	var checks sync.Map
	count := func(f string) int {
		n, _ := checks.Load(f)
		i, _ := n.(int)
		return i
	}
	var checkMu sync.Mutex
	w := &Watcher{Paths: []string{file}, Out: &syncBuf{}, Debounce: 20 * time.Millisecond,
		OnGood: blockingRuns(release, ended, started),
		OnChecked: func(f string, _ Check) {
			checkMu.Lock()
			defer checkMu.Unlock()
			checks.Store(f, count(f)+1)
		}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error)
	go func() { done <- w.Run(ctx) }()
	if a := recv(t, started, "the first run"); a != "A" {
		t.Fatalf("first run of %q", a)
	}
	os.WriteFile(filepath.Join(dir, "b.army"), []byte(namedArmy("A", 1)), 0o644)
	os.WriteFile(filepath.Join(dir, "beta.army"), []byte(namedArmy("Beta", 2)), 0o644)
	time.Sleep(200 * time.Millisecond)
	checkMu.Lock()
	n := count(file)
	checkMu.Unlock()
	if n != 1 {
		t.Errorf("writing other army files rechecked %s: %d checks, want 1", file, n)
	}
	// fmt -w: the same army, laid out anew.
	os.WriteFile(file, []byte("# formatted\n"+namedArmy("A", 1)), 0o644)
	deadline := time.Now().Add(5 * time.Second)
	for {
		checkMu.Lock()
		n = count(file)
		checkMu.Unlock()
		if n == 2 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if n != 2 {
		t.Fatalf("a save of the watched file was not rechecked (%d checks)", n)
	}
	select {
	case c := <-ended:
		t.Fatalf("the run ended before it was released: %+v", c)
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	if c := recv(t, ended, "the run's end"); c.cause != nil {
		t.Errorf("the run was stopped: %v", c.cause)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestWatchDirQueuesNewArmies: watching a directory, a new army file is
// checked and simulated after the run under way, which goes on; a new
// version of an army stops only its own run, whose next version is then
// played.
func TestWatchDirQueuesNewArmies(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.army")
	os.WriteFile(a, []byte(namedArmy("A", 1)), 0o644)
	release, ended, started := make(chan struct{}), make(chan call, 10), make(chan string, 10)
	w := &Watcher{Paths: []string{dir}, Out: &syncBuf{}, Debounce: 20 * time.Millisecond,
		OnGood: blockingRuns(release, ended, started)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error)
	go func() { done <- w.Run(ctx) }()
	recv(t, started, "A's run")
	os.WriteFile(filepath.Join(dir, "b.army"), []byte(namedArmy("B", 2)), 0o644)
	time.Sleep(200 * time.Millisecond)
	// A new version of A stops A's run; B waits its turn.
	os.WriteFile(a, []byte(namedArmy("A", 3)), 0o644)
	if c := recv(t, ended, "A's first run's end"); c.army != "A" || c.ini != 1 || !errors.Is(c.cause, ErrNewerSave) {
		t.Errorf("A's first run ended %+v, want stopped by a newer save", c)
	}
	close(release)
	var got []call
	for range 2 {
		got = append(got, recv(t, ended, "the queued runs"))
	}
	if len(got) != 2 || got[0].army != "B" || got[0].cause != nil || got[1].army != "A" || got[1].ini != 3 || got[1].cause != nil {
		t.Errorf("queued runs %+v, want B then A's new version, both to their end", got)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestWatchBaseInSubdirectory: an army that extends a base in a
// subdirectory (and that base one in a subdirectory of its own) reruns when either
// base is saved; only the watched file's directory was watched, so such a
// save changed nothing.
func TestWatchBaseInSubdirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "bases", "core"), 0o755); err != nil {
		t.Fatal(err)
	}
	core := filepath.Join(dir, "bases", "core", "core.army")
	os.WriteFile(core, []byte(army(1)), 0o644)
	base := filepath.Join(dir, "bases", "base.army")
	os.WriteFile(base, []byte("army \"B\" extends \"core/core.army\" {\n    notes \"b\"\n}\n"), 0o644)
	variant := filepath.Join(dir, "variant.army")
	os.WriteFile(variant, []byte("army \"V\" extends \"bases/base.army\" {\n    notes \"v\"\n}\n"), 0o644)
	out := &syncBuf{}
	var mu sync.Mutex
	var runs []uint8
	w := &Watcher{Paths: []string{variant}, Out: out, Debounce: 30 * time.Millisecond,
		OnGood: func(ctx context.Context, o io.Writer, f string, a, prev *rules.Army) {
			mu.Lock()
			defer mu.Unlock()
			runs = append(runs, a.Tokens[a.Lookup("Gunner")].Initiative[0])
		}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx)
	<-w.readyChan()
	waitFor(t, out, `army "V" ok`)
	os.WriteFile(core, []byte(army(3)), 0o644)
	waitFor(t, out, `~ "Gunner" initiative: 1 -> 3`)
	os.WriteFile(base, []byte("army \"B\" extends \"core/core.army\" {\n    notes \"b\"\n    warrior \"Gunner\" {\n        initiative 4\n    }\n}\n"), 0o644)
	waitFor(t, out, `~ "Gunner" initiative: 3 -> 4`)
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		got := append([]uint8(nil), runs...)
		mu.Unlock()
		if len(got) == 3 {
			if got[0] != 1 || got[1] != 3 || got[2] != 4 {
				t.Errorf("runs of initiatives %v, want [1 3 4]", got)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("runs of initiatives %v, want [1 3 4]:\n%s", got, out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
