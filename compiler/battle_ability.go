package compiler

import (
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// checkBattleAction checks one action of a trigger against what its event
// can run. A battle ability (`on instead_of_attack`) runs inside the battle
// resolver, which knows only area damage and destruction centred on the
// token itself; where=self means nothing outside a battle ability.
func (c *compiler) checkBattleAction(ev rules.Event, a rules.Action, g *dsl.Group) {
	if ev != rules.OnAttack {
		if a.Where == rules.Self {
			c.errs.Errorf(groupPos(g), "where=self is only for battle abilities (on instead_of_attack)")
		}
		return
	}
	switch {
	case a.Op == rules.ActDamage && a.Where == rules.Self && a.Radius > 0 && a.At == rules.AtFit:
	case a.Op == rules.ActDestroy && a.Where == rules.Self:
	default:
		c.errs.Errorf(groupPos(g), "a battle ability (on instead_of_attack) can only do `damage N radius=R where=self` (R at least 1) and `destroy where=self`")
		return
	}
	if a.Optional {
		c.errs.Errorf(groupPos(g), "a battle ability is always the controller's choice as a whole; drop optional")
	}
}

// checkBattleTrigger checks the token and the trigger of a battle ability.
func (c *compiler) checkBattleTrigger(t *rules.Token, tr *rules.Trigger, s *dsl.Stmt) {
	if tr.Event != rules.OnAttack {
		return
	}
	if t.Kind != rules.Warrior && t.Kind != rules.HQ {
		c.errs.Errorf(stmtPos(s), "on instead_of_attack is used in place of an attack: a %s never attacks (use it on a warrior or an HQ)", t.Kind)
	}
	if tr.CostHQ != 0 || tr.Discard != 0 {
		c.errs.Errorf(stmtPos(s), "a battle ability (on instead_of_attack) has no cost")
	}
}
