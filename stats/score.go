package stats

import "math"

// ScoreInterval is the one interval every figure of hexforge reports: the
// score interval for the mean of a score bounded in [0, 1] (a game's score,
// a pair's per-game score, a paired change mapped onto [0, 1]), observed
// counts[k] times at values[k].
//
// A candidate mean p is inside when the score statistic
//
//	T(p) = N·(m − p)² / V(p)
//
// is at most z², where m is the sample mean and V(p) the variance of the
// most likely distribution on [0, 1] whose mean is p (the maximum of the
// multinomial likelihood under that one constraint; any mass the data lack
// goes to 0 or to 1). So the variance is judged at the hypothesis, not at
// the sample: when every pair scored the same the sample variance is 0 and
// a normal-approximation interval collapses to a point, but V(p) of any
// p ≠ m is positive and the interval keeps a width of its own. For scores
// that are only 0 or 1 V(p) = p(1−p) and it is exactly Wilson's interval;
// at 0 of n it is [0, hi] and at n of n [lo, 1] with lo, hi strictly
// inside; with no observations it is [0, 1]. docs/statistics.md compares
// its coverage with the normal approximation's.
func ScoreInterval(values, counts []float64, z float64) (lo, hi float64) {
	n, m := moments(values, counts)
	if n == 0 {
		return 0, 1
	}
	if binary(values, counts) { // Wilson's closed form, the same interval
		return Wilson(m*n, n, z)
	}
	outside := func(p float64) bool {
		d := m - p
		return n*d*d > z*z*ConstrainedVariance(values, counts, p)
	}
	lo, hi = 0, 1
	if m > 0 && outside(0) {
		lo = boundary(0, m, outside)
	}
	if m < 1 && outside(1) {
		hi = boundary(1, m, outside)
	}
	return lo, hi
}

// Wilson is ScoreInterval for scores that are only 0 or 1 (successes out of
// n trials), in its closed form (Wilson 1927): V(p) = p(1−p) there. A
// fractional success (a win shared by k players, 1/k each) counts as its
// part of one, which only widens the interval: a score in [0, 1] of mean p
// varies at most p(1−p).
func Wilson(successes, n, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	p := successes / n
	z2 := z * z
	denom := 1 + z2/n
	centre := (p + z2/(2*n)) / denom
	half := z / denom * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	lo, hi = math.Max(0, centre-half), math.Min(1, centre+half)
	if p <= 0 { // exactly, not a rounding error away
		lo = 0
	}
	if p >= 1 {
		hi = 1
	}
	return lo, hi
}

// ScorePValue is the two-sided p-value of the hypothesis that the mean is
// p0, from the score statistic of ScoreInterval: it is at most
// 2·(1 − Φ(z)) exactly when p0 lies outside (or on the edge of) the
// interval ScoreInterval gives at z, so a figure flagged at 5% never has
// its 95% interval around p0.
func ScorePValue(values, counts []float64, p0 float64) float64 {
	n, m := moments(values, counts)
	if n == 0 || m == p0 {
		return 1
	}
	v := ConstrainedVariance(values, counts, p0)
	if v == 0 {
		return 0
	}
	return math.Erfc(math.Sqrt(n*(m-p0)*(m-p0)/v) / math.Sqrt2)
}

