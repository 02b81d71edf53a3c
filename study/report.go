package study

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/hexforge/hexforge/card"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
)

// The designer's report (hexforge report) puts on one page what a
// designer otherwise gathers from five commands: the fair-band verdict
// against each opponent (sim --fair-band), the army's rating among its
// opponents (sim's round robin), which tokens carry it (importance), the
// smallest changes that make it fair, verified (balance), and its help
// card. Each section is exactly the run its own command would
// play with the same seed and games, so each section's figures are
// reproduced by the command the report prints beside them, and the whole
// report by the report's own command line.

// Report is a designer's report of one army against its opponents. Its
// JSON is written by Write, section by section.
type Report struct {
	Army      string
	Opponents []string
	Players   [2]player.Spec
	Seed      uint64
	Budget    int
	Plan      ReportPlan
	Played    int  // in all sections
	Partial   bool // stopped early: the sections not reached are missing
	Band      *sim.Sequential
	Verdicts  []ReportVerdict
	Field     *ReportField
	Imp       *Importance
	Balance   *Balance
	// BalanceWhy says why there is no balance section: its share of the
	// budget too small, or a --set on the army itself.
	BalanceWhy string
	Card       *card.Card
	Sheets     string // the print-and-play sheets the page links to (a file beside it), or ""
	SheetsWhy  string
	Commands   ReportCommands
	Variant    string // the variant flags every section plays with, as the command line gave them
}

// ReportVerdict is the fair-band test against one opponent.
type ReportVerdict struct {
	Opponent string     `json:"opponent"`
	Games    int        `json:"games"` // played: the test stops once decided
	Cap      int        `json:"max_games"`
	WinRate  float64    `json:"win_rate"`
	Interval [2]float64 `json:"interval"`
	Verdict  string     `json:"verdict"` // sim.Verdict*: inside the band, A too strong, A too weak, undecided
	LLR      []float64  `json:"llr"`
	Bounds   [2]float64 `json:"bounds"`
	Partial  bool       `json:"partial,omitempty"`
}

// ReportField is the army's rating among its opponents: a round robin of
// the army and every opponent.
type ReportField struct {
	Games   int          `json:"games"` // per matchup
	Ratings *sim.Ratings `json:"ratings,omitempty"`
	Why     string       `json:"why,omitempty"` // why there are no ratings
	Rank    int          `json:"rank,omitempty"`
	RR      *sim.RoundRobin
}

// ReportCommands are the commands that reproduce each section on its own.
type ReportCommands struct {
	FairBand   []string `json:"fair_band"` // one per opponent
	Field      string   `json:"field"`
	Importance string   `json:"importance"`
	Balance    string   `json:"balance,omitempty"`
	Card       string   `json:"card"`
	Sheets     string   `json:"sheets"`
}

// ReportRefs are the armies as the command line named them and the flags
// every section's command repeats (players, seed, variant, --set), so that
// the report can print a command for each section.
type ReportRefs struct {
	Army      string
	Opponents []string
	Flags     string // the players and seed: "--players race:8 --seed 1", quoted for a shell
	Variant   string // the variant's flags given, "--board duel --reinforcements", quoted
	Sets      string // the --set flags, which card takes too, quoted
}

// ReportPlan is how a report spends its budget: the games of each
// section.
type ReportPlan struct {
	Budget          int    `json:"budget"`
	BandGames       int    `json:"fair_band_games"`        // per opponent, at most: the test stops once decided
	FieldGames      int    `json:"field_games"`            // per matchup of the field's round robin
	ImportanceGames int    `json:"importance_games"`       // per opponent and variant, at most: each stops once decided
	BalanceGames    int    `json:"balance_games"`          // balance's budget: its search and its verification; 0: no balance
	BalanceWhy      string `json:"balance_note,omitempty"` // why no balance, when BalanceGames is 0
	Opponents       int    `json:"opponents"`
	Matchups        int    `json:"matchups"` // of the field, mirrors included
	Variants        int    `json:"variants"` // importance: the army and one variant per token type
	Most            int    `json:"most"`     // games at most
	Least           int    `json:"least"`    // games at least (every test stopping at its first look)
	Expected        int    `json:"expected"` // about: the fair-band tests' forecast, the rest at most
}

