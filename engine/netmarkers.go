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

// recallNetMarkers: a net marker comes back, freeing the unit it holds, as
// soon as the unit that throws such markers is itself netted (the Steel
// Police reading of neuroshimahex.pl and the Korean tile guide; see
// docs/rules.md, Nets). A marker does not remember its thrower, so every
// marker of a player with a netted thrower comes back; a player has one
// thrower in every army we know; with more than two players, a marker on a
// unit comes back when a thrower of any enemy of the unit's owner is
// netted. Apply calls it after every action.
func (g *Game) recallNetMarkers() {
	if g.anyFx&factNetThrower == 0 {
		return // no token throws markers
	}
	s := &g.S
	marked := false
	for h := 0; h < s.Board.Size; h++ {
		if u := s.Cells[h].Unit; !u.Empty() && u.Marks&NetMarker != 0 {
			marked = true
		}
	}
	if !marked {
		return
	}
	nets := g.computeNets()
	var recall uint8 // a bit per player whose thrower is netted
	for h := 0; h < s.Board.Size; h++ {
		if u := s.Cells[h].Unit; !u.Empty() && nets[h] && throwsNets(s.Tok(u)) {
			recall |= 1 << u.Owner
		}
	}
	for h := 0; h < s.Board.Size; h++ {
		u := &s.Cells[h].Unit
		if u.Empty() || u.Marks&NetMarker == 0 {
			continue
		}
		for q := range uint8(s.Players()) {
			if recall&(1<<q) != 0 && !s.Friends(q, u.Owner) {
				u.Marks &^= NetMarker
				break
			}
		}
	}
}

// throwsNets reports whether a token has an ability or trigger with a net
// step: the thrower of net markers.
func throwsNets(t *rules.Token) bool {
	for i := range t.Triggers {
		for _, a := range t.Triggers[i].Actions {
			if a.Op == rules.ActNet {
				return true
			}
		}
	}
	return false
}
