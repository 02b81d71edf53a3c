// expr.go computes the numbers and checks the conditions of the army
// language's one expression form (rules.Expr, rules.Test; docs/dsl.md,
// "Conditions and computed values"): a step's computed number when the
// step runs, and the link effects that hold under a condition or compute
// their bonus (rules.Standing) in each initiative segment of a battle and
// in a strike or attack outside one. An army without them never comes
// here: its battles test one bool per segment.

package engine

import (
	"github.com/hexforge/hexforge/rules"
)

// maxBonus bounds a computed link bonus, as the compiler bounds a written
// one (compiler.MaxBonus).
const maxBonus = 9

// enemyOf is the first player after p who is not p's friend: the enemy
// HQ of an expression (of=enemy_hq, wounds(enemy_hq)), as firstEnemy is
// for a step.
func (s *State) enemyOf(p uint8) uint8 {
	n := s.Players()
	for i := 1; i < n; i++ {
		if q := uint8((int(p) + i) % n); !s.Friends(p, q) && s.HQ[q] != NoHex {
			return q
		}
	}
	return p ^ 1
}

// exprRef is the hex of an expression's reference for player p, the
// effect's token on self.
func (s *State) exprRef(r rules.Ref, p uint8, self Hex) Hex {
	switch r {
	case rules.RefOwnHQ:
		return s.HQ[p]
	case rules.RefEnemyHQ:
		return s.HQ[s.enemyOf(p)]
	}
	return self
}

// exprSide reports whether unit u is of side for player p: own and
// allied units are friends.
func (s *State) exprSide(side rules.Side, p uint8, u Piece) bool {
	if c := u.Controller(); c == p || s.Friends(c, p) {
		return side&rules.Friends != 0
	}
	return side&rules.Enemies != 0
}

// Eval computes x for player p, the effect's token on self (NoHex when it
// has none); decks are the players' deck sizes (nil: unknown, 0).
func (s *State) Eval(x *rules.Expr, p uint8, self Hex, decks *[MaxPlayers]uint8) int {
	switch x.Op {
	case rules.ExNum:
		return int(x.N)
	case rules.ExAdd:
		return s.Eval(x.L, p, self, decks) + s.Eval(x.R, p, self, decks)
	case rules.ExSub:
		return s.Eval(x.L, p, self, decks) - s.Eval(x.R, p, self, decks)
	case rules.ExMul:
		return s.Eval(x.L, p, self, decks) * s.Eval(x.R, p, self, decks)
	case rules.ExMin:
		return min(s.Eval(x.L, p, self, decks), s.Eval(x.R, p, self, decks))
	case rules.ExMax:
		return max(s.Eval(x.L, p, self, decks), s.Eval(x.R, p, self, decks))
	case rules.ExWounds:
		if h := s.exprRef(x.Ref, p, self); h != NoHex && !s.Cells[h].Unit.Empty() {
			return int(s.Cells[h].Unit.Wounds)
		}
		return 0
	case rules.ExDeck:
		q := p
		if x.Side == rules.Enemies {
			q = s.enemyOf(p)
		}
		if decks == nil {
			return 0
		}
		return int(decks[q])
	}
	ref := NoHex
	if x.Sel.Rel != rules.RelNone {
		if ref = s.exprRef(x.Sel.Of, p, self); ref == NoHex {
			return 0
		}
	}
	n := 0
	for y := Hex(0); int(y) < s.Board.Size; y++ {
		u := s.Cells[y].Unit
		if u.Empty() || !s.exprSide(x.Side, p, u) || !relatedOn(s, x.Sel.Rel, x.Sel.Dist, ref, y) {
			continue
		}
		t := s.Tok(u)
		if x.Sel.Kinds != 0 {
			if x.Sel.Kinds&(1<<t.Kind) == 0 {
				continue
			}
		} else if !x.HQ && t.Kind == rules.HQ {
			continue
		}
		if x.Sel.Name != "" && !named(t, x.Sel.Name) {
			continue
		}
		switch x.Op {
		case rules.ExCount:
			n++
		case rules.ExMostMelee, rules.ExMostRanged:
			for e := range t.Edges {
				v := int(t.Edges[e].Melee)
				if x.Op == rules.ExMostRanged {
					v = int(t.Edges[e].Ranged)
				}
				n = max(n, v)
			}
		}
	}
	return n
}

// Holds checks the condition t for player p's token on self.
func (s *State) Holds(t *rules.Test, p uint8, self Hex, decks *[MaxPlayers]uint8) bool {
	if t.Cmp == rules.CmpNone {
		switch t.Cond {
		case rules.IfAdjacentOwnHQ:
			hq := s.HQ[p]
			return self != NoHex && hq != NoHex && s.Board.Dist[hq][self] == 1
		case rules.IfUnwounded:
			return self != NoHex && s.Cells[self].Unit.Wounds == 0
		}
		return true
	}
	l, r := s.Eval(t.L, p, self, decks), s.Eval(t.R, p, self, decks)
	switch t.Cmp {
	case rules.CmpGE:
		return l >= r
	case rules.CmpGT:
		return l > r
	case rules.CmpLE:
		return l <= r
	case rules.CmpLT:
		return l < r
	case rules.CmpEQ:
		return l == r
	}
	return l != r
}

