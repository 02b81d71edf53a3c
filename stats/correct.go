package stats

import (
	"cmp"
	"slices"
)

// order is the indices of ps sorted by increasing p-value (stable).
func order(ps []float64) []int {
	idx := make([]int, len(ps))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(ps[a], ps[b]) })
	return idx
}

// Holm returns the Holm–Bonferroni adjusted p-values, in the order of ps:
// the k-th smallest (k from 0) is multiplied by m-k, made monotone
// non-decreasing and capped at 1. Rejecting where the adjusted value is at
// most α controls the family-wise error rate at α.
func Holm(ps []float64) []float64 {
	m := len(ps)
	out := make([]float64, m)
	run := 0.0
	for k, i := range order(ps) {
		run = max(run, min(1, float64(m-k)*ps[i]))
		out[i] = run
	}
	return out
}
