// boardchange.go changes the board outside a battle: removing units and
// foundations, wounds, moves, and units tethered to their HQ.

package engine

import (
	"github.com/hexforge/hexforge/rules"
)

// ---------------------------------------------------------------- board changes

// removeUnit destroys the unit on h: it leaves the board for its owner's
// discard (or deck, see toPile).
func (g *Game) removeUnit(h Hex) {
	u := g.S.Cells[h].Unit
	if u.Empty() {
		return
	}
	m := NoHex
	if g.cfg.Structures {
		m = MateOn(&g.S, h) // both parts leave together, one unit destroyed
	}
	g.tracePiece(TrRemove, h, 0, false)
	g.deed(DeedRemoved, u.Controller(), 1)
	g.toPile(u.Owner, u.Token)
	g.queueDestroyed(u, h)
	if g.watch != 0 {
		g.observe(rules.WatchDestroyed, h)
	}
	g.S.Remove(h)
	g.used[h] = 0
	g.grantUsed[h] = 0
	if m != NoHex {
		g.tracePiece(TrRemove, m, 0, false)
		g.queueDestroyed(g.S.Cells[m].Unit, m)
		g.S.Remove(m)
		g.used[m] = 0
		g.grantUsed[m] = 0
	}
}

func (g *Game) removeGround(h Hex) {
	f := g.S.Cells[h].Ground
	if f.Empty() {
		return
	}
	g.tracePiece(TrRemove, h, 0, true)
	g.Discarded[f.Owner][f.Token]++
	g.S.Cells[h].Ground = emptyPiece
}

// wound gives n wounds to the unit on h (armor does not help against
// instants); it is removed at once when its wounds reach its toughness.
// With ground set, the foundation on h is wounded instead.
func (g *Game) wound(h Hex, n int, ground bool) {
	c := &g.S.Cells[h]
	p := &c.Unit
	if ground {
		p = &c.Ground
	}
	if p.Empty() {
		return
	}
	if !ground && g.S.scores && g.S.Tok(*p).Kind == rules.HQ {
		// "zamiast zadawać rany, otrzymuje odpowiednią liczbę punktów"
		if !g.S.Friends(g.Player, p.Controller()) {
			g.S.score(g.Player, n)
		}
		return
	}
	g.tracePiece(TrWound, h, n, ground)
	w := int(p.Wounds) + n
	if w > 255 {
		w = 255
	}
	if !ground {
		g.deed(DeedWounds, p.Controller(), w-int(p.Wounds))
	}
	p.Wounds = uint8(w)
	tough := max(1, int(g.S.Tok(*p).Toughness))
	if !ground {
		tough = g.toughness(h)
	}
	if w >= tough {
		if ground {
			g.removeGround(h)
		} else {
			g.removeUnit(h)
		}
	} else if !ground && g.watch != 0 {
		g.observe(rules.WatchWounded, h)
	}
}

// moveUnit moves the unit on from to the empty hex to, turning it to f.
func (g *Game) moveUnit(from, to Hex, f rules.Dir, d Decider) {
	c := &g.S.Cells[from]
	u := c.Unit
	g.traceEv(TrMove, u.Owner, u.Token, from, to, f, 0)
	g.figMove(u)
	u.Facing = f
	c.Unit = emptyPiece
	g.S.Cells[to].Unit = u
	if g.S.HQ[u.Owner] == from && g.S.Tok(u).Kind == rules.HQ {
		g.S.HQ[u.Owner] = to
	}
	g.used[to] = g.used[from]
	g.used[from] = 0
	g.grantUsed[to] = g.grantUsed[from]
	g.grantUsed[from] = 0
	if g.watch != 0 {
		g.observe(rules.WatchMoved, to)
	}
	g.entered(to, d)
}

// tether removes units that must stay beside their HQ and no longer do.
func (g *Game) tether() {
	s := &g.S
	if g.anyFx&factTethered == 0 {
		return
	}
	for h := 0; h < s.Board.Size; h++ {
		u := s.Cells[h].Unit
		if u.Empty() || !s.Tok(u).Traits.Has(rules.TetheredToHQ) {
			continue
		}
		hq := s.HQ[u.Owner]
		if hq == NoHex || s.Board.Dist[h][hq] != 1 {
			g.removeUnit(Hex(h))
		}
	}
}
