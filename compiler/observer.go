package compiler

import (
	"slices"
	"strings"

	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// An observer is a token's trigger on other units' events:
//
//	when destroyed friend linked: draw 1              # a Banner
//	when destroyed enemy: friend heal 1 every adjacent  # a Shrine
//	when placed enemy adjacent once: net unit=event   # a Sentry
//
// After when come the event, then whose units it watches (friend, enemy or
// any: enemy by default) and the selector's words for which units and
// where (kind=, name=, adjacent, within=N, in_line, linked, of=): the same
// selector the steps take (selector.go), matched against the unit of the
// event. once limits it to once a turn. The steps are those of a trigger
// that fires by itself; their event reference (of=event, unit=event) is
// the event's hex.

// observerWords are the words after the event: the selector's (but every
// and unit=, which pick a step's units), hq and once.
var observerFlags = []string{"adjacent", "in_line", "linked", "hq", "once"}
var observerNamed = []string{"kind", "name", "of", "within", "per_turn", "per_game"}

// observerKinds are the kinds of token that may observe: those on the
// board.
var observerKinds = []rules.Kind{rules.HQ, rules.Warrior, rules.Module, rules.Foundation}

// observerSteps are the steps an observer runs: those of a trigger that
// fires by itself outside a battle (as turn_start).
func observerSteps() []string { return eventSteps[rules.TurnStart] }

// maxOnce bounds the observers with once on one token: the engine keeps
// their use of the turn in four bits per unit.
const maxOnce = 4

func (c *compiler) observer(tb *tokenBuild, s *dsl.Stmt) {
	t := &tb.tok
	if !c.allowKinds(s, t.Kind, observerKinds...) {
		return
	}
	if len(s.Args) == 0 {
		c.errs.Errorf(stmtPos(s), "\"when\" needs an event: one of %s", strings.Join(rules.WatchNames[1:], ", "))
		return
	}
	c.argCount(s, 1, 1, "one event and the words of the units it watches, e.g. when destroyed enemy adjacent: ...")
	vals := s.Args[0].Values
	w, ok := c.wordValue(vals[0], "observed event", rules.WatchNames[1:])
	if !ok {
		return
	}
	ob := rules.Observer{When: rules.Watch(slices.Index(rules.WatchNames[:], w)), Side: rules.Enemies, Line: s.Pos.Line}
	// The selector's words are read as a step's are, into a step that takes
	// them; its selector is the observer's.
	probe := rules.Action{Op: rules.ActDamage}
	sideSeen := false
	for _, v := range vals[1:] {
		if v.Key != nil {
			key := strings.ToLower(*v.Key)
			if !slices.Contains(observerNamed, key) {
				c.unknown(valuePos(v), "observer named value", *v.Key, observerNamed)
				continue
			}
			kv := *v
			kv.Key = nil
			if key == "per_turn" || key == "per_game" {
				c.observerLimit(tb, len(tb.observers), key, &kv, v) // limits.go
				continue
			}
			c.selectorNamedValue(&probe, key, &kv, v, "when")
			continue
		}
		if v.Ident != nil && slices.Contains(sideWords, strings.ToLower(*v.Ident)) {
			if sideSeen {
				c.errs.Errorf(valuePos(v), "an observer watches one side; %s is a second", strings.ToLower(*v.Ident))
			}
			ob.Side, sideSeen = sideByWord(strings.ToLower(*v.Ident)), true
			continue
		}
		q, ok := c.wordValue(v, "observer qualifier", append(slices.Clone(sideWords), observerFlags...))
		if !ok {
			continue
		}
		switch q {
		case "hq":
			ob.HQ = true
		case "once":
			ob.Once = true
		default:
			c.selectorFlag(&probe, q, v)
		}
	}
	if probe.Sel != nil {
		ob.Sel = *probe.Sel
		if ob.Sel.Rel != rules.RelNone && ob.Sel.Of == rules.RefNone {
			ob.Sel.Of = rules.RefSelf // "adjacent" alone: next to the observer
		}
		if ob.Sel.Of != rules.RefNone && ob.Sel.Rel == rules.RelNone {
			c.errs.Errorf(groupPos(s.Args[0]), "of=%s is the reference of a relation: add adjacent, within=N, in_line or linked", ob.Sel.Of)
		}
		switch ob.Sel.Of {
		case rules.RefSelf, rules.RefOwnHQ, rules.RefEnemyHQ, rules.RefNone:
		default:
			c.errs.Errorf(groupPos(s.Args[0]), "an observer measures from itself, own_hq or enemy_hq; of=%s is known only once it fires", ob.Sel.Of)
		}
	}
	if ob.Sel.Rel == rules.RelLinked && t.LinkDirs() == 0 && ob.Sel.Of == rules.RefSelf {
		c.errs.Errorf(groupPos(s.Args[0]), "linked: %s %q has no link edges (declare its links before this when)", t.Kind, t.Name)
	}
	if ob.Once {
		n := 0
		for _, o := range tb.observers {
			if o.Once {
				n++
			}
		}
		if n >= maxOnce {
			c.errs.Errorf(groupPos(s.Args[0]), "a token may have at most %d observers with once", maxOnce)
		}
	}
	if !s.Colon || len(s.Clauses) == 0 {
		c.errs.Errorf(stmtPos(s), "\"when %s\" needs \": ...\" with what happens, e.g. when %s enemy: draw 1", w, w)
		return
	}
	allowed := observerSteps()
	for i, g := range s.Clauses {
		a, pick, ok := c.action(g)
		if !ok {
			continue
		}
		if !slices.Contains(allowed, a.Op.String()) {
			c.errs.Errorf(groupPos(g), "an observer cannot %s: it fires by itself, outside a player's action (it runs %s)", a.Op, strings.Join(allowed, ", "))
			continue
		}
		if a.Sel != nil && a.Sel.Unit == rules.RefTarget || a.Sel != nil && a.Sel.Of == rules.RefTarget && i == 0 {
			c.errs.Errorf(groupPos(g), "target is what the previous step picked, and this is the first step")
		}
		c.checkBattleAction(rules.TurnStart, a, g)
		if pick.name != "" {
			tb.obsPicks = append(tb.obsPicks, pickRef{trig: len(tb.observers), step: len(ob.Steps.Actions), nameRef: pick})
		}
		ob.Steps.Actions = append(ob.Steps.Actions, a)
	}
	ob.Steps.FreeIf = -1
	tb.observers = append(tb.observers, ob)
}

// finishObservers puts the observers of the army's tokens (the token
// index i of each) into the army and resolves the names in their steps.
func (c *compiler) finishObservers(a *rules.Army, tokens []*tokenBuild, resolve func(pickRef, *rules.Action)) {
	for i, tb := range tokens {
		first := len(a.Observers)
		a.Observers = ownedBy(a.Observers, tb.observers, i, func(o *rules.Observer) *int { return &o.Token })
		a.Standing = ownedBy(a.Standing, tb.standing, i, func(s *rules.Standing) *int { return &s.Token })
		a.CondEdges = ownedBy(a.CondEdges, tb.condEdges, i, func(e *rules.CondEdge) *int { return &e.Token })
		a.CondTraits = ownedBy(a.CondTraits, tb.condTraits, i, func(t *rules.CondTrait) *int { return &t.Token })
		for _, ref := range tb.obsPicks {
			resolve(ref, &a.Observers[first+ref.trig].Steps.Actions[ref.step])
		}
	}
}

// ownedBy appends the army-level entries one token declared (src) to dst,
// each marked with the token's index i (token gives an entry's field): the
// observers, standing effects, placement rules... of every token are
// gathered so.
func ownedBy[T any](dst, src []T, i int, token func(*T) *int) []T {
	for _, x := range src {
		*token(&x) = i
		dst = append(dst, x)
	}
	return dst
}
