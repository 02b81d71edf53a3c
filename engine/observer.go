// observer.go runs the observers (rules.Observer): a token's triggers on
// other units' events. When a unit is destroyed, wounded, placed, moved
// or netted, every observer on the board whose side and selector match it
// (Matches, measured from the observer) is queued, and runs its steps once
// the action, the battle or the program that made the event is over, as
// a destroyed trigger does (events.go), with the event's hex as the
// reference event. An army without observers never comes here: each hook
// is one test of Game.watch.

package engine

import "github.com/hexforge/hexforge/rules"

// maxObserved bounds the observers waiting to fire; more events than that
// in one action or battle fire the first ones only.
const maxObserved = 16

// maxObserverRuns bounds the observers one flush runs, so that observers
// that set each other off (a moved unit moving another) end.
const maxObserverRuns = 64

// observed is an observer waiting to fire: the observer's hex, the event's
// hex, the observer's army and its index in the army's Observers.
type observed struct {
	at, ev    Hex
	owner, oi uint8
}

// watches is the bit set of the events some observer of the game's armies
// watches (Game.watch).
func watches(armies []*rules.Army) uint8 {
	var w uint8
	for _, a := range armies {
		for i := range a.Observers {
			w |= 1 << a.Observers[i].When
		}
	}
	return w
}

// observerAt is the piece that carries the observer of token type tok of
// player p on h: the unit, or the foundation; nil when there is none.
func (g *Game) observerAt(h Hex, p uint8, tok int) *Piece {
	c := &g.S.Cells[h]
	if u := &c.Unit; !u.Empty() && u.Owner == p && int(u.Token) == tok {
		return u
	}
	if f := &c.Ground; !f.Empty() && f.Owner == p && int(f.Token) == tok {
		return f
	}
	return nil
}

// observe notes event w of the unit on x (still on x when it is being
// destroyed) for every observer that watches it.
func (g *Game) observe(w rules.Watch, x Hex) {
	if g.watch&(1<<w) == 0 {
		return
	}
	// Watching is no step: the immunities of the step that made the event
	// (immunity.go) hide no unit from an observer.
	shield := g.shield
	g.shield = 0
	defer func() { g.shield = shield }()
	s := &g.S
	for p := range uint8(s.Players()) {
		a := s.Armies[p]
		for oi := range a.Observers {
			ob := &a.Observers[oi]
			if ob.When != w {
				continue
			}
			for h := Hex(0); int(h) < s.Board.Size; h++ {
				pc := g.observerAt(h, p, ob.Token)
				if pc == nil || (h == x && pc == &s.Cells[x].Unit) {
					continue // no observer here; a unit does not observe itself
				}
				me := pc.Controller()
				if !g.Matches(&ob.Sel, ob.Side, ob.HQ, me, g.refHex(ob.Sel.Of, me, h), x) {
					continue
				}
				if int(g.noq) < maxObserved {
					g.oq[g.noq] = observed{at: h, ev: x, owner: p, oi: uint8(oi)}
					g.noq++
				}
			}
		}
	}
}

// observeGone is observe for the destroyed unit u that was on x and has
// left it: it is put back for the match, then taken off again.
func (g *Game) observeGone(x Hex, u Piece) {
	c := &g.S.Cells[x]
	saved := c.Unit
	c.Unit = u
	g.observe(rules.WatchDestroyed, x)
	c.Unit = saved
}

// flushObserved runs the queued observers in the order of their events. An
// observer that has left its hex, or is netted, does not fire; one with
// once fires once a turn.
func (g *Game) flushObserved(d Decider) {
	if g.oflush {
		return // the flush under way runs what its observers' steps queue
	}
	g.oflush = true
	defer func() { g.oflush = false }()
	for runs := 0; g.noq > 0 && runs < maxObserverRuns && g.Phase != PhaseOver; {
		q := g.oq[0]
		copy(g.oq[:], g.oq[1:g.noq])
		g.noq--
		ob := &g.S.Armies[q.owner].Observers[q.oi]
		pc := g.observerAt(q.at, q.owner, ob.Token)
		if pc == nil || (pc == &g.S.Cells[q.at].Unit && g.computeNets()[q.at]) {
			continue
		}
		if !g.observerOK(q.owner, uint8(ob.Token), q.oi) {
			continue // its allowance is used up (limits.go)
		}
		if ob.Once {
			bit := g.onceBit(q.owner, q.oi)
			if g.used[q.at]&bit != 0 {
				continue
			}
			g.used[q.at] |= bit
		}
		g.spendObserver(q.owner, uint8(ob.Token), q.oi)
		runs++
		g.traceObserve(q, ob.When)
		g.runFired(&ob.Steps, pending{active: true, owner: q.owner, token: uint8(ob.Token), trig: q.oi, src: q.at, event1: hexPlus(q.ev), observer: true}, d)
		g.flushDestroyed(d)
	}
	g.noq = 0
}

// onceBit is the bit of Game.used that marks observer oi of player p's
// army used in this turn: bits 12 to 15, by its rank among its token's
// observers with once (the compiler allows four).
func (g *Game) onceBit(p, oi uint8) uint16 {
	obs := g.S.Armies[p].Observers
	k := 0
	for i := 0; i < int(oi); i++ {
		if obs[i].Token == obs[oi].Token && obs[i].Once {
			k++
		}
	}
	return usedOnce0 << (k & 3)
}

// usedOnce0 is the first of the Game.used bits of observers with once.
const usedOnce0 uint16 = 1 << 12

// noteNetted observes the units netted now that were not before.
func (g *Game) noteNetted(before *[MaxHexes]bool) {
	now := g.computeNets()
	for h := Hex(0); int(h) < g.S.Board.Size; h++ {
		if now[h] && !before[h] && !g.S.Cells[h].Unit.Empty() {
			g.observe(rules.WatchNetted, h)
		}
	}
}

// observeBattle observes what the battle just over did to the units it
// started with (units, by hex; units do not move in a battle): those
// destroyed, then those wounded that survived.
func (g *Game) observeBattle(units *[MaxHexes]Piece) {
	s := &g.S
	for h := Hex(0); int(h) < s.Board.Size; h++ {
		if u := units[h]; !u.Empty() && s.Cells[h].Unit.Empty() {
			g.observeGone(h, u)
		}
	}
	for h := Hex(0); int(h) < s.Board.Size; h++ {
		u, v := units[h], s.Cells[h].Unit
		if !u.Empty() && !v.Empty() && v.Owner == u.Owner && v.Token == u.Token && v.Wounds > u.Wounds {
			g.observe(rules.WatchWounded, h)
		}
	}
}
