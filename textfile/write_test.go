//go:build linux

package textfile

import (
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWriteIntoDeviceNode: --out naming a device node writes into the
// device; the node stays a device (renaming a temporary file over it made
// /dev/null a regular file). The node is made with mknod in a temporary
// directory: /dev/null itself is never touched.
func TestWriteIntoDeviceNode(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mknod needs root; CI runs the tests as root")
	}
	null := filepath.Join(t.TempDir(), "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil { // 1:3 is /dev/null
		t.Skipf("mknod refused even as root (a container without CAP_MKNOD?): %v", err)
	}
	if err := CheckWritable(null); err != nil {
		t.Fatalf("CheckWritable: %v", err)
	}
	if err := WriteAtomic(null, []byte("a report\n")); err != nil {
		t.Fatalf("WriteAtomic: %v", err)
	}
	st, err := os.Lstat(null)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("the device node was replaced: mode now %v", st.Mode())
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(null), ".hexforge-*")); len(left) > 0 {
		t.Errorf("temporary files left beside the device: %v", left)
	}
}

// TestWriteIntoFIFO: --out naming a FIFO writes the report into the pipe,
// for the reader at its other end, and the FIFO stays a FIFO.
func TestWriteIntoFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	// The reader's end is opened first (non-blocking, so the test cannot
	// hang), so the writer's open finds a reader at once.
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	done := make(chan error, 1)
	go func() { done <- WriteAtomic(fifo, []byte("a report\n")) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("WriteAtomic: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("writing into the FIFO did not return")
	}
	r.SetReadDeadline(time.Now().Add(5 * time.Second))
	if b, _ := io.ReadAll(r); string(b) != "a report\n" {
		t.Errorf("the reader got %q", b)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced (%v, %v)", st.Mode(), err)
	}
}

// TestWriteIntoPipeByProcPath: /dev/stdout when standard output is a pipe
// is /proc/self/fd/1, a link to "pipe:[N]"; following that link by hand
// and renaming a file beside it failed. The pipe gets the report.
func TestWriteIntoPipeByProcPath(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	path := "/proc/self/fd/" + strconv.Itoa(int(w.Fd()))
	if err := CheckWritable(path); err != nil {
		t.Fatalf("CheckWritable(%s): %v", path, err)
	}
	if err := WriteAtomic(path, []byte("a report\n")); err != nil {
		t.Fatalf("WriteAtomic(%s): %v", path, err)
	}
	w.Close()
	if b, _ := io.ReadAll(r); string(b) != "a report\n" {
		t.Errorf("the pipe got %q", b)
	}
}

// TestWriteRefusesSocket: a socket cannot be opened as a file; it is
// refused by name when the flags are checked.
func TestWriteRefusesSocket(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "s")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Skipf("no unix socket: %v", err)
	}
	defer l.Close()
	for name, err := range map[string]error{"CheckWritable": CheckWritable(sock), "WriteAtomic": WriteAtomic(sock, []byte("x"))} {
		if err == nil || !strings.Contains(err.Error(), "socket") {
			t.Errorf("%s: %v, want a refusal naming the socket", name, err)
		}
	}
}

// TestWriteRegularIsStillAtomic: a regular file is still replaced by a
// rename (a new inode), never truncated and rewritten in place.
func TestWriteRegularIsStillAtomic(t *testing.T) {
	p := filepath.Join(t.TempDir(), "r.txt")
	if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(p)
	if err := WriteAtomic(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(p)
	if b, _ := os.ReadFile(p); string(b) != "new" {
		t.Errorf("content %q", b)
	}
	if os.SameFile(before, after) {
		t.Error("the file was rewritten in place, not replaced by a rename")
	}
}
