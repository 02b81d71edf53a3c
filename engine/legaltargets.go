// legaltargets.go lists the targets of the steps of instants and abilities:
// which units or hexes a step may pick, its side, centre, area and
// placement limits.

package engine

import (
	"github.com/hexforge/hexforge/rules"
)

func (g *Game) instantTargets(buf []Action, slot uint8, t *rules.Token, nets *[MaxHexes]bool) []Action {
	tmpl := Action{Kind: KInstant, Slot: slot, Hex: NoHex, To: NoHex}
	ti := onPlay(t)
	if ti < 0 || len(t.Triggers[ti].Actions) == 0 {
		return append(buf, tmpl)
	}
	acts := t.Triggers[ti].Actions
	n := len(buf)
	buf = g.targetsOf(buf, tmpl, &acts[0], g.Player, NoHex, nets, true)
	if len(buf) == n && !needsTarget(acts[0].Op) {
		return buf // a battle that may not be played now
	}
	if acts[0].Optional && len(acts) > 1 {
		buf = append(buf, tmpl) // decline the first step, go on with the next
	}
	return buf
}

// needsTarget reports whether a step picks units or hexes.
func needsTarget(op rules.ActionOp) bool {
	switch op {
	case rules.ActMove, rules.ActPush, rules.ActPull, rules.ActRotate, rules.ActSwap,
		rules.ActDamage, rules.ActDestroy, rules.ActNet, rules.ActStrike, rules.ActReplace, rules.ActHeal, rules.ActRecover, rules.ActPickUp, rules.ActGive, rules.ActAttack:
		return true
	}
	return false
}

