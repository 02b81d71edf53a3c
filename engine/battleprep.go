// battleprep.go prepares each initiative segment of a battle: who is
// netted, who is taken over, and the bonuses linked tokens give.

package engine

import (
	"math/bits"
	"unsafe"

	"github.com/hexforge/hexforge/rules"
)

// prepare computes, from the board at the start of a segment, who is netted,
// who is taken over and what bonuses every unit gets. It reports whether the
// takeovers reached their fixed point (so that running it again on the same
// board would change nothing).
func (r *Resolver) prepare(takeover bool) bool {
	r.computeNets()
	// A taken-over unit may itself carry a takeover link, and nets depend on
	// who controls whom: repeat until nothing changes (bounded, in case
	// takeovers chase each other round a cycle).
	settled := !takeover
	for i := 0; takeover && i <= r.s.Board.Size; i++ {
		if !r.applyTakeover() {
			settled = true
			break
		}
		r.computeNets()
	}
	if r.pairs { // bonuses' pass (a call of its own would cost every battle)
		bonuses[pairPass](r)
	} else {
		bonuses[plainPass](r)
	}
	return settled
}

// computeNets fills r.netted. Nets on a directed cycle (two netters netting
// each other, or a ring of three or more) cancel; the rest are resolved in
// dependency order: a net works when its netter is not itself netted.
func (r *Resolver) computeNets() {
	s := r.s
	n := s.Board.Size
	r.netOut = [MaxHexes]uint64{}
	r.netted = [MaxHexes]bool{}
	var marked uint64 // units carrying a net marker
	netters := 0
	for _, h := range r.occ[:r.nocc] {
		p := s.Cells[h].Unit
		if p.Marks&NetMarker != 0 {
			r.netted[h] = true
			marked |= 1 << uint(h)
		}
		if r.feat[h]&featNets == 0 {
			continue
		}
		t := r.tok[h]
		for e := rules.N; e <= rules.NW; e++ {
			f := t.Edges[e].Flags
			if f&rules.Net == 0 {
				continue
			}
			nb := s.Board.Nb[h][edgeDir(p, e)]
			if nb == NoHex {
				continue
			}
			if c := r.ctl[nb]; c == noCtl || (c == r.ctl[h] && f&rules.NetHitsFriends == 0) || r.feat[nb]&featNetImmune != 0 {
				continue
			}
			r.netOut[h] |= 1 << uint(nb)
		}
		if r.pairs && r.netOut[h] != 0 {
			// A net on either part of a Structure nets both: the net
			// graph runs to both, so its cycles and its order see the
			// Structure as one unit.
			r.netOut[h] = r.pairUp(r.netOut[h])
		}
		if r.netOut[h] != 0 {
			netters++
		}
	}
	if netters == 0 {
		if r.pairs {
			r.pairNets(marked)
		}
		return
	}
	// Transitive closure of the net graph.
	for h := 0; h < n; h++ {
		r.reach[h] = r.netOut[h]
	}
	for changed := true; changed; {
		changed = false
		for h := 0; h < n; h++ {
			m := r.reach[h]
			acc := m
			for m != 0 {
				v := bits.TrailingZeros64(m)
				m &= m - 1
				acc |= r.reach[v]
			}
			if acc != r.reach[h] {
				r.reach[h] = acc
				changed = true
			}
		}
	}
	// Drop the edges on cycles: u->v where v reaches u.
	for h := 0; h < n; h++ {
		m := r.netOut[h]
		for m != 0 {
			v := bits.TrailingZeros64(m)
			m &= m - 1
			if r.reach[v]&(1<<uint(h)) != 0 {
				r.netOut[h] &^= 1 << uint(v)
			}
		}
	}
	// The remaining graph is acyclic: iterate to the fixed point.
	if r.pairs {
		marked = r.pairUp(marked) // a net marker on either part nets both
	}
	netted := marked
	for iter := 0; iter <= n; iter++ {
		now := marked
		for h := 0; h < n; h++ {
			if r.netOut[h] != 0 && netted&(1<<uint(h)) == 0 {
				now |= r.netOut[h]
			}
		}
		if now == netted {
			break
		}
		netted = now
	}
	for h := 0; h < n; h++ {
		r.netted[h] = netted&(1<<uint(h)) != 0
	}
}

