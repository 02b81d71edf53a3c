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

// loadLeaders loads with load the leaders a header names, by seat, for a
// game of seats players in cfg's mode and teams.
func loadLeaders(refs []string, cfg *engine.Config, seats int, load func(ref string) (*rules.Leader, error)) ([]*rules.Leader, error) {
	if len(refs) != seats {
		return nil, fmt.Errorf("leaders: want one per seat, got %d", len(refs))
	}
	l := make([]*rules.Leader, len(refs))
	for p, ref := range refs {
		if ref == "" {
			continue
		}
		if load == nil {
			return nil, fmt.Errorf("leader %q: no leader loader", ref)
		}
		var err error
		if l[p], err = load(ref); err != nil {
			return nil, fmt.Errorf("player %d's leader %q: %w", p+1, ref, err)
		}
	}
	var sides engine.Sides
	if err := sides.SetSides(seats, cfg.Mode, cfg.Teams, cfg.Feud); err != nil {
		return l, nil // engine.NewGame refuses the mode
	}
	// Allies loaded from one name are two loads: give them one card.
	for p := range l {
		for q := range p {
			if l[p] != nil && l[q] != nil && refs[p] == refs[q] && sides.Allies(uint8(p), uint8(q)) {
				l[p] = l[q]
			}
		}
	}
	return l, nil
}
