package compiler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// A status is declared in its army and put on units by the army's give
// steps:
//
//	status "Burning" {
//	    on turn_start: damage 1 at=self
//	    until healed
//	}
//
// It is one concept for every lasting mark a fan ability puts on a unit:
// what the carrier has (effect, trait), what it does (on), and when it ends
// (until). Each word below is a table row, as in effects.go.

// statusBuild is a status being compiled, with what later checks need.
type statusBuild struct {
	st      rules.Status
	namePos diag.Pos
	picks   []pickRef // names in its steps (give "Status", recover name=)
}

// statusWords are the statements allowed inside a status block.
var statusWords = []string{"notes", "effect", "trait", "on", "until"}

// statusEffects are the effects a status gives its carrier: those the
// battle reads (as a link's, on the carrier itself) and exposed, which only
// a status has.
var statusEffects = map[string]rules.EffectOp{
	"melee":      rules.EffMelee,
	"ranged":     rules.EffRanged,
	"initiative": rules.EffInitiative,
	"armor":      rules.EffArmor,
	"exposed":    rules.EffExposedRanged, // or EffExposedMelee, by its qualifier
}

// exposedKinds are the kinds of hit after exposed +N.
var exposedKinds = []string{"ranged", "melee"}

// statusTraits are the traits a status may carry: those the engine reads
// through the carrier's statuses (State.HasTrait).
var statusTraits = []string{"heavy"}

// statusEvents are the events a status's triggers fire at, for the
// carrier's owner.
var statusEvents = []string{rules.TurnStart.String()}

// maxStatuses bounds the statuses of one army (the engine keeps a status's
// army and index in one byte).
const maxStatuses = 16

// maxStatusTurns bounds until turns N.
const maxStatusTurns = 9

func (c *compiler) status(s *dsl.Stmt) *statusBuild {
	sb := &statusBuild{}
	st := &sb.st
	st.Line = s.Pos.Line
	if len(s.Args) == 0 {
		c.errs.Errorf(stmtPos(s), "status needs a name in quotes, e.g. status \"Burning\" { ... }")
		return nil
	}
	c.argCount(s, 1, 1, "one name in quotes")
	name, ok := c.stringValue(c.single(s.Args[0], "status"), "status name")
	if !ok {
		return nil
	}
	sb.namePos = groupPos(s.Args[0])
	if strings.TrimSpace(name) == "" {
		c.errs.Errorf(sb.namePos, "status name is empty")
	}
	st.Name = name
	c.noColon(s)
	if s.Body == nil {
		c.errs.Errorf(stmtPos(s), "status %q has no { } block saying what it does and when it ends", name)
		return sb
	}
	once := onceChecker{c: c}
	before := len(c.errs)
	for _, x := range c.splitRunOns(s.Body.Stmts, statusWords) {
		switch strings.ToLower(x.Word) {
		case "notes":
			c.plain(x)
			once.check(x)
			if c.argCount(x, 1, 1, "one string") {
				st.Notes, _ = c.stringValue(c.single(x.Args[0], "notes"), "notes")
			}
		case "effect", "effects":
			c.noBody(x)
			c.statusEffect(st, x)
		case "trait", "traits":
			c.plain(x)
			if c.argCount(x, 1, -1, "one or more trait names") {
				for _, g := range x.Args {
					c.statusTrait(st, c.single(g, "trait"))
				}
			}
		case "on":
			c.noBody(x)
			c.statusTrigger(sb, x)
		case "until":
			c.plain(x)
			once.check(x)
			st.Ends, st.Turns = c.until(x, statusEnds) // expiry.go
		default:
			c.unknown(stmtPos(x), "status statement", x.Word, statusWords)
		}
	}
	if len(st.Effects) == 0 && st.Traits == 0 && len(st.Triggers) == 0 && !diag.List(c.errs[before:]).HasErrors() {
		c.errs.Errorf(stmtPos(s), "status %q does nothing: give it an effect, a trait or an on trigger", name)
	}
	return sb
}

