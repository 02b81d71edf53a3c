package sim

import "sort"

// RoundRobin is every pairing of a list of armies.
type RoundRobin struct {
	Armies  []string
	Players string
	Matches map[[2]int]*Summary // i <= j
}

// Rate is army i's win rate against army j.
func (rr *RoundRobin) Rate(i, j int) (Tally, bool) {
	if i <= j {
		s, ok := rr.Matches[[2]int{i, j}]
		if !ok {
			return Tally{}, false
		}
		return s.Tally, true
	}
	s, ok := rr.Matches[[2]int{j, i}]
	if !ok {
		return Tally{}, false
	}
	return s.Tally.Swap(), true
}

// Ranking orders armies by their average score against the others (mirror
// matches left out).
func (rr *RoundRobin) Ranking() []RankRow {
	var out []RankRow
	for i, a := range rr.Armies {
		var total Tally
		for j := range rr.Armies {
			if i == j {
				continue
			}
			if t, ok := rr.Rate(i, j); ok {
				total.Merge(t)
			}
		}
		out = append(out, RankRow{Army: a, Tally: total})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Tally.Rate() > out[j].Tally.Rate() })
	return out
}

// RankRow is one line of the ranking.
type RankRow struct {
	Army  string `json:"army"`
	Tally Tally  `json:"tally"`
}

// Sums are the round robin's matches in order (i <= j).
func (rr *RoundRobin) Sums() []*Summary {
	var out []*Summary
	for i := range rr.Armies {
		for j := i; j < len(rr.Armies); j++ {
			if s, ok := rr.Matches[[2]int{i, j}]; ok {
				out = append(out, s)
			}
		}
	}
	return out
}
