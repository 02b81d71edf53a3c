package compiler

import (
	"slices"

	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// The attack step (docs/dsl.md, "Attacks outside a battle"):
//
//	attack melee N [hits_friends] [unit=self|own_hq|own] [optional]
//	attack ranged N [piercing | aimed] [hits_friends] [range=R] [stopped_by=friends] [stopped_by=hq] [unit=...] [optional]
//
// A unit attacks once along a direction its player picks, with the
// battle's rules (engine/attack_step.go). The qualifiers compose: what a
// shot hits (piercing: every enemy; aimed: the one its player picks;
// hits_friends: own units too), how far it goes (range=), and what stops
// it besides the enemy it hits (stopped_by=friends, stopped_by=hq).

// attackKinds are the words after attack; attackUnits the values of its
// unit=.
var (
	attackKinds = []string{"melee", "ranged"}
	attackUnits = []string{"self", "own_hq", "own"}
)

func attackOf(a *rules.Action) *rules.Attack {
	if a.Attack == nil {
		a.Attack = &rules.Attack{}
	}
	return a.Attack
}

// attackKind reads the melee or ranged after attack and returns the
// values after it.
func (c *compiler) attackKind(a *rules.Action, head *dsl.Value, rest []*dsl.Value) []*dsl.Value {
	at := attackOf(a)
	if len(rest) == 0 || rest[0].Ident == nil || rest[0].Key != nil {
		c.errs.Errorf(valuePos(head), "attack needs melee or ranged and a strength, e.g. attack ranged 2")
		return rest
	}
	if w, ok := c.wordValue(rest[0], "attack kind", attackKinds); ok {
		at.Ranged = w == "ranged"
	}
	return rest[1:]
}

// attackNamed reads attack's named value key=kv (v as written).
func (c *compiler) attackNamed(a *rules.Action, key string, kv, v *dsl.Value) {
	at := attackOf(a)
	switch key {
	case "range":
		if n, ok := c.intValue(kv, "range", 1, 6); ok {
			at.Range = uint8(n)
		}
	case "stopped_by":
		if w, ok := c.wordValue(kv, "stopped_by", rules.AttackStopNames); ok {
			at.Stop |= 1 << slices.Index(rules.AttackStopNames, w)
		}
	case "unit":
		if w, ok := c.wordValue(kv, "attacking unit", attackUnits); ok && w != "own" {
			at.By = refOf(w)
		}
	}
	if (key == "range" || key == "stopped_by") && !at.Ranged {
		c.errs.Errorf(valuePos(v), "%s= is for a shot (attack ranged): a melee blow reaches only the adjacent hex", key)
	}
}

// attackFlag reads attack's qualifier q.
func (c *compiler) attackFlag(a *rules.Action, q string, v *dsl.Value) {
	at := attackOf(a)
	switch q {
	case "piercing":
		at.Flags |= rules.RangedPiercing
	case "aimed":
		at.Flags |= rules.RangedAimed
	case "hits_friends":
		at.Flags |= rules.MeleeHitsFriends
	}
	if q != "hits_friends" && !at.Ranged {
		c.errs.Errorf(valuePos(v), "%s is for a shot (attack ranged)", q)
	}
}

// checkAttack reports an attack whose qualifiers contradict each other.
func (c *compiler) checkAttack(a *rules.Action, g *dsl.Group) {
	if a.Op != rules.ActAttack || a.Attack == nil {
		return
	}
	at := a.Attack
	if at.Flags&rules.RangedPiercing != 0 && at.Flags&rules.RangedAimed != 0 {
		c.errs.Errorf(groupPos(g), "attack ranged: piercing hits every enemy in the line, aimed picks one of them; not both")
	}
	if at.Flags&rules.MeleeHitsFriends != 0 && at.Stop&rules.StopFriends != 0 {
		c.errs.Errorf(groupPos(g), "attack ranged: hits_friends wounds the own units in the line, stopped_by=friends stops at the first of them; not both")
	}
	if a.Side != rules.Friends {
		c.errs.Errorf(groupPos(g), "attack: an own unit attacks (its targets are the enemies the attack reaches); drop %s", a.Side)
		a.Side = rules.Friends
	}
}

// checkAttackEvent reports an attack by the token itself where the token
// is not on the board.
func (c *compiler) checkAttackEvent(ev rules.Event, a *rules.Action, g *dsl.Group) {
	if a.Op == rules.ActAttack && a.Attack != nil && a.Attack.By == rules.RefSelf && ev == rules.OnPlay {
		c.errs.Errorf(groupPos(g), "unit=self is the token itself, and an instant is never on the board (unit=own: an own unit the player picks; unit=own_hq)")
	}
}
