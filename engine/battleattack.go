// battleattack.go resolves a unit's attacks in a battle: every edge,
// aimed shots, reflection, the HQ rule, armor, and HQ points.

package engine

import (
	"math/bits"

	"github.com/hexforge/hexforge/rules"
)

// attack makes the unit on h attack with all its edges.
func (r *Resolver) attack(h Hex, log *BattleLog, agony bool) {
	s := r.s
	r.acted[h] = true
	p := s.Cells[h].Unit
	t := r.tok[h]
	isHQ := t.Kind == rules.HQ
	me := r.ctl[h] // the attacker's side: its shots pass friends
	log.acts(s, h, agony)
	ce, cmode := noConvert, uint8(0)
	if r.conv[h] != 0 {
		ce, cmode = r.convertChoice(h)
	}
	for m := uint(r.tokAtk[p.Owner&(MaxPlayers-1)][p.Token&(MaxArmyTokens-1)]); m != 0; m &= m - 1 {
		e := rules.Dir(bits.TrailingZeros(m))
		edge := &t.Edges[e]
		d := edgeDir(p, e)
		melee, ranged := edge.Melee, edge.Ranged
		if e == ce {
			if cmode == convToRanged {
				r.convertedAttack(h, d, int(melee), cmode, log)
				melee = 0
			} else {
				r.convertedAttack(h, d, int(ranged), cmode, log)
				ranged = 0
			}
		}
		if melee > 0 {
			str := int(melee) + int(r.meleeB[h])
			nb := s.Board.Nb[h][d]
			if str > 0 && nb != NoHex {
				if c := r.ctl[nb]; c != noCtl && (c != me || edge.Flags&rules.MeleeHitsFriends != 0) {
					r.strike(h, nb, d, str, false, isHQ, me, log)
				}
			}
		}
		if ranged > 0 {
			switch {
			case edge.Flags&rules.RangedPiercing != 0:
				str := int(ranged)
				for nb := s.Board.Nb[h][d]; nb != NoHex; nb = s.Board.Nb[nb][d] {
					if c := r.ctl[nb]; c != noCtl && c != me {
						r.strike(h, nb, d, str, true, isHQ, me, log)
					}
				}
			default:
				str := int(ranged) + int(r.rangedB[h])
				if str <= 0 {
					continue
				}
				target := NoHex
				if edge.Flags&rules.RangedAimed != 0 {
					target = r.aim(h, d, p.Controller(), str)
				} else {
					for nb := s.Board.Nb[h][d]; nb != NoHex; nb = s.Board.Nb[nb][d] {
						if c := r.ctl[nb]; c != noCtl && c != me {
							target = nb
							break
						}
					}
				}
				if target != NoHex {
					r.strike(h, target, d, str, true, isHQ, me, log)
				}
			}
		}
	}
}

// aim asks the attacker which enemy in the line its aimed shot hits.
func (r *Resolver) aim(h Hex, d rules.Dir, me uint8, str int) Hex {
	s := r.s
	k := 0
	for nb := s.Board.Nb[h][d]; nb != NoHex && k < maxOptions; nb = s.Board.Nb[nb][d] {
		q := s.Cells[nb].Unit
		if c := r.ctl[nb]; c != noCtl && c != r.ctl[h] {
			kills := 0
			if int(q.Wounds)+str >= r.tough(nb) {
				kills = 1
			}
			r.opts[k] = Option{Hex: nb, To: h, Dir: d, Index: kills}
			k++
		}
	}
	switch k {
	case 0:
		return NoHex
	case 1:
		return r.opts[0].Hex
	}
	i := r.d.Choose(s, me, QAimTarget, r.opts[:k])
	if i < 0 || i >= k {
		i = 0
	}
	return r.opts[i].Hex
}

