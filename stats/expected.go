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
	var cum [5]float64
	s := 0.0
	for k, x := range q {
		s += x
		cum[k] = s
	}
	r := rand.New(rand.NewPCG(seed, 0x243f6a8885a308d3))
	total := 0.0
	for range runs {
		c := from
		for c.Pairs() < maxPairs {
			for range min(batch, maxPairs-c.Pairs()) {
				u := r.Float64() * s
				k := 0
				for k < 4 && u >= cum[k] {
					k++
				}
				c[k]++
			}
			if stop(c) {
				break
			}
		}
		total += float64(c.Pairs())
	}
	return total / float64(runs)
}