// listTargets appends tmpl with each target of step act for player p;
// src is the unit using the ability (NoHex for instants). Its callers go
// through targets, which puts up the step's shield (immunity.go).
func (g *Game) listTargets(buf []Action, tmpl Action, act *rules.Action, p uint8, src Hex, nets *[MaxHexes]bool) []Action {
	s := &g.S
	b := s.Board
	side := act.Side
	if side == 0 {
		side = rules.Friends
	}
	if act.Sel != nil {
		return g.selTargets(buf, tmpl, act, p, src, nets)
	}
	switch act.Op {
	case rules.ActBattle:
		if g.LastDrawn {
			return buf
		}
		return append(buf, tmpl)
	case rules.ActMove:
		for h := Hex(0); int(h) < b.Size; h++ {
			if g.unitOK(h, side, p, nets) && g.where(act.Where, p, src, h) {
				buf = g.moves(buf, tmpl, h, g.moveDist(h, int(max(1, act.Value)), nets))
			}
		}
		return buf
	case rules.ActRotate:
		for h := Hex(0); int(h) < b.Size; h++ {
			if g.unitOK(h, side, p, nets) && g.where(act.Where, p, src, h) {
				buf = g.rotations(buf, tmpl, h)
			}
		}
		return buf
	case rules.ActPush, rules.ActPull:
		for h := Hex(0); int(h) < b.Size; h++ {
			if g.unitOK(h, rules.Friends, p, nets) && (src == NoHex || h == src) {
				if act.Op == rules.ActPush {
					buf = g.pushes(buf, tmpl, h, side, nets)
				} else {
					buf = g.pulls(buf, tmpl, h, pullDist(act), side, nets)
				}
			}
		}
		return buf
	case rules.ActSwap:
		// Two adjacent units of the step's side (own by default).
		for h := Hex(0); int(h) < b.Size; h++ {
			if !g.unitOK(h, side, p, nets) || g.heavy(h) {
				continue
			}
			for d := rules.N; d <= rules.NW; d++ {
				n := b.Nb[h][d]
				if n > h && g.unitOK(n, side, p, nets) && !g.heavy(n) && (!g.cfg.Structures || swapKeeps(s, h, n)) {
					tmpl.Hex, tmpl.To = h, n
					buf = append(buf, tmpl)
				}
			}
		}
		return buf
	case rules.ActStrike:
		for h := Hex(0); int(h) < b.Size; h++ {
			if (src != NoHex && h != src) || !g.unitOK(h, rules.Friends, p, nets) {
				continue
			}
			u := s.Cells[h].Unit
			tmpl.Hex = h
			for e := rules.N; e <= rules.NW; e++ {
				if x := g.edgeOf(h, e); x.Melee > 0 || x.Ranged > 0 {
					tmpl.Facing = u.EdgeDir(e)
					buf = append(buf, tmpl)
				}
			}
		}
		return buf
	case rules.ActReplace:
		if src == NoHex || s.Cells[src].Unit.Empty() {
			return buf // only a token on the board can take another's place
		}
		if side == rules.Friends && act.Side == 0 {
			side = rules.Enemies
		}
		su := s.Cells[src].Unit
		for h := Hex(0); int(h) < b.Size; h++ {
			u := s.Cells[h].Unit
			if h == src || u.Empty() || !g.sideOK(side, p, u, h) || (!act.HitsHQ && s.Tok(u).Kind == rules.HQ) || !g.where(act.Where, p, src, h) {
				continue
			}
			tmpl.Hex = h
			buf = g.facings(buf, tmpl, su.Owner, su.Token)
		}
		return buf
	case rules.ActPickUp:
		// An own unit (owned and controlled), not the HQ, not netted, if
		// the hand has room.
		if int(g.HandLen[p]) >= g.handCap() {
			return buf
		}
		for h := Hex(0); int(h) < b.Size; h++ {
			u := s.Cells[h].Unit
			if !u.Empty() && u.Owner == p && u.Controller() == p && s.Tok(u).Kind != rules.HQ && !nets[h] && !(g.cfg.Structures && isPart(s, u)) { // a part never goes to the hand
				tmpl.Hex = h
				buf = append(buf, tmpl)
			}
		}
		return buf
	case rules.ActRecover:
		// One target per token type it may take back (Slot): the player
		// picks which, if the hand (or the deck) has room.
		if (act.ToDeck && g.DeckLen[p] >= MaxArmyTokens) || (!act.ToDeck && int(g.HandLen[p]) >= g.handCap()) {
			return buf
		}
		tmpl.Hex, tmpl.To = NoHex, NoHex
		for t, n := range g.Discarded[p][:len(s.Armies[p].Tokens)] {
			k := s.Armies[p].Tokens[t].Kind
			if n > 0 && (act.Pick == 0 || int(act.Pick) == t+1) && (act.Kinds == 0 || act.Kinds&(1<<k) != 0) {
				tmpl.Token = uint8(t) + 1
				buf = append(buf, tmpl)
			}
		}
		return buf
	case rules.ActGive:
		return g.giveTargets(buf, tmpl, act, p, src)
	case rules.ActAttack:
		return g.attackTargets(buf, tmpl, act, p, src, nets) // attack_step.go
	case rules.ActHeal:
		// Only a wounded unit, or an area with one: healing nobody would be
		// a wasted step.
		if act.At >= rules.AtOwnHQ {
			if c := g.centre(act.At, p, src); c != NoHex && g.healsAny(act, side, p, c) {
				tmpl.Hex = c
				buf = append(buf, tmpl)
			}
			return buf
		}
		for h := Hex(0); int(h) < b.Size; h++ {
			if g.where(act.Where, p, src, h) && g.fits(act, h) && g.healsAny(act, side, p, h) && !g.allyAt(h, p) {
				tmpl.Hex = h
				buf = append(buf, tmpl)
			}
		}
		return buf
	case rules.ActDamage, rules.ActDestroy, rules.ActNet:
		if act.Where == rules.AdjacentOwnHQ && (s.HQ[p] == NoHex || nets[s.HQ[p]]) {
			return buf // not while the own HQ is netted
		}
		if g.netLimited(act, p) {
			return buf // every net marker the step may throw is out
		}
		if act.At >= rules.AtOwnHQ {
			// A fixed centre: one target, the area clipped to the board.
			c := g.centre(act.At, p, src)
			if c != NoHex && (act.Radius > 0 || g.hitsUnit(act, side, p, c)) {
				tmpl.Hex = c
				buf = append(buf, tmpl)
			}
			return buf
		}
		if act.Op == rules.ActDamage && act.Radius > 0 {
			for h := Hex(0); int(h) < b.Size; h++ {
				if g.fits(act, h) && g.where(act.Where, p, src, h) && !g.allyAt(h, p) {
					tmpl.Hex = h
					buf = append(buf, tmpl)
				}
			}
			return buf
		}
		for h := Hex(0); int(h) < b.Size; h++ {
			if !g.where(act.Where, p, src, h) {
				continue
			}
			c := &s.Cells[h]
			if u := c.Unit; !u.Empty() {
				if g.sideOK(side, p, u, h) && (act.HitsHQ || s.Tok(u).Kind != rules.HQ) {
					tmpl.Hex = h
					buf = append(buf, tmpl)
				}
			} else if f := c.Ground; !f.Empty() && act.Op != rules.ActNet && g.sideOK(side, p, f, h) {
				tmpl.Hex = h // a foundation can be hit only by instants
				buf = append(buf, tmpl)
			}
		}
		return buf
	}
	// Steps without targets: forbid_place, draw, return_to_deck; and the
	// steps not implemented here (strike, replace), which do nothing.
	return append(buf, tmpl)
}

