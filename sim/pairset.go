package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// PairSet is a set of pair indices kept as sorted, disjoint, inclusive
// ranges. A run plays its pairs in order and a shard is one contiguous slice
// of them, so a summary of any length holds a handful of ranges: the record
// of which pairs it covers (what merge needs) does not grow with --games.
type PairSet struct{ r [][2]int }

// Add puts k in the set. Adding in increasing order, as a run does, only
// extends the last range.
func (p *PairSet) Add(k int) {
	n := len(p.r)
	switch {
	case n > 0 && k == p.r[n-1][1]+1:
		p.r[n-1][1] = k
	case n > 0 && k <= p.r[n-1][1]:
		// Out of order: rare (a merge), so the simple way.
		p.Union(PairSet{r: [][2]int{{k, k}}})
	default:
		p.r = append(p.r, [2]int{k, k})
	}
}

// Len is the number of pairs in the set.
func (p PairSet) Len() int {
	n := 0
	for _, r := range p.r {
		n += r[1] - r[0] + 1
	}
	return n
}

// Prefix is n when the set is the pairs 0 to n-1, the first n pairs of a
// run; false otherwise (empty, or with a gap).
func (p PairSet) Prefix() (int, bool) {
	if len(p.r) != 1 || p.r[0][0] != 0 {
		return 0, false
	}
	return p.r[0][1] + 1, true
}

// Overlap is the first pair in both sets, if any.
func (p PairSet) Overlap(o PairSet) (int, bool) {
	i, j := 0, 0
	for i < len(p.r) && j < len(o.r) {
		a, b := p.r[i], o.r[j]
		if lo := max(a[0], b[0]); lo <= min(a[1], b[1]) {
			return lo, true
		}
		if a[1] < b[1] {
			i++
		} else {
			j++
		}
	}
	return 0, false
}

// Union adds the pairs of o, joining ranges that touch.
func (p *PairSet) Union(o PairSet) {
	all := slices.Concat(p.r, o.r)
	slices.SortFunc(all, func(a, b [2]int) int { return a[0] - b[0] })
	out := all[:0]
	for _, r := range all {
		if n := len(out); n > 0 && r[0] <= out[n-1][1]+1 {
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out = append(out, r)
	}
	p.r = out
}

// String lists the ranges: "0-11, 25-37".
func (p PairSet) String() string {
	var parts []string
	for _, r := range p.r {
		if r[0] == r[1] {
			parts = append(parts, strconv.Itoa(r[0]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", r[0], r[1]))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// MarshalJSON writes the ranges, [[first, last], ...].
func (p PairSet) MarshalJSON() ([]byte, error) {
	if p.r == nil {
		return []byte("[]"), nil
	}
	return json.Marshal(p.r)
}

// UnmarshalJSON reads ranges and refuses impossible ones, so a hand-edited
// or damaged result is an error, not a wrong count.
func (p *PairSet) UnmarshalJSON(b []byte) error {
	var r [][2]int
	if err := json.Unmarshal(b, &r); err != nil {
		return errors.New("game_pairs: want a list of [first, last] pair ranges")
	}
	for i, x := range r {
		if x[0] < 0 || x[1] < x[0] {
			return fmt.Errorf("game_pairs: impossible range [%d, %d]", x[0], x[1])
		}
		if i > 0 && x[0] <= r[i-1][1] {
			return fmt.Errorf("game_pairs: ranges out of order or overlapping at [%d, %d]", x[0], x[1])
		}
	}
	p.r = r
	return nil
}
