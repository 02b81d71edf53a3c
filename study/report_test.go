package study

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
)

// reportRun is a small report of Moloch against Borgo and against Moloch
// without half its warrior types ("Hollow"), which Moloch beats about
// three games in four. (Not without all of them: a test on pairs that all
// score the same sees no spread and never decides.)
func reportRun(t *testing.T, workers int) *Report {
	t.Helper()
	moloch, _, borgo := stagedArmies(t)
	h := *moloch
	for i := len(h.Tokens) - 1; i >= 0; i-- {
		if h.Tokens[i].Kind == rules.Warrior && i%2 == 0 {
			h = *RemoveToken(&h, i, false)
		}
	}
	h.Name = "Hollow"
	band, err := sim.ParseSequential("", "45-55", 0.05, 0.05, 0)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := PlanReport(1000, moloch, 2, band, true)
	if err != nil {
		t.Fatal(err)
	}
	var stages []string
	rep, err := RunReport(context.Background(), greedyRun(t, 2, workers), moloch, []*rules.Army{&h, borgo}, []string{"Hollow", "Borgo"}, band, plan,
		ReportRefs{Army: "moloch", Opponents: []string{"hollow.army", "borgo"}, Flags: "--players greedy --seed 3"}, ReportBalance{Ref: "moloch", Knobs: []string{"Juggernaut", "Gauss Cannon"}},
		func(s ReportStage) { stages = append(stages, s.Section) })
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(stages, ", "); got != "fair band, field, importance, balance" {
		t.Errorf("stages told: %s", got)
	}
	return rep
}

// The report's sections hold the figures of a real run: Moloch is too
// strong for the hollow army (its test stops early, far from its cap),
// rates first in the field, has an importance row per token type, and
// every section's command names its players, games and seed.
func TestReportSections(t *testing.T) {
	rep := reportRun(t, 1)
	if len(rep.Verdicts) != 2 {
		t.Fatalf("%d fair-band verdicts, want 2", len(rep.Verdicts))
	}
	h := rep.Verdicts[0]
	if h.Verdict != sim.VerdictStrong || h.WinRate < 0.7 || h.Games >= h.Cap || h.Games == 0 {
		t.Errorf("vs Hollow: %s at %.2f after %d of %d games, want too strong, stopped early", h.Verdict, h.WinRate, h.Games, h.Cap)
	}
	if b := rep.Verdicts[1]; b.Games == 0 || b.Interval[0] >= b.WinRate || b.Interval[1] <= b.WinRate {
		t.Errorf("vs Borgo: %+v", b)
	}
	if rep.Field == nil || rep.Field.Ratings == nil || rep.Field.Rank == 0 {
		t.Fatalf("field: %+v", rep.Field)
	}
	if last := rep.Field.Ratings.Armies[len(rep.Field.Ratings.Armies)-1]; last.Army != "Hollow" {
		t.Errorf("the hollow army rates %s last, want Hollow: %+v", last.Army, rep.Field.Ratings.Armies)
	}
	moloch, _, _ := stagedArmies(t)
	if rep.Imp == nil || len(rep.Imp.Rows) != Variants(moloch)-1 {
		t.Fatalf("importance: %+v", rep.Imp)
	}
	if len(rep.Card.Rows) == 0 || rep.Card.Army != "Moloch" {
		t.Errorf("card: %q with %d rows", rep.Card.Army, len(rep.Card.Rows))
	}
	bal := rep.Balance
	// Not bal.Games <= BalanceGames: balance's search plays a pair of
	// every candidate against every opponent however small its budget
	// (here 936 games of 350), so only the other sections keep to theirs.
	if bal == nil || bal.Games == 0 || len(bal.Suggestions) == 0 || bal.Seed != 3 {
		t.Fatalf("balance: %+v", bal)
	}
	sum := rep.Imp.Base.Games() + rep.Imp.Base.Capped + bal.Games
	for _, r := range rep.Imp.Rows {
		sum += 2 * r.Games
	}
	for _, v := range rep.Verdicts {
		sum += v.Games
	}
	for _, s := range rep.Field.RR.Matches {
		sum += s.Games()
	}
	if rep.Played != sum || rep.Played-bal.Games > rep.Plan.Most-rep.Plan.BalanceGames || rep.Played < rep.Plan.Least {
		t.Errorf("played %d: the sections' games add to %d; planned %d to %d", rep.Played, sum, rep.Plan.Least, rep.Plan.Most)
	}
	want := []string{
		"hexforge sim moloch hollow.army --fair-band 45-55 --games 124 --players greedy --seed 3",
		"hexforge sim moloch hollow.army borgo --games 24 --players greedy --seed 3",
		"hexforge importance moloch --vs hollow.army --vs borgo --games 4 --players greedy --seed 3",
		"hexforge balance moloch --vs hollow.army --vs borgo --band 45-55 --budget 350 --players greedy --seed 3 --knobs 'Juggernaut,Gauss Cannon'",
	}
	got := strings.Join(append(rep.Commands.FairBand, rep.Commands.Field, rep.Commands.Importance, rep.Commands.Balance), "\n")
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("commands:\n%s\nwant %s", got, w)
		}
	}
	// Every format carries every section, with the figures.
	for _, f := range []report.Format{report.Table, report.Markdown, report.JSON, report.HTML} {
		var b bytes.Buffer
		if err := rep.Write(&b, f, "hexforge report moloch"); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out := b.String()
		if f == report.HTML {
			// Each word of a command is kept whole (a browser breaks
			// "--fair-band" after its hyphen); the text is the command.
			if !strings.Contains(out, `<span class="w">--players</span> <span class="w">greedy</span>`) {
				t.Error("html: the commands' words are not kept whole")
			}
			out = strings.NewReplacer(`<span class="w">`, "", "</span>", "").Replace(out)
		}
		for _, w := range []string{"Hollow", "Borgo", rateCell(h.WinRate, h.Interval), eloCell(rep.Field.Ratings.Armies[0]), rep.Imp.Rows[0].Without, "Gauss Cannon", "hexforge report moloch", "hexforge balance moloch", bal.Suggestions[0].ChangeText()} {
			if f == report.JSON {
				break
			}
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q", f, w)
			}
		}
		if f == report.JSON && (!strings.Contains(out, `"fair_band"`) || !strings.Contains(out, `"importance"`) || !strings.Contains(out, `"ratings"`) || !strings.Contains(out, `"card"`) || !strings.Contains(out, `"suggestions"`)) {
			t.Errorf("json lacks a section:\n%.600s", out)
		}
	}
	var b bytes.Buffer
	if err := rep.Write(&b, report.CSV, ""); err == nil {
		t.Error("csv: no error")
	}
}

