//go:build unix

package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// withUmask runs f under umask m: the mode a new report gets is the umask's
// to decide, so the test fixes it.
func withUmask(t *testing.T, m int, f func()) {
	t.Helper()
	old := syscall.Umask(m)
	defer syscall.Umask(old)
	f()
}

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Mode().Perm()
}

// TestOutKeepsUmaskModeAndLinks: --out writes a new file with 0666 less the
// umask (os.CreateTemp gave 0600), keeps an existing file's mode, and writes
// through a symlink into its target, leaving the link a link.
func TestOutKeepsUmaskModeAndLinks(t *testing.T) {
	dir := t.TempDir()
	card := func(out string) {
		t.Helper()
		if _, stderr, code := run(t, "card", "moloch", "--out", out); code != 0 {
			t.Fatalf("card --out %s: exit %d\n%s", out, code, stderr)
		}
	}
	for umask, want := range map[int]os.FileMode{0o022: 0o644, 0o027: 0o640} {
		p := filepath.Join(dir, "new-"+want.String()+".txt")
		withUmask(t, umask, func() { card(p) })
		if got := mode(t, p); got != want {
			t.Errorf("new file under umask %03o: mode %v, want %v", umask, got, want)
		}
	}

	existing := filepath.Join(dir, "existing.txt")
	os.WriteFile(existing, []byte("old"), 0o600)
	os.Chmod(existing, 0o664)
	withUmask(t, 0o077, func() { card(existing) })
	if got := mode(t, existing); got != 0o664 {
		t.Errorf("existing file: mode %v, want it kept at -rw-rw-r--", got)
	}

	sub := filepath.Join(dir, "reports")
	os.Mkdir(sub, 0o755)
	target := filepath.Join(sub, "card.txt")
	os.WriteFile(target, []byte("old"), 0o644)
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink("reports/card.txt", link); err != nil {
		t.Fatal(err)
	}
	withUmask(t, 0o022, func() { card(link) })
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file (%v)", err)
	}
	if b, _ := os.ReadFile(target); !strings.Contains(string(b), "Gauss Cannon") {
		t.Errorf("the link's target was not written: %q", b)
	}
	// A link to a file not yet written creates the target.
	dangling := filepath.Join(dir, "dangling.txt")
	os.Symlink("reports/fresh.txt", dangling)
	withUmask(t, 0o022, func() { card(dangling) })
	if _, err := os.Stat(filepath.Join(sub, "fresh.txt")); err != nil {
		t.Errorf("a dangling link's target was not created: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*", ".hexforge-*"))
	more, _ := filepath.Glob(filepath.Join(dir, ".hexforge-*"))
	if len(left)+len(more) > 0 {
		t.Errorf("temporary files left behind: %v %v", left, more)
	}
}

// TestOutMissingDirectory: an --out into a missing directory names the
// directory, for every command with --out, and is refused before any game:
// a run of ten million games per match ends at once.
func TestOutMissingDirectory(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-dir")
	out := filepath.Join(missing, "report.txt")
	for _, args := range [][]string{
		{"sim", "--all", "--games", "10000000", "--out", out},
		{"importance", "moloch", "--vs", "borgo", "--games", "10000000", "--out", out},
		{"sweep", "moloch/Hybrid.initiative=1..3", "--vs", "borgo", "--games", "10000000", "--out", out},
		{"merge", "testdata/no-such-result.json", "--out", out},
		{"card", "moloch", "--out", out},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		start := time.Now()
		_, stderr, code := runCtx(t, ctx, args...)
		cancel()
		want := "directory " + missing + " does not exist"
		if code == 0 || !strings.Contains(stderr, want) {
			t.Errorf("%v: exit %d, stderr lacks %q:\n%s", args[0], code, want, stderr)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%v: refused after %v: games were played first", args[0], d)
		}
	}
}

// TestOutIntoDeviceAndFIFO: --out naming a device node or a FIFO writes
// into it and leaves it what it was (docs/security.md); renaming the
// report over it made /dev/null a regular file. The device is made with
// mknod in a temporary directory.
func TestOutIntoDeviceAndFIFO(t *testing.T) {
	dir := t.TempDir()
	t.Run("device", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("mknod needs root; CI runs the tests as root")
		}
		null := filepath.Join(dir, "null")
		if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil { // 1:3, as /dev/null
			t.Skipf("mknod refused even as root (a container without CAP_MKNOD?): %v", err)
		}
		if _, stderr, code := run(t, "card", "moloch", "--out", null); code != 0 {
			t.Fatalf("card --out DEVICE: exit %d\n%s", code, stderr)
		}
		if st, err := os.Lstat(null); err != nil || st.Mode()&os.ModeCharDevice == 0 {
			t.Errorf("the device node was replaced (%v)", err)
		}
	})
	t.Run("fifo", func(t *testing.T) {
		fifo := filepath.Join(dir, "pipe")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		// The card is a few kilobytes: the pipe (64 KiB) holds it until
		// read, after the command returns.
		if _, stderr, code := run(t, "card", "moloch", "--out", fifo); code != 0 {
			t.Fatalf("card --out FIFO: exit %d\n%s", code, stderr)
		}
		r.SetReadDeadline(time.Now().Add(10 * time.Second))
		if b, _ := io.ReadAll(r); !strings.Contains(string(b), "Gauss Cannon") {
			t.Errorf("the reader got %q", b)
		}
		if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("the FIFO was replaced (%v)", err)
		}
	})
}
