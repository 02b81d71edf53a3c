package textfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// resolve is the file an output path really names: a symlink is followed
// (through chains, and to a target not yet written) so that a report
// replaces the target, not the link, as `cmd > link` would.
func resolve(path string) (string, error) {
	for range 40 { // the kernel's own limit on a chain of links
		st, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return "", fmt.Errorf("too many levels of symbolic links")
}

// special is the mode of an existing output path that is not a regular
// file or a directory (a device, a FIFO, a socket), or 0 when the path is a
// regular file, a directory or not there. os.Stat follows links the way the
// kernel does, /dev/stdout's /proc/self/fd/1 to a pipe included.
func special(path string) fs.FileMode {
	st, err := os.Stat(path)
	if err != nil || st.Mode().IsRegular() || st.IsDir() {
		return 0
	}
	return st.Mode().Type()
}

// CheckWritable refuses an output path that cannot be written: its
// directory is missing (named, since that is what to create), it is a
// directory, or it is a socket. Commands call it when their flags are
// checked, before any game is played, so a long run is never lost for want
// of a directory. A device or a FIFO is written into (WriteAtomic).
func CheckWritable(path string) error {
	if m := special(path); m != 0 {
		if m&fs.ModeSocket != 0 {
			return fmt.Errorf("cannot write %s: it is a socket; give a file, a device or a FIFO", path)
		}
		return nil
	}
	target, err := resolve(path)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	dir := filepath.Dir(target)
	st, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cannot write %s: directory %s does not exist", path, dir)
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	if !st.IsDir() {
		return fmt.Errorf("cannot write %s: %s is not a directory", path, dir)
	}
	if st, err := os.Stat(target); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a directory; give a file name", path)
	}
	return nil
}

// WriteAtomic writes data to path atomically: a temporary file renamed
// into place. The file gets the mode a shell redirection would give it: an
// existing file keeps its mode, a new one gets 0666 less the umask (the
// kernel applies it when the temporary file is created), and a symlink is
// followed so the link stays a link.
//
// A path that is a device or a FIFO (/dev/null, /dev/stdout on a pipe, a
// named pipe) is written into directly, as `cmd > path` would: renaming a
// temporary file over it would replace the device node or the pipe with a
// regular file (docs/security.md). A socket is refused.
func WriteAtomic(path string, data []byte) error {
	if m := special(path); m != 0 {
		return writeSpecial(path, m, data)
	}
	target, err := resolve(path)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	tmp, err := createTemp(filepath.Dir(target))
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if st, err := os.Stat(target); err == nil {
		if err := tmp.Chmod(st.Mode().Perm()); err != nil {
			return fail(err)
		}
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	// Sync before the rename: after a crash the file is the old one or the
	// whole new one, never an empty name.
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// writeSpecial writes data into the existing device or FIFO path. The file
// is opened without O_CREATE, so should it vanish meanwhile nothing is
// created in its place, and the opened file is checked again: a regular
// file swapped in is not truncated behind the atomic path's back.
func writeSpecial(path string, m fs.FileMode, data []byte) error {
	if m&fs.ModeSocket != 0 {
		return fmt.Errorf("cannot write %s: it is a socket; give a file, a device or a FIFO", path)
	}
	// A FIFO's open waits for a reader, as the shell's `>` does.
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	st, err := f.Stat()
	if err == nil && (st.Mode().IsRegular() || st.IsDir()) {
		err = errors.New("it was replaced by a regular file while being opened")
	}
	if err == nil {
		_, err = f.Write(data)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// createTemp is os.CreateTemp with mode 0666 instead of 0600, so that the
// umask decides a new report's permissions as it does for any file a user
// writes (os.CreateTemp's 0600 made every report private).
func createTemp(dir string) (*os.File, error) {
	seed := uint64(time.Now().UnixNano()) ^ uint64(os.Getpid())<<32
	for i := range 1000 {
		seed = seed*6364136223846793005 + 1442695040888963407 + uint64(i)
		name := filepath.Join(dir, ".hexforge-"+strconv.FormatUint(seed>>16, 36)+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("cannot create a temporary file in %s", dir)
}
