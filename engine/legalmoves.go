// legalmoves.go lists the moves, turns, pushes and pulls a unit may make
// or undergo, for abilities, instants and their destinations.

package engine

import (
	"github.com/hexforge/hexforge/rules"
)

// moves appends the moves of the unit on h: up to dist hexes to an empty
// hex and/or any turn (heavy units only turn); doing nothing is left out.
func (g *Game) moves(buf []Action, tmpl Action, h Hex, dist int) []Action {
	s := &g.S
	b := s.Board
	u := s.Cells[h].Unit
	per := rules.Dir(g.symOf(u))
	heavy := g.heavy(h)
	whole := g.cfg.Structures && MateOn(s, h) != NoHex // a part moves only next to its mate
	tmpl.Hex = h
	for to := Hex(0); int(to) < b.Size; to++ {
		if to != h && (heavy || int(b.Dist[h][to]) > dist || !s.open(to) || (whole && !keepsWhole(s, h, to))) {
			continue
		}
		tmpl.To = to
		for f := rules.Dir(0); f < per; f++ {
			if to == h && f == u.Facing%per {
				continue
			}
			tmpl.Facing = f
			buf = append(buf, tmpl)
		}
	}
	return buf
}

// rotations appends every new facing of the unit on h.
func (g *Game) rotations(buf []Action, tmpl Action, h Hex) []Action {
	u := g.S.Cells[h].Unit
	per := rules.Dir(g.symOf(u))
	tmpl.Hex = h
	for f := rules.Dir(0); f < per; f++ {
		if f != u.Facing%per {
			tmpl.Facing = f
			buf = append(buf, tmpl)
		}
	}
	return buf
}

// movable: a unit that moves may be moved by others (not netted, not heavy).
func (g *Game) movable(h Hex, nets *[MaxHexes]bool) bool {
	u := g.S.Cells[h].Unit
	return !u.Empty() && !nets[h] && !g.heavy(h)
}

// pushDests appends the hexes the unit on n can be pushed to by the unit
// on h: empty, next to n, and one hex further from h.
func (g *Game) pushDests(opts []Option, h, n Hex) []Option {
	b := g.S.Board
	for d := rules.N; d <= rules.NW; d++ {
		m := b.Nb[n][d]
		if m != NoHex && b.Dist[h][m] == 2 && g.S.open(m) && (!g.cfg.Structures || keepsWhole(&g.S, n, m)) {
			opts = append(opts, Option{Hex: m, To: NoHex, Dir: g.S.Cells[n].Unit.Facing})
		}
	}
	return opts
}

// pushes appends the pushes the unit on h may make of an adjacent unit of
// side (relative to its controller): enemies for the rulebook's pushes, any
// side a fan step names (friend push, any push).
func (g *Game) pushes(buf []Action, tmpl Action, h Hex, side rules.Side, nets *[MaxHexes]bool) []Action {
	s := &g.S
	b := s.Board
	p := s.Cells[h].Unit.Controller()
	tmpl.Hex = h
	for d := rules.N; d <= rules.NW; d++ {
		n := b.Nb[h][d]
		if n == NoHex || !g.movable(n, nets) || !g.sideOK(side, p, s.Cells[n].Unit, n) || g.immuneTo(s.Cells[n].Unit, n, p, rules.EnemyMoveImmune) {
			continue
		}
		for e := rules.N; e <= rules.NW; e++ {
			m := b.Nb[n][e]
			if m != NoHex && b.Dist[h][m] == 2 && s.open(m) && (!g.cfg.Structures || keepsWhole(s, n, m)) {
				tmpl.To = n
				buf = append(buf, tmpl)
				break
			}
		}
	}
	return buf
}

// pullDests appends where the unit on n can be pulled next to h, with
// each facing its controller may give it.
func (g *Game) pullDests(opts []Option, h, n Hex) []Option {
	s := &g.S
	b := s.Board
	u := s.Cells[n].Unit
	per := rules.Dir(g.symOf(u))
	for d := rules.N; d <= rules.NW; d++ {
		m := b.Nb[n][d]
		if m == NoHex || b.Dist[h][m] != 1 || !s.open(m) || (g.cfg.Structures && !keepsWhole(s, n, m)) {
			continue
		}
		for f := rules.Dir(0); f < per; f++ {
			opts = append(opts, Option{Hex: m, To: NoHex, Dir: f})
		}
	}
	return opts
}

// pulls appends the pulls the unit on h may make of a unit of side dist
// hexes away (as pushes).
func (g *Game) pulls(buf []Action, tmpl Action, h Hex, dist int8, side rules.Side, nets *[MaxHexes]bool) []Action {
	s := &g.S
	b := s.Board
	p := s.Cells[h].Unit.Controller()
	tmpl.Hex = h
	for n := Hex(0); int(n) < b.Size; n++ {
		if b.Dist[h][n] != dist || !g.movable(n, nets) || !g.sideOK(side, p, s.Cells[n].Unit, n) || g.immuneTo(s.Cells[n].Unit, n, p, rules.EnemyMoveImmune) {
			continue
		}
		for d := rules.N; d <= rules.NW; d++ {
			m := b.Nb[n][d]
			if m != NoHex && b.Dist[h][m] == 1 && s.open(m) && (!g.cfg.Structures || keepsWhole(s, n, m)) {
				tmpl.To = n
				buf = append(buf, tmpl)
				break
			}
		}
	}
	return buf
}
