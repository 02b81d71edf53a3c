package armies

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/rules"
)

// SetUse is which --set overrides named an army a command loaded, and the
// names it loaded: an override that names none of them is a misspelt army
// that would otherwise be ignored without a word, the run playing the
// unchanged armies.
type SetUse struct {
	used   map[string]bool // by Set.Raw
	loaded []string        // refs and army names, for a did-you-mean
}

// Note records which overrides name the army loaded from ref. A variant is
// named after its base plus " (variant)": the base's name is what an
// override names.
func (u *SetUse) Note(ref string, a *rules.Army, sets []Set) {
	if u.used == nil {
		u.used = map[string]bool{}
	}
	base := *a
	base.Name = strings.TrimSuffix(base.Name, " (variant)")
	// watch loads its opponents again on every save: remember each once.
	if !slices.Contains(u.loaded, ref) || !slices.Contains(u.loaded, base.Name) {
		u.loaded = append(u.loaded, ref, base.Name)
	}
	for _, s := range sets {
		if s.Matches(ref, &base) {
			u.used[s.Raw] = true
		}
	}
}

// Unused refuses the first override of sets that named none of the armies
// loaded, suggesting the name meant.
func (u *SetUse) Unused(sets []Set) error {
	for _, s := range sets {
		if u.used[s.Raw] {
			continue
		}
		hint := ""
		if h := diag.Suggest(s.Army, u.loaded); h != "" {
			hint = " (" + h + ")"
		}
		return fmt.Errorf("--set %q: %q is none of the armies of this command%s; name one of %s", s.Raw, s.Army, hint, strings.Join(dedupe(u.loaded), ", "))
	}
	return nil
}

// dedupe drops the names that come again, whatever their case.
func dedupe(list []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range list {
		if k := strings.ToLower(s); !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	return out
}
