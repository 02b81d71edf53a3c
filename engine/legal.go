package engine

import (
	"fmt"

	"github.com/hexforge/hexforge/rules"
)

// LegalActions appends every legal action of the player to move to buf and
// returns it. It does not allocate when buf has room. A finished game has
// none; otherwise there is always at least one.
func (g *Game) LegalActions(buf []Action) []Action {
	s := &g.S
	b := s.Board
	p := g.Player
	switch g.Phase {
	case PhaseOver:
		return buf
	case PhaseHQ:
		t := uint8(s.Armies[p].HQ)
		for h := Hex(0); int(h) < b.Size; h++ {
			if s.Cells[h].Unit.Empty() {
				buf = g.facings(buf, Action{Kind: KPlaceHQ, Hex: h, To: NoHex}, p, t)
			}
		}
		return buf
	case PhaseAside:
		t := g.Aside[p][0]
		hq := s.HQ[p]
		for d := rules.N; d <= rules.NW; d++ {
			if h := b.Nb[hq][d]; h != NoHex && g.placeable(h, p, t) {
				buf = g.facings(buf, Action{Kind: KPlaceAside, Hex: h, To: NoHex}, p, t)
			}
		}
		return buf
	case PhaseDiscard:
		if g.mulliganOK() {
			buf = append(buf, Action{Kind: KMulligan, Hex: NoHex, To: NoHex})
		}
		for i := uint8(0); i < g.HandLen[p]; i++ {
			if !g.dupSlot(p, i) {
				buf = append(buf, Action{Kind: KDiscard, Slot: i, Hex: NoHex, To: NoHex})
			}
		}
		if g.Structures {
			buf = g.structureActions(buf)
		}
		return buf
	case PhaseLeader:
		// The leader's owner, in the opponent's turn: use it or let the
		// moment pass (its steps need no target: SetLeaders).
		return append(buf, Action{Kind: KLeader, Hex: NoHex, To: NoHex}, Action{Kind: KSkip, Hex: NoHex, To: NoHex})
	case PhaseStep:
		nets := g.computeNets()
		pe := &g.pend
		act := &g.program().Actions[pe.step]
		n := len(buf)
		buf = g.targets(buf, Action{Kind: KStep, Hex: NoHex, To: NoHex}, act, p, pe.src, nets)
		if act.Optional || len(buf) == n {
			buf = append(buf, Action{Kind: KSkip, Hex: NoHex, To: NoHex})
		}
		return buf
	}

	// PhasePlay.
	nets := g.computeNets()
	if g.mulliganOK() {
		buf = append(buf, Action{Kind: KMulligan, Hex: NoHex, To: NoHex})
	}
	for i := uint8(0); i < g.HandLen[p] && !g.useLimited(); i++ {
		if g.dupSlot(p, i) {
			continue
		}
		buf = append(buf, Action{Kind: KDiscard, Slot: i, Hex: NoHex, To: NoHex})
		if g.playLimited() {
			continue // the token may still be discarded or kept
		}
		ti := g.Hand[p][i]
		t := &s.Armies[p].Tokens[ti]
		if t.Kind.OnBoard() {
			if g.Forbid[p] && t.Kind.IsUnit() {
				continue // terror forbids units only: a foundation is no unit
			}
			for h := Hex(0); int(h) < b.Size; h++ {
				if g.placeable(h, p, ti) {
					buf = g.facings(buf, Action{Kind: KPlace, Slot: i, Hex: h, To: NoHex}, p, ti)
				}
			}
			continue
		}
		buf = g.instantTargets(buf, i, t, nets)
	}
	buf = g.abilities(buf, nets)
	if b.Duel {
		buf = g.duelActions(buf, nets)
	}
	if g.leaders {
		buf = g.leaderActions(buf, nets)
	}
	return append(buf, Action{Kind: KEndTurn, Hex: NoHex, To: NoHex})
}

// dupSlot reports whether an earlier hand slot holds the same token type,
// whose actions would be the same.
func (g *Game) dupSlot(p, i uint8) bool {
	for j := uint8(0); j < i; j++ {
		if g.Hand[p][j] == g.Hand[p][i] {
			return true
		}
	}
	return false
}

