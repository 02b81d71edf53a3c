// Package textfile is hexforge's one policy for reading a file a user
// named: army files, `extends` bases, position files and result files.
// Only regular files are read (a device, FIFO or socket is refused before
// it is opened, so /dev/zero cannot fill memory and a FIFO cannot block),
// and never more than a limit. docs/security.md explains why.
package textfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Missing is the one wording of "the file the user named is not there",
// for every command, whatever it was going to do with the file.
func Missing(name string) error {
	return fmt.Errorf("%s: no such file", name)
}

// Kind is a kind of file hexforge reads and the policy for it.
type Kind struct {
	What  string // in messages: "an army file"
	Ext   string // the name the file resolves to (after every link) must end in it, ".army"; "" for any
	Limit int64  // the most bytes read
}

// Read returns the contents of the regular file name, read as kind k: a
// device, FIFO or socket is refused, so is a file over k.Limit bytes, and
// so is a file whose name, after every symbolic link is followed, does not
// end in k.Ext (a link named x.army pointing at /etc/passwd is refused
// before it is opened, so no diagnostic can echo a line of it). Errors
// never quote the file's contents.
func Read(name string, k Kind) ([]byte, error) {
	f, err := Open(name, k)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, k.Limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if int64(len(b)) > k.Limit {
		return nil, fmt.Errorf("%s: file grew past %d bytes while being read; %s may be at most %d bytes", name, k.Limit, k.What, k.Limit)
	}
	return b, nil
}

// Open opens name for reading as kind k under Read's policy, for a reader
// that reads it a piece at a time (a trace, a line at a time). The caller
// reads at most k.Limit bytes and closes it.
func Open(name string, k Kind) (*os.File, error) {
	st, err := os.Stat(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, Missing(name)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := check(name, k.What, st, k.Limit); err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := k.checkName(name, real); err != nil {
		return nil, err
	}
	// The resolved name is opened, so a link swapped meanwhile is not
	// followed. O_NONBLOCK: should the file have been swapped for a FIFO
	// since the Stat, opening it does not wait for a writer; the Fstat
	// below refuses it.
	f, err := os.OpenFile(real, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if st, err = f.Stat(); err != nil {
		f.Close()
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if err := check(name, k.What, st, k.Limit); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// checkName refuses a file of kind k whose resolved name real does not
// end in k.Ext.
func (k Kind) checkName(name, real string) error {
	if k.Ext == "" || strings.EqualFold(filepath.Ext(real), k.Ext) {
		return nil
	}
	if real != filepath.Clean(name) {
		return fmt.Errorf("%s is a symbolic link to a file whose name does not end in %s; only %s files are read, judged after links (docs/security.md)", name, k.Ext, k.Ext)
	}
	return fmt.Errorf("%s: the name does not end in %s; only %s files are read here (docs/security.md)", name, k.Ext, k.Ext)
}

func check(name, what string, st fs.FileInfo, limit int64) error {
	switch m := st.Mode(); {
	case m.IsDir():
		return fmt.Errorf("%s is a directory; give %s", name, what)
	case !m.IsRegular():
		return fmt.Errorf("%s is not a regular file (%s); hexforge reads %s only from a regular file", name, kind(m), what)
	case st.Size() > limit:
		return fmt.Errorf("%s: file is %d bytes; %s may be at most %d bytes", name, st.Size(), what, limit)
	}
	return nil
}

func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