// The budget's shares. The fair-band verdicts are the report's headline
// and a sequential test rarely needs its cap, so it gets the cap it needs
// to decide a matchup a few points from an edge; the field's round robin
// needs fewer games a matchup (a rating pools every matchup of an army);
// importance has many variants and stops most of them early. With
// balance, its search and verification take the largest share, and the
// others give up a part of theirs.
var (
	sharesAlone   = [4]float64{0.30, 0.20, 0.50, 0}
	sharesBalance = [4]float64{0.25, 0.15, 0.25, 0.35}
)

// MinReportBudget is the fewest games any report plays: a pair in each
// section with one opponent (no field) and an army of an HQ and one token.
const MinReportBudget = 2 + 2*2

// MaxReportBudget caps --budget: a typo of three zeros is refused instead
// of starting a run of days.
const MaxReportBudget = 100_000_000

// PlanReport splits budget games between the sections for army against
// opps opponents (the fair-band test band), with balance or not. It
// refuses a budget too small to play a pair in every matchup, naming the
// least that is enough; a balance share below MinBalanceBudget leaves
// balance out, saying why (BalanceWhy).
func PlanReport(budget int, army *rules.Army, opps int, band *sim.Sequential, balance bool) (ReportPlan, error) {
	shares, balanceWhy := sharesAlone, ""
	if balance {
		// A share too small for balance's search leaves balance out and
		// the others their whole shares.
		if g := int(sharesBalance[3] * float64(budget)); g >= MinBalanceBudget {
			shares = sharesBalance
		} else {
			balanceWhy = fmt.Sprintf("--budget %d or more runs it (its share must reach %d games)", int(math.Ceil(MinBalanceBudget/sharesBalance[3])), MinBalanceBudget)
		}
	}
	shareBand, shareField, shareImportance := shares[0], shares[1], shares[2]
	if budget < MinReportBudget || budget > MaxReportBudget {
		return ReportPlan{}, fmt.Errorf("--budget %d: want games from %d to %d", budget, MinReportBudget, MaxReportBudget)
	}
	v := Variants(army)
	p := ReportPlan{Budget: budget, Opponents: opps, Variants: v}
	pairsOf := func(share float64, n int) int {
		return min(sim.MaxGames, max(2, 2*int(share*float64(budget)/float64(n)/2)))
	}
	imp := shareImportance
	if opps >= 2 {
		p.Matchups = (opps + 1) * (opps + 2) / 2
		p.FieldGames = pairsOf(shareField, p.Matchups)
	} else {
		imp += shareField // one opponent is no field to rate the army in
	}
	p.BandGames = pairsOf(shareBand, opps)
	p.ImportanceGames = pairsOf(imp, v*opps)
	// The least budget whose every share is a pair a matchup.
	need := max(int(math.Ceil(2*float64(opps)/shareBand)), int(math.Ceil(2*float64(v*opps)/imp)))
	if p.Matchups > 0 {
		need = max(need, int(math.Ceil(2*float64(p.Matchups)/shareField)))
	}
	if budget < need {
		return p, fmt.Errorf("--budget %d: too few for %d opponents and an army of %d token types; the report needs at least %d games (a pair in every matchup of each section)", budget, opps, v-1, need)
	}
	p.BalanceWhy = balanceWhy
	if shares[3] > 0 {
		p.BalanceGames = min(int(shares[3]*float64(budget)), MaxBalanceBudget)
	}
	p.Most = opps*p.BandGames + p.Matchups*p.FieldGames + v*opps*p.ImportanceGames + p.BalanceGames
	first := looks(p.ImportanceGames/2, true)[0]
	// Balance's search spends its budget however it goes; only its
	// verification may stop early, so its whole share counts as least.
	p.Least = opps*min(p.BandGames, 2*seqBatch) + p.Matchups*p.FieldGames + v*opps*2*first + p.BalanceGames
	if band != nil {
		exp := 2 * band.ExpectedPairs([5]int{}, seqBatch, p.BandGames/2)
		p.Expected = opps*min(exp, p.BandGames) + p.Matchups*p.FieldGames + v*opps*p.ImportanceGames + p.BalanceGames
	} else {
		p.Expected = p.Most
	}
	return p, nil
}

