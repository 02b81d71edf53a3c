// selector.go runs the steps that carry a selector (rules.Selector,
// docs/dsl.md "Selectors"): which units match, their targets, the hexes a
// steered move, push or pull may go to, and the step itself. A step
// without a selector never comes here: the official armies' steps run as
// they did (legaltargets.go, applystep.go).

package engine

import (
	"strings"

	"github.com/hexforge/hexforge/rules"
)

// hexPlus stores a hex in a byte whose zero means none.
func hexPlus(h Hex) uint8 { return uint8(h + 1) }

// plusHex reads a hex stored by hexPlus.
func plusHex(b uint8) Hex { return Hex(int(b) - 1) }

// refHex is the hex of the fixed reference r for player p, the ability's
// token being on src (NoHex for an instant or a leader): NoHex when there
// is none now. Chosen and nearest references are resolved by their
// callers.
func (g *Game) refHex(r rules.Ref, p uint8, src Hex) Hex {
	switch r {
	case rules.RefSelf:
		return src
	case rules.RefOwnHQ:
		return g.S.HQ[p]
	case rules.RefEnemyHQ:
		return g.S.HQ[g.firstEnemy(p)]
	case rules.RefTarget:
		return plusHex(g.pend.target1)
	case rules.RefEvent:
		return plusHex(g.pend.event1)
	}
	return NoHex
}

// Matches reports whether the unit on x is one the selector sel picks for
// player p with side, ref being the hex of its reference (NoHex when the
// selector has no relation). An HQ matches only with hq or kind=hq. It
// is the one test of every selector step, and what an observer uses to
// match the unit of an event.
func (g *Game) Matches(sel *rules.Selector, side rules.Side, hq bool, p uint8, ref, x Hex) bool {
	s := &g.S
	u := s.Cells[x].Unit
	if u.Empty() || !g.sideOK(side, p, u, x) {
		return false
	}
	t := s.Tok(u)
	if sel.Kinds != 0 {
		if sel.Kinds&(1<<t.Kind) == 0 {
			return false
		}
	} else if !hq && t.Kind == rules.HQ {
		return false
	}
	if sel.Name != "" && !named(t, sel.Name) {
		return false
	}
	return g.related(sel.Rel, sel.Dist, ref, x)
}

// named reports whether token t is called name (or has it as an alias).
func named(t *rules.Token, name string) bool {
	if strings.EqualFold(t.Name, name) {
		return true
	}
	for _, a := range t.Aliases {
		if strings.EqualFold(a, name) {
			return true
		}
	}
	return false
}

// related reports whether x stands in relation rel to ref (never ref
// itself: nothing is next to itself).
func (g *Game) related(rel rules.Relation, dist uint8, ref, x Hex) bool {
	return relatedOn(&g.S, rel, dist, ref, x)
}

// relatedOn is related on the board of s (an expression's count, which
// a battle judges too).
func relatedOn(s *State, rel rules.Relation, dist uint8, ref, x Hex) bool {
	if rel == rules.RelNone {
		return true
	}
	if ref == NoHex || ref == x {
		return false
	}
	b := s.Board
	switch rel {
	case rules.RelAdjacent:
		return b.Dist[ref][x] == 1
	case rules.RelWithin:
		return int(b.Dist[ref][x]) <= int(dist)
	case rules.RelInLine:
		dq, dr := b.Q[x]-b.Q[ref], b.R[x]-b.R[ref]
		return dq == 0 || dr == 0 || dq == -dr
	case rules.RelLinked:
		v := s.Cells[ref].Unit
		if v.Empty() {
			return false
		}
		for d := rules.N; d <= rules.NW; d++ {
			if b.Nb[ref][d] == x {
				return s.Tok(v).Edges[v.EdgeAt(d)].Flags&rules.Link != 0
			}
		}
	}
	return false
}

// hqGated: the step hits an HQ only with hq (the others move or turn HQs
// as any unit, as their steps without a selector do).
func hqGated(op rules.ActionOp) bool {
	return op == rules.ActDamage || op == rules.ActDestroy || op == rules.ActNet || op == rules.ActHeal || op == rules.ActGive
}

