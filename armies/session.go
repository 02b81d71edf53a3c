package armies

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/rules"
)

// Session loads the armies one command names, each with the command's
// --set overrides (Sets), and remembers which override named which army:
// an override that named none of them is refused (Unused) before any
// game.
type Session struct {
	Loader Loader
	Sets   []Set
	use    SetUse
}

// ParseSets reads --set overrides as given.
func ParseSets(raw []string) ([]Set, error) {
	var out []Set
	for _, s := range raw {
		st, err := ParseSet(s)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

// Load resolves an army reference (short name or path) with the
// overrides, its diagnostics (warnings too) rendered to w. A mistake in
// the army is a diag.List error, already rendered.
func (s *Session) Load(w io.Writer, ref string) (*Loaded, error) {
	l, err := s.Loader.LoadVariant(ref, s.Sets)
	if l != nil && len(l.Diags) > 0 {
		l.Diags.Render(w, l.Sources)
	}
	if err != nil {
		return nil, err
	}
	s.use.Note(ref, l.Army, s.Sets)
	return l, nil
}

// LoadAll loads the armies of a run, and names each as a report shows
// it: as its file does, the name merge also reads from each shard, so a
// merged round robin is the unsharded one byte for byte. Two armies of
// one name (variants of a file) fall back to what the command line called
// them, or the matrix could not tell them apart.
func (s *Session) LoadAll(w io.Writer, refs []string) (list []*rules.Army, names []string, err error) {
	for _, r := range refs {
		l, err := s.Load(w, r)
		if err != nil {
			return nil, nil, err
		}
		list = append(list, l.Army)
		names = append(names, l.Army.Name)
	}
	for i := range names {
		for j := range names {
			if i != j && list[i].Name == list[j].Name {
				names[i] = refs[i]
			}
		}
	}
	return list, names, nil
}

// LoadWith loads the army of override set with it besides the session's
// own overrides, as one more --set would (sweep's value at each step). A
// mistake in the army is a diag.List error, rendered to w; another error
// names the override as the command line gave it (as).
func (s *Session) LoadWith(w io.Writer, set Set, as string) (*Loaded, error) {
	l, err := s.Loader.LoadVariant(set.Army, append(slices.Clip(s.Sets), set))
	if err == nil {
		return l, nil
	}
	if l != nil {
		l.Diags.Render(w, l.Sources)
	}
	if _, ok := err.(diag.List); !ok {
		err = errors.New(strings.Replace(err.Error(), fmt.Sprintf("--set %q", set.Raw), as, 1))
	}
	return nil, err
}

// Unused refuses the first override that named none of the armies loaded
// (SetUse.Unused); a command asks once its armies are loaded.
func (s *Session) Unused() error { return s.use.Unused(s.Sets) }

// Raw is the overrides as given, as a trace's header lists them.
func (s *Session) Raw() []string {
	var raw []string
	for _, st := range s.Sets {
		raw = append(raw, st.Raw)
	}
	return raw
}