// ReportStage is told when a section starts: its name, what the report
// has played so far and what it may still play, for a command to say how
// long the rest will take.
type ReportStage struct {
	Section string // "fair band", "field", "importance"
	Played  int    // games so far, in all sections
	Most    int    // games at most still to play
}

// RunReport plays the report's sections for army against opps (named
// names) with plan's games: each fair-band test in turn, then the field's
// round robin, importance, then balance (rb: how, or why not). Every
// section uses r's seed, players and variant. Cancelling ctx stops it
// with the sections played so far (Partial). onStage, when not nil, is
// told as each section starts.
func RunReport(ctx context.Context, r *Run, army *rules.Army, opps []*rules.Army, names []string, band *sim.Sequential, plan ReportPlan, refs ReportRefs, rb ReportBalance, onStage func(ReportStage)) (*Report, error) {
	if band == nil || band.Kind != "fair-band" {
		return nil, fmt.Errorf("report: a fair-band test is needed")
	}
	if len(opps) == 0 || len(opps) != len(names) {
		return nil, fmt.Errorf("report: give at least one opponent")
	}
	rep := &Report{Army: army.Name, Opponents: names, Players: r.Players, Seed: r.Seed, Budget: plan.Budget, Plan: plan, Band: band, Card: card.New(army)}
	rep.Commands = reportCommands(refs, band, plan)
	if rep.Commands.Balance != "" && len(rb.Knobs) > 0 {
		rep.Commands.Balance += " --knobs '" + strings.Join(rb.Knobs, ",") + "'"
	}
	if rep.Commands.Balance != "" && rb.Field {
		rep.Commands.Balance += " --goal field"
	}
	rep.Variant = strings.TrimSpace(refs.Variant + " " + refs.Sets)
	most := plan.Most
	stage := func(section string) {
		if onStage != nil {
			onStage(ReportStage{Section: section, Played: rep.Played, Most: most})
		}
	}
	// 1. The fair-band test against each opponent, as sim --fair-band.
	stage("fair band")
	for i, opp := range opps {
		run := *r
		run.Games, run.UntilCI, run.Expect = plan.BandGames, 0, nil
		q := *band
		run.Seq = &q
		s, err := run.Match(ctx, run.NewMatch(army, opp))
		if err != nil {
			return nil, fmt.Errorf("fair band against %s: %w", names[i], err)
		}
		iv := s.Tally.Interval()
		v := ReportVerdict{Opponent: names[i], Games: s.Games(), Cap: plan.BandGames, WinRate: s.Tally.Rate(), Interval: [2]float64{iv.Lo, iv.Hi}, Partial: s.Partial}
		if s.Seq != nil {
			v.Verdict, v.LLR, v.Bounds = s.Seq.Verdict, s.Seq.LLR, s.Seq.Bounds
		}
		rep.Verdicts = append(rep.Verdicts, v)
		rep.Played += s.Games()
		most -= plan.BandGames
		if ctx.Err() != nil {
			rep.Partial = true
			return rep, nil
		}
	}
	// 2. The field: a round robin of the army and its opponents, as sim
	// with every army named; one opponent is no field.
	if plan.Matchups > 0 {
		if err := rep.field(ctx, r, army, opps, names, plan, stage); err != nil {
			return nil, err
		}
		most -= plan.Matchups * plan.FieldGames
	}
	if ctx.Err() == nil {
		if err := rep.importance(ctx, r, army, opps, names, plan, stage); err != nil {
			return nil, err
		}
		most -= plan.Variants * len(opps) * plan.ImportanceGames
	}
	if ctx.Err() == nil {
		if err := rep.balance(ctx, r, army, opps, names, plan, rb, stage); err != nil {
			return nil, err
		}
	}
	rep.Partial = rep.Partial || ctx.Err() != nil
	return rep, nil
}

