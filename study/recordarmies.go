package study

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/textfile"
)

// A run's traces (sim --record, --record-losses) name the army files and
// the board file they were played with relative to the trace; a replay
// reads only files in the trace's directory tree (docs/security.md). So
// that the traces of a run of file armies on a board file replay from
// their directory as they are, the army files (and the bases their
// variants extend) are copied into DIR/armies/ and the board file into
// DIR/boards/, and the traces name the copies.

// bundleBoard copies the board file b was read from into dir/boards/ and
// returns the board as the traces are to name it: the copy, by its path
// from the current directory. An embedded board (or none), or a file
// already in dir's tree, is returned as it is. The copy is the file as it
// was read, byte for byte, and is read back to check it is the board the
// run plays (a file changed since the run began is refused, not copied).
func bundleBoard(dir string, b *engine.Board) (*engine.Board, error) {
	if b == nil {
		return nil, nil
	}
	if _, err := position.BoardByName(b.Name); err == nil {
		return b, nil
	}
	if filepath.IsLocal(filepath.FromSlash(TraceBoardRef(b.Name, filepath.Join(dir, "x")))) {
		return b, nil
	}
	src, err := os.ReadFile(b.Name)
	if err != nil {
		return nil, fmt.Errorf("copying the board file beside the traces: %w", err)
	}
	to := filepath.Join(dir, "boards", filepath.Base(b.Name))
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return nil, fmt.Errorf("copying the board file beside the traces: %w", err)
	}
	if err := textfile.WriteAtomic(to, src); err != nil {
		return nil, err
	}
	c, err := position.LoadBoard(to, "")
	if err != nil {
		return nil, fmt.Errorf("the copy of the board file beside the traces: %w", err)
	}
	x, y := *c, *b
	x.Name, y.Name = "", ""
	if position.FormatBoard(&x) != position.FormatBoard(&y) {
		return nil, fmt.Errorf("the board file %s changed since the run read it: run it again", b.Name)
	}
	return c, nil
}

// bundleArmies copies into dir/armies/ the army files of the refs that
// lie outside dir (an embedded army's short name, or a file already in
// dir's tree, is kept as it is) and returns the refs to give the traces:
// the copies, as paths from the current directory. A file the run read
// with its variants' bases outside the file's directory keeps their
// layout under dir/armies/, from the directory they share.
func bundleArmies(dir string, refs []string) ([]string, error) {
	out := make([]string, len(refs))
	for i, ref := range refs {
		out[i] = ref
		if !armies.IsPath(ref) || filepath.IsLocal(filepath.FromSlash(TraceRef(ref, filepath.Join(dir, "x")))) {
			continue
		}
		file, name := ref, ""
		if j := strings.LastIndex(ref, ".army:"); j >= 0 {
			file, name = ref[:j+5], ref[j+5:]
		}
		l, err := armies.Loader{AllowExtendsOutside: true}.Load(file)
		if err != nil {
			return nil, fmt.Errorf("copying %s beside the traces: %w", file, err)
		}
		var files []string // the files read, as absolute paths
		for f := range l.Sources {
			if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() {
				abs, err := filepath.Abs(f)
				if err != nil {
					return nil, err
				}
				files = append(files, abs)
			}
		}
		main, err := filepath.Abs(file)
		if err != nil {
			return nil, err
		}
		root := filepath.Dir(main)
		for _, f := range files {
			for !strings.HasPrefix(f, root+string(filepath.Separator)) && filepath.Dir(root) != root {
				root = filepath.Dir(root)
			}
		}
		for _, f := range files {
			rel, err := filepath.Rel(root, f)
			if err != nil {
				return nil, err
			}
			src, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			to := filepath.Join(dir, "armies", rel)
			if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
				return nil, fmt.Errorf("copying %s beside the traces: %w", f, err)
			}
			if err := textfile.WriteAtomic(to, src); err != nil {
				return nil, err
			}
		}
		rel, err := filepath.Rel(root, main)
		if err != nil {
			return nil, err
		}
		out[i] = filepath.Join(dir, "armies", rel) + name
	}
	return out, nil
}
