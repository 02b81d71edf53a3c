// Package sim plays many games between armies with computer players and
// turns the results into statistics people can trust: win rates with Wilson
// intervals, draws reported on their own, seats swapped with paired seeds.
package sim

import (
	"math"

	"github.com/hexforge/hexforge/stats"
)

// Interval is a confidence interval for a proportion.
type Interval struct {
	Lo, Hi float64
}

// HalfWidth is half the interval's width.
func (iv Interval) HalfWidth() float64 { return (iv.Hi - iv.Lo) / 2 }

// Contains reports whether p lies in the interval.
func (iv Interval) Contains(p float64) bool { return iv.Lo <= p && p <= iv.Hi }

// Wilson is the Wilson score interval for successes out of n trials at
// normal quantile z. Unlike the normal approximation it stays inside [0, 1]
// and behaves at rates near 0 or 1 and for small n. successes may be
// fractional (a draw counts one half).
func Wilson(successes, n, z float64) Interval {
	if n <= 0 {
		return Interval{0, 1}
	}
	p := successes / n
	z2 := z * z
	denom := 1 + z2/n
	centre := (p + z2/(2*n)) / denom
	half := z / denom * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	return Interval{math.Max(0, centre-half), math.Min(1, centre+half)}
}

// Outcome is how one game ended, from the first army's point of view.
type Outcome uint8

const (
	Loss Outcome = iota
	Draw
	Win
	Capped // stopped at the game-length cap: neither a win nor a draw
)

// Tally counts outcomes for one army against another, game by game and,
// for games played in seat-swapped pairs, pair by pair (Pairs: the
// pentanomial counts of the pairs' scores, capped pairs left out).
type Tally struct {
	Wins   int               `json:"wins"`
	Draws  int               `json:"draws"`
	Losses int               `json:"losses"`
	Capped int               `json:"capped"`
	Pairs  stats.Pentanomial `json:"pairs"` // decided pairs by score: 0, 1/2, 1, 3/2, 2
	// Seats counts the decided pairs by A's outcome (Loss, Draw, Win) in
	// the game A moved first and in the game it moved second: what a rating
	// with a first-move term (and its bootstrap over pairs) needs.
	Seats [3][3]int `json:"seats"`
}

// AddPair counts one seat-swapped pair (both games already counted by
// Add): A's outcome when it moved first, and when it moved second.
func (t *Tally) AddPair(first, second Outcome) {
	half := [...]int{Loss: 0, Draw: 1, Win: 2}
	if first == Capped || second == Capped {
		return
	}
	t.Pairs[half[first]+half[second]]++
	t.Seats[first][second]++
}

// Add counts one outcome.
func (t *Tally) Add(o Outcome) {
	switch o {
	case Win:
		t.Wins++
	case Draw:
		t.Draws++
	case Loss:
		t.Losses++
	case Capped:
		t.Capped++
	}
}

// Games is the number of decided games (capped games are reported apart and
// left out of the win rate).
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Score is wins plus half the draws.
func (t Tally) Score() float64 { return float64(t.Wins) + float64(t.Draws)/2 }

// Rate is the win rate with draws counted as half a win.
func (t Tally) Rate() float64 {
	if t.Games() == 0 {
		return 0.5
	}
	return t.Score() / float64(t.Games())
}

// Interval is the 95% interval of Rate. Over seat-swapped pairs (the
// pentanomial model, as fishtest and fastchess use) when the tally counts
// at least two pairs: the two games of a pair share their draws, so only
// pairs are independent samples. Otherwise (the first seat's tally, whose
// games are not pairs, or a result of an older version) the Wilson
// interval over games.
func (t Tally) Interval() Interval {
	if t.Pairs.Pairs() >= 2 {
		lo, hi := t.Pairs.Interval(stats.Z95)
		return Interval{lo, hi}
	}
	return Wilson(t.Score(), float64(t.Games()), stats.Z95)
}

// Swap is the same tally seen from the other army.
func (t Tally) Swap() Tally {
	o := Tally{Wins: t.Losses, Draws: t.Draws, Losses: t.Wins, Capped: t.Capped}
	for k, n := range t.Pairs {
		o.Pairs[4-k] = n
	}
	// B moved first in the game A moved second; its outcome is A's mirrored.
	for x := range 3 {
		for y := range 3 {
			o.Seats[2-y][2-x] = t.Seats[x][y]
		}
	}
	return o
}

// Merge adds another tally.
func (t *Tally) Merge(o Tally) {
	t.Wins += o.Wins
	t.Draws += o.Draws
	t.Losses += o.Losses
	t.Capped += o.Capped
	t.Pairs.Merge(o.Pairs)
	for x := range 3 {
		for y := range 3 {
			t.Seats[x][y] += o.Seats[x][y]
		}
	}
}

// PairedDiff compares two variants' pair scores on the same pairs (from
// PairPoints, in the same order): the change in win rate, new minus old,
// with its paired statistics. Capped pairs on either side are left out.
func PairedDiff(cur, old []int8) stats.PairedDiff {
	var d stats.PairedDiff
	for k := range min(len(cur), len(old)) {
		if cur[k] >= 0 && old[k] >= 0 {
			d.Add(float64(cur[k])/4, float64(old[k])/4)
		}
	}
	return d
}
