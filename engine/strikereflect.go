package engine

import "github.com/hexforge/hexforge/rules"

// reflected: an attack outside a battle (an instant's strike) travelling in
// direction dir onto the unit on n arrives at that unit's edge facing back
// along dir. If that edge reflects and the unit is not netted, the attack
// does not hurt it and goes back one hex: ok is true, and to is the unit
// there that takes it (NoHex when that hex is empty, off the board, or
// holds a unit of the reflector's side). The battle resolver's strike
// follows the same rule (docs/rules.md, "Friendly fire, reflection").
func (g *Game) reflected(n Hex, dir rules.Dir) (to Hex, ok bool) {
	s := &g.S
	v := s.Cells[n].Unit
	if v.Empty() || g.edgeOf(n, v.EdgeAt(dir.Opposite())).Flags&rules.Reflect == 0 || g.computeNets()[n] {
		return NoHex, false
	}
	back := s.Board.Nb[n][dir.Opposite()]
	if back == NoHex {
		return NoHex, true
	}
	// A reflected attack is lost on an empty hex, a friend of the reflector,
	// or a flying unit (no reflected attack wounds a flying unit).
	if w := s.Cells[back].Unit; w.Empty() || s.Friends(w.Controller(), v.Controller()) || g.traitsOf(back, s.Tok(w)).Has(rules.Flying) {
		return NoHex, true
	}
	return back, true
}