// strike delivers one attack travelling in direction d onto the unit on
// target: reflection, the HQ rule and armor, then records the wounds.
func (r *Resolver) strike(src, target Hex, d rules.Dir, str int, ranged, fromHQ bool, me uint8, log *BattleLog) {
	s := r.s
	q := s.Cells[target].Unit
	qt := r.tok[target]
	arrive := edgeAt(q, opposite(d))
	if qt.Edges[arrive].Flags&rules.Reflect != 0 && !r.netted[target] {
		log.reflected(s, target, src)
		back := opposite(d)
		nb := s.Board.Nb[target][back]
		if nb == NoHex {
			return
		}
		if c := r.ctl[nb]; c == noCtl || c == r.ctl[target] {
			return
		}
		if r.tok[nb].Traits.Has(rules.Flying) {
			log.hit(s, src, nb, 0, ranged, WhyFlying) // no reflected attack wounds a flying unit
			return
		}
		r.land(src, nb, back, str, ranged, fromHQ, log)
		return
	}
	r.land(src, target, d, str, ranged, fromHQ, log)
}

// land applies the HQ rule and armor and records the hit.
func (r *Resolver) land(src, target Hex, d rules.Dir, str int, ranged, fromHQ bool, log *BattleLog) {
	s := r.s
	q := s.Cells[target].Unit
	qt := r.tok[target]
	if (fromHQ && qt.Kind == rules.HQ) || (!ranged && qt.Traits.Has(rules.Flying)) {
		why := WhyFlying // a flying unit takes no melee wounds
		if fromHQ && qt.Kind == rules.HQ {
			why = WhyHQ
		}
		log.hit(s, src, target, 0, ranged, why)
		return
	}
	if ranged && (qt.Edges[edgeAt(q, opposite(d))].Flags&rules.Armor != 0 || r.armorAll[target]) {
		str--
	}
	if r.exposedOn {
		str += r.exposed(target, ranged)
	}
	if str < 0 {
		str = 0
	}
	if r.points && qt.Kind == rules.HQ {
		r.scoreHQ(src, target, str, ranged, log)
		return
	}
	if log != nil { // the reason is looked for only when a log is kept
		log.hit(s, src, target, str, ranged, r.zeroWhy(target, d, str, ranged))
	}
	if str == 0 || r.nhits >= maxHits {
		return
	}
	r.hits[r.nhits] = hit{target: target, src: src, dir: d, wounds: int8(min(str, 127)), ranged: ranged}
	r.nhits++
}

// zeroWhy is why a hit that land let through wounds nothing (str, its
// wounds, 0): armor, a status of the target, or both; WhyNone when it
// wounds. It asks again what land asked, for the log alone.
func (r *Resolver) zeroWhy(target Hex, d rules.Dir, str int, ranged bool) HitWhy {
	if str > 0 {
		return WhyNone
	}
	q := r.s.Cells[target].Unit
	armor := ranged && (r.tok[target].Edges[edgeAt(q, opposite(d))].Flags&rules.Armor != 0 || r.armorAll[target])
	status := r.exposedOn && r.exposed(target, ranged) < 0
	switch {
	case armor && status:
		return WhyArmorStatus
	case armor:
		return WhyArmor
	case status:
		return WhyStatus
	}
	return WhyNone
}

// scoreHQ credits a hit of str on the HQ on target in a points game:
// "Sztaby posiadają nieograniczoną Wytrzymałość, a za każdym razem, gdy
// gracz trafia w Sztab któregokolwiek przeciwnika, zamiast zadawać rany,
// otrzymuje odpowiednią liczbę punktów." Kept out of land, whose other
// games never need it.
//
//go:noinline
func (r *Resolver) scoreHQ(src, target Hex, str int, ranged bool, log *BattleLog) {
	s := r.s
	log.hit(s, src, target, 0, ranged, WhyPoints)
	if c := s.Cells[src].Unit.Controller(); !s.Friends(c, s.Cells[target].Unit.Controller()) {
		s.score(c, str)
	}
}