func (g *Game) mulliganOK() bool {
	p := g.Player
	// Under Reinforcements only a hand of six instants is a bad draw.
	return g.fresh && g.DeckLen[p] > 0 && g.allInstants(p) && (!g.Reinforce || g.Turn <= 2 || int(g.HandLen[p]) == MaxHand)
}

// placeable reports whether player p may put token type t on h: a unit on
// a hex without a unit (foundations may lie under it) or on an own
// replaceable unit; a foundation on a wholly empty hex.
func (g *Game) placeable(h Hex, p, t uint8) bool {
	c := &g.S.Cells[h]
	ft := g.fact(Piece{Owner: p, Token: t}).flags
	if ft&factFoundation != 0 {
		return c.Unit.Empty() && c.Ground.Empty()
	}
	if ft&factTethered != 0 && (g.S.HQ[p] == NoHex || g.S.Board.Dist[h][g.S.HQ[p]] != 1) {
		return false // it would be removed at once
	}
	if c.Unit.Empty() {
		return true
	}
	if g.Phase != PhasePlay {
		return false
	}
	if g.Structures && isPart(&g.S, c.Unit) {
		return false // a Structure leaves the board only whole (removeUnit)
	}
	return (c.Unit.Owner == p && c.Unit.Controller() == p && g.fact(c.Unit).flags&factReplaceable != 0) ||
		(ft&factDirectReplace != 0 && g.directReplace(h, p, t) >= 0) // placed straight onto the unit its replace step takes
}

// facings appends tmpl with each distinct facing of token type t.
func (g *Game) facings(buf []Action, tmpl Action, p, t uint8) []Action {
	for f := rules.Dir(0); f < rules.Dir(g.symOf(Piece{Owner: p, Token: t})); f++ {
		tmpl.Facing = f
		buf = append(buf, tmpl)
	}
	return buf
}

// onPlay is the index of the instant's on-play trigger, or -1.
func onPlay(t *rules.Token) int {
	for i := range t.Triggers {
		if t.Triggers[i].Event == rules.OnPlay {
			return i
		}
	}
	return -1
}

func (g *Game) instantTargets(buf []Action, slot uint8, t *rules.Token, nets *[MaxHexes]bool) []Action {
	tmpl := Action{Kind: KInstant, Slot: slot, Hex: NoHex, To: NoHex}
	ti := onPlay(t)
	if ti < 0 || len(t.Triggers[ti].Actions) == 0 {
		return append(buf, tmpl)
	}
	acts := t.Triggers[ti].Actions
	n := len(buf)
	buf = g.targets(buf, tmpl, &acts[0], g.Player, NoHex, nets)
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
		rules.ActDamage, rules.ActDestroy, rules.ActNet, rules.ActStrike, rules.ActReplace, rules.ActHeal, rules.ActRecover, rules.ActPickUp:
		return true
	}
	return false
}

