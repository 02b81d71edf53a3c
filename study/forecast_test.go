package study

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/stats"
)

// stageRule.power, the normal approximation the forecast asks at each of
// its simulated looks, is close to the simulated conditional power the
// run stops by (expectedPairs): on pairs of variants 0 to 30 points down
// after the first and second looks of 25, 50, 100 and 200 pairs, within
// 0.2 below it (it leaves out interim verdicts the end would not repeat)
// and at most 0.08 above (the simulation's own error at a power of 0.5 is
// about ±0.035).
func TestStagedPowerApproximation(t *testing.T) {
	sched := looks(200, true)
	s := &staged{r: &Run{Seed: 1}, opps: make([]*rules.Army, 1), rule: stageRule{looks: len(sched), variants: 6, margin: DefaultMargin}, sched: sched}
	r := rand.New(rand.NewPCG(1, 2))
	for _, p := range []float64{0.5, 0.45, 0.4, 0.35, 0.3, 0.2} {
		for _, n := range []int{25, 50} {
			for range 3 {
				var d stats.PairedDiff
				for range n {
					d.Add(pairChange(r, p), 0)
				}
				_, sim := s.expectedPairs(&arm{pairs: n, diff: d}, 0)
				approx := s.rule.power(d.Counts[:], 200)
				if approx < sim-0.2 || approx > sim+0.08 {
					t.Errorf("%+.0f points after %d pairs: power %.2f by the approximation, %.2f simulated", 100*d.Mean(), n, approx, sim)
				}
			}
		}
	}
	// No pairs left: the verdict the end gives, 1 or 0.
	sure, none := stats.PairedDiff{Counts: [9]int{0: 200}}, stats.PairedDiff{Counts: [9]int{20, 0, 40, 0, 80, 0, 40, 0, 20}}
	if p := s.rule.power(sure.Counts[:], 200); p != 1 {
		t.Errorf("200 of 200 pairs all −1: power %v, want 1", p)
	}
	if p := s.rule.power(none.Counts[:], 200); p != 0 {
		t.Errorf("200 of 200 pairs of mean 0 and spread ±0.55: power %v, want 0 (±5 points is not shown in 200 pairs)", p)
	}
}

// The forecast of a variant's stop made at the first look counts the
// futility stops the rule will make at the looks after it. On synthetic
// pairs (6 variants, looks after 25, 50, 100 and 200 pairs; 3 unchanged,
// 1 ten points down, 2 thirty points down), averaged over the studies for
// each effect: an unchanged variant is expected to stop early for
// futility (mean forecast under 120 pairs of 200, where without the
// futility stops it was about 180) and does (mean stop by the third look,
// 100); one 30 points down is expected to stop early as "changes"
// (forecast by the third look) and does (at most 60, "changes" in 95% of
// studies). For every effect the mean forecast is within 50% of the mean
// stop, and for the unchanged and the ten-point one it is nearer to it
// than the forecast without the futility stops. An unchanged variant's
// forecast stays above its stop: one still open after the first look is
// one whose change looked larger than it is, and the forecast draws its
// pairs from that change (docs/statistics.md, "Forecast").
func TestStagedForecastCountsFutility(t *testing.T) {
	studies := 150
	if testing.Short() {
		studies = 40
	}
	sched := looks(200, true)
	const n = 6
	effect := []float64{0.5, 0.5, 0.5, 0.4, 0.2, 0.2} // a variant's win rate against the reference's 50%
	rule := stageRule{looks: len(sched), variants: n, margin: DefaultMargin}
	type sum struct{ forecast, played, plain, changes, count float64 }
	by := map[float64]*sum{}
	for k := range studies {
		run := func(futility bool) ([]string, []int, []float64) {
			rs := make([]*rand.Rand, n)
			for i := range rs {
				rs[i] = rand.New(rand.NewPCG(uint64(k), uint64(i)))
			}
			return forecastStaged(rule, sched, n, futility, func(i int) float64 { return pairChange(rs[i], effect[i]) })
		}
		verdicts, played, forecast := run(true)
		_, _, plain := run(false) // the same pairs, forecast as the run before the futility stop did
		for i, p := range effect {
			if by[p] == nil {
				by[p] = &sum{}
			}
			b := by[p]
			b.forecast, b.played, b.plain, b.count = b.forecast+forecast[i], b.played+float64(played[i]), b.plain+plain[i], b.count+1
			if verdicts[i] == VerdictChanges {
				b.changes++
			}
		}
	}
	for _, p := range []float64{0.5, 0.4, 0.2} {
		b := by[p]
		f, got, old := b.forecast/b.count, b.played/b.count, b.plain/b.count
		t.Logf("%+.0f points: forecast at the first look %.1f pairs (without the futility stops %.1f), played %.1f; changes in %.0f of %.0f", 100*(p-0.5), f, old, got, b.changes, b.count)
		if math.Abs(f-got) > 0.5*got {
			t.Errorf("%+.0f points: forecast %.1f pairs, played %.1f: off by more than 50%%", 100*(p-0.5), f, got)
		}
		if p != 0.2 && math.Abs(f-got) >= math.Abs(old-got) {
			t.Errorf("%+.0f points: forecast %.1f pairs, without the futility stops %.1f, played %.1f: want it nearer", 100*(p-0.5), f, old, got)
		}
		switch p {
		case 0.5:
			if f > 120 || got > 100 || f > 0.7*old {
				t.Errorf("unchanged: forecast %.1f pairs (without the futility stops %.1f), played %.1f, want a futility stop expected (under 120 of 200, under 70%% of the forecast without them) and made by the third look (100)", f, old, got)
			}
		case 0.2:
			if f > 100 || got > 60 || b.changes < 0.95*b.count {
				t.Errorf("30 points down: forecast %.1f pairs, played %.1f, changes in %.0f of %.0f; want changes expected by the third look (100), made by about the second (50)", f, got, b.changes, b.count)
			}
		}
	}
}