// selSide is the side a selector step picks.
func selSide(act *rules.Action) rules.Side {
	if act.Side == 0 {
		return rules.Friends
	}
	return act.Side
}

// canUndergo reports whether the matching unit on x can undergo the step:
// a moved unit is not netted nor heavy, a turned one not netted, a healed
// one wounded.
func (g *Game) canUndergo(act *rules.Action, x Hex, nets *[MaxHexes]bool) bool {
	switch act.Op {
	case rules.ActMove, rules.ActPush, rules.ActPull, rules.ActSwap:
		return g.movable(x, nets)
	case rules.ActRotate:
		return !nets[x]
	case rules.ActHeal:
		return g.S.Cells[x].Unit.Wounds > 0
	}
	return true
}

// selUnits writes into xs the units the selector step picks from
// reference r (every match, or the one named by unit=) and returns how
// many.
func (g *Game) selUnits(xs *[MaxHexes]Hex, act *rules.Action, p uint8, src, r Hex, nets *[MaxHexes]bool) int {
	sel := act.Sel
	if sel.Unit != rules.RefNone {
		x := g.refHex(sel.Unit, p, src)
		if x == NoHex || g.S.Cells[x].Unit.Empty() || !g.canUndergo(act, x, nets) || (g.shield != 0 && g.immuneTo(g.S.Cells[x].Unit, x, p, rules.Traits(g.shield)<<immShift)) {
			return 0
		}
		xs[0] = x
		return 1
	}
	side, hq := selSide(act), act.HitsHQ || !hqGated(act.Op)
	n := 0
	for x := Hex(0); int(x) < g.S.Board.Size; x++ {
		if g.Matches(sel, side, hq, p, r, x) && g.canUndergo(act, x, nets) {
			xs[n] = x
			n++
		}
	}
	return n
}

// steer is where a steered step goes: toward or away from a reference
// (Steer, or for push and pull without one, of=: push away, pull toward).
func steer(act *rules.Action) (rules.Ref, bool) {
	sel := act.Sel
	switch {
	case sel.Steer != rules.RefNone:
		return sel.Steer, sel.Away
	case act.Op == rules.ActPush:
		return sel.Of, true
	case act.Op == rules.ActPull:
		return sel.Of, false
	}
	return rules.RefNone, false
}

// steerDests appends the hexes the unit on x may go to, up to n hexes,
// each hex of the way nearer to (or, away, farther from) the steering
// reference: r, or for a nearest reference the nearest units of its side
// to x. With keep the unit keeps its facing (a push, a pull); otherwise
// each facing is an option (a move).
func (g *Game) steerDests(opts []Option, x Hex, n int, st rules.Ref, away bool, r Hex, p uint8, keep bool) []Option {
	s := &g.S
	b := s.Board
	var to [MaxHexes]Hex
	k := 0
	if st.Nearest() {
		best := 255
		for y := Hex(0); int(y) < b.Size; y++ {
			if u := s.Cells[y].Unit; y != x && !u.Empty() && g.sideOK(st.Side(), p, u, y) && int(b.Dist[x][y]) <= best {
				if int(b.Dist[x][y]) < best {
					best, k = int(b.Dist[x][y]), 0
				}
				to[k] = y
				k++
			}
		}
	} else if r != NoHex {
		to[0], k = r, 1
	}
	u := s.Cells[x].Unit
	per := rules.Dir(g.symOf(u))
	for m := Hex(0); int(m) < b.Size; m++ {
		dm := int(b.Dist[x][m])
		if m == x || dm > n || !s.open(m) || (g.cfg.Structures && !keepsWhole(s, x, m)) {
			continue
		}
		ok := false
		for _, t := range to[:k] {
			if away {
				ok = ok || int(b.Dist[m][t]) == int(b.Dist[x][t])+dm
			} else {
				ok = ok || int(b.Dist[m][t])+dm == int(b.Dist[x][t])
			}
		}
		if !ok {
			continue
		}
		if keep {
			opts = append(opts, Option{Hex: m, To: NoHex, Dir: u.Facing})
			continue
		}
		for f := rules.Dir(0); f < per; f++ {
			opts = append(opts, Option{Hex: m, To: NoHex, Dir: f})
		}
	}
	return opts
}

