package report

import (
	"context"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/sim"
)

// rrOf is a round robin of three armies (Strong, Middle, Weak) with the
// given seat tallies (sim.Tally.Seats) per matchup.
func rrOf(seats map[[2]int][3][3]int) *sim.RoundRobin {
	rr := &sim.RoundRobin{Armies: []string{"Strong", "Middle", "Weak"}, Matches: map[[2]int]*sim.Summary{}}
	for k, st := range seats {
		s := &sim.Summary{A: rr.Armies[k[0]], B: rr.Armies[k[1]]}
		s.Tally.Seats = st
		for x := range 3 {
			for y := range 3 {
				s.Tally.Pairs[x+y] += st[x][y]
			}
		}
		rr.Matches[k] = s
	}
	return rr
}

// playedSummary plays pairs seat-swapped pairs of the embedded armies a
// and b between random players, and sums them.
func playedSummary(t *testing.T, a, b string, pairs int) *sim.Summary {
	t.Helper()
	p, err := player.Parse("random")
	if err != nil {
		t.Fatal(err)
	}
	var list [2]*armies.Loaded
	for i, name := range [2]string{a, b} {
		if list[i], err = (armies.Loader{}).Load(name); err != nil {
			t.Fatal(err)
		}
	}
	m := &sim.Match{A: list[0].Army, B: list[1].Army, Players: [2]player.Spec{p, p}, Seed: 1, Pairs: pairs}
	s, err := m.RunSummary(context.Background(), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
