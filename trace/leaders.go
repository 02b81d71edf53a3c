package trace

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// LeaderRef is how a trace names a leader card: an embedded one by its
// name, one of a file by FILE:Name; "" for none.
func LeaderRef(l *rules.Leader) string {
	if l == nil {
		return ""
	}
	if strings.HasPrefix(l.File, "armies/leaders/") {
		return l.Name
	}
	return filepath.ToSlash(l.File) + ":" + l.Name
}

// setLeaders gives g the leaders a header names, by seat, loaded with load.
func setLeaders(g *engine.Game, refs []string, load func(ref string) (*rules.Leader, error)) error {
	if len(refs) != g.S.Players() {
		return fmt.Errorf("leaders: want one per seat, got %d", len(refs))
	}
	l := make([]*rules.Leader, len(refs))
	for p, ref := range refs {
		if ref == "" {
			continue
		}
		if load == nil {
			return fmt.Errorf("leader %q: no leader loader", ref)
		}
		if file, _, ok := strings.Cut(ref, ".army:"); ok && (filepath.IsAbs(file) || strings.Contains(file, "..")) {
			// A hostile trace must not make the replay read files elsewhere.
			return fmt.Errorf("leader %q: a leader file must lie inside the current directory", ref)
		}
		var err error
		if l[p], err = load(ref); err != nil {
			return fmt.Errorf("player %d's leader %q: %w", p+1, ref, err)
		}
	}
	if len(l) == 2 {
		return g.SetLeaders(l[0], l[1])
	}
	// Allies loaded from one name are two loads: give them one card.
	for p := range l {
		for q := range p {
			if l[p] != nil && l[q] != nil && refs[p] == refs[q] && g.S.Allies(uint8(p), uint8(q)) {
				l[p] = l[q]
			}
		}
	}
	return g.SetLeadersN(l)
}
