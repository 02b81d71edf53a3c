package compiler

import (
	"slices"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// A selector (docs/dsl.md, "Selectors") says which units a step picks,
// beyond its side: kind= and name=, a relation (adjacent, within=N,
// in_line, linked) to a reference (of=), every match or one chosen
// (every), the one unit it acts on (unit=), and for moves, pushes and
// pulls a direction (toward=, away=). It is one grammar for every step
// that picks units: each word is a row of the tables below, read by
// selectorWord, and the engine's one implementation (engine/selector.go).

// selectorSteps are the steps that take a selector.
var selectorSteps = []rules.ActionOp{rules.ActMove, rules.ActPush, rules.ActPull, rules.ActSwap, rules.ActRotate,
	rules.ActDamage, rules.ActDestroy, rules.ActNet, rules.ActHeal, rules.ActGive}

// selectorNamed and selectorFlags are the selector's named values and
// qualifier words.
var (
	selectorNamed = []string{"kind", "name", "of", "within", "unit", "toward", "away"}
	selectorFlags = []string{"every", "adjacent", "in_line", "linked"}
)

// selectorKinds are the kinds kind= picks in a selector: the units.
var selectorKinds = []string{"hq", "warrior", "module"}

// refWords are the references of of= and unit=; steerWords those of
// toward= and away=.
var (
	refWords   = []string{"self", "own_hq", "enemy_hq", "target", "event", "own", "enemy", "any"}
	steerWords = []string{"self", "own_hq", "enemy_hq", "target", "event", "own", "enemy", "any", "nearest_own", "nearest_enemy"}
)

// steeredSteps are the steps toward= and away= direct.
var steeredSteps = []rules.ActionOp{rules.ActMove, rules.ActPush, rules.ActPull}

// The selector's words are rows of the steps that take it, so that the
// action table, its hints and the vocabulary list them.
func init() {
	for _, op := range selectorSteps {
		spec := actions[op.String()]
		for _, n := range selectorNamed {
			if (n != "toward" && n != "away") || slices.Contains(steeredSteps, op) {
				spec.named = append(slices.Clone(spec.named), n)
			}
		}
		spec.flags = append(slices.Clone(spec.flags), selectorFlags...)
		actions[op.String()] = spec
	}
}

func refOf(w string) rules.Ref { return rules.Ref(slices.Index(rules.RefNames[:], w)) }

func sel(a *rules.Action) *rules.Selector {
	if a.Sel == nil {
		a.Sel = &rules.Selector{}
	}
	return a.Sel
}

// selectorNamedValue reads a selector's named value key=kv into a; v is
// the value as written, for positions.
func (c *compiler) selectorNamedValue(a *rules.Action, key string, kv, v *dsl.Value, w string) {
	switch key {
	case "kind":
		if kw, ok := c.wordValue(kv, "kind", selectorKinds); ok {
			sel(a).Kinds |= 1 << slices.Index(rules.KindNames[:], kw)
		}
	case "name":
		if name, ok := c.stringValue(kv, "name"); ok {
			sel(a).Name = name
			c.selNames = append(c.selNames, nameRef{name: name, pos: valuePos(v)})
		}
	case "of":
		if rw, ok := c.wordValue(kv, "reference", refWords); ok {
			sel(a).Of = refOf(rw)
		}
	case "unit":
		if rw, ok := c.wordValue(kv, "reference", refWords); ok {
			r := refOf(rw)
			if r.Chosen() {
				c.errs.Errorf(valuePos(v), "unit=%s is not one unit: a chosen %s unit is what %s %s already picks (write unit=self, own_hq, enemy_hq, target or event)", rw, rw, rw, w)
				return
			}
			sel(a).Unit = r
		}
	case "within":
		if n, ok := c.intValue(kv, "within", 1, 4); ok {
			s := sel(a)
			c.relation(s, rules.RelWithin, v)
			s.Dist = uint8(n)
		}
	case "toward", "away":
		if !slices.Contains(steeredSteps, a.Op) {
			c.errs.Errorf(valuePos(v), "%s= directs a move, push or pull; %s moves no unit", key, w)
			return
		}
		if rw, ok := c.wordValue(kv, key, steerWords); ok {
			s := sel(a)
			if s.Steer != rules.RefNone {
				c.errs.Errorf(valuePos(v), "a step goes toward or away from one reference; %s=%s is a second", key, rw)
				return
			}
			s.Steer, s.Away = refOf(rw), key == "away"
			if s.Steer.Chosen() {
				c.errs.Add(diag.Error, valuePos(v), "nearest_own, nearest_enemy: the nearest unit of that side; or of=own with a relation", "%s=%s would need a unit chosen for the direction alone", key, rw)
			}
		}
	}
}

// relation sets the selector's relation, reporting a second one.
func (c *compiler) relation(s *rules.Selector, r rules.Relation, v *dsl.Value) {
	if s.Rel != rules.RelNone {
		c.errs.Errorf(valuePos(v), "a selector takes one relation; %s is a second after %s", r, s.Rel)
		return
	}
	s.Rel = r
}

// selectorFlag reads a selector's qualifier word q into a.
func (c *compiler) selectorFlag(a *rules.Action, q string, v *dsl.Value) {
	switch q {
	case "every":
		sel(a).Every = true
	case "adjacent":
		c.relation(sel(a), rules.RelAdjacent, v)
	case "in_line":
		c.relation(sel(a), rules.RelInLine, v)
	case "linked":
		c.relation(sel(a), rules.RelLinked, v)
	}
}

// checkSelector reports a selector that contradicts itself or its step.
func (c *compiler) checkSelector(a *rules.Action, g *dsl.Group, w string) {
	s := a.Sel
	if s == nil {
		return
	}
	at := groupPos(g)
	if a.Where != rules.Anywhere || a.At != rules.AtFit || a.Radius != 0 {
		c.errs.Add(diag.Error, at, "a selector says where: every within=R of=self is radius=R at=self", "where=, at= and radius= do not go with a selector (every, kind=, of=, adjacent, within=, in_line, linked, unit=, toward=, away=)")
	}
	if s.Unit != rules.RefNone && (s.Rel != rules.RelNone || s.Of != rules.RefNone || s.Every || s.Kinds != 0 || s.Name != "") {
		c.errs.Errorf(at, "unit=%s names the one unit the step acts on: it takes no every, kind=, name=, of= or relation", s.Unit)
	}
	if s.Of != rules.RefNone && s.Rel == rules.RelNone && a.Op != rules.ActSwap && a.Op != rules.ActPush && a.Op != rules.ActPull {
		c.errs.Errorf(at, "of=%s is the reference of a relation: add adjacent, within=N, in_line or linked", s.Of)
	}
	if s.Rel != rules.RelNone && s.Of == rules.RefNone {
		s.Of = rules.RefSelf // "adjacent" alone: next to the token itself
	}
	if s.Every && (a.Op == rules.ActMove || a.Op == rules.ActRotate || a.Op == rules.ActSwap) {
		c.errs.Errorf(at, "%s every: each %s is a choice of its own; %s picks one unit", w, w, w)
	}
	if a.Op == rules.ActNet && s.Every && a.Value > 0 {
		c.errs.Errorf(at, "net every throws a marker on each match at once, which markers=%d would have to refuse one by one: use one or the other", a.Value)
	}
	switch a.Op {
	case rules.ActSwap:
		if s.Of == rules.RefNone && s.Unit == rules.RefNone {
			c.errs.Errorf(at, "swap with a selector exchanges the unit it picks with of=: say with which (of=self, of=own, ...)")
		}
		if s.Unit != rules.RefNone {
			c.errs.Errorf(at, "swap exchanges two units: pick the second with a relation and of=, not unit=")
		}
	case rules.ActPush, rules.ActPull:
		if s.Of == rules.RefNone && s.Steer == rules.RefNone {
			c.errs.Errorf(at, "%s with a selector needs a reference to %s from: of=REF or %s=REF", w, w, map[bool]string{true: "away", false: "toward"}[a.Op == rules.ActPush])
		}
	}
}

// refsOf are the references a selector uses.
func refsOf(s *rules.Selector) [3]rules.Ref { return [3]rules.Ref{s.Of, s.Unit, s.Steer} }

// checkSelectorEvent reports a selector reference the event cannot give:
// a token that is not on the board (an instant) has no self; only an
// event on a hex has an event hex; the first step has no target before it.
func (c *compiler) checkSelectorEvent(ev rules.Event, a *rules.Action, first bool, g *dsl.Group) {
	if a.Sel == nil {
		return
	}
	for _, r := range refsOf(a.Sel) {
		switch {
		case r == rules.RefSelf && ev == rules.OnPlay:
			c.errs.Errorf(groupPos(g), "self is the token itself, and an instant is never on the board (use own_hq, enemy_hq, target or a chosen own, enemy or any)")
		case r == rules.RefEvent && !slices.Contains(eventHexEvents, ev):
			c.errs.Errorf(groupPos(g), "event is the hex an event happened on: `on %s` has none (only %s)", ev, eventNames(eventHexEvents))
		case r == rules.RefTarget && first:
			c.errs.Errorf(groupPos(g), "target is what the previous step picked, and this is the first step")
		}
	}
}

// eventHexEvents are the events that happen on a hex: the entered hex,
// the hex where the destroyed unit stood.
var eventHexEvents = []rules.Event{rules.OnDestroyed, rules.OnEnemyEnter, rules.OnUnitEnter}

func eventNames(evs []rules.Event) string {
	names := make([]string, len(evs))
	for i, e := range evs {
		names[i] = e.String()
	}
	return strings.Join(names, ", ")
}

// uses reports whether the selector uses reference r.
func uses(s *rules.Selector, r rules.Ref) bool {
	if s == nil {
		return false
	}
	refs := refsOf(s)
	return slices.Contains(refs[:], r)
}

// checkEntryStep reports what a foundation's entry trigger (enemy_enters,
// unit_enters) would accept and ignore: it fires by itself on the entered
// hex, so there is no target to choose (where=, at=target) and nothing to
// decline (optional). Its steps hit the unit that entered, an area
// (radius=) around the entered hex or an at= centre, or what a selector
// picks (of=event: the entered hex).
func (c *compiler) checkEntryStep(ev rules.Event, a *rules.Action, g *dsl.Group) {
	if ev != rules.OnEnemyEnter && ev != rules.OnUnitEnter {
		return
	}
	switch {
	case a.Where != rules.Anywhere:
		c.errs.Errorf(groupPos(g), "`on %s` hits the unit that entered, an area (radius=, at=) or what a selector picks; where=%s would pick a target nobody chooses", ev, a.Where)
	case a.At == rules.AtTarget:
		c.errs.Errorf(groupPos(g), "`on %s` fires by itself: nobody picks a target hex (at=self is the entered hex)", ev)
	case a.Optional:
		c.errs.Errorf(groupPos(g), "`on %s` fires by itself: nobody may decline its step; drop optional", ev)
	case entersPlain(a):
		// The plain step hits the unit that entered, whoever's it is (on
		// unit_enters) or the enemy's (on enemy_enters): a side word would
		// be read and ignored, so it is refused.
		if side, given, _ := leadingSide(g.Values); given {
			whose := "whoever's it is"
			if ev == rules.OnEnemyEnter {
				whose = "an enemy's"
			}
			c.errs.Add(diag.Error, groupPos(g), "on enemy_enters fires for enemy units only; a side word counts with radius= or a selector", "`on %s: %s %s` hits the unit that entered, %s: %s picks nothing here", ev, side, a.Op, whose, side)
		}
	}
}

// entersPlain reports whether an entry trigger's step hits just the unit
// that entered: no selector, no area, no HQ centre (foundation.go).
func entersPlain(a *rules.Action) bool {
	return a.Sel == nil && a.Radius == 0 && a.At != rules.AtOwnHQ && a.At != rules.AtEnemyHQ
}
