package stats

import "math"

// KendallTau is Kendall's τ-b between two scorings of the same items: +1
// when they order every pair of items the same way, -1 when they order
// every pair the opposite way. Ties (equal scores) count for neither side,
// and τ-b's denominator corrects for them, so two scorings that both tie
// the same pair still agree fully. It is NaN for fewer than two items or
// when a scoring ties everything.
func KendallTau(a, b []float64) float64 {
	if len(a) != len(b) || len(a) < 2 {
		return math.NaN()
	}
	var concordant, discordant, tieA, tieB float64
	for i := range a {
		for j := i + 1; j < len(a); j++ {
			da, db := sign(a[i]-a[j]), sign(b[i]-b[j])
			switch {
			case da == 0 && db == 0:
			case da == 0:
				tieA++
			case db == 0:
				tieB++
			case da == db:
				concordant++
			default:
				discordant++
			}
		}
	}
	d := math.Sqrt((concordant + discordant + tieA) * (concordant + discordant + tieB))
	if d == 0 {
		return math.NaN()
	}
	return (concordant - discordant) / d
}

func sign(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
