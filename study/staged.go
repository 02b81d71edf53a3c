package study

import (
	"context"
	"math"

	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
)

// Importance and sweep compare many variants of an army with one reference
// (the army as it is, or a sweep's first value) pair by pair on the same
// seeds. Most variants are decided long before the last game: a token the
// army leans on shows a large drop within a hundred games, and one it does
// not need shows a change within a few points. A staged run therefore
// looks at every variant a few times on a schedule fixed in advance (an
// eighth, a quarter, half and all of the pairs) and stops playing a
// variant once it is decided:
//
//   - "changes": its change differs from 0, at the corrected level below;
//   - "within": its change is shown to be within ±Margin by two one-sided
//     tests (an equivalence, not a failure to find a difference).
//
// Every look spends an equal part of the 5% error (Bonferroni over the
// looks, the simplest valid group-sequential design): at an interim look a
// variant is called changed at p <= 0.05/(looks × variants), at the last
// look Holm's correction over the variants still playing runs at
// 0.05/looks, and an equivalence at any look is two one-sided tests at
// 0.05/looks. So the chance of calling any unchanged variant changed stays
// at most 5% however the stops fall, and a variant's reported p_holm is
// the corrected p-value that decided it (significant exactly when <= 0.05).
// The looks are fixed by --games alone, and every pair's seed by its
// index, so where a variant stops does not depend on the workers.

// Verdicts of a staged comparison.
const (
	VerdictChanges   = "changes"
	VerdictWithin    = "within"
	VerdictUndecided = "undecided"
)

// DefaultMargin is the change, in win rate, within which a variant is
// called "within" the reference: the 5 points of agree and ladder.
const DefaultMargin = 0.05

// minLookPairs is the fewest pairs per opponent of a first look: below it
// a run looks once, at its end.
const minLookPairs = 10

// looks is the schedule of a staged run with pairs per opponent: an
// eighth, a quarter, half and all of them (cumulative), or all at once
// when there are too few pairs to look earlier.
func looks(pairs int, early bool) []int {
	if !early || pairs/8 < minLookPairs {
		return []int{pairs}
	}
	return []int{pairs / 8, pairs / 4, pairs / 2, pairs}
}

// Looks is the run's schedule: --until-ci plays each match to its own
// length, so it looks once.
func (r *Run) Looks(early bool) []int { return looks((r.Games+1)/2, early && r.UntilCI == 0) }

// zOneSided is the normal quantile that leaves alpha above it.
func zOneSided(alpha float64) float64 { return math.Sqrt2 * math.Erfinv(1-2*alpha) }

// arm is one army of a staged comparison and what it has played so far
// against each opponent.
type arm struct {
	army    *rules.Army
	tallies []sim.Tally // per opponent
	points  [][]int8    // per opponent, pair by pair
	pairs   int         // pairs played against each opponent
	open    bool        // still playing
	verdict string
	p       float64 // the p-value of no change when it stopped or at the end
	pAdj    float64 // p corrected for the looks and the variants
	diff    stats.PairedDiff
}

// total is the arm's tally over every opponent.
func (a *arm) total() sim.Tally {
	var t sim.Tally
	for _, x := range a.tallies {
		t.Merge(x)
	}
	return t
}

// played is how many games the arm played, capped ones included.
func (a *arm) played() int {
	t := a.total()
	return t.Games() + t.Capped
}

// compare is the paired change of a against ref over the pairs both have
// played against each opponent: pair k of both shares its seed and draws.
func compare(a, ref *arm) stats.PairedDiff {
	var cur, old []int8
	for i, p := range a.points {
		k := min(len(p), len(ref.points[i]))
		cur, old = append(cur, p[:k]...), append(old, ref.points[i][:k]...)
	}
	return sim.PairedDiff(cur, old)
}

// staged is a comparison of variants with a reference, played in looks.
type staged struct {
	r      *Run
	opps   []*rules.Army
	margin float64
	ref    *arm
	vars   []*arm
	played int // games so far, for the progress bar
}

