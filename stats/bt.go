package stats

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// PairResult is one seat-swapped pair between players A and B: A's score in
// the game where A moved first and in the game where B moved first (each 0,
// 0.5 or 1).
type PairResult struct {
	A, B            int
	AFirst, ASecond float64
}

// Fit is a Bradley–Terry fit on the Elo scale: the first player of a game
// scores on average 1 / (1 + 10^(-(R[first] - R[second] + First)/400)).
// Ratings sum to zero.
type Fit struct {
	R     []float64
	First float64
	// SE are the ratings' standard errors (Elo) from the curvature of the
	// penalised likelihood at the fit: the prior's virtual draws keep them
	// above zero however few or one-sided the pairs.
	SE []float64
}

// eloK turns Elo points into logits.
const eloK = math.Ln10 / 400

// FitBT fits the ratings of n players and the first-player term by maximum
// likelihood (Newton's method on the binomial likelihood, draws counting half),
// as Ordo does. Each player also gets one virtual draw against a player rated
// 0, a weak prior that keeps a player who won or lost everything finite, and
// a penalty -(Σ logit ratings)²/2 fixes the scale's origin; the result is
// centred to sum zero.
func FitBT(n int, pairs []PairResult) (Fit, error) {
	if n < 2 {
		return Fit{}, errors.New("bradley-terry: need at least two players")
	}
	// games[f][s], score[f][s]: games with f first and s second, f's score.
	games := make([]float64, n*n)
	score := make([]float64, n*n)
	for _, p := range pairs {
		if p.A < 0 || p.A >= n || p.B < 0 || p.B >= n || p.A == p.B {
			return Fit{}, fmt.Errorf("bradley-terry: pair between players %d and %d of %d", p.A, p.B, n)
		}
		games[p.A*n+p.B]++
		score[p.A*n+p.B] += p.AFirst
		games[p.B*n+p.A]++
		score[p.B*n+p.A] += 1 - p.ASecond
	}
	m := n + 1 // unknowns: n ratings, then the first-player term (in logits)
	x := make([]float64, m)
	g := make([]float64, m)
	h := make([]float64, m*m)
	for iter := 0; iter < 100; iter++ {
		clear(g)
		clear(h)
		add := func(i, j int, v float64) { h[i*m+j] += v }
		for f := range n {
			for s := range n {
				ng := games[f*n+s]
				if ng == 0 {
					continue
				}
				p := 1 / (1 + math.Exp(-(x[f] - x[s] + x[n])))
				r := score[f*n+s] - ng*p
				w := ng * p * (1 - p)
				g[f] += r
				g[s] -= r
				g[n] += r
				for _, a := range [3][2]int{{f, 1}, {s, -1}, {n, 1}} {
					for _, b := range [3][2]int{{f, 1}, {s, -1}, {n, 1}} {
						add(a[0], b[0], float64(a[1]*b[1])*w)
					}
				}
			}
		}
		for i := range n {
			p := 1 / (1 + math.Exp(-x[i]))
			g[i] += 0.5 - p // the virtual draw
			add(i, i, p*(1-p))
			for j := range n { // pins the sum of ratings at zero
				add(i, j, 1)
			}
			g[i] -= sumOf(x[:n])
		}
		step, ok := solve(h, g, m)
		if !ok {
			if iter == 0 {
				return Fit{}, errors.New("bradley-terry: singular system")
			}
			// A term running off to infinity (the first mover won every
			// game of a sample: the bootstrap of a few pairs draws such
			// samples) flattens the likelihood until the system is
			// singular: the fit is as close as it gets.
			break
		}
		big := 0.0
		for i := range x {
			x[i] += step[i]
			big = max(big, math.Abs(step[i]))
		}
		if big < 1e-12 {
			break
		}
	}
	// The prior and the penalty leave the sum near, not at, zero: centre the
	// ratings (only their differences enter the model).
	mean := sumOf(x[:n]) / float64(n)
	f := Fit{R: make([]float64, n), First: x[n] / eloK, SE: make([]float64, n)}
	// The ratings' block of the (negated) Hessian of the last step: the
	// prior keeps it positive definite even where the first-move term runs
	// off (every game won by the first mover), which the whole one is not.
	hr := make([]float64, n*n)
	for i := range n {
		copy(hr[i*n:(i+1)*n], h[i*m:i*m+n])
	}
	for i := range n {
		f.R[i] = (x[i] - mean) / eloK
		// The variance of rating i is the i-th diagonal entry of its
		// inverse.
		e := make([]float64, n)
		e[i] = 1
		if col, ok := solve(hr, e, n); ok {
			f.SE[i] = math.Sqrt(max(col[i], 0)) / eloK
		}
	}
	return f, nil
}

