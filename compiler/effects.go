package compiler

import (
	"maps"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

var sideWords = []string{"friend", "own", "enemy", "any"}

func sideByWord(w string) rules.Side {
	switch w {
	case "friend", "own":
		return rules.Friends
	case "enemy":
		return rules.Enemies
	}
	return rules.AnySide
}

// leadingSide reads an optional friend/enemy/any before a clause's verb.
func leadingSide(vals []*dsl.Value) (rules.Side, bool, []*dsl.Value) {
	if len(vals) > 1 && vals[0].Ident != nil && vals[0].Key == nil {
		w := strings.ToLower(*vals[0].Ident)
		for _, s := range sideWords {
			if w == s {
				return sideByWord(w), true, vals[1:]
			}
		}
	}
	return 0, false, vals
}

// linkEffect describes one effect word of `link DIRS: ...`.
type linkEffect struct {
	op        rules.EffectOp
	value     bool // takes a signed number
	side      rules.Side
	fixedSide bool // the side cannot be changed
}

var linkEffects = map[string]linkEffect{
	"melee":        {op: rules.EffMelee, value: true, side: rules.Friends},
	"ranged":       {op: rules.EffRanged, value: true, side: rules.Friends},
	"initiative":   {op: rules.EffInitiative, value: true, side: rules.Friends},
	"medic":        {op: rules.EffMedic, side: rules.Friends, fixedSide: true},
	"extra_action": {op: rules.EffExtraAction, side: rules.Friends},
	"grant":        {op: rules.EffGrant, side: rules.Friends},
	"convert":      {op: rules.EffConvert, side: rules.Friends},
	"takeover":     {op: rules.EffTakeover, side: rules.Enemies, fixedSide: true},
	"use_modules":  {op: rules.EffUseModules, side: rules.Enemies, fixedSide: true},
	"armor":        {op: rules.EffArmor, side: rules.Friends},
	"move":         {op: rules.EffMove, value: true, side: rules.Friends},
	"toughness":    {op: rules.EffToughness, value: true, side: rules.Friends},
}

// globalEffects are the effects a `global:` statement may carry: those the
// engine applies board-wide (the others work through links only).
var globalEffects = []string{"grant", "move"}

// grantable are the traits a grant effect may give: those whose use the
// engine gives a linked unit (legalabilities.go, scavenger.go).
var grantable = []string{"mobility", "rotation", "push", "pull", "scavenger"}

// conversions are the words after a convert link effect.
var conversions = []string{"to_ranged", "to_melee"}

func (c *compiler) link(tb *tokenBuild, s *dsl.Stmt) {
	t := &tb.tok
	set, at, ok := c.dirs(s)
	if !ok {
		return
	}
	for d := rules.N; d <= rules.NW; d++ {
		if !set.Has(d) {
			continue
		}
		if tb.linkPos[d].Line != 0 {
			c.errs.Errorf(at[d], "link on edge %s is declared twice (first on line %d)", d, tb.linkPos[d].Line)
			set &^= 1 << d
			continue
		}
		tb.linkPos[d] = at[d]
		t.Edges[d].Flags |= rules.Link
	}
	c.effects(tb, s, set, false)
}

// global compiles `global: effect, ...`: effects on every unit of their side
// on the board, wherever it stands.
func (c *compiler) global(tb *tokenBuild, s *dsl.Stmt) {
	if len(s.Args) > 0 {
		c.errs.Errorf(groupPos(s.Args[0]), "global takes no directions: it reaches the whole board (write global: move +1)")
		return
	}
	if !s.Colon || len(s.Clauses) == 0 {
		c.errs.Errorf(stmtPos(s), "\"global\" needs \": ...\" with its effects, e.g. global: move +1")
		return
	}
	c.effects(tb, s, 0, true)
}

// effects compiles the effect clauses of a link (on the edges in set) or a
// global statement.
func (c *compiler) effects(tb *tokenBuild, s *dsl.Stmt, set rules.DirSet, global bool) {
	t := &tb.tok
	for _, g := range s.Clauses {
		side, sideGiven, vals := leadingSide(g.Values)
		head := vals[0]
		w, good := c.wordValue(head, "link effect", slices.Sorted(maps.Keys(linkEffects)))
		if !good {
			continue
		}
		le := linkEffects[w]
		if global && !slices.Contains(globalEffects, w) {
			c.errs.Add(diag.Error, valuePos(head), "global effects: "+strings.Join(globalEffects, ", "), "%s works through links only; it cannot be global", w)
			continue
		}
		eff := rules.Effect{Op: le.op, Side: le.side, Dirs: set, Global: global}
		if sideGiven {
			if le.fixedSide && side != le.side {
				c.errs.Errorf(groupPos(g), "%s always works on %s units; it cannot be given to %s", w, le.side, side)
			}
			eff.Side = side
			if le.fixedSide {
				eff.Side = le.side
			}
		}
		// A condition (if=) or a computed bonus makes it a standing
		// effect (expr.go), kept apart from the token's plain effects.
		test, num, rest, standing, good := c.standing(w, vals[1:], global)
		if !good {
			continue
		}
		switch {
		case num != nil && !le.value:
			c.errs.Errorf(valuePos(head), "%s takes no number, so nothing to compute", w)
			continue
		case num != nil:
			c.flags(rest, w, nil)
		case le.value:
			n, good := c.bonus(head, rest, w)
			if !good {
				continue
			}
			eff.Value = int8(n)
			if n < 0 && eff.Side&rules.Friends != 0 {
				c.errs.Warnf(valuePos(rest[0]), "%s %d weakens your own units; write enemy %s %d if the malus is for enemies", w, n, w, n)
			}
			c.flags(rest[1:], w, nil)
		case le.op == rules.EffGrant:
			if len(rest) == 0 {
				c.errs.Errorf(valuePos(head), "grant needs a trait, e.g. grant mobility")
				continue
			}
			for _, v := range rest {
				if tw, ok := c.wordValue(v, "trait", rules.TraitNames); ok {
					if !slices.Contains(grantable, tw) {
						// The engine gives a linked unit the use of an ability,
						// never a standing trait: it would be read and ignored.
						c.errs.Add(diag.Error, valuePos(v), "grant gives the use of "+strings.Join(grantable, ", "), "%s is a standing trait, not a use a link can grant", tw)
						continue
					}
					eff.Grant |= traitBit(tw)
				}
			}
		case le.op == rules.EffConvert:
			if len(rest) != 1 {
				c.errs.Errorf(valuePos(head), "convert needs one of: to_ranged, to_melee")
				continue
			}
			if cw, ok := c.wordValue(rest[0], "conversion", conversions); ok && cw == "to_melee" {
				eff.Value = 1
			}
		default:
			c.flags(rest, w, nil)
		}
		if standing {
			tb.standing = append(tb.standing, rules.Standing{Effect: eff, If: test, Num: num, Line: g.Pos.Line})
			continue
		}
		t.Effects = append(t.Effects, eff)
	}
}

// action describes one verb usable in `on EVENT: ...`.
type action struct {
	op       rules.ActionOp
	side     rules.Side // default side of the units it picks
	value    bool       // takes a number
	needs    bool       // the number is required
	def, max int        // default and maximum of the number
	named    []string   // named values it accepts
	flags    []string   // qualifier words it accepts
	status   bool       // takes the name of a status of the army in quotes (give "Marked")
}

var actions = map[string]action{
	"battle":         {op: rules.ActBattle},
	"move":           {op: rules.ActMove, side: rules.Friends, value: true, def: 1, max: 6, flags: []string{"optional"}},
	"push":           {op: rules.ActPush, side: rules.Enemies, flags: []string{"optional"}},
	"pull":           {op: rules.ActPull, side: rules.Enemies, flags: []string{"optional"}},
	"rotate":         {op: rules.ActRotate, side: rules.Friends, flags: []string{"optional"}},
	"swap":           {op: rules.ActSwap, side: rules.Friends, flags: []string{"optional"}},
	"damage":         {op: rules.ActDamage, side: rules.Enemies, value: true, needs: true, max: MaxStrength, named: []string{"radius", "where", "at"}, flags: []string{"hq", "optional"}},
	"destroy":        {op: rules.ActDestroy, side: rules.Enemies, named: []string{"where"}, flags: []string{"hq", "optional"}},
	"net":            {op: rules.ActNet, side: rules.Enemies, named: []string{"where", "markers"}, flags: []string{"hq", "optional"}},
	"strike":         {op: rules.ActStrike, side: rules.Friends, flags: []string{"optional"}},
	"forbid_place":   {op: rules.ActForbidPlace, side: rules.Enemies},
	"return_to_deck": {op: rules.ActReturnToDeck, side: rules.Friends},
	"replace":        {op: rules.ActReplace, side: rules.Enemies, named: []string{"where"}, flags: []string{"hq", "optional"}},
	"draw":           {op: rules.ActExtraDraw, value: true, needs: true, max: 5},
	"recover":        {op: rules.ActRecover, named: []string{"kind", "name", "to"}, flags: []string{"optional"}},
	"discard":        {op: rules.ActDiscard, side: rules.Enemies, value: true, def: 1, max: 3}, // a hand holds at most 3 tokens
	"look":           {op: rules.ActLook, value: true, needs: true, max: 9},
	"pick_up":        {op: rules.ActPickUp, side: rules.Friends, flags: []string{"optional"}},
	"redraw":         {op: rules.ActRedraw, side: rules.Enemies},                                                                                          // a leader's, at on opponent_draw (leader.go)
	"give":           {op: rules.ActGive, side: rules.Enemies, named: []string{"radius", "where", "at"}, flags: []string{"hq", "optional"}, status: true}, // status.go
	"attack":         {op: rules.ActAttack, side: rules.Friends, value: true, needs: true, max: MaxStrength, named: []string{"range", "stopped_by", "unit"}, flags: []string{"piercing", "aimed", "hits_friends", "optional"}},
	"heal":           {op: rules.ActHeal, side: rules.Friends, value: true, needs: true, max: MaxStrength, named: []string{"radius", "where", "at"}, flags: []string{"hq", "optional"}},
}

// fixedSideSteps are the steps whose side the engine fixes: only their
// default side word may be written.
var fixedSideSteps = []rules.ActionOp{rules.ActStrike, rules.ActReturnToDeck, rules.ActForbidPlace}

var eventWords = rules.EventNames[1:]

// eventSteps are the steps the engine runs for each event; an event missing
// here runs every step. Anything else is a compile error, never a step the
// engine would silently skip: a destroyed unit is gone, so it cannot push,
// pull, strike or replace; an event that fires by itself outside a player's
// action starts no battle; return_to_deck is what a destroyed token or a
// played instant does, not a unit on the board; a foundation's entry
// trigger hits the unit that entered.
var eventSteps = map[rules.Event][]string{
	rules.OnPlaced:     {"battle", "move", "push", "pull", "rotate", "swap", "damage", "destroy", "net", "strike", "forbid_place", "replace", "draw", "heal", "recover", "discard", "look", "give", "attack"},
	rules.OwnTurn:      {"battle", "move", "push", "pull", "rotate", "swap", "damage", "destroy", "net", "strike", "forbid_place", "replace", "draw", "heal", "recover", "discard", "look", "give", "attack"},
	rules.TurnStart:    {"move", "push", "pull", "rotate", "swap", "damage", "destroy", "net", "strike", "forbid_place", "draw", "heal", "recover", "discard", "look", "give", "attack"},
	rules.AfterBattle:  {"move", "push", "pull", "rotate", "swap", "damage", "destroy", "net", "strike", "forbid_place", "draw", "heal", "recover", "discard", "look", "give", "attack"},
	rules.OnDestroyed:  {"return_to_deck", "move", "rotate", "swap", "damage", "destroy", "net", "forbid_place", "draw", "heal", "recover", "discard", "look", "give"},
	rules.OnEnemyEnter: {"destroy", "damage"},
	rules.OnUnitEnter:  {"destroy", "damage"},
}

// triggerNamed are the named values after a trigger's event.
var triggerNamed = []string{"cost", "free_if", "if", "per_turn", "per_game"}

// condEvents are the events each condition can be checked at: whether the
// token destroyed an enemy is known only once a battle is over; where it
// stands only while it is (or, for destroyed, was) on the board.
var condEvents = map[rules.Cond][]rules.Event{
	rules.IfDestroyedEnemy: {rules.AfterBattle},
	rules.IfAdjacentOwnHQ:  {rules.OnPlaced, rules.OwnTurn, rules.TurnStart, rules.AfterBattle, rules.OnDestroyed},
	rules.IfUnwounded:      {rules.OnPlaced, rules.OwnTurn, rules.TurnStart, rules.AfterBattle},
}

// checkCond reports a condition the engine cannot check for this event or
// token.
func (c *compiler) checkCond(t *rules.Token, ev rules.Event, cond rules.Cond, at diag.Pos) {
	if evs := condEvents[cond]; !slices.Contains(evs, ev) {
		names := make([]string, len(evs))
		for i, e := range evs {
			names[i] = e.String()
		}
		c.errs.Errorf(at, "if=%s cannot be checked at `on %s`: only at %s", cond, ev, strings.Join(names, ", "))
		return
	}
	if cond == rules.IfDestroyedEnemy && t.Kind != rules.Warrior && t.Kind != rules.HQ {
		c.errs.Errorf(at, "if=destroyed_enemy: a %s never attacks, so it never destroys an enemy (use it on a warrior or an HQ)", t.Kind)
	}
}

// paidEvents are the events whose trigger a player chooses to use, so a
// cost=N can be paid or declined; the others fire by themselves.
var paidEvents = []rules.Event{rules.OnPlaced, rules.OwnTurn}

// checkEventStep reports a step the engine does not run for event ev.
func (c *compiler) checkEventStep(ev rules.Event, op rules.ActionOp, g *dsl.Group) {
	allowed, ok := eventSteps[ev]
	if !ok || slices.Contains(allowed, op.String()) {
		return
	}
	c.errs.Errorf(groupPos(g), "`on %s` cannot %s: the engine runs only %s there", ev, op, strings.Join(allowed, ", "))
}

// trigger compiles `on EVENT [cost=N] [free_if="Token"]: action, action`.
func (c *compiler) trigger(tb *tokenBuild, s *dsl.Stmt) {
	t := &tb.tok
	if len(s.Args) == 0 {
		c.errs.Errorf(stmtPos(s), "\"on\" needs an event: one of %s", strings.Join(eventWords, ", "))
		return
	}
	c.argCount(s, 1, 1, "one event and its named values, e.g. on placed cost=1: ...")
	vals := s.Args[0].Values
	tr := rules.Trigger{FreeIf: -1}
	var ref nameRef
	w, ok := c.wordValue(vals[0], "event", eventWords)
	if !ok {
		return
	}
	for i, n := range rules.EventNames {
		if n == w {
			tr.Event = rules.Event(i)
		}
	}
	for _, v := range vals[1:] {
		if v.Key == nil {
			c.errs.Errorf(valuePos(v), "after the event only cost=N, free_if=\"Token\", if=CONDITION, per_turn=N and per_game=N may follow; unexpected %s", v.Describe())
			continue
		}
		switch strings.ToLower(*v.Key) {
		case "cost":
			kv := *v
			kv.Key = nil
			if kv.Ident != nil && strings.EqualFold(*kv.Ident, "discard") {
				tr.Discard = 1 // a token of the hand, the player's choice
			} else if kv.Ident != nil {
				c.errs.Errorf(valuePos(v), "cost is a number of HQ points (cost=1) or discard (a token of the hand: cost=discard), not %q", *kv.Ident)
			} else if n, ok := c.intValue(&kv, "cost", 1, 19); ok {
				tr.CostHQ = uint8(n)
			}
		case "free_if":
			kv := *v
			kv.Key = nil
			if name, ok := c.stringValue(&kv, "free_if"); ok {
				ref = nameRef{name: name, pos: valuePos(v)}
			}
		case "if":
			kv := *v
			kv.Key = nil
			if cw, ok := c.wordValue(&kv, "condition", rules.CondNames[1:]); ok {
				tr.If = rules.Cond(slices.Index(rules.CondNames[:], cw))
				c.checkCond(t, tr.Event, tr.If, valuePos(v))
			}
		case "per_turn", "per_game":
			kv := *v
			kv.Key = nil
			c.triggerLimit(tb, len(t.Triggers), tr.Event, strings.ToLower(*v.Key), &kv, v) // limits.go
		default:
			c.unknown(valuePos(v), "named value", *v.Key, triggerNamed)
		}
	}
	if (tr.CostHQ != 0 || tr.Discard != 0) && !slices.Contains(paidEvents, tr.Event) && tr.Event != rules.OnAttack { // a battle ability says so itself
		c.errs.Errorf(valuePos(vals[0]), "`on %s` fires by itself, so it has no cost=N to pay or decline (a cost is for on placed and on own_turn)", w)
	}
	if ref.name != "" && tr.CostHQ == 0 && tr.Discard == 0 {
		c.errs.Errorf(ref.pos, "free_if waives a cost, but this ability has no cost=N")
	}
	if (t.Kind == rules.Instant) != (tr.Event == rules.OnPlay) {
		if t.Kind == rules.Instant {
			c.errs.Errorf(valuePos(vals[0]), "an instant is only played: use `on play`, not `on %s`", w)
		} else {
			c.errs.Errorf(valuePos(vals[0]), "`on play` is for instants; %s %q is placed on the board (use on placed)", t.Kind, t.Name)
		}
		return
	}
	if tr.Event == rules.OnPlay {
		if tb.hasPlay {
			c.errs.Errorf(stmtPos(s), "instant %q already has an `on play`; list all its steps in one statement", t.Name)
			return
		}
		tb.hasPlay = true
	}
	if (tr.Event == rules.OnEnemyEnter || tr.Event == rules.OnUnitEnter) && t.Kind != rules.Foundation {
		c.errs.Errorf(valuePos(vals[0]), "`on %s` is for foundations, which units can stand on", w)
	}
	if !s.Colon || len(s.Clauses) == 0 {
		c.errs.Errorf(stmtPos(s), "\"on %s\" needs \": ...\" with what happens, e.g. on %s: battle", w, w)
		return
	}
	for _, g := range s.Clauses {
		if a, pick, ok := c.action(g); ok {
			if a.Op == rules.ActRedraw {
				// Only a leader has a moment right after the opponent's draw.
				c.errs.Errorf(groupPos(g), "redraw is a leader's step (leader ... { on %s: redraw }): a token's ability never comes right after the opponent's draw", rules.OpponentDraw)
				continue
			}
			if pick.name != "" && a.Op == rules.ActGive {
				tb.gives = append(tb.gives, pickRef{trig: len(t.Triggers), step: len(tr.Actions), nameRef: pick})
			} else if pick.name != "" {
				tb.picks = append(tb.picks, pickRef{trig: len(t.Triggers), step: len(tr.Actions), nameRef: pick})
			}
			c.checkEventStep(tr.Event, a.Op, g)
			if tr.Event == rules.OnPlay && (a.Where == rules.AdjacentSelf || a.Where == rules.InLine) {
				c.errs.Errorf(groupPos(g), "where=%s is measured from the token itself, and an instant is never on the board (use where=anywhere or adjacent_own_hq)", a.Where)
			}
			if tr.Event == rules.OnPlay && a.At == rules.AtSelf {
				c.errs.Errorf(groupPos(g), "at=self is centred on the token itself, and an instant is never on the board (use at=own_hq, at=enemy_hq or at=target)")
			}
			c.checkBattleAction(tr.Event, a, g)
			c.checkSelectorEvent(tr.Event, &a, len(tr.Actions) == 0, g)
			c.checkEntryStep(tr.Event, &a, g)
			c.checkComputedEvent(tr.Event, &a, g)
			c.checkAttackEvent(tr.Event, &a, g)
			tr.Actions = append(tr.Actions, a)
		}
	}
	c.checkBattleTrigger(t, &tr, s)
	t.Triggers = append(t.Triggers, tr)
	tb.freeIf = append(tb.freeIf, ref)
}

// recoverKinds are the kinds recover kind= may take: every kind that goes
// to the discard pile.
var recoverKinds = []string{"warrior", "module", "instant", "foundation"}

// recoverTo are the destinations of recover to=.
var recoverTo = []string{"hand", "deck", "shuffle"}

func (c *compiler) action(g *dsl.Group) (a rules.Action, pick nameRef, _ bool) {
	side, sideGiven, vals := leadingSide(g.Values)
	head := vals[0]
	w, ok := c.wordValue(head, "action", slices.Sorted(maps.Keys(actions)))
	if !ok {
		return rules.Action{}, pick, false
	}
	spec := actions[w]
	a = rules.Action{Op: spec.op, Side: spec.side}
	if sideGiven {
		if spec.side == 0 {
			c.errs.Errorf(groupPos(g), "%s picks no units; %s makes no sense before it", w, side)
		}
		a.Side = side
	}
	rest := vals[1:]
	var atPos diag.Pos
	if spec.op == rules.ActAttack {
		rest = c.attackKind(&a, head, rest)
	}
	if spec.value {
		a.Value = int8(spec.def)
		if len(rest) > 0 && rest[0].Num != nil && rest[0].Key == nil {
			if n, ok := c.intValue(rest[0], w, 1, spec.max); ok {
				a.Value = int8(n)
			}
			rest = rest[1:]
		} else if len(rest) > 0 && rest[0].Str != nil && rest[0].Key == nil && slices.Contains(computedSteps, spec.op) {
			if x, ok := c.stepNumber(rest[0], w, spec.max); ok {
				a.Num = x
			}
			rest = rest[1:]
		} else if spec.needs {
			c.errs.Errorf(valuePos(head), "%s needs a number, e.g. %s 1", w, w)
		}
	}
	for _, v := range rest {
		if v.Key != nil {
			key := strings.ToLower(*v.Key)
			if !slices.Contains(spec.named, key) {
				if len(spec.named) == 0 {
					c.errs.Errorf(valuePos(v), "%s takes no named values; unexpected %s=", w, *v.Key)
				} else {
					c.unknown(valuePos(v), w+" named value", *v.Key, spec.named)
				}
				continue
			}
			kv := *v
			kv.Key = nil
			if slices.Contains(selectorSteps, spec.op) && slices.Contains(selectorNamed, key) {
				c.selectorNamedValue(&a, key, &kv, v, w)
				continue
			}
			if spec.op == rules.ActAttack {
				c.attackNamed(&a, key, &kv, v)
				continue
			}
			switch key {
			case "radius":
				if n, ok := c.intValue(&kv, "radius", 0, 3); ok {
					a.Radius = uint8(n)
				}
			case "markers":
				if n, ok := c.intValue(&kv, "markers", 1, 9); ok {
					a.Value = int8(n) // net: how many of its player's net markers may be out at once
				}
			case "kind":
				if kw, ok := c.wordValue(&kv, "kind", recoverKinds); ok {
					a.Kinds |= 1 << slices.Index(rules.KindNames[:], kw)
				}
			case "name":
				if name, ok := c.stringValue(&kv, "name"); ok {
					pick = nameRef{name: name, pos: valuePos(v)}
				}
			case "to":
				if tw, ok := c.wordValue(&kv, "to", recoverTo); ok {
					a.ToDeck = tw != "hand"
					if tw == "shuffle" {
						a.Value = 1 // rules.Action.Shuffled
					}
				}
			case "at":
				if aw, ok := c.wordValue(&kv, "at", rules.AtNames[1:]); ok {
					a.At = rules.At(slices.Index(rules.AtNames[:], aw))
					atPos = valuePos(v)
				}
			case "where":
				if ww, ok := c.wordValue(&kv, "where", rules.WhereNames[:]); ok {
					for i, n := range rules.WhereNames {
						if n == ww {
							a.Where = rules.Where(i)
						}
					}
				}
			}
			continue
		}
		if spec.status && v.Str != nil && pick.name == "" {
			pick = nameRef{name: *v.Str, pos: valuePos(v)} // resolved with the army's statuses (finishStatuses)
			continue
		}
		if v.Ident == nil {
			c.errs.Errorf(valuePos(v), "%s: unexpected %s", w, v.Describe())
			continue
		}
		if len(spec.flags) == 0 {
			c.errs.Errorf(valuePos(v), "%s takes no qualifiers; unexpected word %q (separate steps with commas)", w, *v.Ident)
			continue
		}
		q, ok := c.wordValue(v, w+" qualifier", spec.flags)
		if !ok {
			continue
		}
		switch q {
		case "hq":
			a.HitsHQ = true
		case "optional":
			a.Optional = true
		case "piercing", "aimed", "hits_friends":
			c.attackFlag(&a, q, v)
		default:
			c.selectorFlag(&a, q, v)
		}
	}
	c.checkSelector(&a, g, w)
	c.checkAttack(&a, g)
	if spec.status && pick.name == "" {
		c.errs.Errorf(valuePos(head), "%s needs the name of a status of the army in quotes, e.g. %s \"Marked\"", w, w)
	}
	if a.At != rules.AtFit && a.Where != rules.Anywhere {
		c.errs.Errorf(atPos, "at=%s centres the step itself; it cannot also take where=%s", a.At, a.Where)
	}
	if a.At == rules.AtEnemyHQ && a.Radius == 0 && !a.HitsHQ {
		c.errs.Errorf(atPos, "at=enemy_hq with no radius hits only the HQ: add hq (%s %d at=enemy_hq hq) or a radius", w, a.Value)
	}
	if a.At == rules.AtOwnHQ && a.Radius == 0 && !a.HitsHQ {
		c.errs.Errorf(atPos, "at=own_hq with no radius picks only the HQ: add hq or a radius")
	}
	if sideGiven && slices.Contains(fixedSideSteps, a.Op) && a.Side != spec.side {
		// The engine picks these steps' units by itself (an own unit
		// strikes, the token itself returns, every opponent is forbidden):
		// another side word would be read and ignored.
		c.errs.Errorf(groupPos(g), "%s is always %s: %s %s would be read and ignored", w, spec.side, side, w)
	}
	if a.Op == rules.ActPickUp && a.Side != rules.Friends {
		c.errs.Errorf(groupPos(g), "pick_up takes an own unit into its owner's hand: it is always friend")
	}
	if a.Op == rules.ActDiscard && a.Side != rules.Enemies {
		c.errs.Errorf(groupPos(g), "discard makes the opponent discard: it is always enemy")
	}
	if a.Op == rules.ActRedraw && a.Side != rules.Enemies {
		c.errs.Errorf(groupPos(g), "redraw makes the opponent shuffle back and draw their hand again: it is always enemy")
	}
	return a, pick, true
}

// bonus reads the signed bonus that follows the effect word w (head) in
// rest: a link effect's or a status effect's. It reports a missing bonus,
// one out of range and a bonus of 0, which would do nothing.
func (c *compiler) bonus(head *dsl.Value, rest []*dsl.Value, w string) (int, bool) {
	if len(rest) == 0 {
		c.errs.Errorf(valuePos(head), "%s needs a bonus, e.g. %s +1", w, w)
		return 0, false
	}
	n, ok := c.intValue(rest[0], w+" bonus", -MaxBonus, MaxBonus)
	if !ok {
		return 0, false
	}
	if n == 0 {
		c.errs.Errorf(valuePos(rest[0]), "%s bonus 0 does nothing", w)
		return 0, false
	}
	return n, true
}
