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
	// VerdictFutile is an undecided variant stopped at a look because it
	// could not be decided by the end (futilityPower): not shown, as
	// undecided, but after fewer games.
	VerdictFutile = "futile"
)

// futilityPower is the conditional power below which an undecided variant
// stops for futility at a look: the chance, forecast from its pairs so
// far (expectedPairs), that it is decided ("changes" or "within") by the
// last look. At 10% playing on buys a verdict in fewer than one study in
// ten while its games cost as much as any other's; the forecast's 200
// runs estimate a power of 10% within about ±2 points (one standard
// error), so a variant whose power is really 20% or more is stopped only
// rarely. The stop never makes a verdict, so it cannot raise the error
// of one (docs/statistics.md, "Futility").
const futilityPower = 0.10

// firstFutileLook is the first look (from 0) at which a variant may stop
// for futility: the second, a quarter of the pairs. At the first, an
// eighth, the conditional power rests on a change measured too roughly:
// on synthetic pairs (6 variants, looks after 25, 50, 100 and 200 pairs,
// 150 studies each) a futility stop there cut the studies that call a
// variant 20 points down changed from 150 to 139 (9 stopped at the first
// look) and 15 points down from 139 to 121; from the second look on they
// are 148 and 131, for about 16 more pairs of an unchanged variant (90
// of 200 rather than 74). The stop stays non-binding either way: when it
// may stop changes no verdict's error (docs/statistics.md, "Futility").
const firstFutileLook = 1

// futile says whether an undecided variant stops for futility at look li
// (from 0) with conditional power power.
func (s *staged) futile(li int, power float64) bool {
	return s.futility && li >= firstFutileLook && power < futilityPower
}

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
	expect  float64 // while open: about how many pairs per opponent it will have played when it stops
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
	r     *Run
	opps  []*rules.Army
	rule  stageRule
	sched []int // the pairs per opponent at each look
	// futility stops a variant that could not be decided by the end
	// (futilityPower).
	futility bool
	ref      *arm
	vars     []*arm
	played   int // games so far, for the progress bar
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

// expect tells the progress bar the games played and about how many the
// study will play in all (expected).
func (s *staged) expect() {
	if s.r.Expect != nil {
		s.r.Expect(s.expected())
	}
}

// expected is about how many games the study will play in all: those
// played, and every open variant to its expected stop (arm.expect), the
// reference as far as the furthest of them. That is the largest of the
// variants' expectations rather than the expectation of the largest, a
// little short when several variants are near a stop; with any variant
// that cannot be decided before the end it is the end.
func (s *staged) expected() int {
	refTo := float64(s.ref.pairs)
	rest := 0.0
	for _, v := range s.vars {
		if v.open {
			rest += v.expect - float64(v.pairs)
			refTo = math.Max(refTo, v.expect)
		}
	}
	rest += refTo - float64(s.ref.pairs)
	return s.played + int(math.Round(2*float64(len(s.opps))*rest))
}

// expectRuns is how many runs of the rest of a variant's looks
// expectedPairs simulates.
const expectRuns = 200

// expectedPairs is about how many pairs per opponent the open variant v
// will have played when it stops: the staged rule itself (stageRule.
// interim at each look still to come, the end at the last) simulated on
// further pairs drawn from v's changes so far, with two pairs' worth of a
// flat prior over the nine changes so that a variant whose few pairs all
// agree is not forecast to have no spread (stats.ExpectedStopAt). The
// runs draw from a seed of the run's and the variant's, so the forecast
// is the same for any workers. The same runs give v's conditional power:
// the share of them in which v is decided by the last look, where the
// last look asks the most lenient final rule v could meet (p × looks <=
// 0.05, Holm's factor when v is the last of the variants, or within the
// margin), so that the power is never underestimated for the rule's
// sake.
func (s *staged) expectedPairs(v *arm, index uint64) (pairs, power float64) {
	nOpp := len(s.opps)
	total := func(counts []int) int {
		t := 0
		for _, c := range counts {
			t += c
		}
		return t
	}
	// The pairs compared can be fewer than v.pairs × opponents (a pair
	// with a game cut at --max-actions counts in neither): the looks
	// are counted in compared pairs, shifted by the pairs left out.
	from := v.diff.Counts[:]
	short := v.pairs*nOpp - total(from)
	var looks []int
	for _, n := range s.sched {
		if n > v.pairs {
			looks = append(looks, n*nOpp-short)
		}
	}
	if len(looks) == 0 {
		return float64(v.pairs), 0
	}
	q := make([]float64, len(from))
	for k, c := range from {
		q[k] = float64(c) + 2.0/float64(len(from))
	}
	stop := func(counts []int) bool {
		var d stats.PairedDiff
		copy(d.Counts[:], counts)
		if total(counts) >= looks[len(looks)-1] {
			// The end: every game played, whatever this says; it
			// counts for the power.
			return math.Min(1, d.PValue()*float64(s.rule.looks)) <= 0.05 || s.rule.within(d)
		}
		verdict, _ := s.rule.interim(d)
		return verdict != VerdictUndecided
	}
	seed := s.r.Seed ^ (0x9e3779b97f4a7c15 * (index + 1))
	got, power := stats.ExpectedStopAt(stop, from, q, looks, expectRuns, seed)
	if s.futility {
		// The forecast of the stop counts the futility stops the run
		// will likely make at the looks still to come: a run also ends
		// at an interim look where its conditional power, from its
		// pairs by then, is below futilityPower. That power is
		// stageRule.power's normal approximation of the simulated one
		// the run asks (a simulation inside each of the 200 would cost
		// 200 times as much). The power above, for this look's stop,
		// stays the simulated one. Every look simulated is after this
		// one, so at or after firstFutileLook.
		start, last := total(from), looks[len(looks)-1]
		futile := func(counts []int) bool {
			if stop(counts) {
				return true
			}
			// Not at this look (asked of the pairs so far): its
			// futility stop is the run's to make, and it did not.
			n := total(counts)
			return n > start && n < last && s.rule.power(counts, last) < futilityPower
		}
		got, _ = stats.ExpectedStopAt(futile, from, q, looks, expectRuns, seed)
	}
	return (got + float64(short)) / float64(nOpp), power
}