// field is the report's second section: a round robin of the army and
// its opponents, as sim with every army named.
func (rep *Report) field(ctx context.Context, r *Run, army *rules.Army, opps []*rules.Army, names []string, plan ReportPlan, stage func(string)) error {
	stage("field")
	run := *r
	run.Games, run.UntilCI, run.Seq, run.Expect = plan.FieldGames, 0, nil, nil
	rr, err := run.RoundRobin(ctx, append([]*rules.Army{army}, opps...), append([]string{rep.Army}, names...))
	if err != nil {
		return fmt.Errorf("field: %w", err)
	}
	f := &ReportField{Games: plan.FieldGames, RR: rr}
	for _, s := range rr.Matches {
		rep.Played += s.Games()
		rep.Partial = rep.Partial || s.Partial
	}
	if f.Ratings, err = rr.Ratings(); err != nil {
		f.Why = err.Error()
	} else {
		for _, a := range f.Ratings.Armies {
			if a.Army == rep.Army {
				f.Rank = a.Rank
			}
		}
	}
	rep.Field = f
	return nil
}

// importance is the report's third section, as the importance command
// with its early stop.
func (rep *Report) importance(ctx context.Context, r *Run, army *rules.Army, opps []*rules.Army, names []string, plan ReportPlan, stage func(string)) error {
	stage("importance")
	run := *r
	run.Games, run.UntilCI, run.Seq, run.Expect = plan.ImportanceGames, 0, nil, nil
	imp, err := RunImportance(ctx, &run, army, opps, names, false, DefaultMargin, true)
	if err != nil {
		return fmt.Errorf("importance: %w", err)
	}
	rep.Imp = imp
	rep.Played += imp.Base.Games() + imp.Base.Capped
	for _, row := range imp.Rows {
		rep.Played += row.Games * len(opps)
	}
	rep.Partial = rep.Partial || imp.Partial
	return nil
}

// reportCommands are the commands that play each section on its own.
func reportCommands(refs ReportRefs, band *sim.Sequential, plan ReportPlan) ReportCommands {
	flags, sets := "", ""
	if refs.Flags != "" {
		flags = " " + refs.Flags
	}
	if refs.Variant != "" {
		flags += " " + refs.Variant
	}
	if refs.Sets != "" {
		sets = " " + refs.Sets
		flags += sets
	}
	bandFlag := fmt.Sprintf("--fair-band %s-%s", trimPct(band.Lo), trimPct(band.Hi))
	if band.Alpha != 0.05 || band.Beta != 0.05 {
		bandFlag += fmt.Sprintf(" --alpha %g --beta %g", band.Alpha, band.Beta)
	}
	c := ReportCommands{
		Card:   "hexforge card " + refs.Army + sets + " --format html",
		Sheets: "hexforge card " + refs.Army + sets + " --format print --out sheets.pdf",
	}
	for _, o := range refs.Opponents {
		c.FairBand = append(c.FairBand, fmt.Sprintf("hexforge sim %s %s %s --games %d%s", refs.Army, o, bandFlag, plan.BandGames, flags))
	}
	if plan.Matchups > 0 {
		c.Field = fmt.Sprintf("hexforge sim %s %s --games %d%s", refs.Army, strings.Join(refs.Opponents, " "), plan.FieldGames, flags)
	}
	vs := ""
	for _, o := range refs.Opponents {
		vs += " --vs " + o
	}
	c.Importance = fmt.Sprintf("hexforge importance %s%s --games %d%s", refs.Army, vs, plan.ImportanceGames, flags)
	if plan.BalanceGames > 0 {
		c.Balance = fmt.Sprintf("hexforge balance %s%s --band %s-%s --budget %d%s", refs.Army, vs, trimPct(band.Lo), trimPct(band.Hi), plan.BalanceGames, flags)
		if band.Alpha != 0.05 || band.Beta != 0.05 {
			c.Balance += fmt.Sprintf(" --alpha %g --beta %g", band.Alpha, band.Beta)
		}
	}
	return c
}

// trimPct is a rate in percent as a flag takes it: 0.45 → "45", 0.475 →
// "47.5".
func trimPct(x float64) string { return fmt.Sprintf("%g", float64(int(1000*x+0.5))/10) }
