// battlemedic.go lets medics absorb the attacks of a segment: which medic
// links to which unit, which are ready, and which attacks each may take.

package engine

import (
	"github.com/hexforge/hexforge/rules"
)

// medicLinks reports whether the active medic on m links to the unit on u.
func (r *Resolver) medicLinks(m, u Hex) bool {
	if r.pairs && r.mate[u] != NoHex && r.mate[u] != m && r.medicLinksOne(m, r.mate[u]) {
		return true // a medic linked to either part of a Structure serves both
	}
	return r.medicLinksOne(m, u)
}

// medicLinksOne reports whether the medic on m is linked to the unit on u
// itself.
func (r *Resolver) medicLinksOne(m, u Hex) bool {
	s := r.s
	p := s.Cells[m].Unit
	q := s.Cells[u].Unit
	if q.Empty() || r.ctl[u] != r.ctl[m] {
		return false
	}
	d, ok := s.Board.DirTo(m, u)
	if !ok {
		return false
	}
	e := p.EdgeAt(d)
	for _, ef := range r.tok[m].Effects {
		if ef.Op == rules.EffMedic && ef.Dirs.Has(e) && ef.Side&rules.Friends != 0 {
			return true
		}
	}
	return false
}

// medicReady reports whether the unit on m is a medic that can still absorb
// an attack this segment.
func (r *Resolver) medicReady(m Hex) bool {
	return r.feat[m]&featMedic != 0 && !r.netted[m] && !r.medicUsed[m] && !r.killed[m] && !r.hitNow[m]
}

// medics lets ready medics absorb the attacks recorded from index from on.
// Each medic takes one attack on a linked friendly non-medic unit (its
// controller chooses which); medics with fewer candidates choose first.
func (r *Resolver) medics(from int, log *BattleLog) {
	s := r.s
	r.tally()
	for {
		best, bestN := NoHex, 1<<30
		for _, m := range r.occ[:r.nocc] {
			if !r.medicReady(m) {
				continue
			}
			c := r.candidates(m, from)
			if c > 0 && c < bestN {
				best, bestN = m, c
			}
		}
		if best == NoHex {
			return
		}
		c := r.candidates(best, from)
		owner := s.Cells[best].Unit.Controller()
		i := 0
		if c > 1 {
			for k := 0; k < c; k++ {
				x := &r.hits[r.cand[k]]
				saves := 0
				q := s.Cells[x.target].Unit
				tough := r.tough(x.target)
				if int(q.Wounds)+int(r.pending[x.target]) >= tough &&
					int(q.Wounds)+int(r.pending[x.target])-int(x.wounds) < tough {
					saves = 1
				}
				r.opts[k] = Option{Hex: x.target, To: x.src, Dir: x.dir, Index: saves}
			}
			i = r.d.Choose(s, owner, QMedicAbsorb, r.opts[:c])
			if i < 0 || i >= c {
				i = 0
			}
		}
		x := &r.hits[r.cand[i]]
		// Follow the chain: a medic linked to a further ready medic passes
		// the wounds on.
		absorber := best
		var visited uint64 = 1 << uint(best)
		for {
			k := 0
			for _, m := range r.occ[:r.nocc] {
				if k >= maxOptions {
					break
				}
				if visited&(1<<uint(m)) != 0 || !r.medicReady(m) || !r.medicLinks(m, absorber) {
					continue
				}
				r.opts[k] = Option{Hex: m, To: absorber}
				k++
			}
			if k == 0 {
				break
			}
			j := 0
			if k > 1 {
				j = r.d.Choose(s, owner, QMedicAbsorb, r.opts[:k])
				if j < 0 || j >= k {
					j = 0
				}
			}
			absorber = r.opts[j].Hex
			visited |= 1 << uint(absorber)
		}
		log.absorbed(s, absorber, x.target, x.src, int(x.wounds))
		x.wounds = 0
		r.medicUsed[absorber] = true
		r.killed[absorber] = true
		r.tally()
	}
}

// candidates fills r.cand with the attacks (from index from on) the medic on
// m may absorb and returns how many.
func (r *Resolver) candidates(m Hex, from int) int {
	c := 0
	for i := from; i < r.nhits && c < maxOptions; i++ {
		x := &r.hits[i]
		if x.wounds == 0 || x.target == m {
			continue
		}
		if r.feat[x.target]&featMedic != 0 || !r.medicLinks(m, x.target) {
			continue
		}
		r.cand[c] = i
		c++
	}
	return c
}
