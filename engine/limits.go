// limits.go keeps the armies' allowances (rules.Limit, docs/dsl.md
// "Allowances"): a trigger's, an observer's or a used trait's per_turn=
// and per_game=, and groups of tokens that share one. Each limit's uses
// by every copy of its tokens are counted in Game.limUsed, a byte per
// player and limit: the turn's in the low four bits (cleared as every
// turn starts), the game's in the high four. A used-up ability is not
// offered (own_turn, an instant's play, a trait's own-turn use, a
// scavenger's move after a battle, a replaceable unit's replacement) or
// does not fire (the triggers that fire by themselves). Without a limit
// in either army (anyLimit false) nothing here runs.

package engine

import "github.com/hexforge/hexforge/rules"

// limitOK reports whether trigger trig of token type tok of player p may
// be used now: no limit it counts against is used up.
func (g *Game) limitOK(p, tok, trig uint8) bool {
	return !g.anyLimit || g.limitsOK(p, int(tok), int(trig), useTrigger)
}

// observerOK is limitOK for observer oi of player p's army.
func (g *Game) observerOK(p, tok, oi uint8) bool {
	return !g.anyLimit || g.limitsOK(p, int(tok), int(oi), useObserver)
}

// traitOK is limitOK for a use of the printed trait tr (one bit of
// rules.UsedTraits) of a unit of token type tok of player p.
func (g *Game) traitOK(p, tok uint8, tr rules.Traits) bool {
	return !g.anyLimit || g.limitsOK(p, int(tok), int(tr), useTrait)
}

// useKind says what k is to limitsOK and spend: a trigger's index, an
// observer's index or a trait's bit.
type useKind uint8

const (
	useTrigger useKind = iota
	useObserver
	useTrait
)

// counts reports whether l counts use k (of kind) of tok.
func counts(l *rules.Limit, tok, k int, kind useKind) bool {
	switch kind {
	case useObserver:
		return l.CountsObserver(tok, k)
	case useTrait:
		return l.CountsTrait(tok, rules.Traits(k))
	}
	return l.Counts(tok, k)
}

func (g *Game) limitsOK(p uint8, tok, k int, kind useKind) bool {
	a := g.S.Armies[p&(MaxPlayers-1)]
	for i := range a.Limits {
		l := &a.Limits[i]
		if i >= len(g.limUsed[p]) || !counts(l, tok, k, kind) {
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
		g.spend(p, int(tok), int(trig), useTrigger)
	}
}

// spendObserver is spendLimit for observer oi of player p's army.
func (g *Game) spendObserver(p, tok, oi uint8) {
	if g.anyLimit {
		g.spend(p, int(tok), int(oi), useObserver)
	}
}

// spendTrait is spendLimit for a use of the printed trait tr of a unit
// of token type tok of player p.
func (g *Game) spendTrait(p, tok uint8, tr rules.Traits) {
	if g.anyLimit {
		g.spend(p, int(tok), int(tr), useTrait)
	}
}

func (g *Game) spend(p uint8, tok, k int, kind useKind) {
	a := g.S.Armies[p&(MaxPlayers-1)]
	for i := range a.Limits {
		if i >= len(g.limUsed[p]) || !counts(&a.Limits[i], tok, k, kind) {
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

// LimitUses reports player p's uses of allowance i of its army
// (rules.Army.Limits[i]) in this turn and in the game, for a position
// writer; 0, 0 for one out of range.
func (g *Game) LimitUses(p uint8, i int) (turn, game uint8) {
	if int(p) >= len(g.limUsed) || i < 0 || i >= len(g.limUsed[p]) {
		return 0, 0
	}
	c := g.limUsed[p][i]
	return c & 0xf, c >> 4
}
