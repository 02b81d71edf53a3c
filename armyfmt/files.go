package armyfmt

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hexforge/hexforge/textfile"
)

// Files expands the arguments of `hexforge fmt`: a directory stands for
// the .army files in it and below, in walking order.
func Files(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, textfile.Missing(a)
		}
		if err != nil {
			return nil, fmt.Errorf("fmt: %w", err)
		}
		if !st.IsDir() {
			out = append(out, a)
			continue
		}
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".army") {
				out = append(out, p)
			}
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("fmt: %w", err)
		}
	}
	return out, nil
}

// Mode is what `hexforge fmt` does with each file: with none of its
// fields set it prints the formatted file; otherwise, for a file whose
// layout differs, it lists its name, writes it back (keeping its
// permissions) and prints a unified diff, as the fields say.
type Mode struct {
	List, Write, Diff bool
}

// Run formats files as m says, each read with read (the command line's
// file policy), the output on stdout. A file that cannot be read, parsed
// or written is reported on stderr and the rest go on; ok is false when
// there was one. err is a failed write to stdout.
func (m Mode) Run(stdout, stderr io.Writer, files []string, read func(string) ([]byte, error)) (ok bool, err error) {
	ok = true
	for _, f := range files {
		src, err := read(f)
		if err != nil {
			fmt.Fprintln(stderr, err)
			ok = false
			continue
		}
		res, err := Source(f, src)
		if err != nil {
			fmt.Fprintln(stderr, err)
			ok = false
			continue
		}
		same := bytes.Equal(src, res)
		if m.List && !same {
			fmt.Fprintln(stdout, f)
		}
		if m.Write && !same {
			if err := writeBack(f, res); err != nil {
				fmt.Fprintln(stderr, err)
				ok = false
				continue
			}
		}
		if m.Diff && !same {
			fmt.Fprint(stdout, Diff(f, src, res))
		}
		if m == (Mode{}) {
			if _, err := stdout.Write(res); err != nil {
				return ok, err
			}
		}
	}
	return ok, nil
}

// writeBack replaces file's text with its formatted text, keeping the
// file's permissions.
func writeBack(file string, res []byte) error {
	st, err := os.Stat(file)
	if err != nil {
		return err
	}
	return os.WriteFile(file, res, st.Mode().Perm())
}

// Formatted reports whether src, the army file name, is in the canonical
// layout; a file that does not parse counts as formatted (its syntax
// error is reported by whatever parses it).
func Formatted(name string, src []byte) bool {
	res, err := Source(name, src)
	return err != nil || bytes.Equal(res, src)
}
