package position

import (
	"fmt"
	"strings"

	"github.com/hexforge/hexforge/engine"
)

// Specials says what a board has beyond its hexes, for a list of boards:
// ", Terminals c1 e5, Energy 0-3 and Procedures", or "".
func Specials(b *engine.Board) string {
	var ts []string
	for h := 0; h < b.Size; h++ {
		if b.Terminal[h] {
			ts = append(ts, b.Names[h])
		}
	}
	s := ""
	if len(ts) > 0 {
		s += ", Terminals " + strings.Join(ts, " ")
	}
	if b.EnergyMax > 0 {
		s += fmt.Sprintf(", Energy 0-%d and Procedures", b.EnergyMax)
	}
	if len(b.Holes) > 0 {
		s += fmt.Sprintf(", holes %s", strings.Join(b.Holes, " "))
	}
	var blocked, labels []string
	for h := range b.Size {
		if b.Blocked[h] {
			blocked = append(blocked, b.Names[h])
		}
		if b.Labels[h] != "" {
			labels = append(labels, b.Labels[h]+" ("+b.Names[h]+")")
		}
	}
	if len(blocked) > 0 {
		s += ", blocked " + strings.Join(blocked, " ")
	}
	if len(labels) > 0 {
		s += ", labels " + strings.Join(labels, " ")
	}
	if len(b.Holes) > 0 || len(blocked) > 0 {
		s += fmt.Sprintf(", full at %d", b.InnerSize())
	}
	return s
}
