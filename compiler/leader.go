package compiler

import (
	"slices"
	"strings"

	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// leaderWords are the statements allowed inside a leader block.
var leaderWords = []string{"alias", "notes", "on"}

// timingWords are the moments a leader's ability may be used (on TIMING).
var timingWords = rules.TimingNames[1:]

// leaderSteps are the steps a leader's ability runs: an instant's, but for
// return_to_deck and replace, which move the token itself, and a leader
// card is never on the board nor in the deck.
var leaderSteps = []string{"battle", "move", "push", "pull", "rotate", "swap", "damage", "destroy", "net", "strike", "forbid_place", "draw", "heal", "recover", "discard", "look", "pick_up"}

// timingSteps are the steps a leader runs at the moments where they are
// not leaderSteps. In the opponent's turn, right after their draw, the
// owner acts on nothing but the hand just drawn: the board and the rest
// of the turn are the opponent's, and the engine resumes their turn at
// once (a discard step there would only stand in for the turn's own
// discard, a no-op). The opponent's hand is redrawn only at that moment.
var timingSteps = map[rules.Timing][]string{
	rules.OpponentDraw: {"redraw"},
}

// leader compiles `leader "Name" { on TIMING: step, step }`.
func (c *compiler) leader(s *dsl.Stmt) *rules.Leader {
	if !c.argCount(s, 1, 1, "a name in quotes") && len(s.Args) == 0 {
		return nil
	}
	name, ok := c.stringValue(c.single(s.Args[0], "leader"), "leader name")
	if !ok {
		return nil
	}
	if strings.TrimSpace(name) == "" {
		c.errs.Errorf(groupPos(s.Args[0]), "leader name is empty")
	}
	l := &rules.Leader{Name: name, File: c.file, Line: stmtPos(s).Line}
	c.noColon(s)
	if s.Body == nil {
		c.errs.Errorf(stmtPos(s), "leader %q has no { } block: leader %q { on after_discard: ... }", name, name)
		return l
	}
	once := onceChecker{c: c}
	for _, st := range c.splitRunOns(s.Body.Stmts, leaderWords) {
		switch strings.ToLower(st.Word) {
		case "alias":
			c.plain(st)
			for _, g := range st.Args {
				if v, ok := c.stringValue(c.single(g, "alias"), "alias"); ok {
					l.Aliases = append(l.Aliases, v)
				}
			}
			c.argCount(st, 1, -1, "at least one name in quotes")
		case "notes":
			c.plain(st)
			once.check(st)
			if c.argCount(st, 1, 1, "one string") {
				l.Notes, _ = c.stringValue(c.single(st.Args[0], "notes"), "notes")
			}
		case "on":
			c.noBody(st)
			if !once.check(st) {
				continue
			}
			c.leaderAbility(l, st)
		default:
			c.unknown(stmtPos(st), "leader statement", st.Word, leaderWords)
		}
	}
	if l.Timing == 0 && !slices.ContainsFunc(s.Body.Stmts, func(st *dsl.Stmt) bool { return strings.EqualFold(st.Word, "on") }) {
		c.errs.Errorf(stmtPos(s), "leader %q has no ability: add on %s: ... (or on %s: ..., on %s: ...)", name, rules.AfterDiscard, rules.AnyOwnTurn, rules.OpponentDraw)
	}
	return l
}

// leaderAbility compiles `on TIMING: step, step` of a leader.
func (c *compiler) leaderAbility(l *rules.Leader, s *dsl.Stmt) {
	if len(s.Args) == 0 {
		c.errs.Errorf(stmtPos(s), "\"on\" needs a moment: one of %s", strings.Join(timingWords, ", "))
		return
	}
	c.argCount(s, 1, 1, "one moment")
	vals := s.Args[0].Values
	w, ok := c.wordValue(vals[0], "leader moment", timingWords)
	if !ok {
		return
	}
	for _, v := range vals[1:] {
		c.errs.Errorf(valuePos(v), "a leader's ability has no cost or condition; unexpected %s after on %s", v.Describe(), w)
	}
	l.Timing = rules.Timing(slices.Index(rules.TimingNames[:], w))
	if !s.Colon || len(s.Clauses) == 0 {
		c.errs.Errorf(stmtPos(s), "\"on %s\" needs \": ...\" with what the leader does, e.g. on %s: draw 1", w, w)
		return
	}
	steps, own := timingSteps[l.Timing]
	for _, g := range s.Clauses {
		a, pick, ok := c.action(g)
		if !ok {
			continue
		}
		switch {
		case own && !slices.Contains(steps, a.Op.String()):
			c.errs.Errorf(groupPos(g), "`on %s` cannot %s: in the opponent's turn a leader acts only on the hand they have just drawn (it runs %s)", w, a.Op, strings.Join(steps, ", "))
			continue
		case own:
		case a.Op == rules.ActGive:
			c.errs.Errorf(groupPos(g), "a leader serves any army, so it gives no status: a status is an army's (status \"Name\" { ... } in the army)")
			continue
		case a.Op == rules.ActRedraw:
			c.errs.Errorf(groupPos(g), "`on %s` cannot redraw: the opponent's hand is redrawn only right after they draw it (on %s)", w, rules.OpponentDraw)
			continue
		case !slices.Contains(leaderSteps, a.Op.String()):
			c.errs.Errorf(groupPos(g), "a leader cannot %s: it is a card, never on the board nor in the deck (a leader runs %s)", a.Op, strings.Join(leaderSteps, ", "))
			continue
		case pick.name != "":
			c.errs.Errorf(pick.pos, "a leader serves any army, so recover cannot name a token; use kind=")
			continue
		case a.Where == rules.AdjacentSelf || a.Where == rules.InLine || a.Where == rules.Self:
			c.errs.Errorf(groupPos(g), "where=%s is measured from the token itself, and a leader is never on the board (use where=anywhere or adjacent_own_hq)", a.Where)
			continue
		case uses(a.Sel, rules.RefSelf) || uses(a.Sel, rules.RefEvent):
			c.errs.Errorf(groupPos(g), "self and event are the token and the hex of its event, and a leader is a card, never on the board (use own_hq, enemy_hq, target or a chosen own, enemy or any)")
			continue
		case a.At == rules.AtSelf:
			c.errs.Errorf(groupPos(g), "at=self is centred on the token itself, and a leader is never on the board (use at=own_hq, at=enemy_hq or at=target)")
			continue
		case usesSelf(a.Num):
			c.errs.Errorf(groupPos(g), "%s measures from self, the token itself, and a leader is never on the board (use of=own_hq or of=enemy_hq)", a.Num)
			continue
		}
		l.Steps.Actions = append(l.Steps.Actions, a)
	}
}
