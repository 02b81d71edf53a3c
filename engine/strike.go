// strike.go resolves hits outside a battle: a medic taking an instant's
// wounds for a linked unit, and a unit's single strike (hunt) with its
// linked attack bonuses.

package engine

import (
	"github.com/hexforge/hexforge/rules"
)

// medicAbsorbs: a friendly medic linked to the unit on h, not netted and
// not hit by the same effect, takes the instant's wounds (or destruction)
// for it and is destroyed. With several, the unit's controller picks
// (QMedicAbsorb). It reports whether a medic did.
func (g *Game) medicAbsorbs(h Hex, hit *[MaxHexes]bool, d Decider) bool {
	s := &g.S
	u := s.Cells[h].Unit
	opts := g.medics(g.ws.opts[:0], h, hit)
	g.ws.opts = opts[:0]
	if len(opts) == 0 {
		return false
	}
	i := 0
	if len(opts) > 1 {
		n := len(opts)
		i = clampChoice(d.Choose(s, u.Controller(), QMedicAbsorb, opts), n)
		// The Decider may have reused the scratch space: rebuild the list.
		opts = g.medics(g.ws.opts[:0], h, hit)
	}
	g.removeUnit(opts[i].Hex)
	return true
}

// medics appends the medics that can take the hit for the unit on h.
func (g *Game) medics(opts []Option, h Hex, hit *[MaxHexes]bool) []Option {
	s := &g.S
	nets := g.computeNets()
	if g.cfg.Structures {
		if mate := MateOn(s, h); mate != NoHex {
			return g.pairMedics(opts, h, mate, hit, nets) // structure.go
		}
	}
	var seen uint64
	return g.medicsBeside(opts, h, h, NoHex, hit, nets, &seen)
}

// strike: the unit on h attacks once with its edge facing board direction
// dir, outside a battle (hunt). Melee wounds the adjacent enemy; ranged
// hits the first enemy in the line (every enemy for piercing), less one
// for armor on the edge it arrives at. Linked melee/ranged bonuses of
// friendly, not netted tokens count; an HQ never wounds an HQ; a medic may
// take the wounds; the step's shield (immunity.go) keeps its wounds off an
// immune opponent.
//
// TODO(battle): call the resolver's attack routine once merged, so that
// reflect, friendly fire of nets and every modifier match the battle.
func (g *Game) strike(h Hex, dir rules.Dir, d Decider) {
	s := &g.S
	b := s.Board
	u := s.Cells[h].Unit
	if u.Empty() {
		return
	}
	t := s.Tok(u)
	e := g.edgeOf(h, u.EdgeAt(dir))
	melee, ranged := g.attackBonus(h)
	hqAttacker := t.Kind == rules.HQ
	hit := func(n Hex, strength int) {
		if strength <= 0 {
			return
		}
		// An opponent's unit immune to the step (an instant's strike, a
		// Hunt's, on an instant_immune unit) takes the hit without a
		// wound: it still stands in the line, so a shot that is not
		// piercing stops there, as the attack step's (attack_step.go).
		if g.shield != 0 && g.immuneTo(s.Cells[n].Unit, n, u.Controller(), rules.Traits(g.shield)<<immShift) {
			return
		}
		var set [MaxHexes]bool
		set[n] = true
		if !g.medicAbsorbs(n, &set, d) {
			g.wound(n, strength, false)
		}
	}
	if e.Melee > 0 {
		if n := b.Nb[h][dir]; n != NoHex {
			v := s.Cells[n].Unit
			if !v.Empty() && (!s.Friends(v.Controller(), u.Controller()) || e.Flags&rules.MeleeHitsFriends != 0) {
				if to, ok := g.reflected(n, dir); ok {
					n = to // bounced back one hex (NoHex: lost)
				}
				if n != NoHex {
					if w := s.Tok(s.Cells[n].Unit); !(hqAttacker && w.Kind == rules.HQ) && !g.traitsOf(n, w).Has(rules.Flying) {
						hit(n, int(e.Melee)+melee)
					}
				}
			}
		}
	}
	if e.Ranged > 0 {
		strength := int(e.Ranged)
		if e.Flags&rules.RangedPiercing == 0 {
			strength += ranged
		}
		for n := b.Nb[h][dir]; n != NoHex; n = b.Nb[n][dir] {
			v := s.Cells[n].Unit
			if v.Empty() || s.Friends(v.Controller(), u.Controller()) {
				continue
			}
			if hqAttacker && s.Tok(v).Kind == rules.HQ {
				break
			}
			sv := strength
			if to, ok := g.reflected(n, dir); ok {
				// Bounced back one hex: armor of the unit it hits there counts.
				if to != NoHex && !(hqAttacker && s.Tok(s.Cells[to].Unit).Kind == rules.HQ) {
					if w := s.Cells[to].Unit; g.edgeOf(to, w.EdgeAt(dir)).Flags&rules.Armor != 0 {
						sv--
					}
					hit(to, sv)
				}
			} else {
				if g.edgeOf(n, v.EdgeAt(dir.Opposite())).Flags&rules.Armor != 0 {
					sv--
				}
				hit(n, sv)
			}
			if e.Flags&rules.RangedPiercing == 0 {
				break
			}
		}
	}
}

