// applystep.go performs one step of a program with its targets (runStep)
// and the moves, pushes and pulls it makes.

package engine

import (
	"github.com/hexforge/hexforge/rules"
)

// runStep performs the pending step with the targets in a and moves to the
// next step. It reports whether the turn ended (a battle).
func (g *Game) runStep(a Action, d Decider) bool {
	s := &g.S
	p := g.Player
	act := g.program().Actions[g.pend.step]
	g.pend.step++
	tok := g.pend.token
	if g.pend.status {
		tok = g.pend.gtok // a status's trigger: the token that gave it
	}
	prev := g.crediting(g.pend.owner, tok)
	if g.pend.leader {
		g.credit = credit{} // a leader card is no token of the army: no deeds
	}
	defer func() { g.credit = prev }()
	if g.anyImm != 0 {
		// The step reaches no opponent's unit immune to it (immunity.go).
		shield := g.shield
		g.shield = shieldBits(g.stepShield(&act, g.pend.inst))
		defer func() { g.shield = shield }()
	}
	if g.pend.cost > 0 {
		if hq := s.HQ[p]; hq != NoHex {
			g.tracePiece(TrWound, hq, int(g.pend.cost), false)
			s.Cells[hq].Unit.Wounds += g.pend.cost
		}
		g.pend.cost = 0
	}
	if g.pend.disc > 0 {
		g.forceDiscard(p, int(g.pend.disc), d)
		g.pend.disc = 0
	}
	if act.Num != nil {
		// A computed number (expr.go), worked out now; 0 does nothing.
		if act.Value = g.stepNumber(&act, p, g.pend.src, tok); act.Value == 0 {
			act.Op, act.Sel = 0, nil
		}
	}
	if act.Sel != nil {
		g.runSel(a, &act, p, g.pend.src, d)
		if g.Phase == PhaseStep {
			g.Phase = PhasePlay
		}
		return false
	}
	switch act.Op {
	case rules.ActBattle:
		g.pend.step = uint8(len(g.program().Actions))
		g.finishProgram()
		g.battleEndsTurn(d, false) // a battle instant, not a full board
		return true
	case rules.ActMove:
		g.doMove(a, d)
	case rules.ActRotate:
		g.figRotate(s.Cells[a.Hex].Unit)
		s.Cells[a.Hex].Unit.Facing = a.Facing
	case rules.ActPush:
		g.doPush(a.Hex, a.To, d)
	case rules.ActPull:
		g.doPull(a.Hex, a.To, d)
	case rules.ActSwap:
		g.swapUnits(a.Hex, a.To, d)
	case rules.ActDamage:
		v := int(act.Value)
		if act.Radius == 0 {
			if s.Cells[a.Hex].Unit.Empty() {
				g.wound(a.Hex, v, true)
				break
			}
			var hit [MaxHexes]bool
			hit[a.Hex] = true
			if !g.medicAbsorbs(a.Hex, &hit, d) {
				g.wound(a.Hex, v, false)
			}
			break
		}
		g.areaDamage(a.Hex, &act, p, NoHex, d)
	case rules.ActDestroy:
		if s.Cells[a.Hex].Unit.Empty() {
			g.removeGround(a.Hex)
			break
		}
		var hit [MaxHexes]bool
		hit[a.Hex] = true
		if !g.medicAbsorbs(a.Hex, &hit, d) {
			g.removeUnit(a.Hex)
		}
	case rules.ActNet:
		g.tracePiece(TrNet, a.Hex, 0, false)
		s.Cells[a.Hex].Unit.Marks |= NetMarker
	case rules.ActForbidPlace:
		// Every other player still in, an ally too: "W grze wieloosobowej,
		// zarówno w trybie drużynowym, jak i „każdy na każdego” zakaz
		// wykładania żetonów na planszę dotyczy każdego z pozostałych
		// graczy." (docs/rules.md, "Terror")
		for q := range uint8(g.S.Players()) {
			if q != p && g.Out&(1<<q) == 0 {
				g.Forbid[q] = true
			}
		}
	case rules.ActHeal:
		for h := Hex(0); int(h) < s.Board.Size; h++ {
			if int(s.Board.Dist[a.Hex][h]) <= int(act.Radius) && g.hitsUnit(&act, act.Side, p, h) {
				u := &s.Cells[h].Unit
				n := min(u.Wounds, uint8(act.Value))
				g.tracePiece(TrHeal, h, int(n), false)
				u.Wounds -= n
				g.deed(DeedHealed, p, int(n))
				if n > 0 && s.St.N != 0 {
					g.healedStatus(h)
				}
			}
		}
	case rules.ActReturnToDeck:
		g.pend.toDeck = true
	case rules.ActRecover:
		t := a.Token - 1
		if a.Token == 0 || int(t) >= len(s.Armies[p].Tokens) || g.Discarded[p][t] == 0 {
			break // a target offered before is gone: nothing to take
		}
		if act.ToDeck && g.DeckLen[p] < MaxArmyTokens {
			g.Discarded[p][t]--
			g.Deck[p][g.DeckLen[p]] = t
			g.DeckLen[p]++
			if act.Shuffled() {
				// Shuffled in: the whole deck is shuffled (Fisher-Yates with
				// the game's generator), as at set-up.
				for i := int(g.DeckLen[p]) - 1; i > 0; i-- {
					j := g.intn(i + 1)
					g.Deck[p][i], g.Deck[p][j] = g.Deck[p][j], g.Deck[p][i]
				}
			}
			g.deed(DeedTokens, p, 1)
			g.traceEv(TrRecover, p, t, NoHex, NoHex, 0, 1)
		} else if !act.ToDeck && int(g.HandLen[p]) < g.handCap() {
			g.Discarded[p][t]--
			g.Hand[p][g.HandLen[p]] = t
			g.HandLen[p]++
			g.deed(DeedTokens, p, 1)
			g.traceEv(TrRecover, p, t, NoHex, NoHex, 0, 0)
		}
	case rules.ActDiscard:
		for q := range uint8(g.S.Players()) {
			if g.enemies(p)&(1<<q) != 0 {
				g.forceDiscard(q, int(act.Value), d)
			}
		}
	case rules.ActLook:
		g.lookAndOrder(p, int(act.Value), d)
	case rules.ActRedraw:
		g.redraw(g.TurnPlayer()) // p is the leader's owner, in the opponent's turn (leader.go)
	case rules.ActPickUp:
		// Taken up, not destroyed: no destroyed trigger, nothing to the
		// discard pile; the token goes into the hand.
		u := s.Cells[a.Hex].Unit
		if u.Empty() || u.Owner != p || int(g.HandLen[p]) >= g.handCap() {
			break // a target offered before is gone
		}
		g.tracePiece(TrRemove, a.Hex, 0, false)
		s.Remove(a.Hex)
		g.used[a.Hex], g.grantUsed[a.Hex] = 0, 0
		g.Hand[p][g.HandLen[p]] = u.Token
		g.HandLen[p]++
		g.deed(DeedTokens, p, 1)
	case rules.ActExtraDraw:
		if g.turnStarting {
			// The turn's draw comes right after: the hand it fills holds
			// Value more (startTurn), or this draw would be lost in it.
			g.startDraw += uint8(act.Value)
			break
		}
		for i := 0; i < int(act.Value) && int(g.HandLen[p]) < g.handCap() && g.DeckLen[p] > 0; i++ {
			g.DeckLen[p]--
			g.Hand[p][g.HandLen[p]] = g.Deck[p][g.DeckLen[p]]
			g.HandLen[p]++
			g.traceEv(TrDraw, p, g.Hand[p][g.HandLen[p]-1], NoHex, NoHex, 0, 0)
			if g.DeckLen[p] == 0 {
				g.lastDrawn()
			}
		}
	case rules.ActGive:
		g.giveStatus(&act, a.Hex)
	case rules.ActStrike:
		g.strike(a.Hex, a.Facing, d)
	case rules.ActAttack:
		g.runAttack(a, &act, int(act.Value), d) // attack_step.go
	case rules.ActReplace:
		// The target leaves the board (no medic saves it); the token takes its hex.
		g.removeUnit(a.Hex)
		g.moveUnit(g.pend.src, a.Hex, a.Facing, d)
		g.pend.src = a.Hex
	}
	// The target of the next step (a selector's of=target): the unit this
	// one picked, where a move took it.
	if act.Op == rules.ActMove {
		g.pend.target1 = hexPlus(a.To)
	} else {
		g.pend.target1 = hexPlus(a.Hex)
	}
	if act.Op == rules.ActMove && g.pend.inst && g.pend.src == NoHex {
		// Later steps of the instant act with the unit that moved (hunt:
		// move, then strike with the same unit).
		g.pend.src = a.To
	}
	if g.Phase == PhaseStep {
		g.Phase = PhasePlay
	}
	return false
}