// applyTakeover marks the enemy units linked to an active takeover effect as
// Controlled, and releases the others. It reports whether anything changed.
func (r *Resolver) applyTakeover() bool {
	s := r.s
	n := s.Board.Size
	var taken uint64
	var by [MaxHexes]uint8 // who takes the unit on each hex of taken
	var contested uint64   // units two players' takeovers reach (more than two players)
	var held uint64        // units taken over before this pass
	for _, h := range r.occ[:r.nocc] {
		p := s.Cells[h].Unit
		if p.Marks&controlled != 0 {
			held |= 1 << uint(h)
		}
		if r.feat[h]&featTakes == 0 {
			continue
		}
		var targets uint64
		t := r.tok[h]
		for _, e := range t.Effects {
			if e.Op != rules.EffTakeover && e.Op != rules.EffUseModules {
				continue
			}
			for d := rules.N; d <= rules.NW; d++ {
				if !e.Dirs.Has(d) {
					continue
				}
				nb := s.Board.Nb[h][p.EdgeDir(d)]
				if nb == NoHex {
					continue
				}
				q := s.Cells[nb].Unit
				if q.Empty() || s.Friends(q.Owner, p.Controller()) {
					continue
				}
				qt := r.tok[nb]
				if qt.Kind == rules.HQ || qt.Traits.Has(rules.TakeoverImmune) {
					continue
				}
				if e.Op == rules.EffUseModules && !usesModule(s, h, nb, func(x Hex) bool { return r.netted[x] }) {
					continue
				}
				targets |= 1 << uint(nb)
			}
		}
		if targets == 0 {
			continue
		}
		// Takeover beats a net thrown by the unit it takes over; any other
		// working net (or a net marker) stops it.
		if r.netted[h] {
			blocked := p.Marks&NetMarker != 0
			for u := 0; u < n && !blocked; u++ {
				if r.netOut[u]&(1<<uint(h)) != 0 && !r.netted[u] && targets&(1<<uint(u)) == 0 {
					blocked = true
				}
			}
			if blocked {
				continue
			}
		}
		// Two players' takeovers on one unit cancel, as two nets facing
		// each other do (docs/rules.md, "Three and four players"); two
		// players have one enemy each, so with them it never happens.
		for m := targets & taken; m != 0; m &= m - 1 {
			if x := bits.TrailingZeros64(m); by[x] != p.Controller() {
				contested |= 1 << uint(x)
			}
		}
		for m := targets; m != 0; m &= m - 1 {
			by[bits.TrailingZeros64(m)] = p.Controller()
		}
		taken |= targets
	}
	taken &^= contested
	if r.pairs {
		// A Structure is taken over whole, by whoever takes either part.
		for _, h := range r.occ[:r.nocc] {
			if m := r.mate[h]; m != NoHex && taken&(1<<uint(h)) != 0 && taken&(1<<uint(m)) == 0 {
				taken |= 1 << uint(m)
				by[m] = by[h]
			}
		}
	}
	// Only the units taken now or before can change: releasing a unit
	// nobody holds leaves its marks as they are. (Visiting every unit here
	// cost the matchups of takeover armies about 2.6% of their instructions.)
	changed := false
	for m := taken | held; m != 0; m &= m - 1 {
		h := bits.TrailingZeros64(m)
		p := &s.Cells[h].Unit
		q := *p
		if taken&(1<<uint(h)) != 0 {
			q.TakeBy(by[h])
		} else {
			q.release()
		}
		if q.Marks != p.Marks {
			p.Marks = q.Marks
			r.ctl[h] = s.SideOf(p.Controller())
			changed = true
		}
	}
	return changed
}

// plainPass and pairPass are bonuses' two passes, without and with a
// Structure on the board. Their sizes differ, so Go compiles bonuses once
// for each (generic code is compiled once per shape) with the test of the
// pass a constant: the pass without a Structure keeps no trace of the
// other (one test per link reached cost BenchmarkBattle about 1%, the mask
// of units reached about 5%).
type (
	plainPass uint8
	pairPass  uint16
)

// bonuses sets every unit's link bonuses for the segment: each effect of a unit that is
// not netted reaches the units on its edges that are on the effect's side.
// With a Structure on the board (pass pairPass) a link reaching either part
// of a Structure reaches both, once: the units reached are gathered in a
// mask, mates added, then given their bonus.
func bonuses[P plainPass | pairPass](r *Resolver) {
	var pass P
	pairs := unsafe.Sizeof(pass) == unsafe.Sizeof(pairPass(0))
	s := r.s
	// One clear each (see Resolver.segment): a tuple of array literals is
	// built on the stack and copied.
	clear(r.meleeB[:])
	clear(r.rangedB[:])
	clear(r.initB[:])
	clear(r.toughB[:])
	clear(r.extra[:])
	clear(r.armorAll[:])
	r.conv = [MaxHexes]uint8{}
	for _, h := range r.occ[:r.nocc] {
		if r.feat[h]&featBonus == 0 || r.netted[h] {
			continue
		}
		p := s.Cells[h].Unit
		t := r.tok[h]
		me := r.ctl[h]
		for i := range t.Effects {
			e := &t.Effects[i]
			var reached uint64 // pairPass: the units the effect reaches, with their mates
			for m := uint(e.Dirs) & 0x3f; m != 0; m &= m - 1 {
				d := rules.Dir(bits.TrailingZeros(m))
				nb := s.Board.Nb[h][edgeDir(p, d)]
				if nb == NoHex {
					continue
				}
				c := r.ctl[nb]
				if c == noCtl {
					continue
				}
				side := rules.Enemies
				if c == me || (r.feud && s.Allies(s.Cells[nb].Unit.Controller(), p.Controller())) {
					side = rules.Friends
				}
				if e.Side&side == 0 {
					continue
				}
				if !pairs {
					r.give(nb, e)
					continue
				}
				reached |= 1 << uint(nb)
				if mt := r.mate[nb]; mt != NoHex {
					reached |= 1 << uint(mt)
				}
			}
			for ; reached != 0; reached &= reached - 1 {
				r.give(Hex(bits.TrailingZeros64(reached)), e)
			}
		}
	}
	if r.standOn {
		r.standingBonuses() // expr.go
	}
	if s.St.N != 0 {
		r.statusBonuses()
	}
}