// statusEffect compiles `effect: initiative -1, exposed +1 ranged, armor`.
func (c *compiler) statusEffect(st *rules.Status, s *dsl.Stmt) {
	if len(s.Args) > 0 {
		c.errs.Errorf(groupPos(s.Args[0]), "a status's effect works on its carrier: it takes no directions (write effect: initiative -1)")
		return
	}
	if !s.Colon || len(s.Clauses) == 0 {
		c.errs.Errorf(stmtPos(s), "\"effect\" needs \": ...\" with what the carrier gets, e.g. effect: initiative -1")
		return
	}
	words := slices.Sorted(func(yield func(string) bool) {
		for w := range statusEffects {
			if !yield(w) {
				return
			}
		}
	})
	for _, g := range s.Clauses {
		if side, given, _ := leadingSide(g.Values); given {
			c.errs.Errorf(groupPos(g), "a status's effect works on its carrier, whoever's it is: drop %s", side)
			continue
		}
		head := g.Values[0]
		if head.Ident != nil && head.Key == nil {
			if _, isLink := linkEffects[strings.ToLower(*head.Ident)]; isLink {
				if _, ok := statusEffects[strings.ToLower(*head.Ident)]; !ok {
					c.errs.Add(diag.Error, valuePos(head), "status effects: "+strings.Join(words, ", "), "%s is a link effect a status cannot carry", strings.ToLower(*head.Ident))
					continue
				}
			}
		}
		w, ok := c.wordValue(head, "status effect", words)
		if !ok {
			continue
		}
		eff := rules.Effect{Op: statusEffects[w], Side: rules.AnySide}
		rest := g.Values[1:]
		if w == "armor" {
			c.flags(rest, w, nil)
			st.Effects = append(st.Effects, eff)
			continue
		}
		n, ok := c.bonus(head, rest, w)
		if !ok {
			continue
		}
		eff.Value = int8(n)
		rest = rest[1:]
		if w == "exposed" {
			if len(rest) == 0 {
				c.errs.Errorf(valuePos(head), "exposed needs the kind of hit it counts: exposed %+d ranged or exposed %+d melee", n, n)
				continue
			}
			k, ok := c.wordValue(rest[0], "exposed kind", exposedKinds)
			if !ok {
				continue
			}
			if k == "melee" {
				eff.Op = rules.EffExposedMelee
			}
			rest = rest[1:]
		}
		c.flags(rest, w, nil)
		st.Effects = append(st.Effects, eff)
	}
}

func (c *compiler) statusTrait(st *rules.Status, v *dsl.Value) {
	if v.Ident != nil && v.Key == nil && slices.Contains(rules.TraitNames, strings.ToLower(*v.Ident)) && !slices.Contains(statusTraits, strings.ToLower(*v.Ident)) {
		c.errs.Add(diag.Error, valuePos(v), "status traits: "+strings.Join(statusTraits, ", "), "a status cannot carry the trait %s", strings.ToLower(*v.Ident))
		return
	}
	w, ok := c.wordValue(v, "status trait", statusTraits)
	if !ok {
		return
	}
	bit := traitBit(w)
	if st.Traits&bit != 0 {
		c.errs.Errorf(valuePos(v), "trait %q is given twice", w)
	}
	st.Traits |= bit
}