// selTargets appends the targets of selector step act for player p, the
// ability's token on src. A target's Hex is the unit picked (for every,
// the first match: the step takes them all), To a move's destination or
// a swap's partner, Facing a move's or turn's facing, and Token 1 + the
// hex of a chosen reference (0 for a fixed one, found again when the
// step runs).
func (g *Game) selTargets(buf []Action, tmpl Action, act *rules.Action, p uint8, src Hex, nets *[MaxHexes]bool) []Action {
	if g.netLimited(act, p) {
		return buf
	}
	of := act.Sel.Of
	if !of.Chosen() {
		return g.selTargetsFrom(buf, tmpl, act, p, src, g.refHex(of, p, src), nets)
	}
	for r := Hex(0); int(r) < g.S.Board.Size; r++ {
		u := g.S.Cells[r].Unit
		if u.Empty() || !g.sideOK(of.Side(), p, u, r) || (act.Op == rules.ActSwap && !g.movable(r, nets)) {
			continue
		}
		tmpl.Token = hexPlus(r)
		buf = g.selTargetsFrom(buf, tmpl, act, p, src, r, nets)
	}
	return buf
}

func (g *Game) selTargetsFrom(buf []Action, tmpl Action, act *rules.Action, p uint8, src, r Hex, nets *[MaxHexes]bool) []Action {
	var xs [MaxHexes]Hex
	n := g.selUnits(&xs, act, p, src, r, nets)
	if n == 0 {
		return buf
	}
	if act.Sel.Every {
		tmpl.Hex = xs[0]
		return append(buf, tmpl)
	}
	st, away := steer(act)
	sr := g.steerHex(st, p, src, r)
	for _, x := range xs[:n] {
		tmpl.Hex = x
		switch act.Op {
		case rules.ActMove:
			dist := g.moveDist(x, int(max(1, act.Value)), nets)
			if st == rules.RefNone {
				buf = g.moves(buf, tmpl, x, dist)
				continue
			}
			opts := g.steerDests(g.ws.opts[:0], x, dist, st, away, sr, p, false)
			for _, o := range opts {
				tmpl.To, tmpl.Facing = o.Hex, o.Dir
				buf = append(buf, tmpl)
			}
			g.ws.opts = opts[:0]
		case rules.ActRotate:
			buf = g.rotations(buf, tmpl, x)
		case rules.ActPush, rules.ActPull:
			opts := g.steerDests(g.ws.opts[:0], x, 1, st, away, sr, p, true)
			g.ws.opts = opts[:0]
			if len(opts) > 0 {
				buf = append(buf, tmpl)
			}
		case rules.ActSwap:
			if r == NoHex || r == x || !g.movable(r, nets) || (g.cfg.Structures && !swapKeeps(&g.S, r, x)) || (g.shield != 0 && g.immuneTo(g.S.Cells[r].Unit, r, p, rules.Traits(g.shield)<<immShift)) {
				continue
			}
			tmpl.To = r
			buf = append(buf, tmpl)
		default:
			buf = append(buf, tmpl)
		}
	}
	return buf
}

// steerHex is the hex of the steering reference st: of='s (r) when it is
// the same reference, else the fixed one; NoHex for a nearest one, which
// each unit finds for itself.
func (g *Game) steerHex(st rules.Ref, p uint8, src, r Hex) Hex {
	switch {
	case st == rules.RefNone || st.Nearest():
		return NoHex
	case st.Chosen():
		return r
	}
	return g.refHex(st, p, src)
}

