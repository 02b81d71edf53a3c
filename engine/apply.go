// apply.go applies an action (Apply, ApplyLegal): taking hand slots,
// paying costs, set-up's continuation and running a trigger's program
// step by step up to the one that needs a target.

package engine

import (
	"fmt"

	"github.com/hexforge/hexforge/rules"
)

// ---------------------------------------------------------------- Apply

// Apply plays action a for the player to move; d answers the questions the
// rules give either player (push destinations, battle choices). An action
// LegalActions would not list is rejected with an error wrapping
// ErrIllegal and the game is unchanged.
func (g *Game) Apply(a Action, d Decider) error {
	legal := g.LegalActions(g.ws.acts[:0])
	g.ws.acts = legal[:0]
	ok := false
	for _, x := range legal {
		if x == a {
			ok = true
			break
		}
	}
	if !ok {
		return fmt.Errorf("%w: %v (phase %d, player %d)", ErrIllegal, a, g.Phase, g.Player+1)
	}
	return g.ApplyLegal(a, d)
}

// ApplyLegal is Apply without the check that a is legal: the caller
// guarantees a was returned by LegalActions for this very state (the
// simulator's players always choose from that list). It skips listing the
// legal actions a second time, which is about a third of a random game's
// cost. An illegal action here leaves the game in an undefined state.
func (g *Game) ApplyLegal(a Action, d Decider) error {
	g.settled = 0
	s := &g.S
	p := g.Player
	turn := g.Turn
	wasFull := s.InnerFull()
	ctl := g.controlled()
	battleOK := true
	// Who is netted before the action, for observers of nets (observer.go).
	var netsBefore [MaxHexes]bool
	watchNets := g.watch&(1<<rules.WatchNetted) != 0
	if watchNets {
		netsBefore = *g.computeNets()
	}
	if g.leaders {
		g.leadWin = a.Kind == KDiscard && g.Phase == PhaseDiscard // the turn's mandatory discard opens the moment
	}
	switch a.Kind {
	case KPlaceHQ:
		s.Place(a.Hex, p, uint8(s.Armies[p].HQ), a.Facing)
		g.placedHQ(p)
		g.asideOrNext(d)
		return nil
	case KPlaceAside:
		t := g.Aside[p][0]
		copy(g.Aside[p][:], g.Aside[p][1:g.AsideLen[p]])
		g.AsideLen[p]--
		s.Place(a.Hex, p, t, a.Facing)
		g.asideOrNext(d)
		return nil
	case KDiscard:
		g.Discarded[p][g.takeSlot(a.Slot)]++
		if g.Phase == PhasePlay {
			g.usedNow++ // a discard at will, not the turn's mandatory one
		}
		g.Phase = PhasePlay
		g.fresh = false
	case KMulligan:
		for g.HandLen[p] > 0 {
			g.Discarded[p][g.takeSlot(0)]++
		}
		g.draw(g.drawTarget())
	case KPlace:
		g.fresh = false
		g.playedNow++
		g.usedNow++
		t := g.takeSlot(a.Slot)
		tok := &s.Armies[p].Tokens[t]
		direct := g.directReplace(a.Hex, p, t)
		if direct >= 0 {
			// The placement carries out its replace step: paid, and the unit
			// is destroyed as by the step (no medic saves it).
			g.pay(p, &tok.Triggers[direct], d)
			g.removeUnit(a.Hex)
		}
		if u := s.Cells[a.Hex].Unit; !u.Empty() && tok.Kind != rules.Foundation {
			// A replaceable unit is taken off, not destroyed: to the discard.
			g.spendTrait(u.Owner, u.Token, rules.Replaceable)
			g.tracePiece(TrRemove, a.Hex, 0, false)
			g.Discarded[u.Owner][u.Token]++
			s.Remove(a.Hex)
		}
		s.Place(a.Hex, p, t, a.Facing)
		if g.anyExpire && tok.Kind == rules.Foundation {
			g.placedGround(a.Hex)
		}
		g.used[a.Hex] = 0
		g.grantUsed[a.Hex] = 0
		if tok.Kind != rules.Foundation && g.watch != 0 {
			g.observe(rules.WatchPlaced, a.Hex)
		}
		if tok.Kind != rules.Foundation {
			g.entered(a.Hex, d)
		}
		battleOK = !tok.Traits.Has(rules.NoBattleAtPlace)
		if direct >= 0 && !s.Cells[a.Hex].Unit.Empty() {
			g.pend = pending{active: true, owner: p, token: t, trig: uint8(direct), step: 1, src: a.Hex, placed: true}
			g.advance(d) // the steps after the replace
		} else if !s.Cells[a.Hex].Unit.Empty() || tok.Kind == rules.Foundation {
			if g.startPlaced(p, t, 0, a.Hex) {
				g.advance(d) // every placed trigger in turn (startPlaced)
			}
		}
	case KInstant:
		g.fresh = false
		g.playedNow++
		g.usedNow++
		t := g.takeSlot(a.Slot)
		tok := &s.Armies[p].Tokens[t]
		ti := onPlay(tok)
		if ti < 0 || len(tok.Triggers[ti].Actions) == 0 {
			g.Discarded[p][t]++
			break
		}
		g.spendLimit(p, t, uint8(ti))
		g.pend = pending{active: true, owner: p, token: t, trig: uint8(ti), src: NoHex, inst: true}
		if a.Hex == NoHex && a.Token == 0 && needsTarget(tok.Triggers[ti].Actions[0].Op) {
			g.pend.step++ // declined optional first step
		} else if g.runStep(a, d) {
			break
		}
		g.advance(d)
	case KAbility:
		g.fresh = false
		if a.Slot >= AbTrigger {
			i := a.Slot - AbTrigger
			u := s.Cells[a.Hex].Unit
			trg := &s.Tok(u).Triggers[i]
			g.used[a.Hex] |= usedTrig0 << i
			g.spendLimit(u.Owner, u.Token, i)
			g.pay(p, trg, d)
			g.pend = pending{active: true, owner: u.Owner, token: u.Token, trig: i, src: a.Hex}
			g.advance(d)
			break
		}
		k := a.Slot
		if k >= AbGrantedMove {
			k -= AbGrantedMove
			if k == AbMove {
				g.useGrantedMove(a.Hex, a.To)
			} else {
				g.used[a.Hex] |= usedGranted0 << k
			}
		} else {
			g.used[a.Hex] |= usedMove << k
			u := s.Cells[a.Hex].Unit
			g.spendTrait(u.Owner, u.Token, abilityTraits[k])
		}
		g.figActor(a.Hex)
		switch k {
		case AbMove:
			g.doMove(a, d)
		case AbRotate:
			g.figRotate(s.Cells[a.Hex].Unit)
			s.Cells[a.Hex].Unit.Facing = a.Facing
		case AbPush:
			g.doPush(a.Hex, a.To, d)
		case AbPull:
			g.doPull(a.Hex, a.To, d)
		}
		g.figActorEnd()
	case KStep:
		if !g.runStep(a, d) {
			g.advance(d)
		}
	case KSkip:
		if g.Phase == PhaseLeader {
			g.resumeTurn() // the moment passes unused
			break
		}
		g.pend.step++
		g.advance(d)
	case KEndTurn:
		g.endTurn(d)
		return nil
	case KEnergy:
		g.buyEnergy(a, d)
		return nil
	case KProcedure:
		g.fresh = false
		g.Energy[p] -= ProcCost[a.Slot]
		g.procedure(a, d)
	case KLeader:
		g.useLeader(a, d)
	case KStructure:
		g.placeStructure(a, d)
		return nil
	}
	if g.Phase == PhaseOver || g.Turn != turn {
		return nil
	}
	g.tether()
	g.control(d, ctl)
	g.recallNetMarkers()
	if watchNets {
		g.noteNetted(&netsBefore)
	}
	if s.St.N != 0 {
		g.sweepStatuses()
	}
	g.sweepToughness()
	g.flushDestroyed(d)
	if g.checkHQ() {
		return nil
	}
	if battleOK && !wasFull && s.InnerFull() {
		if g.pend.active {
			g.finishProgram() // the battle ends the turn and what was left of the instant
		}
		g.battleEndsTurn(d, true)
	}
	return nil
}