// On a real run (Moloch's 22 importance variants against Borgo, greedy,
// 160 games: looks after 20, 40, 80 and 160), the games the study expects
// after each look are within 25% of the games it plays. One run is one
// draw, and a rough one: the variants' changes share the reference's
// pairs, so when its first pairs are lucky every variant looks worse
// and their stops move together (docs/statistics.md, "Forecast").
func TestStagedForecastOfARun(t *testing.T) {
	if testing.Short() {
		t.Skip("plays about 1,000 games")
	}
	moloch, _, borgo := stagedArmies(t)
	var variants []*rules.Army
	for i, tk := range moloch.Tokens {
		if tk.Kind != rules.HQ {
			variants = append(variants, RemoveToken(moloch, i, false))
		}
	}
	r := greedyRun(t, 160, 2)
	r.Seed = 1
	var seen []Look
	r.OnLook = func(l Look) { seen = append(seen, l) }
	st, err := runStaged(context.Background(), r, moloch, variants, []*rules.Army{borgo}, DefaultMargin, true, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) < 2 {
		t.Fatalf("told of %d looks, want the reference's first games and at least one look", len(seen))
	}
	for _, l := range seen[1:] {
		t.Logf("look %d: %d games expected, %d played", l.Look, l.Expected, st.played)
		if math.Abs(float64(l.Expected-st.played)) > 0.25*float64(st.played) {
			t.Errorf("look %d: %d games expected, the study played %d: off by more than 25%%", l.Look, l.Expected, st.played)
		}
	}
}

// The futility stop waits for the second look (firstFutileLook): on
// synthetic pairs (6 variants 0 to 30 points down, looks after 25, 50,
// 100 and 200 pairs, each variant its own stream, every study run with
// and without the stop) no variant stops for futility after 25 pairs,
// one 20 points down is still called changed in at least 95% of the
// studies (150 without the stop, 148 with it, of 150) and one 15 points
// down loses at most a tenth of its "changes" verdicts to the stop (139
// and 131), while an unchanged variant plays under half its pairs on
// average (90 of 200).
func TestStagedFutilityKeepsClearEffects(t *testing.T) {
	studies := 150
	if testing.Short() {
		studies = 40
	}
	sched := looks(200, true)
	effects := []float64{0.5, 0.45, 0.4, 0.35, 0.3, 0.2}
	n := len(effects)
	rule := stageRule{looks: len(sched), variants: n, margin: DefaultMargin}
	with, without, pairs := make([]int, n), make([]int, n), make([]int, n)
	for k := range studies {
		run := func(futility bool) ([]string, []int) {
			rs := make([]*rand.Rand, n)
			for i := range rs {
				rs[i] = rand.New(rand.NewPCG(uint64(k)+1000, uint64(i)))
			}
			return simulateStaged(rule, sched, n, futility, func(i int) float64 { return pairChange(rs[i], effects[i]) })
		}
		w, played := run(true)
		wo, _ := run(false)
		for i := range n {
			if w[i] == VerdictFutile && played[i] <= sched[0] {
				t.Errorf("study %d: a variant %+.0f points stopped for futility at the first look", k, 100*(effects[i]-0.5))
			}
			if w[i] == VerdictChanges {
				with[i]++
			}
			if wo[i] == VerdictChanges {
				without[i]++
			}
			pairs[i] += played[i]
		}
	}
	for i, e := range effects {
		t.Logf("%+3.0f points: changes in %d of %d studies with the futility stop, %d without; %.1f pairs of 200 on average", 100*(e-0.5), with[i], studies, without[i], float64(pairs[i])/float64(studies))
	}
	if with[4] < studies*95/100 {
		t.Errorf("20 points down: changes in %d of %d studies with the futility stop, want at least 95%%", with[4], studies)
	}
	if loss := without[3] - with[3]; 10*loss > without[3] {
		t.Errorf("15 points down: changes in %d studies without the futility stop, %d with: want at most a tenth fewer", without[3], with[3])
	}
	if avg := float64(pairs[0]) / float64(studies); avg > 100 {
		t.Errorf("unchanged: %.1f pairs of 200 on average with the futility stop, want under half", avg)
	}
}
