package engine

import (
	"math/bits"
	"math/rand/v2"
)

// RandomDecider answers every question uniformly at random from its own
// generator: the reference "random player" for tests and baselines.
type RandomDecider struct {
	R rand.PCG
}

// NewRandomDecider returns a RandomDecider seeded from seed.
func NewRandomDecider(seed uint64) *RandomDecider {
	d := &RandomDecider{}
	d.R.Seed(seed, seed^0xda3e39cb94b95bdb)
	return d
}

// Intn is a uniform integer in [0, n).
func (d *RandomDecider) Intn(n int) int {
	hi, _ := bits.Mul64(d.R.Uint64(), uint64(n))
	return int(hi)
}

func (d *RandomDecider) Choose(_ *State, _ uint8, _ Question, options []Option) int {
	return d.Intn(len(options))
}