// takeSlot removes hand slot i of the player to move and returns its token.
func (g *Game) takeSlot(i uint8) uint8 {
	p := g.Player
	t := g.Hand[p][i]
	copy(g.Hand[p][i:], g.Hand[p][i+1:g.HandLen[p]])
	g.HandLen[p]--
	return t
}

func (g *Game) pay(p uint8, trg *rules.Trigger, d Decider) {
	if (trg.CostHQ == 0 && trg.Discard == 0) || g.freeIf(p, trg) {
		return
	}
	if hq := g.S.HQ[p]; hq != NoHex {
		g.tracePiece(TrWound, hq, int(trg.CostHQ), false)
		g.S.Cells[hq].Unit.Wounds += trg.CostHQ
	}
	g.forceDiscard(p, int(trg.Discard), d)
}

// asideOrNext continues set-up after a token is placed: the next set-aside
// token (those that find no free hex beside the HQ are discarded), then
// the next player's HQ, then, once every HQ stands, the first turn.
func (g *Game) asideOrNext(d Decider) {
	p := g.Player
	if g.AsideLen[p] > 0 {
		hq := g.S.HQ[p]
		for d := rules.N; d <= rules.NW; d++ {
			if h := g.S.Board.Nb[hq][d]; h != NoHex && g.placeable(h, p, g.Aside[p][0]) {
				g.Phase = PhaseAside
				return
			}
		}
		for ; g.AsideLen[p] > 0; g.AsideLen[p]-- {
			g.traceEv(TrDiscard, p, g.Aside[p][g.AsideLen[p]-1], NoHex, NoHex, 0, 0)
			g.Discarded[p][g.Aside[p][g.AsideLen[p]-1]]++
		}
	}
	if int(p)+1 < g.S.Players() {
		g.Player++
		g.Phase = PhaseHQ
		return
	}
	g.Player, g.orderAt = 0, 0
	g.startTurn(d)
}