func pullDist(act *rules.Action) int8 {
	return max(2, act.Value+1)
}

func (g *Game) sideOK(side rules.Side, p uint8, u Piece, h Hex) bool {
	c := u.Controller()
	if c == p {
		return side&rules.Friends != 0
	}
	if g.S.Friends(c, p) {
		// An ally's token: no step of p's reaches it, not even an area of
		// every side (the Air Strike's): "Nie można zagrywać żetonów
		// Natychmiastowych na sojusznicze jednostki." "Sojusznicze
		// jednostki nie ranią się wzajemnie." (docs/rules.md, "Three and
		// four players")
		return false
	}
	if g.shield != 0 && g.shielded(u, h) {
		return false // an immunity keeps the step off it (immunity.go)
	}
	return side&rules.Enemies != 0
}

// allyAt reports whether a token of an ally of p (not p's own) stands on h:
// an area step may not be centred there ("Nie można zagrywać żetonów
// Natychmiastowych na sojusznicze jednostki").
func (g *Game) allyAt(h Hex, p uint8) bool {
	c := &g.S.Cells[h]
	for _, u := range [2]Piece{c.Unit, c.Ground} {
		if !u.Empty() && u.Controller() != p && g.S.Friends(u.Controller(), p) {
			return true
		}
	}
	return false
}

// unitOK: a unit of side stands on h and is not netted.
func (g *Game) unitOK(h Hex, side rules.Side, p uint8, nets *[MaxHexes]bool) bool {
	u := g.S.Cells[h].Unit
	return !u.Empty() && !nets[h] && g.sideOK(side, p, u, h)
}

// centre is the fixed centre of a step with at=own_hq, enemy_hq or self for
// player p, NoHex when there is none now (no HQ on the board yet, an
// instant's self).
func (g *Game) centre(at rules.At, p uint8, src Hex) Hex {
	switch at {
	case rules.AtOwnHQ:
		return g.S.HQ[p]
	case rules.AtEnemyHQ:
		return g.S.HQ[g.firstEnemy(p)]
	case rules.AtSelf:
		return src
	}
	return NoHex
}

// fits: an area of the step centred on h may be used there. A bomb's area
// must lie on the board (the rulebook's Air Strike); with at= it is clipped.
func (g *Game) fits(act *rules.Action, h Hex) bool {
	b := g.S.Board
	return act.Radius == 0 || act.At != rules.AtFit || int(b.Reach[h]) >= int(act.Radius)
}

// hitsUnit: the unit on h is one the step may hit (its side, HQs only with hq).
func (g *Game) hitsUnit(act *rules.Action, side rules.Side, p uint8, h Hex) bool {
	u := g.S.Cells[h].Unit
	return !u.Empty() && g.sideOK(side, p, u, h) && (act.HitsHQ || g.S.Tok(u).Kind != rules.HQ)
}

// healsAny: a heal centred on h would take a wound off some unit.
func (g *Game) healsAny(act *rules.Action, side rules.Side, p uint8, h Hex) bool {
	b := g.S.Board
	for x := Hex(0); int(x) < b.Size; x++ {
		if int(b.Dist[h][x]) <= int(act.Radius) && g.hitsUnit(act, side, p, x) && g.S.Cells[x].Unit.Wounds > 0 {
			return true
		}
	}
	return false
}

// where checks a step's placement limit for target h.
func (g *Game) where(w rules.Where, p uint8, src, h Hex) bool {
	b := g.S.Board
	switch w {
	case rules.AdjacentOwnHQ:
		hq := g.S.HQ[p]
		return hq != NoHex && b.Dist[hq][h] == 1
	case rules.AdjacentSelf:
		return src == NoHex || b.Dist[src][h] == 1
	case rules.InLine:
		if src == NoHex {
			return true
		}
		if src == h {
			return false
		}
		dq, dr := b.Q[h]-b.Q[src], b.R[h]-b.R[src]
		return dq == 0 || dr == 0 || dq == -dr
	}
	return true
}
