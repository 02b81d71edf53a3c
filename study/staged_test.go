package study

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/stats"
)

// stagedArmies are Moloch, Moloch without any unit (its HQ and instants
// only: it loses nearly every game) and Borgo, the opponent.
func stagedArmies(t *testing.T) (moloch, hollow, borgo *rules.Army) {
	t.Helper()
	load := func(name string) *rules.Army {
		l, err := armies.Loader{}.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		return l.Army
	}
	moloch, borgo = load("moloch"), load("borgo")
	hollow = moloch
	for i := len(hollow.Tokens) - 1; i >= 0; i-- {
		if k := hollow.Tokens[i].Kind; k != rules.HQ && k != rules.Instant {
			hollow = RemoveToken(hollow, i, false)
		}
	}
	return moloch, hollow, borgo
}

func greedyRun(t *testing.T, games, workers int) *Run {
	t.Helper()
	g, err := player.Parse("greedy")
	if err != nil {
		t.Fatal(err)
	}
	return &Run{Players: [2]player.Spec{g, g}, Seed: 3, Games: games, Workers: workers, MaxActions: 2000}
}

// A variant that plainly changes the win rate stops at an early look (by
// a quarter of the games) with the verdict "changes"; one identical to the
// army is never called changed and plays on. Without the early stop both
// play every game. Where they stop does not depend on the workers.
func TestStagedStopsDecidedVariants(t *testing.T) {
	moloch, hollow, borgo := stagedArmies(t)
	const games = 160 // 80 pairs: looks after 10, 20, 40 and 80
	run := func(workers int, early bool) *staged {
		st, err := runStaged(context.Background(), greedyRun(t, games, workers), moloch, []*rules.Army{hollow, moloch}, []*rules.Army{borgo}, DefaultMargin, early, early)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	st := run(1, true)
	h, same := st.vars[0], st.vars[1]
	if h.verdict != VerdictChanges || h.played() > games/4 {
		t.Errorf("the army without units: %s after %d games, want changes after at most %d", h.verdict, h.played(), games/4)
	}
	if h.pAdj > 0.05 || h.pAdj != min(1, h.p*4*2) {
		t.Errorf("its corrected p %v from p %v: want p × 4 looks × 2 variants, at most 0.05", h.pAdj, h.p)
	}
	if same.verdict == VerdictChanges || same.diff.Mean() != 0 {
		t.Errorf("the army itself: %s, change %v", same.verdict, same.diff.Mean())
	}
	if st.ref.played() < same.played() {
		t.Errorf("the army played %d games, a variant compared with it %d", st.ref.played(), same.played())
	}
	two := run(2, true)
	for i := range st.vars {
		a, b := st.vars[i], two.vars[i]
		if a.verdict != b.verdict || a.played() != b.played() || !reflect.DeepEqual(a.points, b.points) {
			t.Errorf("variant %d: %s after %d games with one worker, %s after %d with two", i, a.verdict, a.played(), b.verdict, b.played())
		}
	}
	fixed := run(1, false)
	for i, v := range fixed.vars {
		if v.played() != games {
			t.Errorf("without the early stop variant %d played %d games, want %d", i, v.played(), games)
		}
	}
	if fixed.vars[0].verdict != VerdictChanges {
		t.Errorf("without the early stop the army without units is %s", fixed.vars[0].verdict)
	}
}

// Played in looks, an arm plays the same games as one match of all of
// them: pair k's seed is its index, whatever the batches.
func TestStagedPlaysTheMatchGames(t *testing.T) {
	moloch, _, borgo := stagedArmies(t)
	r := greedyRun(t, 160, 0)
	st, err := runStaged(context.Background(), r, moloch, []*rules.Army{moloch}, []*rules.Army{borgo}, 0, true, false)
	if err != nil {
		t.Fatal(err)
	}
	m := r.NewMatch(moloch, borgo)
	m.KeepPoints = true
	s, err := r.Match(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.ref.points[0]; !slices.Equal(got, s.PairPoints()) || st.ref.tallies[0] != s.Tally {
		t.Errorf("staged: %v %+v\none match: %v %+v", got, st.ref.tallies[0], s.PairPoints(), s.Tally)
	}
}

// With one look (no early stop) the corrected p-values are Holm's over
// the variants, as a fixed-length study's always were.
func TestStagedOneLookIsHolm(t *testing.T) {
	moloch, hollow, borgo := stagedArmies(t)
	st, err := runStaged(context.Background(), greedyRun(t, 40, 0), moloch, []*rules.Army{hollow, moloch}, []*rules.Army{borgo}, DefaultMargin, true, true)
	if err != nil {
		t.Fatal(err)
	}
	ps := []float64{st.vars[0].p, st.vars[1].p}
	if want := stats.Holm(ps); st.vars[0].pAdj != want[0] || st.vars[1].pAdj != want[1] {
		t.Errorf("corrected %v %v, Holm gives %v", st.vars[0].pAdj, st.vars[1].pAdj, want)
	}
	if got := (&Run{Games: 40}).Looks(true); len(got) != 1 {
		t.Errorf("40 games looked at %v: too few for an early look", got)
	}
}

func TestLooks(t *testing.T) {
	for _, c := range []struct {
		pairs int
		early bool
		want  []int
	}{
		{200, true, []int{25, 50, 100, 200}},
		{200, false, []int{200}},
		{79, true, []int{79}},
		{80, true, []int{10, 20, 40, 80}},
		{501, true, []int{62, 125, 250, 501}},
	} {
		if got := looks(c.pairs, c.early); !slices.Equal(got, c.want) {
			t.Errorf("looks(%d, %v) = %v, want %v", c.pairs, c.early, got, c.want)
		}
	}
	if got := (&Run{Games: 400, UntilCI: 0.02}).Looks(true); len(got) != 1 {
		t.Errorf("--until-ci looked at %v: each match plays to its own length, one look", got)
	}
}

// simulateStaged runs the staged rule on synthetic pairs, as runStaged
// runs it on games: at each look every open variant gets its pairs up to
// the look (draw gives variant i's next pair change, −1 … 1 in quarters),
// an interim look stops the decided ones, and the last settles the rest.
// With futility an undecided variant whose conditional power is below
// futilityPower (forecast by staged.expectedPairs, the code runStaged
// uses) stops as futile. It returns each variant's verdict and the pairs
// it played.
func simulateStaged(rule stageRule, sched []int, variants int, futility bool, draw func(i int) float64) ([]string, []int) {
	verdicts, played, _ := forecastStaged(rule, sched, variants, futility, draw)
	return verdicts, played
}

// forecastStaged is simulateStaged that also returns each variant's
// forecast stop (expectedPairs) made at the first look: the pairs it
// played then when it stopped at it.
func forecastStaged(rule stageRule, sched []int, variants int, futility bool, draw func(i int) float64) ([]string, []int, []float64) {
	fc := &staged{r: &Run{Seed: 7}, opps: make([]*rules.Army, 1), rule: rule, sched: sched, futility: futility}
	forecast := make([]float64, variants)
	diffs := make([]stats.PairedDiff, variants)
	verdicts := make([]string, variants)
	played := make([]int, variants)
	open := make([]bool, variants)
	for i := range open {
		open[i], verdicts[i] = true, VerdictUndecided
	}
	for li, n := range sched {
		for i := range variants {
			if !open[i] {
				continue
			}
			for ; played[i] < n; played[i]++ {
				diffs[i].Add(draw(i), 0)
			}
			if li < len(sched)-1 {
				var expect, power float64
				if verdicts[i], _ = rule.interim(diffs[i]); verdicts[i] != VerdictUndecided {
					open[i], expect = false, float64(n)
				} else if expect, power = fc.expectedPairs(&arm{pairs: n, diff: diffs[i]}, uint64(i)); fc.futile(li, power) {
					open[i], verdicts[i], expect = false, VerdictFutile, float64(n)
				}
				if li == 0 {
					forecast[i] = expect
				}
			}
		}
	}
	var idx []int
	var rest []stats.PairedDiff
	futile := 0
	for i := range variants {
		if open[i] {
			idx, rest = append(idx, i), append(rest, diffs[i])
		}
		if verdicts[i] == VerdictFutile {
			futile++
		}
	}
	final, _ := rule.final(rest, futile)
	for k, i := range idx {
		verdicts[i] = final[k]
	}
	return verdicts, played, forecast
}

// pairChange draws one pair's change when the variant wins a game with
// probability p and the reference with 1/2, each pair two games without
// draws: −1 … 1 in halves, mean 2(p − 1/2)·½·2 = p − 1/2 a game.
func pairChange(r *rand.Rand, p float64) float64 {
	score := func(p float64) float64 {
		s := 0.0
		for range 2 {
			if r.Float64() < p {
				s += 0.5
			}
		}
		return s
	}
	return score(p) - score(0.5)
}

// The staged rule on synthetic pairs, 22 variants looked at after 25, 50,
// 100 and 200 pairs (importance's default of 400 games) and a margin of 5
// points: a variant 30 points down stops as "changes" by the third look
// (half its pairs) in nearly every study; an unchanged one is never shown within 5 points
// in 200 pairs (it plays to the end unless wrongly called changed) and,
// over every variant of a study, is called changed in at most 5% of
// studies; and with more pairs an
// unchanged variant is shown within the margin while one exactly at the
// margin is shown within it in at most 5% of studies.
func TestStageRuleOnSyntheticPairs(t *testing.T) {
	studies := 400
	if testing.Short() {
		studies = 100
	}
	r := rand.New(rand.NewPCG(25, 5))
	sched := looks(200, true)
	rule := stageRule{looks: len(sched), variants: 22, margin: DefaultMargin}

	early, familyWrong := 0, 0
	for range studies {
		verdicts, played := simulateStaged(rule, sched, 22, false, func(i int) float64 {
			if i == 0 {
				return pairChange(r, 0.2) // 30 points down
			}
			return pairChange(r, 0.5)
		})
		if verdicts[0] == VerdictChanges && played[0] <= 100 {
			early++
		}
		wrong := false
		for i := 1; i < 22; i++ {
			if played[i] != 200 && verdicts[i] != VerdictChanges {
				t.Fatalf("an unchanged variant stopped after %d of 200 pairs as %s", played[i], verdicts[i])
			}
			wrong = wrong || verdicts[i] == VerdictChanges
		}
		if wrong {
			familyWrong++
		}
	}
	if float64(early) < 0.95*float64(studies) {
		t.Errorf("a 30-point drop stopped as changed by the third look in %d of %d studies, want at least 95%%", early, studies)
	}
	t.Logf("30 points down: changed by the third look in %d of %d studies; some unchanged variant called changed in %d", early, studies, familyWrong)
	if limit := 0.05 + 3*math.Sqrt(0.05*0.95/float64(studies)); float64(familyWrong)/float64(studies) > limit {
		t.Errorf("some unchanged variant called changed in %d of %d studies, want at most 5%%", familyWrong, studies)
	}

	// One variant and 4,000 pairs (looks after 500, 1,000, 2,000, 4,000).
	sched, rule = looks(4000, true), stageRule{looks: 4, variants: 1, margin: DefaultMargin}
	within, atMargin := 0, 0
	for range studies {
		if v, _ := simulateStaged(rule, sched, 1, false, func(int) float64 { return pairChange(r, 0.5) }); v[0] == VerdictWithin {
			within++
		}
		if v, _ := simulateStaged(rule, sched, 1, false, func(int) float64 { return pairChange(r, 0.5+DefaultMargin) }); v[0] == VerdictWithin {
			atMargin++
		}
	}
	t.Logf("4,000 pairs: unchanged shown within ±5 in %d of %d studies, 5 points up in %d", within, studies, atMargin)
	if float64(within) < 0.9*float64(studies) {
		t.Errorf("an unchanged variant shown within ±5 points in %d of %d studies of 4,000 pairs, want at least 90%%", within, studies)
	}
	if limit := 0.05 + 3*math.Sqrt(0.05*0.95/float64(studies)); float64(atMargin)/float64(studies) > limit {
		t.Errorf("a variant 5 points up shown within ±5 in %d of %d studies, want at most 5%%", atMargin, studies)
	}
}

// The forecast of a variant's stop (expectedPairs) after the first look of
// 25 pairs (of 25, 50, 100, 200): one clearly down but not yet decided is
// expected to stop by the third look, one unchanged to play to the end
// (within ±5 points cannot be shown in 200 pairs); the study's expected
// games count the played ones, each open variant to its forecast and the
// reference to the furthest of them.
func TestStagedForecast(t *testing.T) {
	sched := looks(200, true)
	s := &staged{r: &Run{Seed: 1}, opps: make([]*rules.Army, 1), rule: stageRule{looks: len(sched), variants: 2, margin: DefaultMargin}, sched: sched}
	down := &arm{open: true, pairs: 25, diff: stats.PairedDiff{Counts: [9]int{4, 0, 8, 0, 10, 0, 3, 0, 0}}}
	same := &arm{open: true, pairs: 25, diff: stats.PairedDiff{Counts: [9]int{1, 0, 6, 0, 11, 0, 6, 0, 1}}}
	if v, _ := s.rule.interim(down.diff); v != VerdictUndecided {
		t.Fatalf("the variant down %v is already %s at 25 pairs", down.diff.Mean(), v)
	}
	var downPower, samePower float64
	down.expect, downPower = s.expectedPairs(down, 0)
	same.expect, samePower = s.expectedPairs(same, 1)
	t.Logf("conditional power: down %.2f, unchanged %.2f", downPower, samePower)
	if downPower < 0.5 || samePower >= futilityPower {
		t.Errorf("conditional power: down %v (want at least 0.5), unchanged %v (want below %v: it stops for futility)", downPower, samePower, futilityPower)
	}
	t.Logf("forecast stops: down %.1f pairs, unchanged %.1f", down.expect, same.expect)
	if down.expect <= 25 || down.expect > 100 {
		t.Errorf("down %+.0f points after 25 pairs: expected to stop after %v pairs, want by the third look (100)", 100*down.diff.Mean(), down.expect)
	}
	if same.expect < 195 || same.expect > 200 {
		t.Errorf("unchanged after 25 pairs: expected to stop after %v pairs, want about 200", same.expect)
	}
	s.ref, s.vars, s.played = &arm{open: true, pairs: 25}, []*arm{down, same}, 150
	want := 150 + int(math.Round(2*((down.expect-25)+(same.expect-25)+(same.expect-25))))
	if got := s.expected(); got != want {
		t.Errorf("expected games %d, want %d", got, want)
	}
	if again, _ := s.expectedPairs(down, 0); again != down.expect {
		t.Errorf("the forecast is not a function of the seed: %v, then %v", down.expect, again)
	}
}

// The futility stop on synthetic pairs, 6 variants looked at after 25,
// 50, 100 and 200 pairs with a margin of 5 points (too few pairs to show
// an unchanged variant within it): an unchanged variant stops as futile at
// the second or third look (half its pairs) in most studies, one 30 points
// down is stopped for futility in at most 2% of studies, and on the same pairs (each variant its own
// stream) the futility stop calls changed or within only variants the
// rule without it calls so too: it makes no verdict, so the family's
// error stays at most 5%.
func TestStagedFutility(t *testing.T) {
	studies := 200
	if testing.Short() {
		studies = 60
	}
	sched := looks(200, true)
	const n = 6
	rule := stageRule{looks: len(sched), variants: n, margin: DefaultMargin}
	earlyFutile, nulls, familyWrong, downFutile := 0, 0, 0, 0
	for k := range studies {
		run := func(futility bool) ([]string, []int) {
			rs := make([]*rand.Rand, n)
			for i := range rs {
				rs[i] = rand.New(rand.NewPCG(uint64(k), uint64(i)))
			}
			return simulateStaged(rule, sched, n, futility, func(i int) float64 {
				if i == 0 {
					return pairChange(rs[i], 0.2) // 30 points down
				}
				return pairChange(rs[i], 0.5)
			})
		}
		with, played := run(true)
		without, _ := run(false)
		if with[0] == VerdictFutile {
			downFutile++
		}
		wrong := false
		for i := range n {
			if (with[i] == VerdictChanges || with[i] == VerdictWithin) && with[i] != without[i] {
				t.Fatalf("study %d, variant %d: %s with the futility stop, %s without", k, i, with[i], without[i])
			}
			if i > 0 {
				nulls++
				if with[i] == VerdictFutile && played[i] <= 100 {
					earlyFutile++
				}
				wrong = wrong || with[i] == VerdictChanges
			}
		}
		if wrong {
			familyWrong++
		}
	}
	t.Logf("unchanged variants stopped for futility by the third look: %d of %d; some called changed in %d of %d studies", earlyFutile, nulls, familyWrong, studies)
	// At 25 pairs a 30-point drop can look like none by chance (about 1
	// study in 200): it is stopped for futility then, never more often.
	if float64(downFutile) > 0.02*float64(studies) {
		t.Errorf("30 points down stopped for futility in %d of %d studies, want at most 2%%", downFutile, studies)
	}
	if float64(earlyFutile) < 0.8*float64(nulls) {
		t.Errorf("unchanged variants stopped for futility by the third look: %d of %d, want at least 80%%", earlyFutile, nulls)
	}
	if limit := 0.05 + 3*math.Sqrt(0.05*0.95/float64(studies)); float64(familyWrong)/float64(studies) > limit {
		t.Errorf("some unchanged variant called changed in %d of %d studies, want at most 5%%", familyWrong, studies)
	}
}

// A variant stopped for futility reads as not shown, with the games after
// which it stopped; the others as before.
func TestVerdictCellFutile(t *testing.T) {
	for _, c := range []struct {
		verdict string
		want    string
	}{
		{VerdictFutile, "not shown: futile after 100 games"},
		{VerdictUndecided, "not shown"},
		{VerdictChanges, "changes"},
		{VerdictWithin, "within ±5"},
	} {
		if got := verdictCell(c.verdict, DefaultMargin, 100); got != c.want {
			t.Errorf("%s: %q, want %q", c.verdict, got, c.want)
		}
	}
}
