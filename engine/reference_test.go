package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// randomPosition places both HQs and up to 16 more units of the two test
// armies at random, with random facings and some wounds and net markers.
func randomPosition(rng *rand.Rand, a0, a1 *rules.Army) *State {
	s, err := NewState(Standard, a0, a1)
	if err != nil {
		panic(err)
	}
	as := [2]*rules.Army{a0, a1}
	var left [2][]int
	for pl := 0; pl < 2; pl++ {
		for i := range as[pl].Tokens {
			left[pl] = append(left[pl], as[pl].Tokens[i].Count)
		}
	}
	free := rng.Perm(s.Board.Size)
	place := func(pl uint8, ti int) {
		h := Hex(free[0])
		free = free[1:]
		if err := s.Place(h, pl, uint8(ti), rules.Dir(rng.IntN(6))); err != nil {
			panic(err)
		}
		t := &as[pl].Tokens[ti]
		if rng.IntN(4) == 0 {
			s.Cells[h].Unit.Wounds = uint8(rng.IntN(int(t.Toughness)))
		}
		if rng.IntN(40) == 0 {
			s.Cells[h].Unit.Marks |= NetMarker
		}
		if rng.IntN(60) == 0 && t.Kind != rules.HQ {
			s.Cells[h].Unit.Marks |= Controlled
		}
		left[pl][ti]--
	}
	place(0, a0.HQ)
	place(1, a1.HQ)
	n := rng.IntN(17)
	for k := 0; k < n; k++ {
		pl := uint8(rng.IntN(2))
		ti := rng.IntN(len(as[pl].Tokens))
		t := &as[pl].Tokens[ti]
		if left[pl][ti] == 0 || t.Kind == rules.Instant || t.Kind == rules.HQ || t.Kind == rules.Foundation {
			continue
		}
		place(pl, ti)
	}
	return s
}

func TestReferenceMatchesFast(t *testing.T) {
	// The two mixed test armies, and the armies of the rulebook examples.
	pairs := [][2]string{{"amber", "beta"}, {"amber", "beta"}, {"amber", "beta"}, {"tchrome", "tneon"}, {"tfauna", "tiron"}, {"beta", "tiron"}, {"tneon", "amber"}, {"tbulwark", "tiron"}, {"beta", "tbulwark"}}
	loaded := loadPairs(t, pairs)
	n := 100000
	if testing.Short() {
		n = 2000
	}
	rng := rand.New(rand.NewPCG(2026, 11))
	compareResolvers(t, rng, n, alternating(loaded), firstOrBest)
}

// dumpState is FormatPosition with marks, for failure messages.
func dumpState(s *State) string {
	names := make([]string, s.Players()) // every player's, not only two: a multiplayer failure prints too
	for p := range names {
		names[p] = s.Armies[p].Name
	}
	out := FormatPosition(s, names)
	for h := 0; h < s.Board.Size; h++ {
		if p := s.Cells[h].Unit; !p.Empty() && p.Marks != 0 {
			out += "# " + s.Board.Names[h] + " marks " + string(rune('0'+p.Marks)) + "\n"
		}
	}
	return out
}

// firstOrBest answers with OwnerBest every third position, FirstOption
// otherwise.
func firstOrBest(i int) Decider {
	if i%3 == 0 {
		return OwnerBest{}
	}
	return FirstOption{}
}

// compareResolvers resolves n random positions between the armies pick
// names, under the decider dec names, with the fast and the reference
// resolvers, and fails on the first position where they differ.
func compareResolvers(t *testing.T, rng *rand.Rand, n int, pick func(i int) (*rules.Army, *rules.Army), dec func(i int) Decider) {
	t.Helper()
	var r Resolver
	for i := 0; i < n; i++ {
		x, y := pick(i)
		start := randomPosition(rng, x, y)
		fast, slow := *start, *start
		d := dec(i)
		r.Resolve(&fast, d, nil)
		ReferenceResolve(&slow, d)
		if fast.Cells != slow.Cells || fast.HQ != slow.HQ {
			t.Fatalf("position %d: fast and reference resolvers differ\nstart:\n%s\nfast:\n%s\nreference:\n%s",
				i, FormatPosition(start, []string{x.Name, y.Name}), dumpState(&fast), dumpState(&slow))
		}
		if _, first := d.(FirstOption); first {
			// Outcome, the players' hypothetical battle (which counts no
			// figures), leaves the board Resolve leaves.
			out := *start
			r.Outcome(&out)
			if out.Cells != fast.Cells || out.HQ != fast.HQ {
				t.Fatalf("position %d: Outcome and Resolve differ\nstart:\n%s\nResolve:\n%s\nOutcome:\n%s",
					i, FormatPosition(start, []string{x.Name, y.Name}), dumpState(&fast), dumpState(&out))
			}
		}
	}
}

// loadPairs loads pairs of test armies by name.
func loadPairs(t *testing.T, pairs [][2]string) [][2]*rules.Army {
	t.Helper()
	var loaded [][2]*rules.Army
	for _, p := range pairs {
		var ab [2]*rules.Army
		for i, name := range p {
			a, err := testLoader(name)
			if err != nil {
				t.Fatal(err)
			}
			ab[i] = a
		}
		loaded = append(loaded, ab)
	}
	return loaded
}

// alternating picks the pairs in turn, swapping who owns which army on
// every other round so both orders are covered.
func alternating(loaded [][2]*rules.Army) func(i int) (*rules.Army, *rules.Army) {
	return func(i int) (*rules.Army, *rules.Army) {
		ab := loaded[i%len(loaded)]
		if (i/len(loaded))%2 == 1 {
			return ab[1], ab[0]
		}
		return ab[0], ab[1]
	}
}
