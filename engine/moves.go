package engine

import "github.com/hexforge/hexforge/rules"

// reaches reports whether an effect of side side carried by the piece v
// reaches the piece u (friends: the same controller or an ally, as a
// module's bonus reaches allies; enemies: the others).
func reaches(s *State, side rules.Side, v, u Piece) bool {
	if s.Allies(v.Controller(), u.Controller()) {
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
	paired := false // a Structure's part: the links to either part count, once each (pairLinkSum)
	if g.cfg.Structures {
		if m := MateOn(s, h); m != NoHex {
			bonus, paired = pairLinkSum(s, h, m, rules.EffMove, func(x Hex) bool { return nets[x] }), true
		}
	}
	for d := rules.N; d <= rules.NW && !paired; d++ {
		n := s.Board.Nb[h][d]
		if n == NoHex || nets[n] {
			continue
		}
		v := s.Cells[n].Unit
		if v.Empty() || g.fact(v).flags&factLinkMove == 0 {
			continue
		}
		for _, e := range s.Tok(v).Effects {
			if e.Op == rules.EffMove && !e.Global && e.Dirs.Has(v.EdgeAt(d.Opposite())) && reaches(s, e.Side, v, u) {
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
			if e.Op == rules.EffMove && e.Global && reaches(s, e.Side, v, u) {
				bonus += int(e.Value)
			}
		}
	}
	return max(0, base+bonus)
}

// mobilityGranters are the tokens, not netted, that grant mobility to the
// unit on h: link, its neighbours whose grant reaches it; global, the
// tokens with a global grant. Each one bit per hex. Every granter gives a
// move of its own: the Transport modules' moves "nie sumują (nie kumulują)
// się i każdy z nich działa niezależnie" (Neuroshima Hex 3.0 core rules,
// Modules), and a unit may use every possibility in turn (Neuroshima Hex
// Duel, special situations).
func (g *Game) mobilityGranters(h Hex, nets *[MaxHexes]bool) (link, global uint64) {
	g.eachGrant(h, nets, func(from Hex, grant rules.Traits, isGlobal bool) {
		switch {
		case !grant.Has(rules.Mobility):
		case isGlobal:
			global |= 1 << uint(from)
		default:
			link |= 1 << uint(from)
		}
	})
	return link, global
}

// eachGrant calls f for every grant effect that reaches the unit on h from
// a token that is not netted: through a link of a neighbour, or a global
// grant of any token on the board.
func (g *Game) eachGrant(h Hex, nets *[MaxHexes]bool, f func(from Hex, grant rules.Traits, global bool)) {
	s := &g.S
	u := s.Cells[h].Unit
	if g.cfg.Structures && g.anyFx&factLinkGrant != 0 {
		// A grant linked to the mate of a part reaches the part too; a
		// granter linked to both is one granter (from), as the callers
		// count granters by hex.
		if m := MateOn(s, h); m != NoHex {
			g.eachLinkedGrant(m, u, nets, f)
		}
	}
	if g.anyFx&factLinkGrant != 0 {
		for d := rules.N; d <= rules.NW; d++ {
			n := s.Board.Nb[h][d]
			if n == NoHex {
				continue
			}
			v := s.Cells[n].Unit
			if v.Empty() || nets[n] || g.fact(v).flags&factLinkGrant == 0 {
				continue
			}
			for i := range s.Tok(v).Effects {
				if e := &s.Tok(v).Effects[i]; e.Op == rules.EffGrant && !e.Global && e.Dirs.Has(v.EdgeAt(d.Opposite())) && reaches(s, e.Side, v, u) {
					f(n, e.Grant, false)
				}
			}
		}
	}
	if g.anyFx&factGlobalGrant != 0 {
		for x := Hex(0); int(x) < s.Board.Size; x++ {
			v := s.Cells[x].Unit
			if v.Empty() || nets[x] || g.fact(v).flags&factGlobalGrant == 0 {
				continue
			}
			for i := range s.Tok(v).Effects {
				if e := &s.Tok(v).Effects[i]; e.Op == rules.EffGrant && e.Global && reaches(s, e.Side, v, u) {
					f(x, e.Grant, true)
				}
			}
		}
	}
}

// freeGrantedMove reports whether the unit on h has a granter whose move it
// has not used this turn.
func (g *Game) freeGrantedMove(h Hex, nets *[MaxHexes]bool) bool {
	link, global := g.mobilityGranters(h, nets)
	return (link|global)&^g.grantsUsed(h) != 0
}

// grantsUsed are the granters whose move the unit on h has used this
// turn; for a Structure's part, its mate's too (one unit, one move of
// each granter).
func (g *Game) grantsUsed(h Hex) uint64 {
	used := g.grantUsed[h]
	if g.cfg.Structures {
		if m := MateOn(&g.S, h); m != NoHex {
			used |= g.grantUsed[m]
		}
	}
	return used
}

// useGrantedMove marks the granter whose move the unit on h uses to go to
// to: a linked granter it leaves first, so that the ones still beside it
// afterwards (and the global ones) keep their moves.
func (g *Game) useGrantedMove(h, to Hex) {
	link, global := g.mobilityGranters(h, g.computeNets())
	link &^= g.grantsUsed(h)
	global &^= g.grantsUsed(h)
	var near uint64 // granters beside the destination
	for x := 0; x < g.S.Board.Size; x++ {
		if to != NoHex && g.S.Board.Dist[x][to] == 1 {
			near |= 1 << uint(x)
		}
	}
	for _, m := range [...]uint64{link &^ near, link, global} {
		if m != 0 {
			g.grantUsed[h] |= m & -m
			return
		}
	}
}
