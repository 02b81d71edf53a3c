package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// randomMultiPosition places the HQs of 3 or 4 players and up to 20 more
// units at random, in a random mode (with the feud rule on some teams),
// with random facings, wounds, net markers and takeovers by any player.
func randomMultiPosition(rng *rand.Rand, pool []*rules.Army) *State {
	n := 3 + rng.IntN(2)
	var as [MaxPlayers]*rules.Army
	for p := range n {
		as[p] = pool[rng.IntN(len(pool))]
	}
	s, err := NewState(Standard, as[0], as[1])
	if err != nil {
		panic(err)
	}
	s.Armies = as
	modes := []Mode{ModeFFA, ModePoints, ModeOneVsTeam}
	if n == 4 {
		modes = []Mode{ModeFFA, ModePoints, ModeTeams}
	}
	m := modes[rng.IntN(len(modes))]
	var feud uint8
	if (m == ModeTeams || m == ModeOneVsTeam) && rng.IntN(3) == 0 {
		feud = 1 << rng.IntN(n)
	}
	if err := s.SetSides(n, m, nil, feud); err != nil {
		panic(err)
	}
	if m == ModePoints {
		for p := range n {
			s.Score[p] = uint8(rng.IntN(PointsToWin))
		}
	}
	left := make([][]int, n)
	for p := range n {
		for i := range as[p].Tokens {
			left[p] = append(left[p], as[p].Tokens[i].Count)
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
			s.Cells[h].Unit.TakeBy((pl + 1 + uint8(rng.IntN(n-1))) % uint8(n))
		}
		left[pl][ti]--
	}
	for p := range uint8(n) {
		place(p, as[p].HQ)
	}
	for range rng.IntN(21) {
		if len(free) == 0 {
			break
		}
		pl := uint8(rng.IntN(n))
		ti := rng.IntN(len(as[pl].Tokens))
		t := &as[pl].Tokens[ti]
		if left[pl][ti] == 0 || t.Kind == rules.Instant || t.Kind == rules.HQ || t.Kind == rules.Foundation {
			continue
		}
		place(pl, ti)
	}
	return s
}

// The reference resolver (allies read from the rulebook's words, one rule
// at a time) and the fast one agree on random positions of 3 and 4
// players in every mode, the feud rule included: the board, the HQs and
// the points.
func TestReferenceMatchesFastMultiplayer(t *testing.T) {
	var pool []*rules.Army
	for _, name := range []string{"amber", "beta", "tchrome", "tneon", "tfauna", "tiron", "tbulwark"} {
		a, err := testLoader(name)
		if err != nil {
			t.Fatal(err)
		}
		pool = append(pool, a)
	}
	n := 100000
	if testing.Short() {
		n = 2000
	}
	rng := rand.New(rand.NewPCG(2026, 13))
	var r Resolver
	modes := map[Mode]int{}
	for i := range n {
		start := randomMultiPosition(rng, pool)
		modes[start.Mode]++
		fast, slow := *start, *start
		d := firstOrBest(i)
		r.Resolve(&fast, d, nil)
		ReferenceResolve(&slow, d)
		if fast.Cells != slow.Cells || fast.HQ != slow.HQ || fast.Score != slow.Score {
			t.Fatalf("position %d (%d players, %s, sides %v %v): fast and reference resolvers differ\nstart:\n%s\nfast:\n%s\nreference:\n%s\nscores %v %v",
				i, start.Players(), start.Mode, start.side, start.team, dumpState(start), dumpState(&fast), dumpState(&slow), fast.Score, slow.Score)
		}
	}
	for _, m := range []Mode{ModeFFA, ModePoints, ModeTeams, ModeOneVsTeam} {
		if modes[m] == 0 {
			t.Errorf("no position in mode %s", m)
		}
	}
}