// statusTrigger compiles `on turn_start: steps`, run for the carrier.
func (c *compiler) statusTrigger(sb *statusBuild, s *dsl.Stmt) {
	if len(s.Args) == 0 {
		c.errs.Errorf(stmtPos(s), "\"on\" needs an event: one of %s", strings.Join(statusEvents, ", "))
		return
	}
	c.argCount(s, 1, 1, "one event")
	vals := s.Args[0].Values
	w, ok := c.wordValue(vals[0], "status event", statusEvents)
	if !ok {
		return
	}
	for _, v := range vals[1:] {
		c.errs.Errorf(valuePos(v), "a status's trigger fires by itself: it takes no cost, free_if or if (unexpected %s)", v.Describe())
	}
	tr := rules.Trigger{FreeIf: -1, Event: rules.Event(slices.Index(rules.EventNames[:], w))}
	if !s.Colon || len(s.Clauses) == 0 {
		c.errs.Errorf(stmtPos(s), "\"on %s\" needs \": ...\" with what happens, e.g. on %s: damage 1 at=self", w, w)
		return
	}
	for _, g := range s.Clauses {
		a, pick, ok := c.action(g)
		if !ok {
			continue
		}
		if a.Op == rules.ActRedraw {
			c.errs.Errorf(groupPos(g), "redraw is a leader's step: a status's trigger never comes right after the opponent's draw")
			continue
		}
		if pick.name != "" {
			sb.picks = append(sb.picks, pickRef{trig: len(sb.st.Triggers), step: len(tr.Actions), nameRef: pick})
		}
		c.checkEventStep(tr.Event, a.Op, g)
		c.checkBattleAction(tr.Event, a, g)
		tr.Actions = append(tr.Actions, a)
	}
	sb.st.Triggers = append(sb.st.Triggers, tr)
}

// finishStatuses checks the army's statuses as a whole (unique names, their
// number) and resolves the names in the steps of its tokens and statuses:
// give "Status" names a status of the army; recover name= a token (lookup).
func (c *compiler) finishStatuses(a *rules.Army, tokens []*tokenBuild, statuses []*statusBuild, lookup func(nameRef, string) (int, bool)) {
	seen := map[string]*statusBuild{}
	for _, sb := range statuses {
		key := strings.ToLower(sb.st.Name)
		if prev, dup := seen[key]; dup {
			c.errs.Errorf(sb.namePos, "status %q is declared twice (first on line %d)", sb.st.Name, prev.st.Line)
			continue
		}
		seen[key] = sb
		a.Statuses = append(a.Statuses, sb.st)
	}
	if len(a.Statuses) > maxStatuses {
		c.errs.Errorf(statuses[maxStatuses].namePos, "army %q declares %d statuses; an army may have at most %d", a.Name, len(a.Statuses), maxStatuses)
		a.Statuses = a.Statuses[:maxStatuses]
	}
	var names []string
	for _, st := range a.Statuses {
		names = append(names, st.Name)
	}
	resolve := func(ref pickRef, act *rules.Action) {
		if act.Op != rules.ActGive {
			if j, ok := lookup(ref.nameRef, fmt.Sprintf("recover names %q", ref.name)); ok {
				act.Pick = int16(j + 1)
			}
			return
		}
		i := a.StatusIndex(ref.name)
		if i < 0 {
			hint := diag.Suggest(ref.name, names)
			if hint == "" && len(names) == 0 {
				hint = "declare it in the army: status \"" + ref.name + "\" { ... }"
			}
			c.errs.Add(diag.Error, ref.pos, hint, "give names %q, which is not a status of army %q", ref.name, a.Name)
			return
		}
		act.Pick = int16(i + 1)
	}
	for _, tb := range tokens {
		for _, ref := range tb.gives {
			act := &tb.tok.Triggers[ref.trig].Actions[ref.step]
			resolve(ref, act)
			ev := tb.tok.Triggers[ref.trig].Event
			if act.Pick > 0 && a.Statuses[act.Pick-1].Ends&rules.EndGiverLeaves != 0 && (ev == rules.OnPlay || ev == rules.OnDestroyed) {
				// The giver is the token, which is not on the board then.
				c.errs.Errorf(ref.pos, "%q ends when its giver leaves the board, and `on %s` gives it from a token that is not on the board", ref.name, ev)
			}
		}
	}
	for i := range a.Statuses {
		sb := seen[strings.ToLower(a.Statuses[i].Name)]
		for _, ref := range sb.picks {
			resolve(ref, &a.Statuses[i].Triggers[ref.trig].Actions[ref.step])
		}
	}
	c.finishObservers(a, tokens, resolve)
}