// The same seed gives the same report, whatever the workers.
func TestReportDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two reports")
	}
	var out [2]string
	for i, w := range []int{1, 2} {
		var b bytes.Buffer
		if err := reportRun(t, w).Write(&b, report.JSON, "x"); err != nil {
			t.Fatal(err)
		}
		out[i] = b.String()
	}
	if out[0] != out[1] {
		t.Error("the report differs between 1 and 2 workers")
	}
}

// PlanReport spends the budget by the shares, refuses one too small for
// the opponents, and gives one opponent no field.
func TestPlanReport(t *testing.T) {
	moloch, _, _ := stagedArmies(t)
	v := Variants(moloch)
	band, _ := sim.ParseSequential("", "45-55", 0.05, 0.05, 0)
	p, err := PlanReport(20000, moloch, 8, band, false)
	if err != nil {
		t.Fatal(err)
	}
	if p.BandGames != 750 || p.Matchups != 45 || p.FieldGames != 88 || p.ImportanceGames != 2*(10000/(v*8)/2) {
		t.Errorf("plan: %+v", p)
	}
	if p.Most > 20000 || p.Most < 19000 || p.Least >= p.Expected || p.Expected > p.Most {
		t.Errorf("most %d, least %d, expected %d", p.Most, p.Least, p.Expected)
	}
	one, err := PlanReport(1000, moloch, 1, band, false)
	if err != nil || one.Matchups != 0 || one.FieldGames != 0 || one.ImportanceGames != 2*(700/v/2) {
		t.Errorf("one opponent: %+v, %v", one, err)
	}
	for _, b := range []int{0, 5, MaxReportBudget + 1, 100} {
		if _, err := PlanReport(b, moloch, 8, band, true); err == nil {
			t.Errorf("budget %d: no error", b)
		}
	}
	// With balance: its share is 35%, the others give up a part of theirs.
	bal, err := PlanReport(20000, moloch, 8, band, true)
	if err != nil || bal.BalanceGames != 7000 || bal.BandGames != 624 || bal.FieldGames != 66 || bal.Most > 20000 || bal.Most < p.Most-2000 {
		t.Errorf("with balance: %+v, %v", bal, err)
	}
	// A share under balance's least leaves it out, saying what budget runs it.
	small, err := PlanReport(500, moloch, 1, band, true)
	if err != nil || small.BalanceGames != 0 || !strings.Contains(small.BalanceWhy, "--budget 572 or more") {
		t.Errorf("small budget with balance: %+v, %v", small, err)
	}
}
