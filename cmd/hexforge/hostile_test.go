package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHostileFiles: an army file from a stranger cannot make hexforge read
// (or echo) other files, and special files are refused at once instead of
// filling memory or blocking (docs/security.md). Each case must finish
// quickly, exit non-zero with the expected words, and never print the
// secret of the foreign file.
func TestHostileFiles(t *testing.T) {
	const secret = "SECRET-root:x:0:0"
	dir := t.TempDir()
	fan := filepath.Join(dir, "fan")
	outside := filepath.Join(dir, "outside")
	for _, d := range []string{fan, outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	shadow := write("outside/shadow", secret+"\n")
	write("outside/base.army", "army \"Base\" {\n    size 2\n    hq \"HQ\" { edge all: melee 1 }\n    instant \"Battle\" { on play: battle }\n}\n")
	absExtends := write("fan/abs.army", "army \"E\" extends \""+shadow+"\" {\n}\n")
	relExtends := write("fan/rel.army", "army \"E\" extends \"../outside/shadow\" {\n}\n")
	upExtends := write("fan/up.army", "army \"E\" extends \"../outside/base.army\" {\n}\n")
	fifo := filepath.Join(dir, "fifo.army")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	devDir := filepath.Join(dir, "devdir")
	if err := os.MkdirAll(devDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(devDir, "zero.army")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
		code int
	}{
		{"extends an absolute non-army file", []string{"check", absExtends}, "path ending in .army", 1},
		{"extends a relative non-army file", []string{"check", relExtends}, "path ending in .army", 1},
		{"extends outside the tree", []string{"check", upExtends}, "--allow-extends-outside", 1},
		{"extends outside, allowed", []string{"check", "--allow-extends-outside", upExtends}, "", 0},
		{"/dev/zero as an army", []string{"check", "/dev/zero"}, "not a regular file (a device)", 2},
		{"/dev/zero as a position", []string{"battle", "/dev/zero"}, "not a regular file (a device)", 2},
		{"/dev/zero as a result", []string{"merge", "/dev/zero"}, "not a regular file (a device)", 2},
		{"a FIFO as an army", []string{"check", fifo}, "not a regular file (a FIFO)", 2},
		{"a symlink to a device in a directory", []string{"check", devDir}, "not a regular file (a device)", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			done := make(chan struct{})
			var stdout, stderr string
			var code int
			go func() {
				defer close(done)
				stdout, stderr, code = runCtx(t, ctx, tc.args...)
			}()
			select {
			case <-done:
			case <-ctx.Done():
				t.Fatalf("%v did not return: a special file blocked or is being read without end", tc.args)
			}
			all := stdout + stderr
			if code != tc.code || !strings.Contains(all, tc.want) {
				t.Errorf("exit %d (want %d), output lacks %q:\n%s", code, tc.code, tc.want, all)
			}
			if strings.Contains(all, secret) {
				t.Errorf("the foreign file's content was printed:\n%s", all)
			}
		})
	}
}

// TestEscapesInNamesAreShownEscaped: a token name and notes holding
// terminal escape sequences (clear the screen, set the window title) reach
// the terminal escaped in check's echoed source line, the help card's table
// and markdown, and exactly in CSV.
func TestEscapesInNamesAreShownEscaped(t *testing.T) {
	dir := t.TempDir()
	army := filepath.Join(dir, "esc.army")
	src := "army \"Esc\" {\n    size 2\n    hq \"HQ\" { edge all: melee 1 }\n    warrior \"Clear\\x1b[2J\" {\n        notes \"title\\x1b]0;owned\\x07\"\n        edge N: meele 1 # \x1b[2J raw\n    }\n}\n"
	if err := os.WriteFile(army, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, _ := run(t, "check", army)
	if !strings.Contains(stderr, "meele") || strings.Contains(stderr, "\x1b") || !strings.Contains(stderr, `# \x1b[2J raw`) {
		t.Errorf("check output holds a raw ESC or misses the error:\n%q", stderr)
	}
	fixed := strings.Replace(src, "meele", "melee", 1)
	if err := os.WriteFile(army, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"table", "markdown"} {
		stdout, stderr, code := run(t, "card", army, "--format", format)
		if code != 0 || strings.Contains(stdout, "\x1b") || !strings.Contains(stdout, `Clear\x1b[2J`) {
			t.Errorf("card --format %s (exit %d): want the name escaped\n%q%s", format, code, stdout, stderr)
		}
	}
	stdout, _, _ := run(t, "card", army, "--format", "csv")
	if !strings.Contains(stdout, "Clear\x1b[2J") {
		t.Errorf("card --format csv must keep the name exact:\n%q", stdout)
	}
}

// TestInterruptedRunExits130: a run stopped by Ctrl-C writes its partial
// report (to --out, leaving no temporary file) and exits 130, so that a
// script cannot take it for a whole run.
func TestInterruptedRunExits130(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // Ctrl-C before the first game
	_, stderr, code := runCtx(t, ctx, "sim", "moloch", "borgo", "--games", "20", "--format", "json", "--out", out)
	if code != 130 || !strings.Contains(stderr, "interrupted") {
		t.Fatalf("exit %d, want 130 and 'interrupted':\n%s", code, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(b), `"partial": true`) {
		t.Errorf("the partial report was not written or not marked partial: %v\n%s", err, b)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".hexforge-*.tmp")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	// A whole run exits 0.
	if _, stderr, code := run(t, "sim", "moloch", "borgo", "--games", "2", "--format", "json", "--out", out); code != 0 {
		t.Errorf("a whole run: exit %d\n%s", code, stderr)
	}
}

// TestWatchedDirectoryWithSpecialFiles: a watched directory holding a
// symlink to a device and a FIFO among its army files: watch reports both
// as not regular files without reading or blocking on them, checks the real
// army, and stops promptly when cancelled (Ctrl-C).
func TestWatchedDirectoryWithSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/clean.army")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "good.army"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.army")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.army"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	var stdout, stderr string
	go func() {
		defer close(done)
		stdout, stderr, _ = runCtx(t, ctx, "watch", dir)
	}()
	time.Sleep(500 * time.Millisecond) // let it check the directory once
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("watch did not stop after cancel: it is blocked on a special file")
	}
	all := stdout + stderr
	for _, want := range []string{"zero.army", "pipe.army", "not a regular file (a device)", "not a regular file (a FIFO)", "good.army"} {
		if !strings.Contains(all, want) {
			t.Errorf("output lacks %q:\n%s", want, all)
		}
	}
}