// power is the normal approximation of a variant's conditional power
// (expectedPairs) when it has the paired changes counts (counts[k] pairs
// moved by (k-4)/4, as stats.PairedDiff) and is to be decided by final
// pairs: further pairs drawn from the changes so far with the same two
// pairs' flat prior, the final mean M of the changes is about normal with
// mean (sum + (final-n)·μ)/final and variance (final-n)·σ²/final², μ and
// σ² the mean and variance of one drawn pair. At the end the most lenient
// rule calls it changed when the score test's p × looks <= 0.05, that is
// M² ≥ z²(s² + M²)/final with z the two-sided quantile of 0.05/looks and s²
// the final pairs' variance about their mean (the score test's variance at
// 0 is s² + M²): |M| ≥ z·s/√(final − z²); and within the margin when both
// one-sided tests at 0.05/looks exclude it, likewise |M| < margin −
// z'·s/√(final − z'²). The chance of either is the power. It leaves out
// what the simulation counts of an interim verdict that the end would
// not repeat, so it is a little lower (TestStagedPowerApproximation).
func (g stageRule) power(counts []int, final int) float64 {
	n, sum, sq, qn, qs, qsq := 0.0, 0.0, 0.0, 0.0, 0.0, 0.0
	for k, c := range counts {
		d := float64(k-4) / 4
		w := float64(c) + 2.0/float64(len(counts))
		n, sum, sq = n+float64(c), sum+float64(c)*d, sq+float64(c)*d*d
		qn, qs, qsq = qn+w, qs+w*d, qsq+w*d*d
	}
	mu := qs / qn
	sigma2 := qsq/qn - mu*mu
	N := float64(final)
	rest := math.Max(0, N-n)
	mean := (sum + rest*mu) / N
	sd := math.Sqrt(rest*sigma2) / N
	// The final pairs' variance about their mean, as expected.
	s2 := math.Max(0, (sq+rest*(sigma2+mu*mu))/N-mean*mean)
	zc := zOneSided(0.025 / float64(g.looks))
	zw := zOneSided(0.05 / float64(g.looks))
	half := func(z float64) float64 {
		if N <= z*z {
			return math.Inf(1) // too few pairs for the test ever to pass
		}
		return z * math.Sqrt(s2) / math.Sqrt(N-z*z)
	}
	a := half(zc)
	b := -1.0
	if g.margin > 0 {
		b = g.margin - half(zw)
	}
	// below is P(M < x).
	below := func(x float64) float64 {
		if sd == 0 {
			if mean < x {
				return 1
			}
			return 0
		}
		return 0.5 * math.Erfc((mean-x)/(sd*math.Sqrt2))
	}
	if b >= a {
		return 1 // every final mean is a verdict
	}
	p := below(-a) + 1 - below(a)
	if b > 0 {
		p += below(b) - below(-b)
	}
	return p
}

// tell tells the run's OnLook what the study has played and expects after
// look (0: the reference's first games, before any variant plays).
func (s *staged) tell(look int) {
	if s.r.OnLook == nil {
		return
	}
	l := Look{Look: look, Looks: len(s.sched), Pairs: s.sched[max(look-1, 0)], Played: s.played, Expected: s.expected(), Variants: len(s.vars)}
	for _, v := range s.vars {
		switch {
		case v.verdict == VerdictFutile:
			l.Futile++
		case !v.open:
			l.Decided++
		}
	}
	s.r.OnLook(l)
}

// Look is what a staged study (importance, sweep) has played and expects
// after one of its looks, for a command to say how long it will take.
type Look struct {
	Look, Looks int // this look (from 1) of how many; 0: the reference's first games, before any variant
	Pairs       int // pairs per opponent of every arm still playing, at this look
	Played      int // games played so far
	Expected    int // about how many games the study will play in all (staged.expected)
	Decided     int // variants stopped so far with a verdict
	Futile      int // variants stopped so far for futility (VerdictFutile)
	Variants    int
}

