package engine

import (
	"math/bits"

	"github.com/hexforge/hexforge/rules"
)

// The Structures variant (Neuroshima Hex 3.0 core rules, "Warianty
// rozgrywki", Struktury; the readings are docs/rules.md, "Structures"):
// a Structure is two tokens of its army (rules.Structure, parts of Count 0,
// never drawn) standing on adjacent hexes and acting as one unit. Each part
// is a Piece of its own, so it attacks with its own edges at its own
// initiative and takes hits on its own armor and wounds; what makes them one
// unit is done here and wherever a unit is moved, removed, netted or linked:
// when one leaves the board the other leaves with it, a net on one nets
// both, a link to one gives its bonus to both, and a move keeps them
// adjacent. Every such place asks MateOn, which finds nothing unless an
// army has Structures, so games without them take the same paths as before.

// structureDiscard is how many tokens of the hand pay for a Structure: "gracz
// może odrzucić trzy żetony z ręki, aby natychmiast zagrać na planszę
// Strukturę".
const structureDiscard = 3

// MateOn is the hex of the other part of the Structure whose part stands on
// h, or NoHex when the unit on h is no part (or h is empty). A player places
// one Structure a game, so the part of the mate's token type next to it is
// the mate.
func MateOn(s *State, h Hex) Hex {
	u := s.Cells[h].Unit
	if u.Empty() {
		return NoHex
	}
	a := s.Armies[u.Owner]
	if len(a.Structures) == 0 {
		return NoHex
	}
	m := a.Mate(int(u.Token))
	if m < 0 {
		return NoHex
	}
	for _, n := range s.Board.Nb[h] {
		if n == NoHex {
			continue
		}
		if v := s.Cells[n].Unit; !v.Empty() && v.Owner == u.Owner && int(v.Token) == m {
			return n
		}
	}
	return NoHex
}

// isPart reports whether piece u is a part of a Structure.
func isPart(s *State, u Piece) bool {
	if u.Empty() {
		return false
	}
	a := s.Armies[u.Owner]
	return len(a.Structures) > 0 && a.Mate(int(u.Token)) >= 0
}

// keepsWhole reports whether the unit on from may end on to: any unit may,
// and a part only next to its mate ("tylko takie przemieszczenie po którym
// Struktura wciąż będzie całością jest dopuszczalne").
func keepsWhole(s *State, from, to Hex) bool {
	m := MateOn(s, from)
	return m == NoHex || (to != m && s.Board.Dist[to][m] == 1)
}

// structureOK reports whether player p may place their Structure now: in
// the variant, right after the draw (the turn's discard is still to come),
// once a game, with three tokens in hand to pay, before any draw pile runs
// out ("Struktury nie można wystawić po tym, gdy dowolny gracz dobrał już
// swój ostatni żeton"), and not while an enemy's terror forbids placing
// units.
func (g *Game) structureOK(p uint8) bool {
	if !g.cfg.Structures || g.Phase != PhaseDiscard || g.StructPlaced&(1<<p) != 0 || g.LastDrawn ||
		int(g.HandLen[p]) < structureDiscard || len(g.S.Armies[p].Structures) == 0 || g.Forbid[p] {
		return false
	}
	for q := range g.S.Players() {
		if g.DeckLen[q] == 0 {
			return false
		}
	}
	return true
}

// structureActions appends the placements of the player's Structures: each
// pair of faces, its first part on an empty hex and its second on an empty
// neighbour, each with every distinct facing.
func (g *Game) structureActions(buf []Action) []Action {
	p := g.Player
	if !g.structureOK(p) {
		return buf
	}
	s := &g.S
	b := s.Board
	for si := range s.Armies[p].Structures {
		st := &s.Armies[p].Structures[si]
		t0, t1 := uint8(st.Parts[0]), uint8(st.Parts[1])
		n0, n1 := g.symOf(Piece{Owner: p, Token: t0}), g.symOf(Piece{Owner: p, Token: t1})
		for h := Hex(0); int(h) < b.Size; h++ {
			if !g.placeable(h, p, t0) {
				continue
			}
			for _, n := range b.Nb[h] {
				if n == NoHex || !g.placeable(n, p, t1) {
					continue
				}
				for f0 := rules.Dir(0); f0 < rules.Dir(n0); f0++ {
					for f1 := uint8(0); f1 < n1; f1++ {
						buf = append(buf, Action{Kind: KStructure, Slot: uint8(si), Hex: h, To: n, Facing: f0, Token: f1})
					}
				}
			}
		}
	}
	return buf
}