// play brings a to n pairs against every opponent, each batch continuing
// the same series of seeds as one long match would.
func (s *staged) play(ctx context.Context, a *arm, n int) error {
	for i, opp := range s.opps {
		if a.pairs >= n || ctx.Err() != nil {
			continue
		}
		m := &sim.Match{A: a.army, B: opp, Players: s.r.Players, Seed: s.r.Seed, Shard: s.r.Shard, MaxActions: s.r.MaxActions, KeepPoints: true,
			Start: s.r.Start, Reinforce: s.r.Reinforce, Structures: s.r.Structures, Leaders: s.r.Leaders, FirstPair: a.pairs, Pairs: n - a.pairs}
		if s.r.Board != nil && s.r.Board != position.Standard {
			m.Board = s.r.Board
		}
		var sum *sim.Summary
		var err error
		if s.r.UntilCI > 0 {
			// Each match plays on until its interval is narrow enough
			// (Run.Match): one look, at the end.
			sum, err = s.r.Match(ctx, m)
		} else {
			sum, err = s.r.summary(ctx, m)
		}
		if err != nil {
			return err
		}
		a.tallies[i].Merge(sum.Tally)
		a.points[i] = append(a.points[i], sum.PairPoints()...)
		s.played += sum.Tally.Games() + sum.Tally.Capped
	}
	if ctx.Err() == nil {
		a.pairs = n
	}
	return nil
}

// expect tells the progress bar the games played and the most still to
// play: every open variant (and the reference) to the last look.
func (s *staged) expect(last int) {
	if s.r.Expect == nil {
		return
	}
	rest := 0
	for _, a := range append([]*arm{s.ref}, s.vars...) {
		if a.open { // the reference stays open: it plays while any variant does
			rest += 2 * (last - a.pairs) * len(s.opps)
		}
	}
	s.r.Expect(s.played + rest)
}

// runStaged plays the reference and the variants on the schedule of looks,
// deciding each variant at each look as described above. Cancelling ctx
// stops it with what was played.
func runStaged(ctx context.Context, r *Run, ref *rules.Army, variants []*rules.Army, opps []*rules.Army, margin float64, early bool) (*staged, error) {
	newArm := func(a *rules.Army) *arm {
		return &arm{army: a, tallies: make([]sim.Tally, len(opps)), points: make([][]int8, len(opps)), open: true, verdict: VerdictUndecided, p: 1, pAdj: 1}
	}
	s := &staged{r: r, opps: opps, margin: margin, ref: newArm(ref)}
	for _, v := range variants {
		s.vars = append(s.vars, newArm(v))
	}
	sched := r.Looks(early)
	nl, nv := float64(len(sched)), float64(len(variants))
	last := sched[len(sched)-1]
	s.expect(last)
	for li, n := range sched {
		final := li == len(sched)-1
		if err := s.play(ctx, s.ref, n); err != nil {
			return nil, err
		}
		for _, v := range s.vars {
			if !v.open {
				continue
			}
			if err := s.play(ctx, v, n); err != nil {
				return nil, err
			}
			v.diff = compare(v, s.ref)
			v.p = v.diff.PValue()
			if ctx.Err() != nil {
				break
			}
			if !final && v.p*nl*nv <= 0.05 {
				v.open, v.verdict, v.pAdj = false, VerdictChanges, math.Min(1, v.p*nl*nv)
			} else if !final && s.within(v, nl) {
				v.open, v.verdict, v.pAdj = false, VerdictWithin, math.Min(1, v.p*nl*nv)
			}
			s.expect(last)
			if ctx.Err() != nil {
				break
			}
		}
		if final || ctx.Err() != nil || !s.anyOpen() {
			break
		}
	}
	// The variants still playing at the end: Holm over them at
	// 0.05/looks; those it does not call changed may still be shown
	// within the margin.
	var open []*arm
	var ps []float64
	for _, v := range s.vars {
		if v.open {
			open, ps = append(open, v), append(ps, v.p)
		}
	}
	for i, adj := range stats.Holm(ps) {
		v := open[i]
		v.pAdj = math.Min(1, adj*nl)
		switch {
		case v.pAdj <= 0.05:
			v.verdict = VerdictChanges
		case s.within(v, nl):
			v.verdict = VerdictWithin
		}
	}
	return s, nil
}

// within says whether v's change is shown to lie within ±margin: two
// one-sided tests at this look's share of the error, that is the
// (1 - 2·0.05/looks) interval inside the margin.
func (s *staged) within(v *arm, looks float64) bool {
	lo, hi := v.diff.Interval(zOneSided(0.05 / looks))
	return s.margin > 0 && lo > -s.margin && hi < s.margin
}

func (s *staged) anyOpen() bool {
	for _, v := range s.vars {
		if v.open {
			return true
		}
	}
	return false
}
