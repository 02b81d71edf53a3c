package position

import (
	"fmt"
	"path/filepath"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/textfile"
)

// ReadPosition reads and parses the position file (ParsePosition), its
// armies loaded by l relative to the file. It returns the file's source
// too, to render a diag.List error against.
func ReadPosition(file string, l armies.Loader) (*engine.State, []byte, error) {
	src, err := textfile.Read(file, "a position file", MaxPositionSize)
	if err != nil {
		return nil, nil, err
	}
	s, err := ParsePosition(file, src, armyLoader(file, l))
	return s, src, err
}

// ReadSetup reads and parses the position file with its piles
// (ParseSetup), its armies and leader cards loaded by l relative to the
// file. It returns the file's source too, to render a diag.List error
// against.
func ReadSetup(file string, l armies.Loader) (*engine.State, *engine.Piles, []byte, error) {
	src, err := textfile.Read(file, "a position file", MaxPositionSize)
	if err != nil {
		return nil, nil, nil, err
	}
	s, piles, err := ParseSetup(file, src, armyLoader(file, l))
	if err == nil {
		// A leader file is named relative to the position, as its armies.
		err = piles.LoadLeaders(func(ref string) (*rules.Leader, error) { return l.LoadLeader(relativeTo(file, ref)) })
	}
	return s, piles, src, err
}

// relativeTo resolves an army path written in the position file pos
// against the directory of that file, as `extends` does for army files, so
// a position and its armies can be moved together; embedded names and
// absolute paths are left as they are.
func relativeTo(pos, ref string) string {
	if !armies.IsPath(ref) || filepath.IsAbs(ref) {
		return ref
	}
	return filepath.Join(filepath.Dir(pos), ref)
}

// armyLoader loads the armies the position file names.
func armyLoader(file string, l armies.Loader) func(ref string) (*rules.Army, error) {
	return func(ref string) (*rules.Army, error) {
		ref = relativeTo(file, ref)
		a, err := l.Load(ref)
		if list, ok := err.(diag.List); ok && len(list) > 1 {
			// The position names the first mistake; check shows them all.
			return nil, fmt.Errorf("%v (and %d more: hexforge check %s shows them all)", list[0], len(list)-1, ref)
		}
		if err != nil {
			return nil, err
		}
		return a.Army, nil
	}
}
