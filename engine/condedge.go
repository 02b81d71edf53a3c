// condedge.go applies the edge features and traits that hold under a
// condition or compute their strength (rules.CondEdge, rules.CondTrait;
// docs/dsl.md, "Conditions and computed values"): in a battle at the start
// of every initiative segment, the resolver gives each unit that has some
// a copy of its token with them applied (condTokens); outside a battle a
// strike, an attack step and a reflection read the edge as it stands
// (edgeOf). An army without them never comes here: the battle tests one
// bool per segment, the rest one slice length.

package engine

import (
	"github.com/hexforge/hexforge/rules"
)

// maxStrength bounds a computed edge strength, as the compiler bounds a
// written one (compiler.MaxStrength).
const maxStrength = 9

// condHolds reports whether conditional edge ce of the unit on h holds for
// its controller p, with the strength of a melee or ranged feature.
func (s *State) condHolds(ce *rules.CondEdge, p uint8, h Hex, decks *[MaxPlayers]uint8) (uint8, bool) {
	if ce.If != nil && !s.Holds(ce.If, p, h, decks) {
		return 0, false
	}
	if ce.Num == nil {
		return ce.N, true
	}
	return uint8(max(0, min(maxStrength, s.Eval(ce.Num, p, h, decks)))), true
}

// applyCond puts feature ce with strength n on edge e: a melee or ranged
// attack takes the place of the printed one (strength and qualifiers),
// armor and reflect are added.
func applyCond(e *rules.Edge, ce *rules.CondEdge, n uint8) {
	switch ce.Feat {
	case rules.FeatMelee:
		e.Melee = n
		e.Flags = e.Flags&^rules.MeleeHitsFriends | ce.Flags
	case rules.FeatRanged:
		e.Ranged = n
		e.Flags = e.Flags&^(rules.RangedPiercing|rules.RangedAimed) | ce.Flags
	case rules.FeatArmor:
		e.Flags |= rules.Armor
	case rules.FeatReflect:
		e.Flags |= rules.Reflect
	}
}

// edgeOf is printed edge e of the unit on h as it stands now: with the
// conditional features of its token that hold (outside a battle: a
// strike, an attack step, a reflection).
func (g *Game) edgeOf(h Hex, e rules.Dir) rules.Edge {
	s := &g.S
	u := s.Cells[h].Unit
	ed := s.Tok(u).Edges[e]
	a := s.Armies[u.Owner]
	if len(a.CondEdges) == 0 {
		return ed
	}
	for i := range a.CondEdges {
		ce := &a.CondEdges[i]
		if ce.Token != int(u.Token) || !ce.Dirs.Has(e) {
			continue
		}
		if n, ok := s.condHolds(ce, u.Controller(), h, &g.DeckLen); ok {
			applyCond(&ed, ce, n)
		}
	}
	return ed
}

// hasCond reports whether army a has conditional edges or traits.
func hasCond(a *rules.Army) bool {
	return a != nil && (len(a.CondEdges) > 0 || len(a.CondTraits) > 0)
}

// loadCond marks, once per pair of armies, the token types that have
// conditional edges or traits, and adds the edges their conditional
// attacks are on to the edges the resolver's attack loop reads.
func (r *Resolver) loadCond() {
	r.condTok = [MaxPlayers][MaxArmyTokens]bool{}
	r.condOn = false
	for o, a := range r.s.Armies {
		if !hasCond(a) {
			continue
		}
		r.condOn = true
		for i := range a.CondEdges {
			ce := &a.CondEdges[i]
			k := ce.Token & (MaxArmyTokens - 1)
			r.condTok[o][k] = true
			if ce.Feat == rules.FeatMelee || ce.Feat == rules.FeatRanged {
				r.tokAtk[o][k] |= uint8(ce.Dirs)
			}
		}
		for i := range a.CondTraits {
			r.condTok[o][a.CondTraits[i].Token&(MaxArmyTokens-1)] = true
		}
	}
	if r.condOn && r.eff == nil {
		r.eff = new([MaxHexes]rules.Token)
	}
}

// condTokens gives, for the segment, every unit whose token has
// conditional edges or traits a copy of its token with those that hold
// applied: the battle reads r.tok.
func (r *Resolver) condTokens() {
	s := r.s
	for _, h := range r.occ[:r.nocc] {
		p := s.Cells[h].Unit
		o, k := p.Owner&(MaxPlayers-1), p.Token&(MaxArmyTokens-1)
		if !r.condTok[o][k] {
			continue
		}
		t := &r.eff[h]
		*t = *r.tokPtr[o][k]
		a, c := s.Armies[p.Owner], p.Controller()
		for i := range a.CondEdges {
			ce := &a.CondEdges[i]
			if ce.Token != int(p.Token) {
				continue
			}
			n, ok := s.condHolds(ce, c, h, &r.decks)
			if !ok {
				continue
			}
			for d := rules.N; d <= rules.NW; d++ {
				if ce.Dirs.Has(d) {
					applyCond(&t.Edges[d], ce, n)
				}
			}
		}
		for i := range a.CondTraits {
			if ct := &a.CondTraits[i]; ct.Token == int(p.Token) && s.Holds(ct.If, c, h, &r.decks) {
				t.Traits |= ct.Trait
			}
		}
		r.tok[h] = t
	}
}

// condEdged reports whether token ti of army a has conditional edges.
func condEdged(a *rules.Army, ti int) bool {
	for i := range a.CondEdges {
		if a.CondEdges[i].Token == ti {
			return true
		}
	}
	return false
}

// traitsOf are the standing traits of the unit on h, whose token is t:
// t's printed traits with its conditional ones that hold now.
func (g *Game) traitsOf(h Hex, t *rules.Token) rules.Traits {
	if !g.anyCondT {
		return t.Traits
	}
	return t.Traits | g.condTraitsAt(h)
}

// heavy reports whether the unit on h is heavy: by its token, a status or
// a condition that holds.
func (g *Game) heavy(h Hex) bool {
	s := &g.S
	return s.UnitTraits(s.Cells[h].Unit).Has(rules.Heavy) || (g.anyCondT && g.condTraitsAt(h).Has(rules.Heavy))
}

// condTraitsAt are the conditional traits of the unit on h that hold now,
// worked out from its controller.
func (g *Game) condTraitsAt(h Hex) rules.Traits {
	s := &g.S
	u := s.Cells[h].Unit
	if u.Empty() {
		return 0
	}
	a := s.Armies[u.Owner]
	var t rules.Traits
	for i := range a.CondTraits {
		if ct := &a.CondTraits[i]; ct.Token == int(u.Token) && t&ct.Trait == 0 && s.Holds(ct.If, u.Controller(), h, &g.DeckLen) {
			t |= ct.Trait
		}
	}
	return t
}