// program is the trigger being run.
func (g *Game) program() *rules.Trigger {
	pe := &g.pend
	if pe.leader {
		return &g.Leader(pe.owner).Steps
	}
	if pe.status {
		return &g.S.Armies[pe.owner].Statuses[pe.token].Triggers[pe.trig]
	}
	if pe.observer {
		return &g.S.Armies[pe.owner].Observers[pe.trig].Steps
	}
	return &g.S.Armies[pe.owner].Tokens[pe.token].Triggers[pe.trig]
}

// advance runs the pending program's steps that need no target and stops
// at the first that needs one (PhaseStep); steps with no possible target
// are skipped.
func (g *Game) advance(d Decider) {
	for g.pend.active && g.Phase != PhaseOver {
		prog := g.program()
		if int(g.pend.step) >= len(prog.Actions) {
			if g.pend.placed && g.startPlaced(g.pend.owner, g.pend.token, g.pend.trig+1, g.pend.src) {
				continue // the token's next placed trigger
			}
			g.finishProgram()
			return
		}
		act := &prog.Actions[g.pend.step]
		if !needsTarget(act.Op) {
			if act.Op == rules.ActBattle && g.LastDrawn {
				g.pend.step++
				continue
			}
			if g.runStep(Action{Kind: KStep, Hex: NoHex, To: NoHex}, d) {
				return
			}
			continue
		}
		nets := g.computeNets()
		n := len(g.targets(g.ws.acts[:0], Action{Kind: KStep}, act, g.Player, g.pend.src, nets))
		if n == 0 {
			g.pend.step++
			continue
		}
		g.Phase = PhaseStep
		return
	}
}

// startPlaced makes the first placed trigger of token type t of player p
// from index from on that p can pay the pending program, for the token on
// src; it reports whether there was one. A token runs all its placed
// triggers in order, each paid only if its first step is carried out.
func (g *Game) startPlaced(p, t, from uint8, src Hex) bool {
	tok := &g.S.Armies[p].Tokens[t]
	if src == NoHex || (g.S.Cells[src].Unit.Empty() && tok.Kind != rules.Foundation) {
		return false // the unit is gone
	}
	for i := int(from); i < len(tok.Triggers); i++ {
		if trg := &tok.Triggers[i]; trg.Event == rules.OnPlaced && g.canPay(p, p, trg) && g.holds(trg.If, p, src) && g.limitOK(p, t, uint8(i)) {
			g.spendLimit(p, t, uint8(i))
			g.pend = pending{active: true, owner: p, token: t, trig: uint8(i), src: src, placed: true}
			if !g.freeIf(p, trg) {
				g.pend.cost, g.pend.disc = trg.CostHQ, trg.Discard // paid only if the trigger is used
			}
			return true
		}
	}
	return false
}

func (g *Game) finishProgram() {
	pe := g.pend
	g.pend = pending{}
	if g.Phase == PhaseStep {
		g.Phase = PhasePlay
	}
	if pe.inst {
		if pe.toDeck && g.DeckLen[pe.owner] < MaxArmyTokens {
			g.Deck[pe.owner][g.DeckLen[pe.owner]] = pe.token
			g.DeckLen[pe.owner]++
		} else {
			g.Discarded[pe.owner][pe.token]++
		}
	}
}
