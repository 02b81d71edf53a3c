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
	return s
}