// attackBonus sums the melee and ranged bonuses linked to the unit on h
// by friendly tokens that are not netted.
func (g *Game) attackBonus(h Hex) (melee, ranged int) {
	s := &g.S
	u := s.Cells[h].Unit
	nets := g.computeNets()
	if g.cfg.Structures {
		if m := MateOn(s, h); m != NoHex { // the links to either part of a Structure, once each
			netted := func(x Hex) bool { return nets[x] }
			melee, ranged = pairLinkSum(s, h, m, rules.EffMelee, netted), pairLinkSum(s, h, m, rules.EffRanged, netted)
			if hasStanding(s) { // and the standing ones (expr.go), as for any unit
				sm, sr := g.standingAttackBonus(h, m, nets)
				melee, ranged = melee+sm, ranged+sr
			}
			return melee, ranged
		}
	}
	for d := rules.N; d <= rules.NW; d++ {
		n := s.Board.Nb[h][d]
		if n == NoHex || nets[n] {
			continue
		}
		v := s.Cells[n].Unit
		if v.Empty() || !s.Allies(v.Controller(), u.Controller()) {
			continue
		}
		vt := s.Tok(v)
		for i := range vt.Effects {
			ef := &vt.Effects[i]
			if !ef.Dirs.Has(v.EdgeAt(d.Opposite())) || ef.Side&rules.Friends == 0 {
				continue
			}
			switch ef.Op {
			case rules.EffMelee:
				melee += int(ef.Value)
			case rules.EffRanged:
				ranged += int(ef.Value)
			}
		}
	}
	if hasStanding(s) {
		m, r := g.standingAttackBonus(h, NoHex, nets)
		melee, ranged = melee+m, ranged+r
	}
	return melee, ranged
}

// medicsBeside appends the medics beside x (the unit on h, or one part of
// the Structure whose parts stand on h and mate) that can take the hit for
// the unit on h: a friend, not hit, not netted, whose medic edge faces x,
// and not already in seen (a medic linked to both parts counts once).
func (g *Game) medicsBeside(opts []Option, x, h, mate Hex, hit, nets *[MaxHexes]bool, seen *uint64) []Option {
	s := &g.S
	u := s.Cells[h].Unit
	for dir := rules.N; dir <= rules.NW; dir++ {
		m := s.Board.Nb[x][dir]
		if m == NoHex || m == h || m == mate || *seen&(1<<uint(m)) != 0 || hit[m] || nets[m] {
			continue
		}
		med := s.Cells[m].Unit
		if med.Empty() || !s.Friends(med.Controller(), u.Controller()) {
			continue
		}
		mt := s.Tok(med)
		for i := range mt.Effects {
			if e := &mt.Effects[i]; e.Op == rules.EffMedic && e.Dirs.Has(med.EdgeAt(dir.Opposite())) {
				opts = append(opts, Option{Hex: m, To: h})
				*seen |= 1 << uint(m)
				break
			}
		}
	}
	return opts
}
