package engine

import (
	"math/bits"

	"github.com/hexforge/hexforge/rules"
)

// The Terminal rules of a board with an energy track (Board.Duel): Nodes,
// the Energy track and the six Procedures (docs/rules.md, "The Duel
// board"). Everything here runs only on such a board: LegalActions and
// ApplyLegal reach it behind one test of Board.Duel.

// Procedure numbers for KProcedure (Action.Slot).
const (
	ProcRotate     uint8 = iota // one own Node turns: Hex, Facing
	ProcSwap                    // two own Nodes (not the HQ) swap hexes: Hex's unit goes to To facing Facing, To's to Hex facing Dir(Token)
	ProcPush                    // an own Node on Hex pushes the adjacent enemy unit on To
	ProcLaser                   // every enemy board token strictly between the own Nodes on Hex and To (one straight line) is destroyed
	ProcDeletion                // the enemy unit on Hex, adjacent to three own Nodes, is destroyed
	ProcDetonation              // every enemy Node is destroyed
	NumProcedures
)

// ProcCost is the energy each Procedure costs.
var ProcCost = [NumProcedures]uint8{1, 2, 2, 3, 3, 4}

// ProcNames are the Procedures' names, as traces and the CLI spell them.
var ProcNames = [NumProcedures]string{"rotate", "swap", "push", "laser", "deletion", "detonation"}

// IsNode reports whether the unit on h is a Node of player p: a unit (a
// foundation never is one) that p controls, standing on a Terminal, not
// netted.
func (g *Game) IsNode(h Hex, p uint8, nets *[MaxHexes]bool) bool {
	u := g.S.Cells[h].Unit
	return g.S.Board.Terminal[h] && !u.Empty() && u.Controller() == p && !nets[h]
}

// Nodes is IsNode with the nets worked out.
func (g *Game) Nodes(p uint8) []Hex {
	nets := g.computeNets()
	var out []Hex
	for h := Hex(0); int(h) < g.S.Board.Size; h++ {
		if g.IsNode(h, p, nets) {
			out = append(out, h)
		}
	}
	return out
}

// isHQ reports whether the unit on h is an HQ.
func (g *Game) isHQ(h Hex) bool {
	u := g.S.Cells[h].Unit
	return !u.Empty() && g.S.Tok(u).Kind == rules.HQ
}

// between lists the hexes strictly between a and c when they lie on one
// straight line of the board (one axial coordinate, or their sum, equal),
// nearest a first; false when they do not.
func (b *Board) between(a, c Hex, out []Hex) ([]Hex, bool) {
	dq, dr := int(b.Q[c])-int(b.Q[a]), int(b.R[c])-int(b.R[a])
	n := int(b.Dist[a][c])
	if n < 2 || (dq != 0 && dr != 0 && dq != -dr) {
		return out, false
	}
	sq, sr := dq/n, dr/n
	for i := 1; i < n; i++ {
		h, ok := b.index[[2]int8{b.Q[a] + int8(i*sq), b.R[a] + int8(i*sr)}]
		if !ok {
			return out, false
		}
		out = append(out, h)
	}
	return out, true
}

// laserHits reports whether the hex holds an enemy board token of p that a
// Laser destroys: a unit another player controls (not an HQ), or a
// foundation of the other player.
func (g *Game) laserHits(h Hex, p uint8) bool {
	c := &g.S.Cells[h]
	if u := c.Unit; !u.Empty() && u.Controller() != p && !g.isHQ(h) {
		return true
	}
	return !c.Ground.Empty() && c.Ground.Owner != p
}

