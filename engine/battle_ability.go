package engine

import "github.com/hexforge/hexforge/rules"

// Battle abilities: a unit with an `on instead_of_attack` trigger may, each
// time it could attack (a normal attack or an extra action, not an agony
// attack), do the trigger's actions instead. The resolver runs two actions:
// damage to every unit within a radius of the unit itself (where=self; the
// unit is the source and is not hit) and destroy where=self (the unit is
// removed at the end of the segment and no medic can save it). The wounds
// are recorded like any attack's, one attack per unit hit: medics absorb
// them; armor and reflection do not apply (they are not shots or blows
// across an edge). See docs/rules.md, "Battle abilities".

// battleAbility returns the unit's instead-of-attack trigger, or nil.
func battleAbility(t *rules.Token) *rules.Trigger {
	for i := range t.Triggers {
		if t.Triggers[i].Event == rules.OnAttack && len(t.Triggers[i].Actions) > 0 {
			return &t.Triggers[i]
		}
	}
	return nil
}

// abilityTargets calls f for every unit the damage action a of the unit on
// h (controlled by me) reaches, in board order. Friends are the units me
// controls: an ally's units are never hit, even by an area of every side
// ("Sojusznicze jednostki nie ranią się wzajemnie.", docs/rules.md, "Three
// and four players"). tok are the units' tokens as the segment reads them
// (Resolver.tok: with the conditional traits that hold, so an
// area_immune if=... is read where the unit stands now).
func abilityTargets(s *State, tok *[MaxHexes]*rules.Token, h Hex, me uint8, a *rules.Action, f func(x Hex)) {
	for x := Hex(0); int(x) < s.Board.Size; x++ {
		q := s.Cells[x].Unit
		if x == h || q.Empty() || int(s.Board.Dist[h][x]) > int(a.Radius) {
			continue
		}
		side := rules.Enemies
		if c := q.Controller(); c == me {
			side = rules.Friends
		} else if s.Friends(c, me) {
			continue // an ally's unit
		} else if tok[x].Traits.Has(rules.AreaImmune) {
			continue // area_immune: no opponent's area reaches it (immunity.go)
		}
		if a.Side&side == 0 || (s.Tok(q).Kind == rules.HQ && !a.HitsHQ) {
			continue
		}
		f(x)
	}
}

// abilityScore is how good using the ability is for its controller, as
// OwnerBest reads it: enemy units it destroys minus own units it destroys,
// the unit itself included when the ability destroys it (wounds taken
// before this segment only).
func abilityScore(s *State, tok *[MaxHexes]*rules.Token, h Hex, tr *rules.Trigger, toughB *[MaxHexes]int8) int {
	p := s.Cells[h].Unit
	me := p.Controller()
	score := 0
	for i := range tr.Actions {
		a := &tr.Actions[i]
		switch a.Op {
		case rules.ActDamage:
			abilityTargets(s, tok, h, me, a, func(x Hex) {
				q := s.Cells[x].Unit
				if int(q.Wounds)+int(a.Value) < effTough(s.Tok(q), int(toughB[x])) {
					return
				}
				if s.Friends(q.Controller(), me) {
					score--
				} else {
					score++
				}
			})
		case rules.ActDestroy:
			score--
		}
	}
	return score
}

// chooseAbility asks the unit's controller (QExplode) whether it uses its
// battle ability: option 0 attacks, option 1 uses the ability (Index: its
// abilityScore, so OwnerBest uses it only when it pays).
func chooseAbility(s *State, tok *[MaxHexes]*rules.Token, d Decider, h Hex, tr *rules.Trigger, opts []Option, toughB *[MaxHexes]int8) bool {
	opts[0] = Option{Hex: h, To: NoHex}
	opts[1] = Option{Hex: h, To: NoHex, Index: abilityScore(s, tok, h, tr, toughB)}
	return d.Choose(s, s.Cells[h].Unit.Controller(), QExplode, opts[:2]) == 1
}

// act makes the unit on h attack, or use its battle ability instead.
func (r *Resolver) act(h Hex, log *BattleLog) {
	s := r.s
	p := s.Cells[h].Unit
	var tr *rules.Trigger
	if len(r.tok[h].Triggers) > 0 {
		tr = battleAbility(r.tok[h])
	}
	if tr == nil || !chooseAbility(s, &r.tok, r.d, h, tr, r.opts[:2], &r.toughB) {
		r.attack(h, log, false)
		return
	}
	r.acted[h] = true
	me := p.Controller()
	fromHQ := r.tok[h].Kind == rules.HQ
	log.ability(s, h)
	for i := range tr.Actions {
		a := &tr.Actions[i]
		switch a.Op {
		case rules.ActDamage:
			abilityTargets(s, &r.tok, h, me, a, func(x Hex) {
				str := int(a.Value)
				if fromHQ && s.Tok(s.Cells[x].Unit).Kind == rules.HQ {
					str = 0
				}
				log.blast(s, h, x, str)
				if str == 0 || r.nhits >= maxHits {
					return
				}
				d, _ := s.Board.DirTo(h, x)
				r.hits[r.nhits] = hit{target: x, src: h, dir: d, wounds: int8(min(str, 127))}
				r.nhits++
			})
		case rules.ActDestroy:
			r.killed[h] = true
		}
	}
}

func (l *BattleLog) ability(s *State, h Hex) {
	if l == nil {
		return
	}
	pl, tok := l.unit(s, h)
	l.add(Event{Kind: EvAbility, Hex: h, Target: NoHex, Player: pl, Token: tok})
}

func (l *BattleLog) blast(s *State, src, target Hex, wounds int) {
	if l == nil {
		return
	}
	pl, tok := l.unit(s, src)
	tp, tt := l.unit(s, target)
	e := Event{Kind: EvBlast, Hex: src, Target: target, Player: pl, Token: tok, TargetPlayer: tp, TargetToken: tt, Wounds: wounds}
	if wounds == 0 && s.Tok(s.Cells[src].Unit).Kind == rules.HQ && s.Tok(s.Cells[target].Unit).Kind == rules.HQ {
		e.Why = WhyHQ // act's one reason for a blast of none
	}
	l.add(e)
}
