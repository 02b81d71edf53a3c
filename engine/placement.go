// placement.go honours the tokens' placement rules (rules.Placement,
// rules.Facing; docs/dsl.md "Placement rules"): where a player may put a
// token from the hand (place only / place never) and how a unit placed
// next to a token that turns it must face (facing SIDE: toward|away).
// LegalActions lists only the placements they allow, so a player never
// sees another. Without such a rule in either army (anyPlace 0) nothing
// here runs.

package engine

import "github.com/hexforge/hexforge/rules"

// anyPlace bits: some token has a place rule, some token a facing rule.
const (
	placeRules uint8 = 1 << iota
	facingRules
)

// armyPlaceRules are the anyPlace bits of army a.
func armyPlaceRules(a *rules.Army) uint8 {
	var b uint8
	if len(a.Placements) > 0 {
		b |= placeRules
	}
	if len(a.Facings) > 0 {
		b |= facingRules
	}
	return b
}

// placeAllowed reports whether token type t of player p may be placed
// from the hand on h under its place rules: for each `place only` some
// unit matches, for each `place never` none does.
func (g *Game) placeAllowed(h Hex, p, t uint8) bool {
	a := g.S.Armies[p]
	for i := range a.Placements {
		pl := &a.Placements[i]
		if pl.Token != int(t) {
			continue
		}
		found := false
		for x := Hex(0); int(x) < g.S.Board.Size && !found; x++ {
			found = g.Matches(&pl.Sel, pl.Side, pl.HQ, p, h, x)
		}
		if found == pl.Never {
			return false
		}
	}
	return true
}

// wantFacing is the facing the facing rules of the tokens next to h ask
// of a unit of player p placed there: ruled when some rule applies, ok
// when they agree (toward one: its printed top edge points at it; away:
// straight away from it).
func (g *Game) wantFacing(h Hex, p uint8) (want rules.Dir, ruled, ok bool) {
	s := &g.S
	for d := rules.N; d <= rules.NW; d++ {
		n := s.Board.Nb[h][d]
		if n == NoHex {
			continue
		}
		for _, v := range [2]Piece{s.Cells[n].Unit, s.Cells[n].Ground} {
			if v.Empty() {
				continue
			}
			for _, fc := range s.Armies[v.Owner&(MaxPlayers-1)].Facings {
				if fc.Token != int(v.Token) || !g.facingSide(fc.Side, v.Controller(), p) {
					continue
				}
				w := d
				if fc.Away {
					w = d.Opposite()
				}
				if ruled && w != want {
					return 0, true, false // two rules disagree: no facing obeys both
				}
				want, ruled = w, true
			}
		}
	}
	return want, ruled, true
}

// facingSide reports whether a unit of player p is of side (relative to
// the turning token's controller c).
func (g *Game) facingSide(side rules.Side, c, p uint8) bool {
	if c == p || g.S.Friends(c, p) {
		return side&rules.Friends != 0
	}
	return side&rules.Enemies != 0
}

// placeFacings appends tmpl, a placement of unit type t of player p, with
// each facing the facing rules around its hex allow: all of them (as
// facings) where none applies, the one they ask for where some do.
func (g *Game) placeFacings(buf []Action, tmpl Action, p, t uint8) []Action {
	want, ruled, ok := g.wantFacing(tmpl.Hex, p)
	switch {
	case !ruled:
		return g.facings(buf, tmpl, p, t)
	case ok:
		tmpl.Facing = want
		buf = append(buf, tmpl)
	}
	return buf
}
