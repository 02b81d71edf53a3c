package study

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
)

// HeadToHead is one level of a ladder played against the level below it in
// one matchup: does each step of the ladder beat the one under it, and by
// how much? The upper level plays army A in the first half of the pairs
// (rounded up) and army B in the rest, so that neither army's edge counts
// for it; each pair is seat-swapped on the same draws, and the pair is the
// unit of sampling (stats.Pentanomial, from the upper level's side).
type HeadToHead struct {
	Below    string            `json:"below"`        // the level below, played against
	Pairs    int               `json:"pairs"`        // decided pairs counted
	Capped   int               `json:"capped_pairs"` // pairs with a game stopped at the length cap, left out
	Counts   stats.Pentanomial `json:"pair_counts"`  // pairs by the upper level's score: 0, 1/2, 1, 3/2, 2 points
	Score    float64           `json:"score"`        // the upper level's mean score a game (draw = 1/2)
	Interval [2]float64        `json:"interval95"`   // its 95% score interval (stats.ScoreInterval over the pairs)
	// Elo is the upper level's rating over the one below, and EloCI its 95%
	// interval: the score and its interval on the Elo scale. Null where it
	// is unbounded (every pair won or lost: no finite difference explains
	// a sweep), and all three null with no decided pair.
	Elo   *float64    `json:"elo"`
	EloCI [2]*float64 `json:"elo_interval95"`
}

// headToHead plays level up against level down in the matchup a vs b: the
// ladder's pairs, up on army A in the first half and on army B in the
// rest (the same seeds as the levels' own games).
func (l *Ladder) headToHead(ctx context.Context, a, b *rules.Army, up, down player.Spec) (HeadToHead, bool, error) {
	var counts sim.PairCounts
	onA := (l.Pairs + 1) / 2
	partial := false
	for _, half := range []struct {
		players    [2]player.Spec
		first, n   int
		countUpper func([]sim.GameRecord)
	}{
		{[2]player.Spec{up, down}, 0, onA, counts.Add},
		{[2]player.Spec{down, up}, onA, l.Pairs - onA, counts.AddB},
	} {
		if half.n == 0 {
			continue
		}
		m := &sim.Match{A: a, B: b, Players: half.players, Seed: l.Seed, Pairs: half.n, FirstPair: half.first, Board: l.Board, Leaders: l.Leaders, Structures: l.Structures}
		var progress sim.Progress
		if l.Progress != nil {
			progress = l.Progress(fmt.Sprintf("%s vs %s %s vs %s", a.Name, b.Name, half.players[0], half.players[1]))
		}
		p, err := m.Stream(ctx, l.Workers, progress, half.countUpper)
		if err != nil {
			return HeadToHead{}, false, err
		}
		partial = partial || p
		if p {
			break
		}
	}
	return newHeadToHead(down.String(), counts), partial, nil
}

// newHeadToHead is the head-to-head of the pairs counted, from the upper
// level's side, against the level named below.
func newHeadToHead(below string, c sim.PairCounts) HeadToHead {
	p := stats.Pentanomial(c.N)
	lo, hi := p.Interval(stats.Z95)
	h := HeadToHead{Below: below, Pairs: p.Pairs(), Capped: c.Capped, Counts: p, Score: p.Mean(), Interval: [2]float64{lo, hi}}
	if h.Pairs > 0 {
		e, elo, ehi := p.EloInterval(stats.Z95)
		h.Elo, h.EloCI = finite(e), [2]*float64{finite(elo), finite(ehi)}
	}
	return h
}

// finite is x, or nil when it is infinite (JSON has no infinity).
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

// eloText prints an Elo difference rounded to a whole point, with its
// sign: "+0" for a difference that rounds to zero (never "-0"), and "+∞"
// or "-∞" for an unbounded end (nil; below says which side).
func eloText(x *float64, below bool) string {
	if x == nil {
		if below {
			return "-∞"
		}
		return "+∞"
	}
	v := math.Round(*x)
	if v == 0 {
		v = 0 // a negative zero would print "-0"
	}
	return fmt.Sprintf("%+.0f", v)
}

// scoreCell is the upper level's score over the one below, or "no games".
func (h *HeadToHead) scoreCell() string {
	if h == nil {
		return ""
	}
	if h.Pairs == 0 {
		return "no games"
	}
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*h.Score, 100*h.Interval[0], 100*h.Interval[1])
}

// eloCell is the Elo difference over the level below with its interval.
func (h *HeadToHead) eloCell() string {
	if h == nil {
		return ""
	}
	if h.Pairs == 0 {
		return "no games"
	}
	// Elo is nil only at a sweep: +∞ at a sweep won, −∞ at one lost.
	return fmt.Sprintf("%s [%s, %s]", eloText(h.Elo, h.Score < 0.5), eloText(h.EloCI[0], true), eloText(h.EloCI[1], false))
}

// csvCells are the head-to-head's cells of a ladder's CSV row: the level
// below, the pairs, the score with its interval and the Elo difference
// with its interval ("+Inf" or "-Inf" for an unbounded end); all empty for
// the weakest level, the figures empty with no decided pair.
func (h *HeadToHead) csvCells() []string {
	if h == nil {
		return make([]string, 8)
	}
	if h.Pairs == 0 {
		return []string{h.Below, "0", "", "", "", "", "", ""}
	}
	elo := func(x *float64, sign string) string {
		if x == nil {
			return sign + "Inf"
		}
		return num(*x)
	}
	high := "+"
	if h.Score < 0.5 {
		high = "-"
	}
	return []string{h.Below, strconv.Itoa(h.Pairs), num(h.Score), num(h.Interval[0]), num(h.Interval[1]),
		elo(h.Elo, high), elo(h.EloCI[0], "-"), elo(h.EloCI[1], "+")}
}
