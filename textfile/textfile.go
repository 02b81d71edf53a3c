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
	"syscall"
)

// Missing is the one wording of "the file the user named is not there",
// for every command, whatever it was going to do with the file.
func Missing(name string) error {
	return fmt.Errorf("%s: no such file", name)
}

// Read returns the contents of the regular file name, refusing anything
// else and any file over limit bytes. what names the kind of file in
// messages ("an army file"). Errors never quote the file's contents.
func Read(name, what string, limit int64) ([]byte, error) {
	st, err := os.Stat(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, Missing(name)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := check(name, what, st, limit); err != nil {
		return nil, err
	}
	// O_NONBLOCK: should the file have been swapped for a FIFO since the
	// Stat, opening it does not wait for a writer; the Fstat below refuses it.
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if err := check(name, what, st, limit); err != nil {
		return nil, err
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s: file grew past %d bytes while being read; %s may be at most %d bytes", name, limit, what, limit)
	}
	return b, nil
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