// runSel performs selector step act with target a for player p.
func (g *Game) runSel(a Action, act *rules.Action, p uint8, src Hex, d Decider) {
	s := &g.S
	sel := act.Sel
	r := g.refHex(sel.Of, p, src)
	if sel.Of.Chosen() {
		r = plusHex(a.Token)
	}
	nets := g.computeNets()
	var xs [MaxHexes]Hex
	n := 1
	xs[0] = a.Hex
	if sel.Every {
		n = g.selUnits(&xs, act, p, src, r, nets)
	}
	st, away := steer(act)
	sr := g.steerHex(st, p, src, r)
	if sel.Every && st != rules.RefNone && sr != NoHex {
		// Push the farthest first and pull the nearest first, so that each
		// makes room for the next.
		for i := 1; i < n; i++ {
			for j := i; j > 0; j-- {
				dj, dk := s.Board.Dist[sr][xs[j]], s.Board.Dist[sr][xs[j-1]]
				if (away && dj > dk) || (!away && dj < dk) {
					xs[j], xs[j-1] = xs[j-1], xs[j]
				}
			}
		}
	}
	tgt := a.Hex
	if sel.Every {
		tgt = r
	}
	switch act.Op {
	case rules.ActMove:
		g.doMove(a, d)
		tgt = a.To
	case rules.ActRotate:
		g.figRotate(s.Cells[a.Hex].Unit)
		s.Cells[a.Hex].Unit.Facing = a.Facing
	case rules.ActSwap:
		g.swapUnits(a.Hex, a.To, d)
		tgt = a.To
	case rules.ActPush, rules.ActPull:
		q := QPushDestination
		if act.Op == rules.ActPull {
			q = QPullDestination
		}
		for _, x := range xs[:n] {
			u := s.Cells[x].Unit
			if u.Empty() {
				continue
			}
			opts := g.steerDests(g.ws.opts[:0], x, 1, st, away, sr, p, true)
			g.ws.opts = opts[:0]
			if len(opts) == 0 {
				continue
			}
			i := 0
			if len(opts) > 1 {
				i = clampChoice(d.Choose(s, u.Controller(), q, opts), len(opts))
				opts = g.steerDests(g.ws.opts[:0], x, 1, st, away, sr, p, true) // the Decider may have reused the scratch space
			}
			if !sel.Every {
				tgt = opts[i].Hex
			}
			g.moveUnit(x, opts[i].Hex, u.Facing, d)
		}
	case rules.ActDamage:
		var hit [MaxHexes]bool
		for _, x := range xs[:n] {
			hit[x] = true
		}
		for _, x := range xs[:n] {
			if !s.Cells[x].Unit.Empty() && !g.medicAbsorbs(x, &hit, d) {
				g.wound(x, int(act.Value), false)
			}
		}
	case rules.ActDestroy:
		var hit [MaxHexes]bool
		for _, x := range xs[:n] {
			hit[x] = true
		}
		for _, x := range xs[:n] {
			if !s.Cells[x].Unit.Empty() && !g.medicAbsorbs(x, &hit, d) {
				g.removeUnit(x)
			}
		}
	case rules.ActNet:
		for _, x := range xs[:n] {
			if !s.Cells[x].Unit.Empty() {
				g.tracePiece(TrNet, x, 0, false)
				s.Cells[x].Unit.Marks |= NetMarker
			}
		}
	case rules.ActGive:
		// The status goes on each unit picked: a give of radius 0 centred
		// on it, which reaches the unit there whatever its side.
		one := *act
		one.Sel, one.Radius, one.Side, one.HitsHQ = nil, 0, rules.AnySide, true
		for _, x := range xs[:n] {
			if !s.Cells[x].Unit.Empty() {
				g.giveStatus(&one, x)
			}
		}
	case rules.ActHeal:
		for _, x := range xs[:n] {
			u := &s.Cells[x].Unit
			if u.Empty() {
				continue
			}
			k := min(u.Wounds, uint8(act.Value))
			g.tracePiece(TrHeal, x, int(k), false)
			u.Wounds -= k
			g.deed(DeedHealed, p, int(k))
		}
	}
	g.pend.target1 = hexPlus(tgt)
}
