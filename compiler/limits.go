package compiler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// Allowances (docs/dsl.md, "Allowances"): a trigger's own limit
//
//	on own_turn per_game=2: damage 1     # twice a game, whichever copy
//	on play per_turn=1: damage 1         # one Sniper a turn
//
// a trait's (one a unit uses: mobility, rotation, push, pull, scavenger,
// replaceable):
//
//	trait push per_game=2                # two pushes a game, whichever copy
//
// and a group of tokens sharing one (their triggers, observers and used
// traits together):
//
//	group "Artillery" per_turn=1: "Mortar", "Howitzer"
//
// Each limit counts the uses of its abilities by every copy of its tokens
// together, in each turn (whoever's it is) and in the game.

// limitNamed are the named values of a limit.
var limitNamed = []string{"per_turn", "per_game"}

// maxPerTurn and maxPerGame bound a limit: the engine keeps a limit's
// uses of the turn and of the game in four bits each.
const maxPerTurn, maxPerGame = 9, 15

// groupBuild is a group statement waiting for the army's tokens.
type groupBuild struct {
	limit rules.Limit
	names []nameRef
	pos   diag.Pos
}

// limitValue reads per_turn=N or per_game=N (key) into l.
func (c *compiler) limitValue(l *rules.Limit, key string, kv, v *dsl.Value) {
	hi := maxPerTurn
	if key == "per_game" {
		hi = maxPerGame
	}
	n, ok := c.intValue(kv, key, 1, hi)
	if !ok {
		return
	}
	if key == "per_turn" {
		l.PerTurn = uint8(n)
	} else {
		l.PerGame = uint8(n)
	}
}

// triggerLimit reads a trigger's per_turn= or per_game= into tb's limits,
// for trigger index trig of event ev.
func (c *compiler) triggerLimit(tb *tokenBuild, trig int, ev rules.Event, key string, kv, v *dsl.Value) {
	if ev == rules.OnAttack {
		c.errs.Errorf(valuePos(v), "%s: a battle ability is used or not at each chance in a battle; it takes no allowance", key)
		return
	}
	for i := range tb.limits {
		if tb.limits[i].Trig == trig {
			c.limitValue(&tb.limits[i], key, kv, v)
			return
		}
	}
	l := rules.Limit{Trig: trig, Line: v.Pos.Line}
	c.limitValue(&l, key, kv, v)
	if l.PerTurn != 0 || l.PerGame != 0 {
		tb.limits = append(tb.limits, l)
		tb.limitPos = append(tb.limitPos, valuePos(v))
	}
}

// observerLimit reads an observer's per_turn= or per_game= into tb's
// limits, for observer index oi of the token (Observer holds 1 + oi until
// finishLimits makes it the army's).
func (c *compiler) observerLimit(tb *tokenBuild, oi int, key string, kv, v *dsl.Value) {
	for i := range tb.limits {
		if tb.limits[i].Observer == oi+1 {
			c.limitValue(&tb.limits[i], key, kv, v)
			return
		}
	}
	l := rules.Limit{Trig: -1, Observer: oi + 1, Line: v.Pos.Line}
	c.limitValue(&l, key, kv, v)
	if l.PerTurn != 0 || l.PerGame != 0 {
		tb.limits = append(tb.limits, l)
		tb.limitPos = append(tb.limitPos, valuePos(v))
	}
}

// traitLimit reads a trait's per_turn= and per_game= (vals, after its
// name) into tb's limits: `trait push per_game=2`, `trait mobility
// per_turn=1`. Only a trait a unit uses (rules.UsedTraits) takes one; a
// standing trait (flying, heavy, an immunity) is never used, so an
// allowance on it would do nothing and is an error.
func (c *compiler) traitLimit(tb *tokenBuild, name string, bit rules.Traits, vals []*dsl.Value) {
	if len(vals) == 0 {
		return
	}
	l := rules.Limit{Trig: -1, Trait: bit, Line: vals[0].Pos.Line}
	for _, v := range vals {
		if v.Key == nil {
			c.errs.Errorf(valuePos(v), "after trait %q only per_turn=N and per_game=N may follow; unexpected %s (separate traits with commas)", name, v.Describe())
			continue
		}
		key := strings.ToLower(*v.Key)
		if key != "per_turn" && key != "per_game" {
			c.unknown(valuePos(v), "trait named value", *v.Key, limitNamed)
			continue
		}
		if !rules.UsedTraits.Has(bit) {
			c.errs.Errorf(valuePos(v), "%s: trait %q stands, it is never used, so it takes no allowance (only %s do)", key, name, strings.ReplaceAll(rules.UsedTraits.String(), " ", ", "))
			continue
		}
		kv := *v
		kv.Key = nil
		c.limitValue(&l, key, &kv, v)
	}
	if l.PerTurn != 0 || l.PerGame != 0 {
		tb.limits = append(tb.limits, l)
		tb.limitPos = append(tb.limitPos, valuePos(vals[0]))
	}
}

