package textfile

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// Named resolves ref, a path that a file names (an `extends`, a position
// file's armies, board and leader lines, a trace header's armies, board
// and leaders), to the path to read it as kind k. Such a path comes from
// whoever wrote the file, so:
//
//   - it must end in k.Ext, checked on the text before anything is touched
//     (Read checks it again on the name after links);
//   - a relative path is relative to dir, the directory of the naming file;
//   - unless outside (--allow-extends-outside), it must stay in dir's tree:
//     no absolute path, no `..` out of it, and, judged on resolved paths,
//     no symbolic link on the way that leads out of the tree. from names
//     that directory in messages ("the trace's directory").
func Named(ref, dir, from string, k Kind, outside bool) (string, error) {
	if k.Ext != "" && !strings.EqualFold(filepath.Ext(ref), k.Ext) {
		return "", fmt.Errorf("want a path ending in %s (%s); other files are not read", k.Ext, k.What)
	}
	p := filepath.FromSlash(ref)
	if outside {
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		return p, nil
	}
	refuse := fmt.Errorf("the file is outside %s (run with --allow-extends-outside to read it)", from)
	if !filepath.IsLocal(p) {
		return "", refuse
	}
	p = filepath.Join(dir, p)
	if err := Inside(p, dir); err != nil {
		if errors.Is(err, errOutside) {
			return "", fmt.Errorf("%w: a symbolic link leads out of it", refuse)
		}
		return "", err
	}
	return p, nil
}

var errOutside = errors.New("outside")

// Inside reports errOutside unless path, after every symbolic link, lies
// in the tree of dir, after its links. A path not there yet is left to
// Read to report.
func Inside(path, dir string) error {
	real, err := filepath.EvalSymlinks(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if dir == "" {
		dir = "."
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	if real, err = filepath.Abs(real); err != nil {
		return err
	}
	if root, err = filepath.Abs(root); err != nil {
		return err
	}
	rel, err := filepath.Rel(root, real)
	if err != nil || !filepath.IsLocal(rel) {
		return errOutside
	}
	return nil
}
