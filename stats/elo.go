package stats

import "math"

// Elo is the rating difference, on the Elo scale, of a player that scores
// s per game (a draw counting ½) against another: 400·log10(s/(1−s)). It is
// −Inf at 0 and +Inf at 1: no finite difference explains a clean sweep.
// Being monotone, it maps a score interval onto an Elo interval.
func Elo(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return 400 * math.Log10(s/(1-s))
}

// EloInterval is the Elo difference of a series of seat-swapped pairs and
// its interval: Elo of the mean score and of the ends of the pairs' score
// interval (Interval), so it is never a point and is unbounded on the side
// of a clean sweep.
func (p Pentanomial) EloInterval(z float64) (elo, lo, hi float64) {
	l, h := p.Interval(z)
	return Elo(p.Mean()), Elo(l), Elo(h)
}
