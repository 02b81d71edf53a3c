package study

import (
	"context"
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
		st, err := runStaged(context.Background(), greedyRun(t, games, workers), moloch, []*rules.Army{hollow, moloch}, []*rules.Army{borgo}, DefaultMargin, early)
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
	st, err := runStaged(context.Background(), r, moloch, []*rules.Army{moloch}, []*rules.Army{borgo}, 0, true)
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
	st, err := runStaged(context.Background(), greedyRun(t, 40, 0), moloch, []*rules.Army{hollow, moloch}, []*rules.Army{borgo}, DefaultMargin, true)
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