// ConstrainedVariance is V(p) of ScoreInterval: the variance of the
// distribution on [0, 1] with mean p that maximises the likelihood of the
// counts. By the Lagrange conditions it gives value k the mass
// c_k / (N·(1 + λ(v_k − p))) for the λ that makes the mean p, and when no
// such λ keeps every mass positive and finite the mass the observed values
// cannot carry goes to 0 (the mean is too high for them) or to 1.
func ConstrainedVariance(values, counts []float64, p float64) float64 {
	n, _ := moments(values, counts)
	if n == 0 || p <= 0 || p >= 1 {
		return 0
	}
	// g(λ) is the mean minus p of the tilted masses, decreasing in λ on
	// [-1/(1-p), 1/p], the λ that keep every weight on [0, 1] non-negative.
	g := func(lam float64) float64 {
		s := 0.0
		for k, c := range counts {
			if c > 0 {
				d := values[k] - p
				s += c * d / (1 + lam*d)
			}
		}
		return s
	}
	lmin, lmax := -1/(1-p), 1/p
	has0, has1 := false, false
	for k, c := range counts {
		if c > 0 {
			has0 = has0 || values[k] <= 0
			has1 = has1 || values[k] >= 1
		}
	}
	var lam, extra, at float64 // extra: mass put at the value at (0 or 1)
	switch {
	case !has0 && g(lmax) >= 0:
		lam, at = lmax, 0
	case !has1 && g(lmin) <= 0:
		lam, at = lmin, 1
	default:
		a, b := lmin, lmax
		for range 200 {
			mid := (a + b) / 2
			if mid == a || mid == b {
				break
			}
			if g(mid) > 0 {
				a = mid
			} else {
				b = mid
			}
		}
		lam = (a + b) / 2
	}
	v, mass := 0.0, 0.0
	for k, c := range counts {
		if c > 0 {
			d := values[k] - p
			q := c / (n * (1 + lam*d))
			mass += q
			v += q * d * d
		}
	}
	if lam == lmax || lam == lmin {
		extra = math.Max(0, 1-mass)
		v += extra * (at - p) * (at - p)
	}
	return v
}

// DiffInterval is the interval of the difference of two independent means
// (b's minus a's), each with its ScoreInterval at z, by Newcombe's method
// (the "square-and-add" of the two intervals' distances from their means,
// his method 10 for two proportions): it inherits their validity at small
// and lopsided samples, is never a point unless both are, and is clipped to
// what a difference of two means in [0, 1] can be.
func DiffInterval(aValues, aCounts, bValues, bCounts []float64, z float64) (lo, hi float64) {
	_, ma := moments(aValues, aCounts)
	_, mb := moments(bValues, bCounts)
	la, ua := ScoreInterval(aValues, aCounts, z)
	lb, ub := ScoreInterval(bValues, bCounts, z)
	d := mb - ma
	lo = d - math.Hypot(mb-lb, ua-ma)
	hi = d + math.Hypot(ub-mb, ma-la)
	return math.Max(-1, lo), math.Min(1, hi)
}

// DiffPValue is the two-sided p-value of "no difference" that matches
// DiffInterval: the smallest α at which the (1 − α) interval leaves 0 out.
func DiffPValue(aValues, aCounts, bValues, bCounts []float64) float64 {
	excludes := func(z float64) bool {
		lo, hi := DiffInterval(aValues, aCounts, bValues, bCounts, z)
		return lo > 0 || hi < 0
	}
	if !excludes(1e-9) {
		return 1
	}
	zz := boundary(40, 1e-9, func(z float64) bool { return !excludes(z) })
	return math.Erfc(zz / math.Sqrt2)
}

// boundary finds, by bisection, where out changes between from (out is
// true there) and inside (false there).
func boundary(from, inside float64, out func(float64) bool) float64 {
	a, b := from, inside
	for range 200 {
		mid := (a + b) / 2
		if mid == a || mid == b {
			break
		}
		if out(mid) {
			a = mid
		} else {
			b = mid
		}
	}
	return (a + b) / 2
}

// moments is the total count and the mean.
func moments(values, counts []float64) (n, mean float64) {
	s := 0.0
	for k, c := range counts {
		n += c
		s += c * values[k]
	}
	if n == 0 {
		return 0, 0.5
	}
	return n, s / n
}

// binary says whether every observation is 0 or 1.
func binary(values, counts []float64) bool {
	for k, c := range counts {
		if c > 0 && values[k] != 0 && values[k] != 1 {
			return false
		}
	}
	return true
}
