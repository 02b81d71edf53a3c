// legal.go lists the legal actions (LegalActions): set-up placements,
// hand tokens with their facings, instants, abilities and the turn's end.
// Their targets are in legaltargets.go, moves and pushes in legalmoves.go,
// abilities in legalabilities.go, and applying actions in apply.go.

package engine

import (
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
			if s.open(h) {
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
		if g.cfg.Structures {
			buf = g.structureActions(buf)
		}
		return buf
	case PhaseLeader:
		// The leader's owner, in the opponent's turn: use it or let the
		// moment pass (its steps need no target: checkLeader).
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
				if !g.placeable(h, p, ti) || (g.anyPlace&placeRules != 0 && !g.placeAllowed(h, p, ti)) {
					continue
				}
				if g.anyPlace&facingRules != 0 && t.Kind.IsUnit() {
					buf = g.placeFacings(buf, Action{Kind: KPlace, Slot: i, Hex: h, To: NoHex}, p, ti)
					continue
				}
				buf = g.facings(buf, Action{Kind: KPlace, Slot: i, Hex: h, To: NoHex}, p, ti)
			}
			continue
		}
		if g.anyLimit && !g.limitOK(p, ti, uint8(max(0, onPlay(t)))) {
			continue // its allowance is used up (limits.go): it may be discarded or kept
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
	return g.fresh && g.DeckLen[p] > 0 && g.allInstants(p) && (!g.cfg.Reinforce || g.Turn <= 2 || int(g.HandLen[p]) == MaxHand)
}

// placeable reports whether player p may put token type t on h: a unit on
// a hex without a unit (foundations may lie under it) or on an own
// replaceable unit; a foundation on a wholly empty hex.
func (g *Game) placeable(h Hex, p, t uint8) bool {
	if g.S.Board.Blocked[h] {
		return false // nothing is placed on a blocked hex
	}
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
	if g.cfg.Structures && isPart(&g.S, c.Unit) {
		return false // a Structure leaves the board only whole (removeUnit)
	}
	return (c.Unit.Owner == p && c.Unit.Controller() == p && g.fact(c.Unit).flags&factReplaceable != 0 && g.traitOK(p, c.Unit.Token, rules.Replaceable)) ||
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