// targets appends tmpl with each target of step act for player p; src is
// the unit using the ability (NoHex for instants).
func (g *Game) targets(buf []Action, tmpl Action, act *rules.Action, p uint8, src Hex, nets *[MaxHexes]bool) []Action {
	s := &g.S
	b := s.Board
	side := act.Side
	if side == 0 {
		side = rules.Friends
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
					buf = g.pushes(buf, tmpl, h, nets)
				} else {
					buf = g.pulls(buf, tmpl, h, pullDist(act), nets)
				}
			}
		}
		return buf
	case rules.ActSwap:
		for h := Hex(0); int(h) < b.Size; h++ {
			if !g.unitOK(h, rules.Friends, p, nets) || s.Tok(s.Cells[h].Unit).Traits.Has(rules.Heavy) {
				continue
			}
			for d := rules.N; d <= rules.NW; d++ {
				n := b.Nb[h][d]
				if n > h && g.unitOK(n, rules.Friends, p, nets) && !s.Tok(s.Cells[n].Unit).Traits.Has(rules.Heavy) && (!g.Structures || swapKeeps(s, h, n)) {
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
			t := s.Tok(u)
			tmpl.Hex = h
			for e := rules.N; e <= rules.NW; e++ {
				if t.Edges[e].Melee > 0 || t.Edges[e].Ranged > 0 {
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
			if h == src || u.Empty() || !g.sideOK(side, p, u) || (!act.HitsHQ && s.Tok(u).Kind == rules.HQ) || !g.where(act.Where, p, src, h) {
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
			if !u.Empty() && u.Owner == p && u.Controller() == p && s.Tok(u).Kind != rules.HQ && !nets[h] && !(g.Structures && isPart(s, u)) { // a part never goes to the hand
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
			if g.where(act.Where, p, src, h) && g.fits(act, h) && g.healsAny(act, side, p, h) {
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
				if g.fits(act, h) && g.where(act.Where, p, src, h) {
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
				if g.sideOK(side, p, u) && (act.HitsHQ || s.Tok(u).Kind != rules.HQ) {
					tmpl.Hex = h
					buf = append(buf, tmpl)
				}
			} else if f := c.Ground; !f.Empty() && act.Op != rules.ActNet && g.sideOK(side, p, f) {
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

func (g *Game) sideOK(side rules.Side, p uint8, u Piece) bool {
	c := u.Controller()
	if c == p {
		return side&rules.Friends != 0
	}
	if g.S.Friends(c, p) {
		// An ally's unit: "Nie można zagrywać żetonów Natychmiastowych na
		// sojusznicze jednostki" - only a step that takes every side
		// (an area that hits all) reaches it.
		return side&(rules.Friends|rules.Enemies) == rules.Friends|rules.Enemies
	}
	return side&rules.Enemies != 0
}

// unitOK: a unit of side stands on h and is not netted.
func (g *Game) unitOK(h Hex, side rules.Side, p uint8, nets *[MaxHexes]bool) bool {
	u := g.S.Cells[h].Unit
	return !u.Empty() && !nets[h] && g.sideOK(side, p, u)
}

// centre is the fixed centre of a step with at=own_hq, enemy_hq or self for
// player p, NoHex when there is none now (no HQ on the board yet, an
// instant's self).
func (g *Game) centre(at rules.At, p uint8, src Hex) Hex {
	switch at {
	case rules.AtOwnHQ:
		return g.S.HQ[p]
	case rules.AtEnemyHQ:
		if g.S.N > 2 {
			return g.S.HQ[g.firstEnemy(p)]
		}
		return g.S.HQ[Opp(p)]
	case rules.AtSelf:
		return src
	}
	return NoHex
}

// fits: an area of the step centred on h may be used there. A bomb's area
// must lie on the board (the rulebook's Air Strike); with at= it is clipped.
func (g *Game) fits(act *rules.Action, h Hex) bool {
	b := g.S.Board
	return act.Radius == 0 || act.At != rules.AtFit || int(b.Dist[h][b.Centre()]) <= b.Radius-int(act.Radius)
}

// hitsUnit: the unit on h is one the step may hit (its side, HQs only with hq).
func (g *Game) hitsUnit(act *rules.Action, side rules.Side, p uint8, h Hex) bool {
	u := g.S.Cells[h].Unit
	return !u.Empty() && g.sideOK(side, p, u) && (act.HitsHQ || g.S.Tok(u).Kind != rules.HQ)
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

// moves appends the moves of the unit on h: up to dist hexes to an empty
// hex and/or any turn (heavy units only turn); doing nothing is left out.
func (g *Game) moves(buf []Action, tmpl Action, h Hex, dist int) []Action {
	s := &g.S
	b := s.Board
	u := s.Cells[h].Unit
	per := rules.Dir(g.symOf(u))
	heavy := s.Tok(u).Traits.Has(rules.Heavy)
	whole := g.Structures && mateOn(s, h) != NoHex // a part moves only next to its mate
	tmpl.Hex = h
	for to := Hex(0); int(to) < b.Size; to++ {
		if to != h && (heavy || int(b.Dist[h][to]) > dist || !s.Cells[to].Unit.Empty() || (whole && !keepsWhole(s, h, to))) {
			continue
		}
		tmpl.To = to
		for f := rules.Dir(0); f < per; f++ {
			if to == h && f == u.Facing%per {
				continue
			}
			tmpl.Facing = f
			buf = append(buf, tmpl)
		}
	}
	return buf
}

// rotations appends every new facing of the unit on h.
func (g *Game) rotations(buf []Action, tmpl Action, h Hex) []Action {
	u := g.S.Cells[h].Unit
	per := rules.Dir(g.symOf(u))
	tmpl.Hex = h
	for f := rules.Dir(0); f < per; f++ {
		if f != u.Facing%per {
			tmpl.Facing = f
			buf = append(buf, tmpl)
		}
	}
	return buf
}

// movable: a unit that moves may be moved by others (not netted, not heavy).
func (g *Game) movable(h Hex, nets *[MaxHexes]bool) bool {
	u := g.S.Cells[h].Unit
	return !u.Empty() && !nets[h] && !g.S.Tok(u).Traits.Has(rules.Heavy)
}

// pushDests appends the hexes the unit on n can be pushed to by the unit
// on h: empty, next to n, and one hex further from h.
func (g *Game) pushDests(opts []Option, h, n Hex) []Option {
	b := g.S.Board
	for d := rules.N; d <= rules.NW; d++ {
		m := b.Nb[n][d]
		if m != NoHex && b.Dist[h][m] == 2 && g.S.Cells[m].Unit.Empty() && (!g.Structures || keepsWhole(&g.S, n, m)) {
			opts = append(opts, Option{Hex: m, To: NoHex, Dir: g.S.Cells[n].Unit.Facing})
		}
	}
	return opts
}

func (g *Game) pushes(buf []Action, tmpl Action, h Hex, nets *[MaxHexes]bool) []Action {
	s := &g.S
	b := s.Board
	p := s.Cells[h].Unit.Controller()
	tmpl.Hex = h
	for d := rules.N; d <= rules.NW; d++ {
		n := b.Nb[h][d]
		if n == NoHex || !g.movable(n, nets) || s.Friends(s.Cells[n].Unit.Controller(), p) {
			continue
		}
		for e := rules.N; e <= rules.NW; e++ {
			m := b.Nb[n][e]
			if m != NoHex && b.Dist[h][m] == 2 && s.Cells[m].Unit.Empty() && (!g.Structures || keepsWhole(s, n, m)) {
				tmpl.To = n
				buf = append(buf, tmpl)
				break
			}
		}
	}
	return buf
}

// pullDests appends where the unit on n can be pulled next to h, with
// each facing its controller may give it.
func (g *Game) pullDests(opts []Option, h, n Hex) []Option {
	s := &g.S
	b := s.Board
	u := s.Cells[n].Unit
	per := rules.Dir(g.symOf(u))
	for d := rules.N; d <= rules.NW; d++ {
		m := b.Nb[n][d]
		if m == NoHex || b.Dist[h][m] != 1 || !s.Cells[m].Unit.Empty() || (g.Structures && !keepsWhole(s, n, m)) {
			continue
		}
		for f := rules.Dir(0); f < per; f++ {
			opts = append(opts, Option{Hex: m, To: NoHex, Dir: f})
		}
	}
	return opts
}

func (g *Game) pulls(buf []Action, tmpl Action, h Hex, dist int8, nets *[MaxHexes]bool) []Action {
	s := &g.S
	b := s.Board
	p := s.Cells[h].Unit.Controller()
	tmpl.Hex = h
	for n := Hex(0); int(n) < b.Size; n++ {
		if b.Dist[h][n] != dist || !g.movable(n, nets) || s.Friends(s.Cells[n].Unit.Controller(), p) {
			continue
		}
		for d := rules.N; d <= rules.NW; d++ {
			m := b.Nb[n][d]
			if m != NoHex && b.Dist[h][m] == 1 && s.Cells[m].Unit.Empty() && (!g.Structures || keepsWhole(s, n, m)) {
				tmpl.To = n
				buf = append(buf, tmpl)
				break
			}
		}
	}
	return buf
}

// abilities appends the own-turn abilities of the units of the player to
// move: traits (mobility, rotation, push, pull) and own_turn triggers,
// each once per turn, none while the unit is netted.
func (g *Game) abilities(buf []Action, nets *[MaxHexes]bool) []Action {
	s := &g.S
	p := g.Player
	for h := Hex(0); int(h) < s.Board.Size; h++ {
		u := s.Cells[h].Unit
		if u.Empty() || u.Controller() != p || nets[h] {
			continue
		}
		used := g.used[h]
		if g.Structures {
			used |= g.mateUsed(h) // one move, rotation, push and pull a turn for the whole Structure
		}
		own, granted := s.Tok(u).Traits, g.grantedAt(h, nets)
		for k := uint8(0); k < 4; k++ {
			if own.Has(abilityTraits[k]) && used&(usedMove<<k) == 0 {
				buf = g.traitActions(buf, AbMove+k, h, nets)
			}
			if k == AbMove {
				if g.freeGrantedMove(h, nets) {
					buf = g.traitActions(buf, AbGrantedMove, h, nets)
				}
			} else if granted.Has(abilityTraits[k]) && used&(usedGranted0<<k) == 0 {
				buf = g.traitActions(buf, AbGrantedMove+k, h, nets)
			}
		}
		t := s.Tok(u)
		for i := range t.Triggers {
			if i >= 4 {
				break
			}
			trg := &t.Triggers[i]
			if trg.Event != rules.OwnTurn || used&(usedTrig0<<i) != 0 || len(trg.Actions) == 0 || !g.canPay(p, u.Owner, trg) || !g.holds(trg.If, p, h) {
				continue
			}
			// Offer it only when its first step can do something.
			n := len(buf)
			buf = g.targets(buf, Action{Kind: KStep}, &trg.Actions[0], p, h, nets)
			ok := len(buf) > n
			buf = buf[:n]
			if ok {
				buf = append(buf, Action{Kind: KAbility, Slot: AbTrigger + uint8(i), Hex: h, To: NoHex})
			}
		}
	}
	return buf
}

// abilityTraits are the traits behind AbMove .. AbPull, in that order.
var abilityTraits = [4]rules.Traits{rules.Mobility, rules.Rotation, rules.PushTrait, rules.PullTrait}

// traitActions appends the actions of the trait ability slot (AbMove ..
// AbGrantedPull) of the unit on h.
func (g *Game) traitActions(buf []Action, slot uint8, h Hex, nets *[MaxHexes]bool) []Action {
	k := slot
	if k >= AbGrantedMove {
		k -= AbGrantedMove
	}
	switch k {
	case AbMove:
		return g.moves(buf, Action{Kind: KAbility, Slot: slot}, h, g.moveDist(h, 1, nets))
	case AbRotate:
		return g.rotations(buf, Action{Kind: KAbility, Slot: slot, To: NoHex}, h)
	case AbPush:
		return g.pushes(buf, Action{Kind: KAbility, Slot: slot}, h, nets)
	}
	return g.pulls(buf, Action{Kind: KAbility, Slot: slot}, h, 2, nets)
}

// holds reports whether condition c of a trigger holds for player p's
// token on (or, for destroyed, last on) src.
func (g *Game) holds(c rules.Cond, p uint8, src Hex) bool {
	switch c {
	case rules.IfDestroyedEnemy:
		return src != NoHex && g.destroyer[src]
	case rules.IfAdjacentOwnHQ:
		hq := g.S.HQ[p]
		return src != NoHex && hq != NoHex && g.S.Board.Dist[hq][src] == 1
	}
	return true
}

// canPay reports whether player p can pay a trigger's HQ cost (never with
// the HQ's last point), or needs not.
func (g *Game) canPay(p, owner uint8, trg *rules.Trigger) bool {
	if (trg.CostHQ == 0 && trg.Discard == 0) || g.freeIf(owner, trg) {
		return true
	}
	return g.S.HQPoints(p) > int(trg.CostHQ) && int(g.HandLen[p]) >= int(trg.Discard)
}

func (g *Game) freeIf(owner uint8, trg *rules.Trigger) bool {
	if trg.FreeIf < 0 {
		return false
	}
	for h := 0; h < g.S.Board.Size; h++ {
		if u := g.S.Cells[h].Unit; !u.Empty() && u.Owner == owner && int(u.Token) == int(trg.FreeIf) {
			return true
		}
	}
	return false
}

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
	s := &g.S
	p := g.Player
	turn := g.Turn
	wasFull := s.InnerFull()
	ctl := g.controlled()
	battleOK := true
	if g.leaders {
		g.leadWin = a.Kind == KDiscard && g.Phase == PhaseDiscard // the turn's mandatory discard opens the moment
	}
	switch a.Kind {
	case KPlaceHQ:
		s.Place(a.Hex, p, uint8(s.Armies[p].HQ), a.Facing)
		if s.N > 2 {
			g.placedHQ(p)
		}
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
			g.tracePiece(TrRemove, a.Hex, 0, false)
			g.Discarded[u.Owner][u.Token]++
			s.Remove(a.Hex)
		}
		s.Place(a.Hex, p, t, a.Facing)
		g.used[a.Hex] = 0
		g.grantUsed[a.Hex] = 0
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
		}
		switch k {
		case AbMove:
			g.doMove(a, d)
		case AbRotate:
			s.Cells[a.Hex].Unit.Facing = a.Facing
		case AbPush:
			g.doPush(a.Hex, a.To, d)
		case AbPull:
			g.doPull(a.Hex, a.To, d)
		}
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
	g.sweepToughness()
	g.flushDestroyed(d)
	if g.checkHQ() {
		return nil
	}
	if battleOK && !wasFull && s.InnerFull() {
		if g.pend.active {
			g.finishProgram() // the battle ends the turn and what was left of the instant
		}
		g.battleEndsTurn(d)
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
// the other player's HQ, then the first turn.
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
	if g.S.N > 2 {
		g.asideOrNextN(d)
		return
	}
	if p == 0 {
		g.Player = 1
		g.Phase = PhaseHQ
		return
	}
	g.Player = 0
	g.startTurn(d)
}

// program is the trigger being run.
func (g *Game) program() *rules.Trigger {
	pe := &g.pend
	if pe.leader {
		return &g.Leader[pe.owner].Steps
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
		if trg := &tok.Triggers[i]; trg.Event == rules.OnPlaced && g.canPay(p, p, trg) && g.holds(trg.If, p, src) {
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

// runStep performs the pending step with the targets in a and moves to the
// next step. It reports whether the turn ended (a battle).
func (g *Game) runStep(a Action, d Decider) bool {
	s := &g.S
	p := g.Player
	act := g.program().Actions[g.pend.step]
	g.pend.step++
	prev := g.crediting(g.pend.owner, g.pend.token)
	if g.pend.leader {
		g.credit = credit{} // a leader card is no token of the army: no deeds
	}
	defer func() { g.credit = prev }()
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
	switch act.Op {
	case rules.ActBattle:
		g.pend.step = uint8(len(g.program().Actions))
		g.finishProgram()
		g.battleEndsTurn(d)
		return true
	case rules.ActMove:
		g.doMove(a, d)
	case rules.ActRotate:
		s.Cells[a.Hex].Unit.Facing = a.Facing
	case rules.ActPush:
		g.doPush(a.Hex, a.To, d)
	case rules.ActPull:
		g.doPull(a.Hex, a.To, d)
	case rules.ActSwap:
		c1, c2 := &s.Cells[a.Hex], &s.Cells[a.To]
		c1.Unit, c2.Unit = c2.Unit, c1.Unit
		g.used[a.Hex], g.used[a.To] = g.used[a.To], g.used[a.Hex]
		g.grantUsed[a.Hex], g.grantUsed[a.To] = g.grantUsed[a.To], g.grantUsed[a.Hex]
		for _, h := range [2]Hex{a.Hex, a.To} {
			if u := s.Cells[h].Unit; s.Tok(u).Kind == rules.HQ && s.HQ[u.Owner] != NoHex {
				s.HQ[u.Owner] = h
			}
		}
		g.entered(a.Hex, d)
		g.entered(a.To, d)
	case rules.ActDamage:
		v := int(act.Value)
		var hit [MaxHexes]bool
		if act.Radius == 0 {
			if s.Cells[a.Hex].Unit.Empty() {
				g.wound(a.Hex, v, true)
				break
			}
			hit[a.Hex] = true
			if !g.medicAbsorbs(a.Hex, &hit, d) {
				g.wound(a.Hex, v, false)
			}
			break
		}
		// The area is hit at once: mark every unit first, so that a medic
		// hit by the same bomb absorbs nothing.
		for h := Hex(0); int(h) < s.Board.Size; h++ {
			if u := s.Cells[h].Unit; int(s.Board.Dist[a.Hex][h]) <= int(act.Radius) && !u.Empty() &&
				g.sideOK(act.Side, p, u) && (act.HitsHQ || s.Tok(u).Kind != rules.HQ) {
				hit[h] = true
			}
		}
		for h := Hex(0); int(h) < s.Board.Size; h++ {
			if int(s.Board.Dist[a.Hex][h]) > int(act.Radius) {
				continue
			}
			if hit[h] && !s.Cells[h].Unit.Empty() && !g.medicAbsorbs(h, &hit, d) {
				g.wound(h, v, false)
			}
			if f := s.Cells[h].Ground; !f.Empty() && g.sideOK(act.Side, p, f) {
				g.wound(h, v, true)
			}
		}
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
		s.Cells[a.Hex].Unit.Marks |= NetMarker
	case rules.ActForbidPlace:
		if g.S.N > 2 {
			for q := range uint8(g.S.Players()) {
				if g.enemies(p)&(1<<q) != 0 {
					g.Forbid[q] = true
				}
			}
			break
		}
		g.Forbid[Opp(p)] = true
	case rules.ActHeal:
		for h := Hex(0); int(h) < s.Board.Size; h++ {
			if int(s.Board.Dist[a.Hex][h]) <= int(act.Radius) && g.hitsUnit(&act, act.Side, p, h) {
				u := &s.Cells[h].Unit
				n := min(u.Wounds, uint8(act.Value))
				g.tracePiece(TrHeal, h, int(n), false)
				u.Wounds -= n
				g.deed(DeedHealed, p, int(n))
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
		if g.S.N > 2 {
			for q := range uint8(g.S.Players()) {
				if g.enemies(p)&(1<<q) != 0 {
					g.forceDiscard(q, int(act.Value), d)
				}
			}
			break
		}
		g.forceDiscard(Opp(p), int(act.Value), d)
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
		for i := 0; i < int(act.Value) && int(g.HandLen[p]) < g.handCap() && g.DeckLen[p] > 0; i++ {
			g.DeckLen[p]--
			g.Hand[p][g.HandLen[p]] = g.Deck[p][g.DeckLen[p]]
			g.HandLen[p]++
			g.traceEv(TrDraw, p, g.Hand[p][g.HandLen[p]-1], NoHex, NoHex, 0, 0)
			if g.DeckLen[p] == 0 {
				g.lastDrawn()
			}
		}
	case rules.ActStrike:
		g.strike(a.Hex, a.Facing, d)
	case rules.ActReplace:
		// The target leaves the board (no medic saves it); the token takes its hex.
		g.removeUnit(a.Hex)
		g.moveUnit(g.pend.src, a.Hex, a.Facing, d)
		g.pend.src = a.Hex
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

func (g *Game) doMove(a Action, d Decider) {
	if a.To == a.Hex {
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

// medicAbsorbs: a friendly medic linked to the unit on h, not netted and
// not hit by the same effect, takes the instant's wounds (or destruction)
// for it and is destroyed. With several, the unit's controller picks
// (QMedicAbsorb). It reports whether a medic did.
func (g *Game) medicAbsorbs(h Hex, hit *[MaxHexes]bool, d Decider) bool {
	s := &g.S
	u := s.Cells[h].Unit
	opts := g.medics(g.ws.opts[:0], h, hit)
	g.ws.opts = opts[:0]
	if len(opts) == 0 {
		return false
	}
	i := 0
	if len(opts) > 1 {
		n := len(opts)
		i = clampChoice(d.Choose(s, u.Controller(), QMedicAbsorb, opts), n)
		// The Decider may have reused the scratch space: rebuild the list.
		opts = g.medics(g.ws.opts[:0], h, hit)
	}
	g.removeUnit(opts[i].Hex)
	return true
}

// medics appends the medics that can take the hit for the unit on h.
func (g *Game) medics(opts []Option, h Hex, hit *[MaxHexes]bool) []Option {
	s := &g.S
	u := s.Cells[h].Unit
	nets := g.computeNets()
	if g.Structures {
		if mate := mateOn(s, h); mate != NoHex {
			return g.pairMedics(opts, h, mate, hit, nets) // structure.go
		}
	}
	for dir := rules.N; dir <= rules.NW; dir++ {
		m := s.Board.Nb[h][dir]
		if m == NoHex || hit[m] || nets[m] {
			continue
		}
		med := s.Cells[m].Unit
		if med.Empty() || !s.Friends(med.Controller(), u.Controller()) {
			continue
		}
		mt := s.Tok(med)
		for i := range mt.Effects {
			if e := &mt.Effects[i]; e.Op == rules.EffMedic && e.Dirs.Has(med.EdgeAt(dir.Opposite())) {
				opts = append(opts, Option{Hex: m, To: h})
				break
			}
		}
	}
	return opts
}

// strike: the unit on h attacks once with its edge facing board direction
// dir, outside a battle (hunt). Melee wounds the adjacent enemy; ranged
// hits the first enemy in the line (every enemy for piercing), less one
// for armor on the edge it arrives at. Linked melee/ranged bonuses of
// friendly, not netted tokens count; an HQ never wounds an HQ; a medic may
// take the wounds.
//
// TODO(battle): call the resolver's attack routine once merged, so that
// reflect, friendly fire of nets and every modifier match the battle.
func (g *Game) strike(h Hex, dir rules.Dir, d Decider) {
	s := &g.S
	b := s.Board
	u := s.Cells[h].Unit
	if u.Empty() {
		return
	}
	t := s.Tok(u)
	e := t.Edges[u.EdgeAt(dir)]
	melee, ranged := g.attackBonus(h)
	hqAttacker := t.Kind == rules.HQ
	hit := func(n Hex, strength int) {
		if strength <= 0 {
			return
		}
		var set [MaxHexes]bool
		set[n] = true
		if !g.medicAbsorbs(n, &set, d) {
			g.wound(n, strength, false)
		}
	}
	if e.Melee > 0 {
		if n := b.Nb[h][dir]; n != NoHex {
			v := s.Cells[n].Unit
			if !v.Empty() && (!s.Friends(v.Controller(), u.Controller()) || e.Flags&rules.MeleeHitsFriends != 0) {
				if to, ok := g.reflected(n, dir); ok {
					n = to // bounced back one hex (NoHex: lost)
				}
				if n != NoHex {
					if w := s.Tok(s.Cells[n].Unit); !(hqAttacker && w.Kind == rules.HQ) && !w.Traits.Has(rules.Flying) {
						hit(n, int(e.Melee)+melee)
					}
				}
			}
		}
	}
	if e.Ranged > 0 {
		strength := int(e.Ranged)
		if e.Flags&rules.RangedPiercing == 0 {
			strength += ranged
		}
		for n := b.Nb[h][dir]; n != NoHex; n = b.Nb[n][dir] {
			v := s.Cells[n].Unit
			if v.Empty() || s.Friends(v.Controller(), u.Controller()) {
				continue
			}
			if hqAttacker && s.Tok(v).Kind == rules.HQ {
				break
			}
			sv := strength
			if to, ok := g.reflected(n, dir); ok {
				// Bounced back one hex: armor of the unit it hits there counts.
				if to != NoHex && !(hqAttacker && s.Tok(s.Cells[to].Unit).Kind == rules.HQ) {
					if w := s.Cells[to].Unit; s.Tok(w).Edges[w.EdgeAt(dir)].Flags&rules.Armor != 0 {
						sv--
					}
					hit(to, sv)
				}
			} else {
				if s.Tok(v).Edges[v.EdgeAt(dir.Opposite())].Flags&rules.Armor != 0 {
					sv--
				}
				hit(n, sv)
			}
			if e.Flags&rules.RangedPiercing == 0 {
				break
			}
		}
	}
}

// attackBonus sums the melee and ranged bonuses linked to the unit on h
// by friendly tokens that are not netted.
func (g *Game) attackBonus(h Hex) (melee, ranged int) {
	s := &g.S
	u := s.Cells[h].Unit
	nets := g.computeNets()
	if g.Structures {
		if m := mateOn(s, h); m != NoHex { // the links to either part of a Structure, once each
			netted := func(x Hex) bool { return nets[x] }
			return pairLinkSum(s, h, m, rules.EffMelee, netted), pairLinkSum(s, h, m, rules.EffRanged, netted)
		}
	}
	for d := rules.N; d <= rules.NW; d++ {
		n := s.Board.Nb[h][d]
		if n == NoHex || nets[n] {
			continue
		}
		v := s.Cells[n].Unit
		if v.Empty() || !s.Allies(v.Controller(), u.Controller()) {
			continue
		}
		vt := s.Tok(v)
		for i := range vt.Effects {
			ef := &vt.Effects[i]
			if !ef.Dirs.Has(v.EdgeAt(d.Opposite())) || ef.Side&rules.Friends == 0 {
				continue
			}
			switch ef.Op {
			case rules.EffMelee:
				melee += int(ef.Value)
			case rules.EffRanged:
				ranged += int(ef.Value)
			}
		}
	}
	return melee, ranged
}
