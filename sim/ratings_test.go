package sim

import (
	"testing"
)

// rrOf builds a round robin of three armies from seat tables: seats[i][j]
// is army i's pairs against army j (i < j) by its outcome moving first and
// second.
func rrOf(seats map[[2]int][3][3]int) *RoundRobin {
	rr := &RoundRobin{Armies: []string{"Strong", "Middle", "Weak"}, Matches: map[[2]int]*Summary{}}
	for k, st := range seats {
		s := &Summary{A: rr.Armies[k[0]], B: rr.Armies[k[1]]}
		s.Tally.Seats = st
		for x := range 3 {
			for y := range 3 {
				n := st[x][y]
				s.Tally.Pairs[x+y] += n
			}
		}
		rr.Matches[k] = s
	}
	return rr
}

// TestRatingsOrderAndIntervals: a round robin where Strong beats Middle
// and Weak clearly and Middle beats Weak gives that order, ratings summing
// to zero, each inside its interval, certain ranks for so clear a matrix,
// and the same table every time (the bootstrap has a fixed seed).
func TestRatingsOrderAndIntervals(t *testing.T) {
	rr := rrOf(map[[2]int][3][3]int{
		{0, 1}: {Win: {Win: 60, Loss: 20}, Loss: {Win: 15, Loss: 5}},
		{0, 2}: {Win: {Win: 80, Loss: 10}, Loss: {Win: 8, Loss: 2}},
		{1, 2}: {Win: {Win: 55, Loss: 20}, Loss: {Win: 20, Loss: 5}},
	})
	r, err := rr.Ratings()
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for i, a := range r.Armies {
		sum += a.Elo
		if a.Army != rr.Armies[i] || a.Rank != i+1 {
			t.Errorf("rank %d: %+v, want %s", i+1, a, rr.Armies[i])
		}
		if a.EloCI[0] > a.Elo || a.Elo > a.EloCI[1] || a.RankCI != [2]int{i + 1, i + 1} {
			t.Errorf("%s: %+v; want the rating inside its interval and a certain rank", a.Army, a)
		}
	}
	if sum > 1e-6 || sum < -1e-6 {
		t.Errorf("ratings sum to %v, want 0", sum)
	}
	again, _ := rr.Ratings()
	for i := range r.Armies {
		if again.Armies[i] != r.Armies[i] {
			t.Errorf("a second fit differs: %+v vs %+v", again.Armies[i], r.Armies[i])
		}
	}
	// Nearly every game won by whoever moved first: a large first-move
	// term, and no army ahead of another.
	seats := [3][3]int{Win: {Loss: 45}, Draw: {Draw: 5}}
	even := rrOf(map[[2]int][3][3]int{{0, 1}: seats, {0, 2}: seats, {1, 2}: seats})
	e, err := even.Ratings()
	if err != nil {
		t.Fatal(err)
	}
	if e.FirstMove < 200 {
		t.Errorf("first mover always wins: first-move term %+.0f Elo, want large", e.FirstMove)
	}
	for _, a := range e.Armies {
		if a.Elo > 1 || a.Elo < -1 {
			t.Errorf("%s rated %+.1f in an even round robin", a.Army, a.Elo)
		}
	}
}

// TestSwapMirrorsSeats: seen from the other army, A's first-move games
// are B's second-move games with the outcome reversed; swapping twice is
// the identity.
func TestSwapMirrorsSeats(t *testing.T) {
	var tl Tally
	tl.AddPair(Win, Draw) // A won moving first, drew moving second
	tl.AddPair(Loss, Win)
	sw := tl.Swap()
	if sw.Seats[Draw][Loss] != 1 || sw.Seats[Loss][Win] != 1 || sw.Pairs[1] != 1 || sw.Pairs[2] != 1 {
		t.Errorf("swapped: %+v", sw)
	}
	if sw.Swap() != tl {
		t.Errorf("swap twice: %+v, want %+v", sw.Swap(), tl)
	}
}

// TestSignificantCellsAreHolmCorrected: a clear matchup is flagged, one at
// 50% is not; and a p-value just under 5% alone is not flagged once Holm
// multiplies it by the number of matchups.
func TestSignificantCellsAreHolmCorrected(t *testing.T) {
	rr := rrOf(map[[2]int][3][3]int{
		{0, 1}: {Win: {Win: 60, Loss: 20}, Loss: {Win: 15, Loss: 5}},  // clear
		{0, 2}: {Win: {Win: 30, Loss: 25}, Loss: {Win: 25, Loss: 20}}, // 50% exactly
		{1, 2}: {Win: {Win: 20, Loss: 25}, Loss: {Win: 25, Loss: 9}},  // p about 0.036 alone
	})
	sig := rr.SignificantCells()
	if !sig[[2]int{0, 1}] || sig[[2]int{0, 2}] {
		t.Errorf("flags %v: want 0-1 flagged, 0-2 not", sig)
	}
	if p := rr.Matches[[2]int{1, 2}].Tally.Pairs.PValue(); p > 0.05 || 3*p <= 0.05 || sig[[2]int{1, 2}] {
		t.Errorf("1-2: p %.4f alone, flagged %v; the test wants p in (0.05/3, 0.05] and no flag", p, sig[[2]int{1, 2}])
	}
}

// One pair a matchup, or every pair of each matchup alike, leaves the
// bootstrap nothing to vary: the rating intervals still have a width, from
// the fit's curvature (issue 25: intervals never a point).
func TestRatingsIntervalsNeverAPoint(t *testing.T) {
	for _, c := range []struct {
		name  string
		seats map[[2]int][3][3]int
	}{
		{"one pair in all", map[[2]int][3][3]int{{0, 1}: {Win: {Win: 1}}}},
		{"one pair each", map[[2]int][3][3]int{{0, 1}: {Win: {Win: 1}}, {0, 2}: {Win: {Loss: 1}}, {1, 2}: {Draw: {Draw: 1}}}},
		{"every pair alike", map[[2]int][3][3]int{{0, 1}: {Win: {Win: 9}}, {0, 2}: {Win: {Win: 9}}, {1, 2}: {Win: {Win: 9}}}},
	} {
		r, err := rrOf(c.seats).Ratings()
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range r.Armies {
			if !(a.EloCI[0] < a.Elo && a.Elo < a.EloCI[1]) || a.EloCI[1]-a.EloCI[0] < 20 {
				t.Errorf("%s: %s %+.1f [%+.1f, %+.1f]: not an interval around the rating", c.name, a.Army, a.Elo, a.EloCI[0], a.EloCI[1])
			}
		}
	}
}