// runStaged plays the reference and the variants on the schedule of looks,
// deciding each variant at each look by the rule (stageRule). Cancelling
// ctx stops it with what was played.
func runStaged(ctx context.Context, r *Run, ref *rules.Army, variants []*rules.Army, opps []*rules.Army, margin float64, early, futility bool) (*staged, error) {
	newArm := func(a *rules.Army) *arm {
		return &arm{army: a, tallies: make([]sim.Tally, len(opps)), points: make([][]int8, len(opps)), open: true, verdict: VerdictUndecided, p: 1, pAdj: 1}
	}
	sched := r.Looks(early)
	s := &staged{r: r, opps: opps, ref: newArm(ref), rule: stageRule{looks: len(sched), variants: len(variants), margin: margin}, sched: sched, futility: futility}
	for _, v := range variants {
		a := newArm(v)
		a.expect = float64(sched[len(sched)-1]) // nothing known: to the end
		s.vars = append(s.vars, a)
	}
	s.expect()
	for li, n := range sched {
		final := li == len(sched)-1
		if err := s.play(ctx, s.ref, n); err != nil {
			return nil, err
		}
		if li == 0 {
			s.tell(0) // the reference's first games: a calibration of the time a game takes
		}
		for vi, v := range s.vars {
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
			if !final {
				var power float64
				if v.verdict, v.pAdj = s.rule.interim(v.diff); v.verdict != VerdictUndecided {
					v.open = false
				} else if v.expect, power = s.expectedPairs(v, uint64(vi)); s.futile(li, power) {
					// It could not be decided by the end: it stops,
					// undecided, and counts in the last look's Holm as
					// if it had played on to p = 1 (stageRule.final).
					v.open, v.verdict = false, VerdictFutile
				}
			}
			s.expect()
			if ctx.Err() != nil {
				break
			}
		}
		if final || ctx.Err() != nil || !s.anyOpen() {
			break
		}
		s.tell(li + 1)
	}
	// The variants still playing at the end: Holm over them at
	// 0.05/looks; those it does not call changed may still be shown
	// within the margin.
	var open []*arm
	var ds []stats.PairedDiff
	futile := 0
	for _, v := range s.vars {
		if v.open {
			open, ds = append(open, v), append(ds, v.diff)
		}
		if v.verdict == VerdictFutile {
			futile++
		}
	}
	verdicts, adj := s.rule.final(ds, futile)
	for i, v := range open {
		v.verdict, v.pAdj = verdicts[i], adj[i]
	}
	return s, nil
}

// stageRule decides the variants of a staged comparison (see the top of
// this file): looks is how many looks the schedule has, variants how many
// are compared with the reference, margin the change within which one is
// "within" (0: never).
type stageRule struct {
	looks, variants int
	margin          float64
}

// interim is a variant's verdict at a look before the last, with the
// corrected p-value that decided it: changes at p <= 0.05/(looks ×
// variants), within when two one-sided tests at 0.05/looks put its change
// inside ±margin, else undecided (it plays on).
func (g stageRule) interim(d stats.PairedDiff) (verdict string, pAdj float64) {
	nl, nv := float64(g.looks), float64(g.variants)
	p := d.PValue()
	pAdj = math.Min(1, p*nl*nv)
	switch {
	case pAdj <= 0.05:
		return VerdictChanges, pAdj
	case g.within(d):
		return VerdictWithin, pAdj
	}
	return VerdictUndecided, 1
}

// final decides the variants still playing after the last look: Holm's
// correction over them at 0.05/looks calls a variant changed; one it does
// not may still be shown within the margin. futile variants stopped for
// futility count in Holm with p = 1: Holm rejects no more when a p-value
// grows, so this calls changed no more than Holm over every variant would
// had the futile ones played on, and their stop cannot make a "changes"
// easier to reach.
func (g stageRule) final(ds []stats.PairedDiff, futile int) (verdicts []string, pAdj []float64) {
	ps := make([]float64, len(ds), len(ds)+futile)
	for i, d := range ds {
		ps[i] = d.PValue()
	}
	for range futile {
		ps = append(ps, 1)
	}
	for i, adj := range stats.Holm(ps)[:len(ds)] {
		p, v := math.Min(1, adj*float64(g.looks)), VerdictUndecided
		switch {
		case p <= 0.05:
			v = VerdictChanges
		case g.within(ds[i]):
			v = VerdictWithin
		}
		verdicts, pAdj = append(verdicts, v), append(pAdj, p)
	}
	return verdicts, pAdj
}

// within says whether a change is shown to lie within ±margin: two
// one-sided tests at a look's share of the error, that is the
// (1 - 2·0.05/looks) interval inside the margin: the mean inside it and
// both of its ends excluded by that interval (asked without the interval
// itself, which costs a search for each bound).
func (g stageRule) within(d stats.PairedDiff) bool {
	z := zOneSided(0.05 / float64(g.looks))
	m := d.Mean()
	return g.margin > 0 && m > -g.margin && m < g.margin && d.Excludes(-g.margin, z) && d.Excludes(g.margin, z)
}

func (s *staged) anyOpen() bool {
	for _, v := range s.vars {
		if v.open {
			return true
		}
	}
	return false
}