func sumOf(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}

// solve solves a·x = b (a is m×m, the negated Hessian, positive definite) by
// Gaussian elimination with partial pivoting; it leaves a and b unchanged.
func solve(a0, b0 []float64, m int) ([]float64, bool) {
	a, b := slices.Clone(a0), slices.Clone(b0)
	for c := range m {
		p := c
		for r := c + 1; r < m; r++ {
			if math.Abs(a[r*m+c]) > math.Abs(a[p*m+c]) {
				p = r
			}
		}
		if math.Abs(a[p*m+c]) < 1e-300 {
			return nil, false
		}
		for k := range m {
			a[c*m+k], a[p*m+k] = a[p*m+k], a[c*m+k]
		}
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < m; r++ {
			f := a[r*m+c] / a[c*m+c]
			for k := c; k < m; k++ {
				a[r*m+k] -= f * a[c*m+k]
			}
			b[r] -= f * b[c]
		}
	}
	x := make([]float64, m)
	for r := m - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < m; k++ {
			s -= a[r*m+k] * x[k]
		}
		x[r] = s / a[r*m+r]
	}
	return x, true
}

// Ranks are the 1-based ranks of ratings, highest first (ties by index).
func Ranks(r []float64) []int {
	idx := make([]int, len(r))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case r[a] > r[b]:
			return -1
		case r[a] < r[b]:
			return 1
		}
		return 0
	})
	out := make([]int, len(r))
	for k, i := range idx {
		out[i] = k + 1
	}
	return out
}

// Bootstrap are 95% percentile intervals from refitting resampled pairs.
type Bootstrap struct {
	RLo, RHi       []float64 // rating intervals
	RankLo, RankHi []int     // rank intervals (best rank first)
}

// BootstrapBT resamples the pairs with replacement b times from one seed,
// refits each sample and gives the 2.5% and 97.5% percentiles of each rating
// and each rank. The same seed gives the same intervals.
func BootstrapBT(n int, pairs []PairResult, b int, seed uint64) (Bootstrap, error) {
	if b < 1 {
		return Bootstrap{}, errors.New("bootstrap: need at least one sample")
	}
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	ratings := make([][]float64, n)
	ranks := make([][]int, n)
	sample := make([]PairResult, len(pairs))
	for range b {
		for i := range sample {
			sample[i] = pairs[r.IntN(len(pairs))]
		}
		f, err := FitBT(n, sample)
		if err != nil {
			return Bootstrap{}, err
		}
		rk := Ranks(f.R)
		for i := range n {
			ratings[i] = append(ratings[i], f.R[i])
			ranks[i] = append(ranks[i], rk[i])
		}
	}
	out := Bootstrap{make([]float64, n), make([]float64, n), make([]int, n), make([]int, n)}
	lo, hi := int(math.Floor(0.025*float64(b-1))), int(math.Ceil(0.975*float64(b-1)))
	for i := range n {
		slices.Sort(ratings[i])
		slices.Sort(ranks[i])
		out.RLo[i], out.RHi[i] = ratings[i][lo], ratings[i][hi]
		out.RankLo[i], out.RankHi[i] = ranks[i][lo], ranks[i][hi]
	}
	return out, nil
}
