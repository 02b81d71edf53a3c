package engine

import "github.com/hexforge/hexforge/rules"

// Triggered events that no player action starts: turn_start, after_battle
// and the steps of destroyed (its return_to_deck is toPile's). Their
// programs run at once (fire), each target chosen by the trigger owner's
// Decider (QEventTarget), so they work whoever is to move. docs/rules.md,
// "Triggered events", gives the timing and the passages it rests on.

// firesSteps reports whether a token has a trigger of event ev with a step
// fire runs (destroyed's return_to_deck is handled by toPile, not here).
func firesSteps(t *rules.Token, ev rules.Event) bool {
	for i := range t.Triggers {
		if t.Triggers[i].Event != ev {
			continue
		}
		for _, a := range t.Triggers[i].Actions {
			if a.Op != rules.ActReturnToDeck {
				return true
			}
		}
	}
	return false
}

// maxQueued bounds the destroyed events waiting to fire; every unit on the
// board can die at once, and each queued event's own steps can kill more,
// which are queued after it has run.
const maxQueued = 2 * MaxHexes

// queued is a destroyed event waiting to fire: the unit's owner, its token
// type and the hex where it was.
type queued struct {
	owner, token uint8
	at           Hex
}

// queueDestroyed notes that the unit u was destroyed on h, if its token has
// destroyed steps to run; flushDestroyed runs them once the action or the
// battle that destroyed it is over, so that no program starts in the middle
// of another.
func (g *Game) queueDestroyed(u Piece, h Hex) {
	if g.fact(u).flags&factDestroyedSteps == 0 || g.nq >= maxQueued {
		return
	}
	g.dq[g.nq] = queued{owner: u.Owner, token: u.Token, at: h}
	g.nq++
}

// flushDestroyed runs the queued destroyed events in the order the units
// died, including those of units their own steps destroy.
func (g *Game) flushDestroyed(d Decider) {
	for i := 0; i < g.nq && g.Phase != PhaseOver; i++ {
		q := g.dq[i]
		t := &g.S.Armies[q.owner].Tokens[q.token]
		for k := range t.Triggers {
			if t.Triggers[k].Event == rules.OnDestroyed {
				g.fire(q.owner, q.token, uint8(k), q.at, d)
			}
		}
	}
	g.nq = 0
	if g.noq != 0 {
		g.flushObserved(d)
	}
}

// fireUnits runs the ev triggers of the units of player p on the board, in
// board order; a netted unit's triggers do not work (its abilities are
// off, as for own-turn abilities). The units are those on the board when
// the event comes: one that an earlier trigger moved or destroyed does not
// fire (so no unit fires twice), one placed meanwhile does not either.
func (g *Game) fireUnits(ev rules.Event, flag uint16, p uint8, d Decider) {
	if g.anyFx&flag == 0 {
		return
	}
	s := &g.S
	var at [MaxHexes]Hex
	var who [MaxHexes]Piece
	n := 0
	for h := Hex(0); int(h) < s.Board.Size; h++ {
		if u := s.Cells[h].Unit; !u.Empty() && u.Owner == p && g.fact(u).flags&flag != 0 {
			at[n], who[n] = h, u
			n++
		}
	}
	for i := 0; i < n && g.Phase != PhaseOver; i++ {
		h, u := at[i], who[i]
		if !s.Cells[h].Unit.same(u) || g.computeNets()[h] {
			continue
		}
		t := s.Tok(u)
		for k := range t.Triggers {
			if t.Triggers[k].Event == ev && s.Cells[h].Unit.same(u) {
				g.fire(u.Owner, u.Token, uint8(k), h, d)
			}
		}
		g.flushDestroyed(d)
	}
}

// fire runs trigger trig of token type token of player owner at once, the
// unit being on src (or, for destroyed, having been there). Each step with
// targets asks the owner's Decider (QEventTarget): the options are the
// step's targets, and for an optional step a last option that skips it; a
// step with no target is skipped. The player to move, the phase and any
// pending program are put back afterwards.
func (g *Game) fire(owner, token, trig uint8, src Hex, d Decider) {
	prog := &g.S.Armies[owner].Tokens[token].Triggers[trig]
	if !g.holds(prog.If, owner, src) || !g.limitOK(owner, token, trig) {
		return
	}
	g.spendLimit(owner, token, trig)
	pe := pending{active: true, owner: owner, token: token, trig: trig, src: src}
	if prog.Event == rules.OnDestroyed {
		pe.event1 = hexPlus(src) // where the unit was: a selector's of=event
	}
	g.runFired(prog, pe, d)
}

// runFired runs the program prog, described by pe (its owner, its unit's
// hex), at once, as fire does.
func (g *Game) runFired(prog *rules.Trigger, pe pending, d Decider) {
	savedPend, savedPlayer, savedPhase := g.pend, g.Player, g.Phase
	g.Player = pe.owner
	g.pend = pe
	for int(g.pend.step) < len(prog.Actions) && g.Phase != PhaseOver {
		g.fireStep(d)
	}
	g.pend, g.Player = savedPend, savedPlayer
	if g.Phase != PhaseOver {
		g.Phase = savedPhase // runStep ends a step phase; an instant may be waiting for its next target
	}
}

// fireStep runs the next step of the pending program at once, its target
// chosen by the program's owner (the player to move while it runs).
func (g *Game) fireStep(d Decider) {
	owner, src := g.pend.owner, g.pend.src
	act := &g.program().Actions[g.pend.step]
	if !needsTarget(act.Op) {
		g.runStep(Action{Kind: KStep, Hex: NoHex, To: NoHex}, d)
		return
	}
	opts := g.eventOptions(act, owner, src)
	if len(opts) == 0 {
		g.pend.step++
		return
	}
	i := clampChoice(d.Choose(&g.S, owner, QEventTarget, opts), len(opts))
	o := g.eventOptions(act, owner, src)[i] // the Decider may have reused the scratch space
	if o.Index < 0 {
		g.pend.step++ // the optional step is declined
		return
	}
	g.runStep(Action{Kind: KStep, Hex: o.Hex, To: o.To, Facing: o.Dir, Token: uint8(o.Index)}, d)
}

// eventOptions lists the targets of step act for owner as options (Hex,
// To, Dir, Index = the step action's Hex, To, Facing, Token), plus a skip
// option (Index -1) last when the step is optional.
func (g *Game) eventOptions(act *rules.Action, owner uint8, src Hex) []Option {
	acts := g.targets(g.ws.acts[:0], Action{Kind: KStep}, act, owner, src, g.computeNets())
	g.ws.acts = acts[:0]
	opts := g.ws.opts[:0]
	for _, a := range acts {
		opts = append(opts, Option{Hex: a.Hex, To: a.To, Dir: a.Facing, Index: int(a.Token)})
	}
	if len(opts) > 0 && act.Optional {
		opts = append(opts, Option{Hex: NoHex, To: NoHex, Index: -1})
	}
	g.ws.opts = opts[:0]
	return opts
}
