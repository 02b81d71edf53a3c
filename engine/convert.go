package engine

import (
	"fmt"
	"io"

	"github.com/hexforge/hexforge/rules"
)

// Attack conversion (link effect convert): once per battle the controller
// of a unit linked to a working convert effect may turn the attack of one
// of its edges into the other kind, with the same strength: a melee attack
// shot as an ordinary ranged attack (to_ranged), or a ranged attack struck
// as melee on the adjacent hex (to_melee). The converted attack counts the
// unit's melee and ranged bonuses both. A piercing edge is not converted.

const (
	convToRanged uint8 = 1 << iota // conv bit of a to_ranged link
	convToMelee                    // conv bit of a to_melee link
)

// noConvert is the edge number meaning "no conversion".
const noConvert = rules.Dir(255)

// convertChoice asks the controller of the unit on h, when it is linked to
// a conversion it has not used in this battle, which edge it converts (or
// none) for the attack it is making now. Options: the first is "none"
// (Hex = h, To = NoHex); the others carry the edge's board direction in
// Dir and, in Index, how many more wounds the converted attack deals than
// the plain one on the board as it stands (so OwnerBest converts only when
// it gains). It returns the printed edge and the mode.
func (r *Resolver) convertChoice(h Hex) (rules.Dir, uint8) {
	if r.conv[h] == 0 || r.convUsed[h] {
		return noConvert, 0
	}
	s := r.s
	p := s.Cells[h].Unit
	t := r.tok[h] // with its conditional edges (condedge.go)
	var edges [13]rules.Dir
	var modes [13]uint8
	r.opts[0] = Option{Hex: h, To: NoHex}
	k := 1
	for e := rules.N; e <= rules.NW; e++ {
		edge := &t.Edges[e]
		d := p.EdgeDir(e)
		if r.conv[h]&convToRanged != 0 && edge.Melee > 0 {
			str := int(edge.Melee) + int(r.meleeB[h]) + int(r.rangedB[h])
			gain := r.shotWounds(h, d, str) - r.meleeWounds(h, d, int(edge.Melee)+int(r.meleeB[h]), edge.Flags)
			r.opts[k] = Option{Hex: h, To: r.firstEnemy(h, d), Dir: d, Index: gain}
			edges[k], modes[k] = e, convToRanged
			k++
		}
		if r.conv[h]&convToMelee != 0 && edge.Ranged > 0 && edge.Flags&rules.RangedPiercing == 0 {
			str := int(edge.Ranged) + int(r.meleeB[h]) + int(r.rangedB[h])
			gain := r.meleeWounds(h, d, str, 0) - r.shotWounds(h, d, int(edge.Ranged)+int(r.rangedB[h]))
			r.opts[k] = Option{Hex: h, To: s.Board.Nb[h][d], Dir: d, Index: gain}
			edges[k], modes[k] = e, convToMelee
			k++
		}
	}
	if k == 1 {
		return noConvert, 0
	}
	i := r.d.Choose(s, p.Controller(), QConvert, r.opts[:k])
	if i <= 0 || i >= k {
		return noConvert, 0
	}
	r.convUsed[h] = true
	return edges[i], modes[i]
}

// firstEnemy is the first enemy unit in the line from h in direction d.
func (r *Resolver) firstEnemy(h Hex, d rules.Dir) Hex {
	s := r.s
	me := s.Cells[h].Unit.Controller()
	for nb := s.Board.Nb[h][d]; nb != NoHex; nb = s.Board.Nb[nb][d] {
		if q := s.Cells[nb].Unit; !q.Empty() && !s.Friends(q.Controller(), me) {
			return nb
		}
	}
	return NoHex
}

// shotWounds estimates the wounds of an ordinary shot of strength str from
// h in direction d (armor counted, reflection and medics not).
func (r *Resolver) shotWounds(h Hex, d rules.Dir, str int) int {
	s := r.s
	nb := r.firstEnemy(h, d)
	if nb == NoHex || str <= 0 {
		return 0
	}
	q := s.Cells[nb].Unit
	if s.Tok(s.Cells[h].Unit).Kind == rules.HQ && s.Tok(q).Kind == rules.HQ {
		return 0
	}
	if r.tok[nb].Edges[q.EdgeAt(d.Opposite())].Flags&rules.Armor != 0 || r.armorAll[nb] {
		str--
	}
	return max(0, str)
}

// meleeWounds estimates the wounds of a melee attack of strength str from h
// in direction d.
func (r *Resolver) meleeWounds(h Hex, d rules.Dir, str int, flags rules.EdgeFlags) int {
	s := r.s
	nb := s.Board.Nb[h][d]
	if nb == NoHex || str <= 0 {
		return 0
	}
	q := s.Cells[nb].Unit
	p := s.Cells[h].Unit
	if q.Empty() || (s.Friends(q.Controller(), p.Controller()) && flags&rules.MeleeHitsFriends == 0) {
		return 0
	}
	if s.Tok(p).Kind == rules.HQ && s.Tok(q).Kind == rules.HQ {
		return 0
	}
	return str
}

// convertedAttack makes the converted attack of base strength base from the
// unit on h in board direction d.
func (r *Resolver) convertedAttack(h Hex, d rules.Dir, base int, mode uint8, log *BattleLog) {
	s := r.s
	p := s.Cells[h].Unit
	isHQ := s.Tok(p).Kind == rules.HQ
	me := p.Controller()
	str := base + int(r.meleeB[h]) + int(r.rangedB[h])
	log.converted(s, h, d, mode == convToRanged)
	if str <= 0 {
		return
	}
	if mode == convToRanged {
		if nb := r.firstEnemy(h, d); nb != NoHex {
			r.strike(h, nb, d, str, true, isHQ, me, log)
		}
		return
	}
	if nb := s.Board.Nb[h][d]; nb != NoHex {
		if q := s.Cells[nb].Unit; !q.Empty() && !s.Friends(q.Controller(), me) {
			r.strike(h, nb, d, str, false, isHQ, me, log)
		}
	}
}

func (l *BattleLog) converted(s *State, h Hex, d rules.Dir, toRanged bool) {
	if l == nil {
		return
	}
	pl, tok := l.unit(s, h)
	l.add(Event{Kind: EvConvert, Hex: h, Target: s.Board.Nb[h][d], Player: pl, Token: tok, Ranged: toRanged})
}

func writeConverted(w io.Writer, e Event, at, towards string) {
	kind := "melee attack towards " + towards + " into a shot"
	if !e.Ranged {
		kind = "shot towards " + towards + " into a melee attack"
	}
	fmt.Fprintf(w, "    %d %q %s converts its %s\n", e.Player+1, e.Token, at, kind)
}
