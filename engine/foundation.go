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
		fired = true
		prev := g.crediting(f.Owner, f.Token)
		for _, a := range tr.Actions {
			u := g.S.Cells[h].Unit
			if u.Empty() {
				break
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