// placeStructure carries out KStructure: three tokens of the hand are
// discarded (the player picks them from a larger hand), both parts go on
// the board, a Boarding part starts a battle, and the turn ends ("w turze
// wystawienia żetonu z tą cechą nie zrobisz nic innego").
func (g *Game) placeStructure(a Action, d Decider) {
	s := &g.S
	p := g.Player
	wasFull := s.InnerFull()
	st := &s.Armies[p].Structures[a.Slot]
	g.fresh = false
	g.StructPlaced |= 1 << p
	for n := 0; n < structureDiscard && g.HandLen[p] > 0; n++ {
		i := 0
		if g.HandLen[p] > structureDiscard-uint8(n) {
			opts := g.ws.opts[:0]
			for k := range g.HandLen[p] {
				opts = append(opts, Option{Hex: NoHex, To: NoHex, Index: int(k)})
			}
			g.ws.opts = opts[:0]
			i = clampChoice(d.Choose(s, p, QHandDiscard, opts), len(opts))
		}
		g.traceEv(TrDiscard, p, g.Hand[p][i], NoHex, NoHex, 0, 0)
		g.Discarded[p][g.takeSlot(uint8(i))]++
	}
	boarding := false
	for k, h := range [2]Hex{a.Hex, a.To} {
		f := a.Facing
		if k == 1 {
			f = rules.Dir(a.Token % 6)
		}
		t := uint8(st.Parts[k])
		s.Place(h, p, t, f)
		g.used[h] = 0
		g.grantUsed[h] = 0
		boarding = boarding || boards(&s.Armies[p].Tokens[t])
	}
	for _, h := range [2]Hex{a.Hex, a.To} {
		g.entered(h, d) // a foundation under a part works on it
	}
	g.flushDestroyed(d)
	if g.checkHQ() {
		return
	}
	if full := !wasFull && s.InnerFull(); boarding || full {
		g.battleEndsTurn(d, full)
		return
	}
	g.endTurn(d)
}

// boards reports whether a part carries Boarding ("Abordaż - natychmiast po
// wystawieniu Struktury rozpoczyna się Bitwa"): on placed: battle.
func boards(t *rules.Token) bool {
	for i := range t.Triggers {
		if trg := &t.Triggers[i]; trg.Event == rules.OnPlaced {
			for _, x := range trg.Actions {
				if x.Op == rules.ActBattle {
					return true
				}
			}
		}
	}
	return false
}

// loadPairs fills the resolver's mate table from the board (load).
func (r *Resolver) loadPairs() {
	for h := range r.mate {
		r.mate[h] = NoHex
	}
	for _, h := range r.occ[:r.nocc] {
		if m := MateOn(r.s, h); m != NoHex {
			r.mate[h] = m
			r.pairs = true
		}
	}
}

// pairUp adds to a set of hexes the mates of the parts in it.
func (r *Resolver) pairUp(set uint64) uint64 {
	for _, h := range r.occ[:r.nocc] {
		if m := r.mate[h]; m != NoHex && set&(1<<uint(h)) != 0 {
			set |= 1 << uint(m)
		}
	}
	return set
}

// pairNets nets both parts of a Structure one of which carries a net
// marker (computeNets with no netter on the board).
func (r *Resolver) pairNets(marked uint64) {
	for m := r.pairUp(marked); m != 0; m &= m - 1 {
		r.netted[bits.TrailingZeros64(m)] = true
	}
}

// pairsOnBoard reports whether a Structure stands on the board.
func (g *Game) pairsOnBoard() bool {
	for h := range g.S.Board.Size {
		if isPart(&g.S, g.S.Cells[h].Unit) {
			return true
		}
	}
	return false
}

// pairedNets is computeNets on a board with a Structure: the nets the
// battle sees (Resolver.computeNets, which nets both parts of a Structure
// when either is netted, and stops the nets of both), worked out by a
// resolver of the workspace's own, since a battle may be under way on the
// game's.
func (g *Game) pairedNets() *[MaxHexes]bool {
	if g.ws.pair == nil {
		g.ws.pair = new(Resolver)
	}
	r := g.ws.pair
	r.s = &g.S
	r.load()
	r.computeNets()
	r.s = nil
	nets := &g.ws.nets
	n := g.S.Board.Size
	copy(nets[:n], r.netted[:n])
	return nets
}

// swapKeeps reports whether the units on h and n may exchange hexes
// without parting a Structure: each part must end next to its mate, which
// may be the other unit of the swap.
func swapKeeps(s *State, h, n Hex) bool {
	at := func(x Hex) Hex {
		switch x {
		case h:
			return n
		case n:
			return h
		}
		return x
	}
	for _, x := range [2]Hex{h, n} {
		if m := MateOn(s, x); m != NoHex && s.Board.Dist[at(x)][at(m)] != 1 {
			return false
		}
	}
	return true
}