// standingValue is the bonus of standing effect sd of the unit on h for
// its controller p: its Value, or its computed number cut to the bounds
// of a bonus; ok is false when its condition does not hold or the bonus
// is 0.
func (s *State) standingValue(sd *rules.Standing, p uint8, h Hex, decks *[MaxPlayers]uint8) (int8, bool) {
	if sd.If != nil && !s.Holds(sd.If, p, h, decks) {
		return 0, false
	}
	if sd.Num == nil {
		return sd.Effect.Value, true
	}
	v := max(-maxBonus, min(maxBonus, s.Eval(sd.Num, p, h, decks)))
	return int8(v), v != 0
}

// hasStanding reports whether any army of the game has standing effects.
func hasStanding(s *State) bool {
	for _, a := range s.Armies[:s.Players()] {
		if a != nil && len(a.Standing) > 0 {
			return true
		}
	}
	return false
}

// standingBonuses gives, for the segment, the standing effects of every
// unit that is not netted whose condition holds, as bonuses gives a plain
// link effect: to the units on its link edges of the effect's side (with a
// Structure's mate, once).
func (r *Resolver) standingBonuses() {
	s := r.s
	for _, h := range r.occ[:r.nocc] {
		if r.netted[h] {
			continue
		}
		p := s.Cells[h].Unit
		a := s.Armies[p.Owner]
		for i := range a.Standing {
			sd := &a.Standing[i]
			if sd.Token != int(p.Token) {
				continue
			}
			v, ok := s.standingValue(sd, p.Controller(), h, &r.decks)
			if !ok {
				continue
			}
			e := sd.Effect
			e.Value = v
			var reached uint64
			for d := rules.N; d <= rules.NW; d++ {
				if !e.Dirs.Has(d) {
					continue
				}
				nb := s.Board.Nb[h][edgeDir(p, d)]
				if nb == NoHex || r.ctl[nb] == noCtl {
					continue
				}
				side := rules.Enemies
				if r.ctl[nb] == r.ctl[h] || (r.feud && s.Allies(s.Cells[nb].Unit.Controller(), p.Controller())) {
					side = rules.Friends
				}
				if e.Side&side == 0 {
					continue
				}
				reached |= 1 << uint(nb)
				if r.pairs {
					if mt := r.mate[nb]; mt != NoHex {
						reached |= 1 << uint(mt)
					}
				}
			}
			for x := Hex(0); reached != 0; x++ {
				if reached&1 != 0 {
					r.give(x, &e)
				}
				reached >>= 1
			}
		}
	}
}

// standingAttackBonus sums the melee and ranged standing bonuses linked to
// the unit on h by friendly tokens that are not netted (a strike or an
// attack outside a battle, as attackBonus does for plain links). With a
// Structure (mate: the hex of its other part, else NoHex) the bonuses
// linked to either part count, each linked token's once, as pairLinkSum
// counts the plain ones.
func (g *Game) standingAttackBonus(h, mate Hex, nets *[MaxHexes]bool) (melee, ranged int) {
	s := &g.S
	u := s.Cells[h].Unit
	var seen uint64 // the linked units counted
	for _, x := range [2]Hex{h, mate} {
		if x == NoHex {
			break
		}
		other := mate // the part x is not
		if x == mate {
			other = h
		}
		for d := rules.N; d <= rules.NW; d++ {
			n := s.Board.Nb[x][d]
			if n == NoHex || n == h || n == mate || nets[n] || seen&(1<<uint(n)) != 0 {
				continue
			}
			seen |= 1 << uint(n)
			v := s.Cells[n].Unit
			if v.Empty() || !s.Allies(v.Controller(), u.Controller()) {
				continue
			}
			m, r := g.standingFrom(n, v, d.Opposite(), other)
			melee, ranged = melee+m, ranged+r
		}
	}
	return melee, ranged
}

// standingFrom sums the melee and ranged standing bonuses of the unit v on
// n whose link is on its edge facing board direction back, or (other not
// NoHex) reaches the hex other.
func (g *Game) standingFrom(n Hex, v Piece, back rules.Dir, other Hex) (melee, ranged int) {
	s := &g.S
	a := s.Armies[v.Owner]
	for i := range a.Standing {
		sd := &a.Standing[i]
		if sd.Token != int(v.Token) || sd.Effect.Side&rules.Friends == 0 {
			continue
		}
		if sd.Effect.Op != rules.EffMelee && sd.Effect.Op != rules.EffRanged {
			continue
		}
		if !sd.Effect.Dirs.Has(v.EdgeAt(back)) && (other == NoHex || !linksTo(s, n, other, &sd.Effect)) {
			continue
		}
		val, ok := s.standingValue(sd, v.Controller(), n, &g.DeckLen)
		if !ok {
			continue
		}
		if sd.Effect.Op == rules.EffMelee {
			melee += int(val)
		} else {
			ranged += int(val)
		}
	}
	return melee, ranged
}

// stepNumber computes the number of step act for player p, the ability's
// token on src, cut to at most hi, and traces it (a value line). A number
// of 0 or less makes the step do nothing.
func (g *Game) stepNumber(act *rules.Action, p uint8, src Hex, tok uint8) int8 {
	hi := maxBonus // damage and heal: the strength of a step (compiler.MaxStrength)
	if act.Op == rules.ActExtraDraw {
		hi = 5 // the draw step's maximum
	}
	v := max(0, min(g.S.Eval(act.Num, p, src, &g.DeckLen), hi))
	g.traceEv(TrValue, p, tok, src, NoHex, 0, v)
	return int8(v)
}
