// limits.go keeps the armies' allowances (rules.Limit, docs/dsl.md
// "Allowances"): a trigger's per_turn= and per_game=, and groups of
// tokens that share one. Each limit's uses by every copy of its tokens are
// counted in Game.limUsed, a byte per player and limit: the turn's in the
// low four bits (cleared as every turn starts), the game's in the high
// four. A used-up ability is not offered (own_turn, an instant's play) or
// does not fire (the triggers that fire by themselves). Without a limit
// in either army (anyLimit false) nothing here runs.

package engine

import "github.com/hexforge/hexforge/rules"

// limitOK reports whether trigger trig of token type tok of player p may
// be used now: no limit it counts against is used up.
func (g *Game) limitOK(p, tok, trig uint8) bool {
	return !g.anyLimit || g.limitsOK(p, int(tok), int(trig), false)
}

// observerOK is limitOK for observer oi of player p's army.
func (g *Game) observerOK(p, tok, oi uint8) bool {
	return !g.anyLimit || g.limitsOK(p, int(tok), int(oi), true)
}

// counts reports whether l counts trigger (or, obs, observer) k of tok.
func counts(l *rules.Limit, tok, k int, obs bool) bool {
	if obs {
		return l.CountsObserver(tok, k)
	}
	return l.Counts(tok, k)
}

func (g *Game) limitsOK(p uint8, tok, k int, obs bool) bool {
	a := g.S.Armies[p&(MaxPlayers-1)]
	for i := range a.Limits {
		l := &a.Limits[i]
		if i >= len(g.limUsed[p]) || !counts(l, tok, k, obs) {
			continue
		}
		c := g.limUsed[p][i]
		if (l.PerTurn > 0 && c&0xf >= l.PerTurn) || (l.PerGame > 0 && c>>4 >= l.PerGame) {
			return false
		}
	}
	return true
}

// spendLimit counts a use of trigger trig of token type tok of player p
// against each limit it counts against.
func (g *Game) spendLimit(p, tok, trig uint8) {
	if g.anyLimit {
		g.spend(p, int(tok), int(trig), false)
	}
}

// spendObserver is spendLimit for observer oi of player p's army.
func (g *Game) spendObserver(p, tok, oi uint8) {
	if g.anyLimit {
		g.spend(p, int(tok), int(oi), true)
	}
}

func (g *Game) spend(p uint8, tok, k int, obs bool) {
	a := g.S.Armies[p&(MaxPlayers-1)]
	for i := range a.Limits {
		if i >= len(g.limUsed[p]) || !counts(&a.Limits[i], tok, k, obs) {
			continue
		}
		c := g.limUsed[p][i]
		turn, game := min(c&0xf+1, 0xf), min(c>>4+1, 0xf)
		g.limUsed[p][i] = game<<4 | turn
	}
}

// newTurnLimits starts a turn's allowances: every limit's uses of the
// turn go back to none.
func (g *Game) newTurnLimits() {
	if !g.anyLimit {
		return
	}
	for p := range g.limUsed {
		for i := range g.limUsed[p] {
			g.limUsed[p][i] &^= 0xf
		}
	}
}