// group compiles `group "Name" per_turn=N per_game=N: "Token", ...`.
func (c *compiler) group(s *dsl.Stmt) *groupBuild {
	c.noBody(s)
	if len(s.Args) == 0 {
		c.errs.Errorf(stmtPos(s), "\"group\" needs a name and an allowance, e.g. group \"Artillery\" per_turn=1: \"Mortar\", \"Howitzer\"")
		return nil
	}
	c.argCount(s, 1, 1, "a name in quotes and its per_turn=N, per_game=N")
	vals := s.Args[0].Values
	name, ok := c.stringValue(vals[0], "group name")
	if !ok {
		return nil
	}
	gb := &groupBuild{limit: rules.Limit{Name: name, Trig: -1, Line: s.Pos.Line}, pos: stmtPos(s)}
	for _, v := range vals[1:] {
		if v.Key == nil {
			c.errs.Errorf(valuePos(v), "after the group's name only per_turn=N and per_game=N may follow; unexpected %s", v.Describe())
			continue
		}
		key := strings.ToLower(*v.Key)
		if key != "per_turn" && key != "per_game" {
			c.unknown(valuePos(v), "group named value", *v.Key, limitNamed)
			continue
		}
		kv := *v
		kv.Key = nil
		c.limitValue(&gb.limit, key, &kv, v)
	}
	if gb.limit.PerTurn == 0 && gb.limit.PerGame == 0 {
		c.errs.Errorf(groupPos(s.Args[0]), "group %q limits nothing: give it per_turn=N or per_game=N", name)
		return nil
	}
	if !s.Colon || len(s.Clauses) == 0 {
		c.errs.Errorf(stmtPos(s), "group %q needs \": ...\" with its tokens in quotes", name)
		return nil
	}
	for _, g := range s.Clauses {
		if n, ok := c.stringValue(c.single(g, "group token"), "group token"); ok {
			gb.names = append(gb.names, nameRef{name: n, pos: groupPos(g)})
		}
	}
	return gb
}

// finishLimits puts the trigger limits of the army's tokens and its
// groups into the army, resolving the groups' token names.
func (c *compiler) finishLimits(a *rules.Army, tokens []*tokenBuild, groups []*groupBuild, lookup func(nameRef, string) (int, bool)) {
	var at []diag.Pos
	for i, tb := range tokens {
		first := slices.IndexFunc(a.Observers, func(ob rules.Observer) bool { return ob.Token == i })
		for k, l := range tb.limits {
			l.Tokens = []int{i}
			if l.Observer != 0 {
				l.Observer += first // 1 + its index in the army's observers
			}
			a.Limits = append(a.Limits, l)
			at = append(at, tb.limitPos[k])
		}
	}
	for _, gb := range groups {
		l := gb.limit
		for _, ref := range gb.names {
			j, ok := lookup(ref, fmt.Sprintf("group %q names %q", l.Name, ref.name))
			if !ok {
				continue
			}
			if !hasUsable(&tokens[j].tok) && len(tokens[j].observers) == 0 {
				c.errs.Errorf(ref.pos, "%q has no ability a group can limit (an on trigger other than a battle ability, a when, or a trait it uses: %s)", ref.name, strings.ReplaceAll(rules.UsedTraits.String(), " ", ", "))
				continue
			}
			l.Tokens = append(l.Tokens, j)
		}
		if len(l.Tokens) > 0 {
			a.Limits = append(a.Limits, l)
			at = append(at, gb.pos)
		}
	}
	if len(a.Limits) > rules.MaxLimits {
		c.errs.Errorf(at[rules.MaxLimits], "an army may have at most %d allowances (per_turn=, per_game= and groups together)", rules.MaxLimits)
	}
}

// hasUsable reports whether token t has an ability a limit counts: an
// on trigger (but a battle ability) or a trait it uses.
func hasUsable(t *rules.Token) bool {
	if t.Traits&rules.UsedTraits != 0 {
		return true
	}
	for i := range t.Triggers {
		if t.Triggers[i].Event != rules.OnAttack {
			return true
		}
	}
	return false
}
