package engine

import "github.com/hexforge/hexforge/rules"

// entered runs the enter triggers of a foundation under a unit that has
// just been placed on or moved onto h: `enemy_enters` when the unit is
// controlled by another player than the foundation's owner, `unit_enters`
// for any unit, own or enemy. Their destroy and damage steps hit the unit
// (an HQ only with `hq`); a linked medic may take them as it takes an
// instant's (000: medics absorb wounds "w wyniku innego efektu"). A
// foundation whose trigger fired is spent, even when an HQ walked onto it
// unharmed.
func (g *Game) entered(h Hex, d Decider) {
	c := &g.S.Cells[h]
	f := c.Ground
	if f.Empty() || c.Unit.Empty() {
		return
	}
	enemy := !g.S.Friends(c.Unit.Controller(), f.Owner)
	ft := g.S.Tok(f)
	fired := false
	for i := range ft.Triggers {
		tr := &ft.Triggers[i]
		if tr.Event != rules.OnUnitEnter && (tr.Event != rules.OnEnemyEnter || !enemy) {
			continue
		}
		if !g.limitOK(f.Owner, f.Token, uint8(i)) {
			continue // its allowance is used up: it lies there, unspent (limits.go)
		}
		g.spendLimit(f.Owner, f.Token, uint8(i))
		fired = true
		prev := g.crediting(f.Owner, f.Token)
		for k := range tr.Actions {
			a := &tr.Actions[k]
			if a.Sel != nil || a.Radius > 0 || a.At == rules.AtOwnHQ || a.At == rules.AtEnemyHQ {
				g.entryStep(f, uint8(i), uint8(k), h, d)
				continue
			}
			u := g.S.Cells[h].Unit
			if u.Empty() {
				continue // the steps that hit the unit that entered have nothing to hit
			}
			if g.S.Tok(u).Kind == rules.HQ && !a.HitsHQ {
				continue
			}
			if a.Op != rules.ActDestroy && a.Op != rules.ActDamage {
				continue
			}
			var hit [MaxHexes]bool
			hit[h] = true
			if g.medicAbsorbs(h, &hit, d) {
				continue
			}
			if a.Op == rules.ActDestroy {
				g.removeUnit(h)
			} else {
				g.wound(h, int(a.Value), false)
			}
		}
		g.credit = prev
	}
	if fired {
		g.removeGround(h)
	}
}

// entryStep runs step k of entry trigger trig of the foundation f on h
// that does not hit just the unit that entered: an area (radius=) around
// the entered hex or an HQ (at=), or what a selector picks, the entered
// hex being its event (of=event) and the foundation's self. Its targets
// are its owner's choice, as for the other events that fire by themselves.
func (g *Game) entryStep(f Piece, trig, k uint8, h Hex, d Decider) {
	act := &g.S.Tok(f).Triggers[trig].Actions[k]
	if act.Sel == nil {
		c := h
		if act.At == rules.AtOwnHQ || act.At == rules.AtEnemyHQ {
			if c = g.centre(act.At, f.Owner, h); c == NoHex {
				return
			}
		}
		savedPlayer, savedShield := g.Player, g.shield
		g.Player = f.Owner // whose step it is (a points game scores it)
		g.shield = shieldBits(g.stepShield(act, false))
		g.areaDamage(c, act, f.Owner, h, d)
		g.Player, g.shield = savedPlayer, savedShield
		return
	}
	savedPend, savedPlayer, savedPhase := g.pend, g.Player, g.Phase
	g.Player = f.Owner
	g.pend = pending{active: true, owner: f.Owner, token: f.Token, trig: trig, step: k, src: h, event1: hexPlus(h)}
	g.fireStep(d)
	g.pend, g.Player = savedPend, savedPlayer
	if g.Phase != PhaseOver {
		g.Phase = savedPhase
	}
}
