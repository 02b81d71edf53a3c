package position

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/textfile"
)

// ReadPosition reads and parses the position file (Parse), its
// armies loaded by l relative to the file. It returns the file's source
// too, to render a diag.List error against.
func ReadPosition(file string, l armies.Loader) (*engine.State, []byte, error) {
	src, err := textfile.Read(file, PositionFile)
	if err != nil {
		return nil, nil, err
	}
	s, _, err := Parse(file, src, armyLoader(file, l), l.AllowExtendsOutside)
	return s, src, err
}

// ReadSetup reads and parses the position file with its piles
// (Parse), its armies and leader cards loaded by l relative to the
// file. It returns the file's source too, to render a diag.List error
// against.
func ReadSetup(file string, l armies.Loader) (*engine.State, *engine.Piles, []byte, error) {
	src, err := textfile.Read(file, PositionFile)
	if err != nil {
		return nil, nil, nil, err
	}
	s, piles, err := Parse(file, src, armyLoader(file, l), l.AllowExtendsOutside)
	if err == nil {
		// A leader file is named relative to the position, as its armies.
		err = piles.LoadLeaders(func(ref string) (*rules.Leader, error) {
			p, err := relativeTo(file, ref, l)
			if err != nil {
				return nil, fmt.Errorf("leader %q: %w", ref, err)
			}
			return l.LoadLeader(p)
		})
	}
	return s, piles, src, err
}

// PositionFile is the policy for a position file (docs/security.md): its
// lines are echoed in diagnostics, so only a .pos file is read.
var PositionFile = textfile.Kind{What: "a position file", Ext: ".pos", Limit: MaxPositionSize}

// relativeTo resolves an army or leader path written in the position file
// pos against the directory of that file, as `extends` does for army files,
// so a position and its armies can be moved together; embedded names are
// left as they are. A position may come from a stranger: it names only
// .army files in its own directory tree, judged after links, unless
// --allow-extends-outside (textfile.Named).
func relativeTo(pos, ref string, l armies.Loader) (string, error) {
	file, name := ref, ""
	if i := strings.LastIndex(ref, ".army:"); i >= 0 {
		file, name = ref[:i+5], ref[i+5:]
	}
	if !armies.IsPath(file) {
		return ref, nil
	}
	p, err := textfile.Named(file, filepath.Dir(pos), "the position file's directory", armies.ArmyFile, l.AllowExtendsOutside)
	if err != nil {
		return "", err
	}
	return p + name, nil
}

// armyLoader loads the armies the position file names.
func armyLoader(file string, l armies.Loader) func(ref string) (*rules.Army, error) {
	return func(ref string) (*rules.Army, error) {
		ref, err := relativeTo(file, ref, l)
		if err != nil {
			return nil, err
		}
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