// mateUsed are the trait abilities (move, rotation, push, pull, granted or
// not) that the mate of the part on h has used this turn: "dowolny jeden z
// żetonów Struktury może się w każdej turze raz dowolnie obrócić", one use
// for the whole unit.
func (g *Game) mateUsed(h Hex) uint16 {
	const traitUses = usedMove | usedRotate | usedPush | usedPull | usedGranted0<<AbRotate | usedGranted0<<AbPush | usedGranted0<<AbPull
	if m := MateOn(&g.S, h); m != NoHex {
		return g.used[m] & traitUses
	}
	return 0
}

// pairLinkSum sums the link effects of op that reach the Structure whose
// parts stand on h and m, from units for which netted is false: each effect
// of each linked unit once, even when it links both parts ("moduły
// podłączone do jednego z żetonów wzmacniają całą Strukturę").
func pairLinkSum(s *State, h, m Hex, op rules.EffectOp, netted func(Hex) bool) int {
	u := s.Cells[h].Unit
	var seen uint64 // the linked units counted
	sum := 0
	for _, x := range [2]Hex{h, m} {
		for d := rules.N; d <= rules.NW; d++ {
			nb := s.Board.Nb[x][d]
			if nb == NoHex || nb == h || nb == m || seen&(1<<uint(nb)) != 0 || netted(nb) {
				continue
			}
			l := s.Cells[nb].Unit
			if l.Empty() {
				continue
			}
			for _, e := range s.Tok(l).Effects {
				if e.Op != op || e.Global || !reaches(s, e.Side, l, u) {
					continue
				}
				if linksTo(s, nb, h, &e) || linksTo(s, nb, m, &e) {
					sum += int(e.Value)
				}
			}
			seen |= 1 << uint(nb)
		}
	}
	return sum
}

// linksTo reports whether link effect e of the unit on from reaches the
// hex to next to it.
func linksTo(s *State, from, to Hex, e *rules.Effect) bool {
	d, ok := s.Board.DirTo(from, to)
	return ok && e.Dirs.Has(s.Cells[from].Unit.EdgeAt(d))
}

// eachLinkedGrant calls f for every linked grant effect that reaches the
// hex h for the unit u from a neighbour that is not netted (eachGrant, for
// the mate of a part).
func (g *Game) eachLinkedGrant(h Hex, u Piece, nets *[MaxHexes]bool, f func(from Hex, grant rules.Traits, global bool)) {
	s := &g.S
	for d := rules.N; d <= rules.NW; d++ {
		n := s.Board.Nb[h][d]
		if n == NoHex {
			continue
		}
		v := s.Cells[n].Unit
		if v.Empty() || nets[n] || g.fact(v).flags&factLinkGrant == 0 || isPart(s, v) && v.Owner == u.Owner {
			continue
		}
		for i := range s.Tok(v).Effects {
			if e := &s.Tok(v).Effects[i]; e.Op == rules.EffGrant && !e.Global && e.Dirs.Has(v.EdgeAt(d.Opposite())) && reaches(s, e.Side, v, u) {
				f(n, e.Grant, false)
			}
		}
	}
}

// give adds the bonus of effect e to the unit on nb (bonuses).
func (r *Resolver) give(nb Hex, e *rules.Effect) {
	switch e.Op {
	case rules.EffMelee:
		r.meleeB[nb] += e.Value
	case rules.EffRanged:
		r.rangedB[nb] += e.Value
	case rules.EffInitiative:
		r.initB[nb] += e.Value
	case rules.EffExtraAction:
		r.extra[nb] = true
	case rules.EffArmor:
		r.armorAll[nb] = true
	case rules.EffConvert:
		r.conv[nb] |= convToRanged << uint(e.Value)
	case rules.EffToughness:
		r.toughB[nb] += e.Value
		r.anyTough = true
	}
}

// pairMedics is Game.medics for the part on h of a Structure whose other
// part stands on mate: the medics linked to either part, each once.
func (g *Game) pairMedics(opts []Option, h, mate Hex, hit, nets *[MaxHexes]bool) []Option {
	var seen uint64
	for _, x := range [2]Hex{h, mate} {
		opts = g.medicsBeside(opts, x, h, mate, hit, nets, &seen)
	}
	return opts
}

// unitDies reports whether the unit the piece on h belongs to is destroyed
// at the end of the segment: the piece itself, or, for a Structure's part,
// either part ("Gdy dowolny z żetonów zostanie zniszczony, cała Struktura
// jest odrzucana z planszy"), so that a part's Agony fires when the blow
// fell on its mate (docs/rules.md, "Structures"). Without a Structure on
// the board it is dies.
func (r *Resolver) unitDies(h Hex) bool {
	if r.dies(h) {
		return true
	}
	// The mate table is the board's at load; the occupied check keeps a
	// stale entry from reading a hex emptied since.
	m := NoHex
	if r.pairs {
		m = r.mate[h]
	}
	return m != NoHex && !r.s.Cells[m].Unit.Empty() && r.dies(m)
}
