package stats

import "math/rand/v2"

// ExpectedStop is about how many pairs a sequential test will have counted
// when it stops: the mean, over runs simulated from one seed, of the pairs
// at which stop first says yes when the pairs counted so far (from) are
// followed by pairs drawn from the bucket probabilities q, looked at after
// every batch pairs, and at most maxPairs in all. Simulating the test
// itself, rather than Wald's approximation of one SPRT's average sample
// number, counts what the approximation leaves out: the floor of
// MinPairs, the looks only after each batch, the overshoot of the bounds,
// and a band test's need for both of its SPRTs (at the band's centre that
// doubles the wait).
func ExpectedStop(stop func(Pentanomial) bool, from Pentanomial, q [5]float64, batch, maxPairs, runs int, seed uint64) float64 {
	if from.Pairs() >= maxPairs || stop(from) || runs < 1 || batch < 1 {
		return float64(from.Pairs())
	}
	var looks []int
	for n := from.Pairs() + batch; ; n += batch {
		looks = append(looks, min(n, maxPairs))
		if n >= maxPairs {
			break
		}
	}
	var c Pentanomial
	pairs, _ := ExpectedStopAt(func(counts []int) bool { copy(c[:], counts); return stop(c) }, from[:], q[:], looks, runs, seed)
	return pairs
}

// ExpectedStopAt is ExpectedStop for any number of buckets (q, from and
// the counts stop sees have one entry per bucket) and for looks on any
// schedule: looks are the total counts, increasing, after which stop is
// asked, the last of them the cap. A group-sequential study that looks
// after an eighth, a quarter, half and all of its pairs
// (study/staged.go) is the same simulation as a test looked at every 50
// pairs. It also returns the share of the runs in which stop said yes by
// the cap (asked at the last look too): a study's conditional power, the
// chance of reaching a verdict by the cap given the pairs so far, when
// stop says yes exactly on a verdict (study/staged.go's futility stop).
func ExpectedStopAt(stop func(counts []int) bool, from []int, q []float64, looks []int, runs int, seed uint64) (pairs, stopped float64) {
	total := func(c []int) int {
		n := 0
		for _, x := range c {
			n += x
		}
		return n
	}
	start := total(from)
	if stop(from) {
		return float64(start), 1
	}
	if len(looks) == 0 || start >= looks[len(looks)-1] || runs < 1 {
		return float64(start), 0
	}
	cum := make([]float64, len(q))
	s := 0.0
	for k, x := range q {
		s += x
		cum[k] = s
	}
	r := rand.New(rand.NewPCG(seed, 0x243f6a8885a308d3))
	c := make([]int, len(from))
	sum, yes := 0.0, 0
	for range runs {
		copy(c, from)
		n := start
		for _, look := range looks {
			if look <= n {
				continue
			}
			for ; n < look; n++ {
				u := r.Float64() * s
				k := 0
				for k < len(cum)-1 && u >= cum[k] {
					k++
				}
				c[k]++
			}
			if stop(c) {
				yes++
				break
			}
		}
		sum += float64(n)
	}
	return sum / float64(runs), float64(yes) / float64(runs)
}
