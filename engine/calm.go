package engine

import "github.com/hexforge/hexforge/rules"

// A calm placement: a unit put down where it takes no part in the battle.
//
// The search players score a placement by the board a hypothetical battle
// leaves (Resolver.Outcome), and they try every placement of every token
// in hand in a position: boards that differ from the position's own board
// in one unit. When that unit can be struck by nothing in the battle (no
// attack's line, no reflection reaches its hex from a unit of another
// side) and reaches no unit itself (its attacks find no unit of another
// side, its nets and link effects no unit at all), the battle goes as on
// the board without it, and leaves that board's outcome with the unit
// standing unhurt. So the outcome of the position's board, worked out
// once, with the unit put down on it, is the board Outcome would leave:
// the same cells, unit by unit, and the same HQs. TestCalmPlacementIsOutcome
// checks that on every calm placement of random games of every embedded
// army.
//
// It holds for Outcome's battle, in which every question takes its first
// option: no battle ability is used instead of an attack, no attack is
// converted, an aimed shot hits the first unit of another side in its
// line. Features whose reach it does not work out make no placement calm:
// takeovers, standing effects, conditional edges and traits, Structures,
// statuses (Calm.ok false).

// Calm is, for one board, where a unit placed would be calm (see above).
type Calm struct {
	ok bool
	// strict: some army takes over, so sides change in the battle (any
	// unit is one the placed unit's attacks may strike).
	strict bool
	// threat holds, by side, the hexes where a unit of that side could be
	// struck: the adjacent hexes of every melee edge and of every
	// reflecting edge and the whole line of every ranged edge of the
	// units of the other sides, whatever stands between (units leave the
	// board during a battle), and the adjacent hexes of every melee edge
	// that hits friends.
	threat [MaxPlayers]uint64
}

// CalmOf works out c for the board s (the board before the placements it
// is asked about).
func (r *Resolver) CalmOf(s *State, c *Calm) {
	*c = Calm{}
	r.s = s
	r.load()
	r.s = nil
	if r.standOn || r.condOn || r.structs || s.St.N != 0 {
		return
	}
	if r.takes {
		// Units change sides as takers come and go in the battle: every
		// unit's attacks may strike any side, and the hexes a takeover
		// or use_modules link reaches are no place for a calm unit. The
		// board must be the fixed point of its takeovers, as Apply
		// leaves it, so that the placement's board (on which PlacedBoard
		// worked them out again) is s with the unit put down.
		r.calmS = *s
		r.s = &r.calmS
		r.control()
		r.s = s
		if r.calmS.Cells != s.Cells {
			r.s = nil
			return
		}
		r.load()
		r.s = nil
		c.strict = true
	}
	c.ok = true
	b := s.Board
	for _, x := range r.occ[:r.nocc] {
		u := s.Cells[x].Unit
		t := r.tok[x]
		var reach, all uint64 // hexes struck: of another side; of any side
		for e := rules.N; e <= rules.NW; e++ {
			edge := &t.Edges[e]
			d := edgeDir(u, e)
			nb := b.Nb[x][d]
			if nb == NoHex {
				continue
			}
			if edge.Melee > 0 || edge.Flags&rules.Reflect != 0 {
				if edge.Flags&rules.MeleeHitsFriends != 0 {
					all |= 1 << uint(nb)
				}
				reach |= 1 << uint(nb)
			}
			if edge.Ranged > 0 {
				for n := nb; n != NoHex; n = b.Nb[n][d] {
					reach |= 1 << uint(n)
				}
			}
		}
		if c.strict {
			all |= reach
			if r.feat[x]&featTakes != 0 {
				for i := range t.Effects {
					if ef := &t.Effects[i]; ef.Op == rules.EffTakeover || ef.Op == rules.EffUseModules {
						for e := rules.N; e <= rules.NW; e++ {
							if nb := b.Nb[x][edgeDir(u, e)]; ef.Dirs.Has(e) && nb != NoHex {
								all |= 1 << uint(nb)
							}
						}
					}
				}
			}
		}
		if reach|all == 0 {
			continue
		}
		for side := range c.threat {
			if uint8(side) != r.ctl[x] {
				c.threat[side] |= reach
			}
			c.threat[side] |= all
		}
	}
}

// Placed reports whether unit u placed on the empty hex h of s, the board c
// was worked out for, is calm: Outcome on s with u on h leaves Outcome's
// board of s with u on h.
func (c *Calm) Placed(s *State, h Hex, u Piece) bool {
	if !c.ok {
		return false
	}
	side := s.SideOf(u.Controller())
	if c.threat[side]&(1<<uint(h)) != 0 {
		return false
	}
	b := s.Board
	t := s.Tok(u)
	other := func(n Hex) bool { // a unit the placed unit's attacks may strike
		q := s.Cells[n].Unit
		return !q.Empty() && (c.strict || s.SideOf(q.Controller()) != side)
	}
	for e := rules.N; e <= rules.NW; e++ {
		edge := &t.Edges[e]
		d := edgeDir(u, e)
		nb := b.Nb[h][d]
		if nb == NoHex {
			continue
		}
		if edge.Flags&rules.Net != 0 && !s.Cells[nb].Unit.Empty() {
			return false
		}
		if edge.Melee > 0 && (other(nb) || (edge.Flags&rules.MeleeHitsFriends != 0 && !s.Cells[nb].Unit.Empty())) {
			return false
		}
		if edge.Ranged > 0 {
			for n := nb; n != NoHex; n = b.Nb[n][d] {
				if other(n) {
					return false
				}
			}
		}
	}
	for i := range t.Effects {
		ef := &t.Effects[i]
		if ef.Global {
			return false
		}
		for e := rules.N; e <= rules.NW; e++ {
			if !ef.Dirs.Has(e) {
				continue
			}
			if nb := b.Nb[h][edgeDir(u, e)]; nb != NoHex && !s.Cells[nb].Unit.Empty() {
				return false
			}
		}
	}
	return true
}