// swapUnits exchanges the units on h and n.
func (g *Game) swapUnits(h, n Hex, d Decider) {
	s := &g.S
	g.traceSwap(h, n)
	g.figMove(s.Cells[h].Unit)
	g.figMove(s.Cells[n].Unit)
	c1, c2 := &s.Cells[h], &s.Cells[n]
	c1.Unit, c2.Unit = c2.Unit, c1.Unit
	g.used[h], g.used[n] = g.used[n], g.used[h]
	g.grantUsed[h], g.grantUsed[n] = g.grantUsed[n], g.grantUsed[h]
	for _, x := range [2]Hex{h, n} {
		if u := s.Cells[x].Unit; s.Tok(u).Kind == rules.HQ && s.HQ[u.Owner] != NoHex {
			s.HQ[u.Owner] = x
		}
	}
	if g.watch != 0 {
		g.observe(rules.WatchMoved, h)
		g.observe(rules.WatchMoved, n)
	}
	g.entered(h, d)
	g.entered(n, d)
}

// areaDamage gives act's wounds to every unit of its side within its
// radius of c (HQs only with hq) and to the foundations of its side there
// but on spare (a foundation whose own entry trigger this is). The area is
// hit at once: every unit is marked first, so that a medic hit by the same
// bomb absorbs nothing.
func (g *Game) areaDamage(c Hex, act *rules.Action, p uint8, spare Hex, d Decider) {
	s := &g.S
	v := int(act.Value)
	var hit [MaxHexes]bool
	for h := Hex(0); int(h) < s.Board.Size; h++ {
		if u := s.Cells[h].Unit; int(s.Board.Dist[c][h]) <= int(act.Radius) && !u.Empty() &&
			g.sideOK(act.Side, p, u, h) && (act.HitsHQ || s.Tok(u).Kind != rules.HQ) {
			hit[h] = true
		}
	}
	for h := Hex(0); int(h) < s.Board.Size; h++ {
		if int(s.Board.Dist[c][h]) > int(act.Radius) {
			continue
		}
		if hit[h] && !s.Cells[h].Unit.Empty() && !g.medicAbsorbs(h, &hit, d) {
			g.wound(h, v, false)
		}
		if f := s.Cells[h].Ground; !f.Empty() && h != spare && g.sideOK(act.Side, p, f, h) {
			g.wound(h, v, true)
		}
	}
}

