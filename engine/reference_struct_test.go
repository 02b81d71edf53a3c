package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// autoStructures is army a with two of its warriors made a Structure (the
// k-th and the next, in the order of the army's warriors), so that the
// random positions put Structures of every feature of the test armies on
// the board: nets, links, takeovers, medics, armor, agony.
func autoStructures(t testing.TB, a *rules.Army, k int) *rules.Army {
	var w []string
	for i := range a.Tokens {
		if a.Tokens[i].Kind == rules.Warrior && a.Tokens[i].Count > 0 {
			w = append(w, a.Tokens[i].Name)
		}
	}
	if len(w) < 2 {
		return a
	}
	return withStructures(t, a, [3]string{"S", w[k%len(w)], w[(k+1)%len(w)]})
}

// randomStructPosition is randomPosition with, most of the time, each
// player's Structure on two adjacent hexes, its parts facing, wounded,
// netted and taken over at random like the other units.
func randomStructPosition(rng *rand.Rand, a0, a1 *rules.Army) *State {
	s := randomPosition(rng, a0, a1)
	for p, a := range [2]*rules.Army{a0, a1} {
		if len(a.Structures) == 0 || rng.IntN(4) == 0 {
			continue
		}
		st := a.Structures[rng.IntN(len(a.Structures))]
		for _, h := range rng.Perm(s.Board.Size) {
			d := rules.Dir(rng.IntN(6))
			n := s.Board.Nb[h][d]
			if n == NoHex || !s.Cells[h].Unit.Empty() || !s.Cells[n].Unit.Empty() {
				continue
			}
			for k, x := range [2]Hex{Hex(h), n} {
				if err := s.Place(x, uint8(p), uint8(st.Parts[k]), rules.Dir(rng.IntN(6))); err != nil {
					panic(err)
				}
				u := &s.Cells[x].Unit
				if t := &a.Tokens[st.Parts[k]]; rng.IntN(4) == 0 {
					u.Wounds = uint8(rng.IntN(int(t.Toughness)))
				}
				if rng.IntN(20) == 0 {
					u.Marks |= NetMarker
				}
			}
			if rng.IntN(30) == 0 {
				for _, x := range [2]Hex{Hex(h), n} {
					s.Cells[x].Unit.Marks |= Controlled
				}
			}
			break
		}
	}
	return s
}

// TestReferenceMatchesFastStructures: the fast and the reference resolvers
// agree on random positions with Structures (HEXFORGE_STRUCT_POSITIONS
// sets how many; 20,000 by default, 1,000 with -short).
func TestReferenceMatchesFastStructures(t *testing.T) {
	pairs := [][2]string{{"amber", "beta"}, {"tchrome", "tneon"}, {"tfauna", "tiron"}, {"beta", "tiron"}, {"tneon", "amber"}, {"tbulwark", "tiron"}, {"takers", "beta"}, {"netmark", "amber"}}
	loaded := loadPairs(t, pairs)
	var paired [][2]*rules.Army
	for k := range 3 {
		for _, ab := range loaded {
			paired = append(paired, [2]*rules.Army{autoStructures(t, ab[0], k), autoStructures(t, ab[1], k+1)})
		}
	}
	n := envCount(t, "HEXFORGE_STRUCT_POSITIONS", 20000, 1000)
	rng := rand.New(rand.NewPCG(2026, 13))
	pick := alternating(paired)
	var r Resolver
	withPair := 0
	for i := 0; i < n; i++ {
		x, y := pick(i)
		start := randomStructPosition(rng, x, y)
		for h := range start.Board.Size {
			if MateOn(start, Hex(h)) != NoHex {
				withPair++
				break
			}
		}
		fast, slow := *start, *start
		d := firstOrBest(i)
		r.Resolve(&fast, d, nil)
		ReferenceResolve(&slow, d)
		if fast.Cells != slow.Cells || fast.HQ != slow.HQ {
			t.Fatalf("position %d: fast and reference resolvers differ\nstart:\n%s\nfast:\n%s\nreference:\n%s",
				i, dumpState(start), dumpState(&fast), dumpState(&slow))
		}
	}
	if withPair < n/2 {
		t.Errorf("only %d of %d positions hold a Structure", withPair, n)
	}
	t.Logf("%d positions, %d with a Structure", n, withPair)
}
