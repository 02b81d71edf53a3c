package main

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestReplayStreamsHostileTrace: replay reads a trace a line at a time and
// checks each line as it is read, so a huge hostile trace fails at its
// first wrong line with memory bounded by the game, not by the file (it
// decoded the whole file, up to 256 MiB and eight times that in memory,
// before checking a line: a 217 MB trace cost 1.7 GB and 48 s). The
// hostile files are generated here: wrong from the first event, and a
// real game with junk after its final line.
func TestReplayStreamsHostileTrace(t *testing.T) {
	size := 96 << 20
	if testing.Short() {
		size = 32 << 20
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	if _, stderr, code := run(t, "play", "moloch", "borgo", "--players", "greedy", "--seed", "3", "--trace", good); code != 0 {
		t.Fatalf("play: exit %d\n%s", code, stderr)
	}
	raw, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	header, _, _ := strings.Cut(string(raw), "\n")
	const junk = `{"e":"act","p":1,"act":"place","slot":0,"hex":"c3","dir":"N"}` + "\n"
	hostile := func(name, head string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriterSize(f, 1<<20)
		w.WriteString(head)
		for n := len(head); n < size; n += len(junk) {
			w.WriteString(junk)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// What replaying the good trace costs: the game's own memory.
	game := allocated(t, func() {
		if out, stderr, code := run(t, "replay", "-q", good); code != 0 {
			t.Fatalf("replay of the good trace: exit %d\n%s%s", code, out, stderr)
		}
	})
	for _, tc := range []struct{ name, head, want string }{
		{"wrong from the first event", header + "\n", "line 2: the replay differs from the trace"},
		{"junk after the final line", string(raw), "the trace goes on after its final line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := hostile(strings.ReplaceAll(tc.name, " ", "-")+".jsonl", tc.head)
			var stderr string
			var code int
			start := time.Now()
			used := allocated(t, func() { _, stderr, code = run(t, "replay", p) })
			took := time.Since(start)
			t.Logf("%d MiB hostile trace: %.1f MiB allocated (the good game %.1f MiB), %v", size>>20, float64(used)/(1<<20), float64(game)/(1<<20), took)
			if code != 1 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d (want 1), stderr lacks %q:\n%.500s", code, tc.want, stderr)
			}
			// Bounded by the game: the good trace's cost and a few lines'
			// buffers, whatever the file's size (a quarter of it is far
			// above that, far below a whole read).
			if limit := game + 4<<20; used > limit || used > uint64(size)/4 {
				t.Errorf("replaying a %d MiB hostile trace allocated %d MiB (the good game %d MiB): the file is read whole", size>>20, used>>20, game>>20)
			}
			if took > 20*time.Second {
				t.Errorf("replaying a %d MiB hostile trace took %v: not failing fast", size>>20, took)
			}
		})
	}
}

// allocated is the bytes f allocates (runtime.MemStats.TotalAlloc).
func allocated(t *testing.T, f func()) uint64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
