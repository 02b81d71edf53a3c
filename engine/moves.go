package engine

import "github.com/hexforge/hexforge/rules"

// reaches reports whether an effect of side side carried by the piece v
// reaches the piece u (friends: same controller; enemies: the other).
func reaches(side rules.Side, v, u Piece) bool {
	if v.Controller() == u.Controller() {
		return side&rules.Friends != 0
	}
	return side&rules.Enemies != 0
}

// moveDist is how far the unit on h may go with a move of base hexes (a
// move step, mobility): base plus the move effects that reach it, from the
// tokens linked to it and the global ones anywhere on the board, of tokens
// that are not netted; never below 0 (then it may only turn).
func (g *Game) moveDist(h Hex, base int, nets *[MaxHexes]bool) int {
	s := &g.S
	u := s.Cells[h].Unit
	bonus := 0
	if g.anyFx&(factLinkMove|factGlobalMove) == 0 {
		return max(0, base)
	}
	for d := rules.N; d <= rules.NW; d++ {
		n := s.Board.Nb[h][d]
		if n == NoHex || nets[n] {
			continue
		}
		v := s.Cells[n].Unit
		if v.Empty() || g.fact(v).flags&factLinkMove == 0 {
			continue
		}
		for _, e := range s.Tok(v).Effects {
			if e.Op == rules.EffMove && !e.Global && e.Dirs.Has(v.EdgeAt(d.Opposite())) && reaches(e.Side, v, u) {
				bonus += int(e.Value)
			}
		}
	}
	for x := 0; x < s.Board.Size; x++ {
		v := s.Cells[x].Unit
		if v.Empty() || nets[x] || g.fact(v).flags&factGlobalMove == 0 {
			continue
		}
		for _, e := range s.Tok(v).Effects {
			if e.Op == rules.EffMove && e.Global && reaches(e.Side, v, u) {
				bonus += int(e.Value)
			}
		}
	}
	return max(0, base+bonus)
}

// globalGrants are the traits global grant effects of tokens that are not
// netted give the unit on h.
func (g *Game) globalGrants(h Hex, nets *[MaxHexes]bool) rules.Traits {
	s := &g.S
	u := s.Cells[h].Unit
	var tr rules.Traits
	if g.anyFx&factGlobalGrant == 0 {
		return 0
	}
	for x := 0; x < s.Board.Size; x++ {
		v := s.Cells[x].Unit
		if v.Empty() || nets[x] || g.fact(v).flags&factGlobalGrant == 0 {
			continue
		}
		for _, e := range s.Tok(v).Effects {
			if e.Op == rules.EffGrant && e.Global && reaches(e.Side, v, u) {
				tr |= e.Grant
			}
		}
	}
	return tr
}
