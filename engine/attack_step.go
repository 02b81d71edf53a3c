// attack_step.go runs the attack step (rules.ActAttack, docs/dsl.md
// "Attacks outside a battle"): a unit attacks once outside a battle along
// a direction its player picks, with a melee blow or a shot of the step's
// strength plus the unit's linked bonuses, and the battle's rules: armor
// on the edge the hit arrives at (shots only), reflection, flying units
// untouched by melee, an HQ never wounding an HQ, a medic taking the hit.
// What a shot passes over and where it stops is the step's to say
// (rules.Attack): own units are passed over unless stopped_by=friends or
// hits_friends; it stops at the first enemy unless piercing (every enemy)
// or aimed (the one its player picks); range= ends it early; stopped_by=hq
// ends it at an HQ.

package engine

import (
	"github.com/hexforge/hexforge/rules"
)

// attackers appends the hexes of the units that may make attack step act
// for player p, the ability's token on src: the token, the HQ, or any own
// unit, never a netted one.
func (g *Game) attackers(xs []Hex, act *rules.Action, p uint8, src Hex, nets *[MaxHexes]bool) []Hex {
	s := &g.S
	switch act.Attack.By {
	case rules.RefSelf:
		if src != NoHex && g.unitOK(src, rules.Friends, p, nets) {
			xs = append(xs, src)
		}
	case rules.RefOwnHQ:
		if h := s.HQ[p]; h != NoHex && g.unitOK(h, rules.Friends, p, nets) {
			xs = append(xs, h)
		}
	default:
		for h := Hex(0); int(h) < s.Board.Size; h++ {
			if g.unitOK(h, rules.Friends, p, nets) {
				xs = append(xs, h)
			}
		}
	}
	return xs
}

// attackTargets appends a target for each attacker and direction in which
// the attack reaches a unit it would hit (for aimed, one for each enemy it
// may pick: To): Hex is the attacker, Facing the direction.
func (g *Game) attackTargets(buf []Action, tmpl Action, act *rules.Action, p uint8, src Hex, nets *[MaxHexes]bool) []Action {
	var xs [MaxHexes]Hex
	b := g.S.Board
	for _, h := range g.attackers(xs[:0], act, p, src, nets) {
		for dir := rules.N; dir <= rules.NW; dir++ {
			if b.Nb[h][dir] == NoHex {
				continue
			}
			tmpl.Hex, tmpl.Facing, tmpl.To = h, dir, NoHex
			if act.Attack.Flags&rules.RangedAimed == 0 {
				if g.attackLine(h, dir, NoHex, act, 0, true, nil) > 0 {
					buf = append(buf, tmpl)
				}
				continue
			}
			for n := b.Nb[h][dir]; n != NoHex; n = b.Nb[n][dir] {
				if g.attackLine(h, dir, n, act, 0, true, nil) > 0 {
					tmpl.To = n
					buf = append(buf, tmpl)
				}
			}
		}
	}
	return buf
}

// runAttack makes the attack of target a (attacker a.Hex, direction
// a.Facing, aimed at a.To) with strength v.
func (g *Game) runAttack(a Action, act *rules.Action, v int, d Decider) {
	u := g.S.Cells[a.Hex].Unit
	if u.Empty() {
		return
	}
	g.traceEv(TrAttack, u.Owner, u.Token, a.Hex, a.To, a.Facing, v)
	g.attackLine(a.Hex, a.Facing, a.To, act, v, false, d)
}

// attackLine walks the attack of the unit on h in direction dir (aimed at
// aim) and hits what it reaches with strength v, or with dry only counts
// the units it would hit.
func (g *Game) attackLine(h Hex, dir rules.Dir, aim Hex, act *rules.Action, v int, dry bool, d Decider) int {
	s := &g.S
	b := s.Board
	at := act.Attack
	u := s.Cells[h].Unit
	hqAttacker := s.Tok(u).Kind == rules.HQ
	friendly := at.Flags&rules.MeleeHitsFriends != 0
	hits := 0
	var melee, ranged int
	if !dry {
		melee, ranged = g.attackBonus(h)
	}
	// hit wounds the unit on n (the hit arriving in direction dir, armor
	// counting for shots), unless it is an HQ and so is the attacker.
	hit := func(n Hex, strength int, armorDir rules.Dir, shot bool) {
		w := s.Cells[n].Unit
		if w.Empty() || (hqAttacker && s.Tok(w).Kind == rules.HQ) || (!shot && g.traitsOf(n, s.Tok(w)).Has(rules.Flying)) {
			return
		}
		// An opponent's unit immune to the step (an instant's attack on an
		// instant_immune unit) takes the hit without a wound: it still
		// stands in the line, so a shot that is not piercing stops there.
		if g.shield != 0 && g.immuneTo(w, n, u.Controller(), rules.Traits(g.shield)<<immShift) {
			return
		}
		hits++
		if dry {
			return
		}
		if shot && g.edgeOf(n, w.EdgeAt(armorDir)).Flags&rules.Armor != 0 {
			strength--
		}
		if strength <= 0 {
			return
		}
		var set [MaxHexes]bool
		set[n] = true
		if !g.medicAbsorbs(n, &set, d) {
			g.wound(n, strength, false)
		}
	}
	if !at.Ranged {
		n := b.Nb[h][dir]
		if n == NoHex || s.Cells[n].Unit.Empty() {
			return 0
		}
		if w := s.Cells[n].Unit; s.Friends(w.Controller(), u.Controller()) && !friendly {
			return 0
		}
		if to, ok := g.reflected(n, dir); ok {
			if to != NoHex {
				hit(to, v+melee, dir, false)
			}
			return hits
		}
		hit(n, v+melee, dir.Opposite(), false)
		return hits
	}
	strength := v
	if at.Flags&rules.RangedPiercing == 0 {
		strength += ranged // as a printed piercing shot, a piercing one takes no ranged bonus
	}
	k := 0
	for n := b.Nb[h][dir]; n != NoHex; n = b.Nb[n][dir] {
		if k++; at.Range > 0 && k > int(at.Range) {
			break
		}
		w := s.Cells[n].Unit
		if w.Empty() {
			continue
		}
		isHQ := s.Tok(w).Kind == rules.HQ
		if s.Friends(w.Controller(), u.Controller()) {
			switch {
			case friendly:
				hit(n, strength, dir.Opposite(), true)
				if at.Flags&rules.RangedPiercing == 0 {
					return hits
				}
			case at.Stop&rules.StopFriends != 0:
				return hits
			}
			if isHQ && at.Stop&rules.StopHQ != 0 {
				return hits
			}
			continue
		}
		if at.Flags&rules.RangedAimed != 0 && n != aim {
			if isHQ && at.Stop&rules.StopHQ != 0 {
				return hits
			}
			continue // an aimed shot passes over the enemies it is not aimed at
		}
		if hqAttacker && isHQ {
			return hits
		}
		if to, ok := g.reflected(n, dir); ok {
			if to != NoHex {
				hit(to, strength, dir, true) // bounced back one hex
			}
		} else {
			hit(n, strength, dir.Opposite(), true)
		}
		if at.Flags&rules.RangedPiercing == 0 || (isHQ && at.Stop&rules.StopHQ != 0) {
			return hits
		}
	}
	return hits
}
