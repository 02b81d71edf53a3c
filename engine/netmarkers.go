package engine

import "github.com/hexforge/hexforge/rules"

// netMarkers counts the net markers player p has thrown that are on the
// board: a marker is the opponent's of the unit's owner (Marks NetMarker),
// and it leaves the board with the unit.
func (g *Game) netMarkers(p uint8) int {
	n := 0
	for h := 0; h < g.S.Board.Size; h++ {
		if u := g.S.Cells[h].Unit; !u.Empty() && u.Owner != p && u.Marks&NetMarker != 0 {
			n++
		}
	}
	return n
}

// netLimited reports whether a net step may not be used now because the
// player already has as many markers out as the step allows (net
// markers=N): the marker comes back only when its unit leaves the board.
func (g *Game) netLimited(act *rules.Action, p uint8) bool {
	return act.Op == rules.ActNet && act.Value > 0 && g.netMarkers(p) >= int(act.Value)
}