func (g *Game) doMove(a Action, d Decider) {
	if a.To == a.Hex {
		g.figRotate(g.S.Cells[a.Hex].Unit)
		g.S.Cells[a.Hex].Unit.Facing = a.Facing
		return
	}
	g.moveUnit(a.Hex, a.To, a.Facing, d)
}

// doPush: the unit on h pushes the enemy on n one hex away; the pushed
// unit's controller picks the hex; it keeps its facing.
func (g *Game) doPush(h, n Hex, d Decider) {
	opts := g.pushDests(g.ws.opts[:0], h, n)
	g.ws.opts = opts[:0]
	if len(opts) == 0 {
		return
	}
	u := g.S.Cells[n].Unit
	i := 0
	if len(opts) > 1 {
		i = clampChoice(d.Choose(&g.S, u.Controller(), QPushDestination, opts), len(opts))
		opts = g.pushDests(g.ws.opts[:0], h, n) // the Decider may have reused the scratch space
	}
	g.moveUnit(n, opts[i].Hex, u.Facing, d)
}

// doPull: the unit on h pulls the enemy on n next to itself; the pulled
// unit's controller picks the hex and the facing.
func (g *Game) doPull(h, n Hex, d Decider) {
	opts := g.pullDests(g.ws.opts[:0], h, n)
	g.ws.opts = opts[:0]
	if len(opts) == 0 {
		return
	}
	u := g.S.Cells[n].Unit
	i := 0
	if len(opts) > 1 {
		i = clampChoice(d.Choose(&g.S, u.Controller(), QPullDestination, opts), len(opts))
		opts = g.pullDests(g.ws.opts[:0], h, n) // the Decider may have reused the scratch space
	}
	g.moveUnit(n, opts[i].Hex, opts[i].Dir, d)
}

func clampChoice(i, n int) int {
	if i < 0 || i >= n {
		return 0
	}
	return i
}
