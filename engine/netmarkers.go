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
	if !s.anyNetMarker() {
		return
	}
	recall := g.recalled()
	for h := 0; h < s.Board.Size; h++ {
		if u := &s.Cells[h].Unit; comesBack(s, *u, recall) {
			u.Marks &^= NetMarker
		}
	}
}

// anyNetMarker reports whether a net marker lies on the board.
func (s *State) anyNetMarker() bool {
	for h := 0; h < s.Board.Size; h++ {
		if u := s.Cells[h].Unit; !u.Empty() && u.Marks&NetMarker != 0 {
			return true
		}
	}
	return false
}

// recalled is a bit per player whose thrower of markers is netted on the
// board: the players whose markers come back (recallNetMarkers).
func (g *Game) recalled() uint8 {
	s := &g.S
	nets := g.computeNets()
	var recall uint8
	for h := 0; h < s.Board.Size; h++ {
		if u := s.Cells[h].Unit; !u.Empty() && nets[h] && throwsNets(s.Tok(u)) {
			recall |= 1 << u.Owner
		}
	}
	return recall
}

// comesBack reports whether the net marker of the unit u, if it has one,
// comes back when the throwers of the players in recall are netted: a
// thrower of an enemy of its owner is.
func comesBack(s *State, u Piece, recall uint8) bool {
	if u.Empty() || u.Marks&NetMarker == 0 {
		return false
	}
	for q := range uint8(s.Players()) {
		if recall&(1<<q) != 0 && !s.Friends(q, u.Owner) {
			return true
		}
	}
	return false
}

// markersStay reports whether recallNetMarkers would leave every marker
// of g.S where it is.
func (g *Game) markersStay() bool {
	s := &g.S
	recall := g.recalled()
	for h := 0; h < s.Board.Size; h++ {
		if comesBack(s, s.Cells[h].Unit, recall) {
			return false
		}
	}
	return true
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
