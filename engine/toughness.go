package engine

import "github.com/hexforge/hexforge/rules"

// Toughness bonuses (the link effect toughness +N): a unit's toughness is
// its printed toughness plus the bonuses of the links that reach it from
// units that are not netted, at least 1. An HQ takes none: its toughness is
// its points, which every HQ rule counts. A bonus lost (its giver removed,
// netted or moved away) can leave a unit with wounds enough to destroy it:
// in a battle it is destroyed at the end of that segment, outside one at
// the end of the action (sweepToughness). docs/rules.md, "Toughness bonus".

// effTough is the toughness of a unit of token t with a link bonus.
func effTough(t *rules.Token, bonus int) int {
	if t.Kind == rules.HQ {
		return int(t.Toughness)
	}
	return max(1, int(t.Toughness)+bonus)
}

// toughBonus sums the toughness effects of the links that reach the unit on
// h from units for which netted is false.
func toughBonus(s *State, h Hex, netted func(Hex) bool) int {
	p := s.Cells[h].Unit
	n := 0
	for d := rules.N; d <= rules.NW; d++ {
		nb := s.Board.Nb[h][d]
		if nb == NoHex || netted(nb) {
			continue
		}
		l := s.Cells[nb].Unit
		if l.Empty() {
			continue
		}
		edge := l.EdgeAt(d.Opposite())
		side := rules.Enemies
		if s.Allies(l.Controller(), p.Controller()) {
			side = rules.Friends
		}
		for _, e := range s.Tok(l).Effects {
			if e.Op == rules.EffToughness && e.Dirs.Has(edge) && e.Side&side != 0 {
				n += int(e.Value)
			}
		}
	}
	return n
}

// toughness is the toughness of the unit on h now.
func (g *Game) toughness(h Hex) int {
	u := g.S.Cells[h].Unit
	if g.anyFx&factToughness == 0 {
		return effTough(g.S.Tok(u), 0)
	}
	nets := g.computeNets()
	netted := func(x Hex) bool { return nets[x] }
	if g.cfg.Structures {
		if m := MateOn(&g.S, h); m != NoHex {
			return effTough(g.S.Tok(u), pairLinkSum(&g.S, h, m, rules.EffToughness, netted))
		}
	}
	return effTough(g.S.Tok(u), toughBonus(&g.S, h, netted))
}

// sweepToughness destroys the units whose wounds have reached their
// toughness now that a bonus is gone.
func (g *Game) sweepToughness() {
	if g.anyFx&factToughness == 0 {
		return
	}
	for again := true; again; {
		again = false
		for h := Hex(0); int(h) < g.S.Board.Size; h++ {
			if u := g.S.Cells[h].Unit; !u.Empty() && u.Wounds > 0 && int(u.Wounds) >= g.toughness(h) {
				g.removeUnit(h) // may take another bonus away: look again
				again = true
			}
		}
	}
}

// creditKept credits the givers of the toughness bonus of every unit that
// ends the battle with wounds its printed toughness would not take (Kept).
func (r *Resolver) creditKept() {
	s := r.s
	for _, h := range r.occ[:r.nocc] {
		u := s.Cells[h].Unit
		if r.toughB[h] <= 0 || int(u.Wounds) < int(r.tok[h].Toughness) || r.tok[h].Kind == rules.HQ {
			continue
		}
		for d := rules.N; d <= rules.NW; d++ {
			nb := s.Board.Nb[h][d]
			if nb == NoHex || r.netted[nb] || s.Cells[nb].Unit.Empty() {
				continue
			}
			l := s.Cells[nb].Unit
			edge := l.EdgeAt(d.Opposite())
			for _, e := range s.Tok(l).Effects {
				side := rules.Enemies
				if s.Allies(l.Controller(), u.Controller()) {
					side = rules.Friends
				}
				if e.Op == rules.EffToughness && e.Value > 0 && e.Dirs.Has(edge) && e.Side&side != 0 {
					k := &r.Kept[l.Owner][l.Token]
					*k = uint8(min(255, int(*k)+1))
				}
			}
		}
	}
}
