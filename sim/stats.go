// Package sim plays many games between armies with computer players and
// turns the results into statistics people can trust: win rates with score
// intervals over seat-swapped pairs (stats.ScoreInterval), draws reported on
// their own, seats swapped with paired seeds.
package sim

import (
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

// Interval is the 95% interval of Rate, stats.ScoreInterval's. Over
// seat-swapped pairs (the pentanomial model, as fishtest and fastchess
// use) when the tally counts any: the two games of a pair share their
// draws, so only pairs are independent samples. Otherwise (the first
// seat's tally, whose games are not pairs, or a result of an older
// version) over the games' scores, 0, 1/2 or 1. Valid at 0 of n and n of
// n and at one pair, never a point; [0, 1] with no games.
func (t Tally) Interval() Interval {
	s := t.Sample()
	lo, hi := stats.ScoreInterval(s.Values, s.Counts, stats.Z95)
	return Interval{lo, hi}
}

// Sample is what the tally's interval is computed from, for comparisons
// (stats.Compare): its pairs when it counts any, its games otherwise.
func (t Tally) Sample() stats.Sample {
	if t.Pairs.Pairs() > 0 {
		return stats.PairSample(t.Pairs)
	}
	return stats.Sample{Values: gameValues, Counts: []float64{float64(t.Losses), float64(t.Draws), float64(t.Wins)}}
}

// gameValues are a game's scores: a loss, a draw, a win.
var gameValues = []float64{0, 0.5, 1}

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
