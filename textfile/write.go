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

// CheckWritable refuses an output path that cannot be written: its
// directory is missing (named, since that is what to create) or it is a
// directory. Commands call it when their flags are checked, before any
// game is played, so a long run is never lost for want of a directory.
func CheckWritable(path string) error {
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
func WriteAtomic(path string, data []byte) error {
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