// duelActions appends the energy purchases and the Procedures the player to
// move may use (PhasePlay on a Duel board).
func (g *Game) duelActions(buf []Action, nets *[MaxHexes]bool) []Action {
	s := &g.S
	b := s.Board
	p := g.Player
	e := g.Energy[p]
	var nodes [MaxHexes]Hex
	n := 0
	for h := Hex(0); int(h) < b.Size; h++ {
		if g.IsNode(h, p, nets) {
			nodes[n] = h
			n++
		}
	}
	tmpl := Action{Kind: KProcedure, Hex: NoHex, To: NoHex}
	if e >= ProcCost[ProcRotate] {
		tmpl.Slot = ProcRotate
		for _, h := range nodes[:n] {
			buf = g.rotations(buf, tmpl, h)
		}
	}
	if e >= ProcCost[ProcSwap] {
		tmpl.Slot = ProcSwap
		for i, a := range nodes[:n] {
			if !g.movable(a, nets) || g.isHQ(a) {
				continue
			}
			ua := s.Cells[a].Unit
			for _, c := range nodes[i+1 : n] {
				if !g.movable(c, nets) || g.isHQ(c) || (g.cfg.Structures && !swapKeeps(s, a, c)) {
					continue
				}
				uc := s.Cells[c].Unit
				tmpl.Hex, tmpl.To = a, c
				for fa := rules.Dir(0); fa < rules.Dir(g.symOf(ua)); fa++ {
					for fc := rules.Dir(0); fc < rules.Dir(g.symOf(uc)); fc++ {
						tmpl.Facing, tmpl.Token = fa, uint8(fc)
						buf = append(buf, tmpl)
					}
				}
			}
		}
		tmpl.Token = 0
	}
	tmpl.Facing = 0
	if e >= ProcCost[ProcPush] {
		tmpl.Slot = ProcPush
		for _, h := range nodes[:n] {
			buf = g.pushes(buf, tmpl, h, rules.Enemies, nets)
		}
	}
	if e >= ProcCost[ProcLaser] {
		tmpl.Slot = ProcLaser
		var line [MaxHexes]Hex
		for i, a := range nodes[:n] {
			for _, c := range nodes[i+1 : n] {
				hs, ok := b.between(a, c, line[:0])
				if !ok {
					continue
				}
				for _, h := range hs {
					if g.laserHits(h, p) {
						tmpl.Hex, tmpl.To = a, c
						buf = append(buf, tmpl)
						break
					}
				}
			}
		}
		tmpl.To = NoHex
	}
	if e >= ProcCost[ProcDeletion] && n >= 3 {
		tmpl.Slot = ProcDeletion
		for h := Hex(0); int(h) < b.Size; h++ {
			if u := s.Cells[h].Unit; u.Empty() || u.Controller() == p || g.isHQ(h) {
				continue
			}
			if g.nodesAround(h, p, nets) >= 3 {
				tmpl.Hex = h
				buf = append(buf, tmpl)
			}
		}
	}
	if e >= ProcCost[ProcDetonation] {
		for h := Hex(0); int(h) < b.Size; h++ {
			if g.IsNode(h, Opp(p), nets) && !g.isHQ(h) {
				buf = append(buf, Action{Kind: KProcedure, Slot: ProcDetonation, Hex: NoHex, To: NoHex})
				break
			}
		}
	}
	// Energy: the tokens held and HQ points, 1 for 1, up to the track's
	// top; the purchase ends the turn. The HQ keeps at least one point.
	room := int(b.EnergyMax) - int(e)
	if room <= 0 {
		return buf
	}
	hand := g.HandLen[p]
	hqLeft := max(0, s.HQPoints(p)-1)
	for mask := uint8(0); mask < 1<<hand; mask++ {
		k := bits.OnesCount8(mask)
		if k > room || !g.canonicalMask(p, mask) {
			continue
		}
		for hq := 0; hq <= min(room-k, hqLeft); hq++ {
			if k+hq > 0 {
				buf = append(buf, Action{Kind: KEnergy, Slot: mask, Hex: NoHex, To: NoHex, Token: uint8(hq)})
			}
		}
	}
	return buf
}

// canonicalMask: of the hand subsets giving up the same tokens, only the
// one taking the lowest slots of each token type is offered.
func (g *Game) canonicalMask(p, mask uint8) bool {
	for i := uint8(0); i < g.HandLen[p]; i++ {
		if mask&(1<<i) == 0 {
			continue
		}
		for j := uint8(0); j < i; j++ {
			if mask&(1<<j) == 0 && g.Hand[p][j] == g.Hand[p][i] {
				return false
			}
		}
	}
	return true
}

// nodesAround counts p's Nodes next to h.
func (g *Game) nodesAround(h Hex, p uint8, nets *[MaxHexes]bool) int {
	n := 0
	for d := rules.N; d <= rules.NW; d++ {
		if m := g.S.Board.Nb[h][d]; m != NoHex && g.IsNode(m, p, nets) {
			n++
		}
	}
	return n
}

// buyEnergy carries out a KEnergy action: the hand slots of the mask are
// discarded, the HQ pays its points, the energy rises; the turn ends.
func (g *Game) buyEnergy(a Action, d Decider) {
	p := g.Player
	k := 0
	for i := int(g.HandLen[p]) - 1; i >= 0; i-- {
		if a.Slot&(1<<i) != 0 {
			g.Discarded[p][g.takeSlot(uint8(i))]++
			k++
		}
	}
	if n := int(a.Token); n > 0 {
		if hq := g.S.HQ[p]; hq != NoHex {
			g.tracePiece(TrWound, hq, n, false)
			g.S.Cells[hq].Unit.Wounds += uint8(n)
		}
	}
	g.Energy[p] = min(g.S.Board.EnergyMax, g.Energy[p]+uint8(k+int(a.Token)))
	g.fresh = false
	g.endTurn(d)
}

// procedure carries out a KProcedure action, paid already.
func (g *Game) procedure(a Action, d Decider) {
	s := &g.S
	p := g.Player
	switch a.Slot {
	case ProcRotate:
		s.Cells[a.Hex].Unit.Facing = a.Facing
	case ProcSwap:
		c1, c2 := &s.Cells[a.Hex], &s.Cells[a.To]
		c1.Unit, c2.Unit = c2.Unit, c1.Unit
		c2.Unit.Facing, c1.Unit.Facing = a.Facing, rules.Dir(a.Token)
		g.used[a.Hex], g.used[a.To] = g.used[a.To], g.used[a.Hex]
		g.grantUsed[a.Hex], g.grantUsed[a.To] = g.grantUsed[a.To], g.grantUsed[a.Hex]
		g.entered(a.Hex, d)
		g.entered(a.To, d)
	case ProcPush:
		g.doPush(a.Hex, a.To, d)
	case ProcLaser:
		var line [MaxHexes]Hex
		hs, _ := s.Board.between(a.Hex, a.To, line[:0])
		var hit [MaxHexes]bool
		for _, h := range hs {
			if u := s.Cells[h].Unit; !u.Empty() && u.Controller() != p && !g.isHQ(h) {
				hit[h] = true
			}
		}
		g.destroyHit(&hit, d)
		for _, h := range hs {
			if f := s.Cells[h].Ground; !f.Empty() && f.Owner != p {
				g.removeGround(h)
			}
		}
	case ProcDeletion:
		var hit [MaxHexes]bool
		hit[a.Hex] = true
		g.destroyHit(&hit, d)
	case ProcDetonation:
		nets := *g.computeNets()
		var hit [MaxHexes]bool
		for h := Hex(0); int(h) < s.Board.Size; h++ {
			if g.IsNode(h, Opp(p), &nets) && !g.isHQ(h) {
				hit[h] = true
			}
		}
		g.destroyHit(&hit, d)
	}
}

// destroyHit destroys the units marked in hit, all at once: a medic linked
// to one of them and not hit itself takes the destruction instead.
func (g *Game) destroyHit(hit *[MaxHexes]bool, d Decider) {
	for h := Hex(0); int(h) < g.S.Board.Size; h++ {
		if hit[h] && !g.S.Cells[h].Unit.Empty() && !g.medicAbsorbs(h, hit, d) {
			g.removeUnit(h)
		}
	}
}
