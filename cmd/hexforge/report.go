package main

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/card"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/study"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// reportBudget is report's --budget unless given: about 20 minutes on two
// cores with the default player (115 ms of CPU a game measured on a
// loaded machine, docs/reports.md).
const reportBudget = 20000

func newReport() *cobra.Command {
	o := &simOptions{html: true}
	var vs, knobs []string
	var goal string
	var budget int
	var sheets, balance bool
	cmd := &cobra.Command{
		Use:   "report ARMY [--vs OPPONENT... | --vs all]",
		Short: "One designer's report of an army: fair-band verdicts, rating, importance, balance's fixes, help card",
		Long: `report gathers on one page what a designer asks of an army: the fair-band
verdict against each opponent (the sequential test of sim --fair-band),
the army's rating in the field (a round robin of the army and its
opponents, with two opponents or more), which tokens carry it
(importance), the smallest changes that make it fair with their verified
results (balance), and its help card, with a link to its print-and-play
sheets. Every section names its players, games and seed and prints the
command that plays it alone with the same figures; the page names the
command that reproduces it whole.

--budget is the games of the whole report: 25% to the fair-band tests (a
test stops once decided, so it rarely uses its cap), 15% to the field's
round robin, 25% to importance (each variant stops once decided), 35% to
balance (--balance=false: none, and 30/20/50 to the others). Before the
first game it says the most and the fewest games it will play; after each
section, how long the rest will take at this run's pace.

--vs all (the default) plays every embedded army but the army itself.
With --format html and --out FILE.html the print-and-play sheets are
written beside the page as FILE-sheets.pdf and linked (--sheets=false:
not written).`,
		Example: `  hexforge report my-army.army --format html --out report.html
  hexforge report moloch --vs borgo --vs outpost --budget 4000
  hexforge report my-army.army --vs all --fair-band 47-53 --format markdown`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			band, err := o.checkReport(cmd, budget)
			if err != nil {
				return err
			}
			if len(vs) == 0 || slices.Contains(vs, "all") {
				if len(vs) > 1 {
					return fmt.Errorf("--vs all plays every embedded army: give it alone")
				}
				vs = nil
				for _, n := range armies.Names() {
					if n != args[0] {
						vs = append(vs, n)
					}
				}
			}
			list, names, err := loadRun(cmd, o.Structures, append([]string{args[0]}, vs...))
			if err != nil {
				return err
			}
			rb, err := reportBalance(args[0], list[0], balance)
			if err != nil {
				return err
			}
			if len(knobs) > 0 {
				// Checked before any game, as balance checks them.
				if rb.Skip != "" {
					return fmt.Errorf("--knobs: balance does not run in this report (%s)", rb.Skip)
				}
				all, err := rb.Loader.Knobs(rb.Ref, false)
				if err != nil {
					return err
				}
				if _, err := study.FilterKnobs(all, knobs); err != nil {
					return err
				}
				rb.Knobs = knobs
			}
			switch goal {
			case "every":
			case "field":
				if rb.Skip != "" {
					return fmt.Errorf("--goal: balance does not run in this report (%s)", rb.Skip)
				}
				rb.Field = true
			default:
				return fmt.Errorf("--goal %q: want every (balance's fixes fair against every opponent) or field (their mean over the opponents)", goal)
			}
			plan, err := study.PlanReport(budget, list[0], len(vs), band, rb.Skip == "")
			if err != nil {
				return err
			}
			refs := reportRefs(cmd, args[0], vs)
			ctx, bar, done := startRun(cmd)
			defer done()
			o.Progress = bar.Update
			bar.Expect(plan.Most)
			fmt.Fprintln(cmd.ErrOrStderr(), reportPlanLine(plan))
			rep, err := study.RunReport(ctx, &o.Run, list[0], list[1:], names[1:], band, plan, refs, rb, reportPace(cmd.ErrOrStderr(), bar))
			if err != nil {
				return err
			}
			bar.Finish()
			if err := reportSheets(rep, o, sheets); err != nil {
				return err
			}
			return interrupted(ctx, cmd.ErrOrStderr(), writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
				return rep.Write(w, o.format, report.CommandLine(cmd.CommandPath(), args, cmd.Flags()))
			}))
		},
	}
	o.register(cmd, 2)
	for _, f := range []string{"games", "until-ci", "shard"} {
		cmd.Flags().MarkHidden(f) // refused: see checkReport
	}
	// A report is many tables: CSV (one table a file) is not one of its formats.
	cmd.Flags().Lookup("format").Value = o.format.Flag(report.Table, report.Markdown, report.HTML, report.JSON)
	cmd.Flags().Lookup("format").Usage = "output format: table, markdown, html (one self-contained page with plots) or json"
	cmd.Flags().StringArrayVar(&vs, "vs", nil, "opponent army (repeatable), or all: every embedded army but ARMY (the default)")
	cmd.Flags().IntVar(&budget, "budget", reportBudget, "games of the whole report, at most (split between its sections)")
	cmd.Flags().StringVar(&o.band, "fair-band", "45-55", "the fair band of win rates, in percent, that each opponent's sequential test decides")
	cmd.Flags().Float64Var(&o.alpha, "alpha", 0.05, "fair-band test: chance of calling a fair army unfair")
	cmd.Flags().Float64Var(&o.beta, "beta", 0.05, "fair-band test: chance of calling an unfair army fair")
	cmd.Flags().BoolVar(&balance, "balance", true, "run balance's search for the smallest fair changes, and verify the best (the report's largest share of --budget)")
	cmd.Flags().StringSliceVar(&knobs, "knobs", nil, "balance's knobs to search: tokens, TOKEN.FIELD or fields, comma-separated (see balance --help); all when not given")
	cmd.Flags().StringVar(&goal, "goal", "every", "balance's goal: every (the win rate against every opponent in the band) or field (the mean over them; see balance --help)")
	cmd.Flags().BoolVar(&sheets, "sheets", true, "with --format html --out FILE.html, write the print-and-play sheets beside it (FILE-sheets.pdf) and link them")
	return cmd
}

// checkReport validates report's flags before anything is loaded or
// played: the run's (players, workers, variant, --out), the fair band and
// the budget's bounds (whether it is enough for the opponents is known
// once the army is loaded: study.PlanReport).
func (o *simOptions) checkReport(cmd *cobra.Command, budget int) (*sim.Sequential, error) {
	for _, f := range []string{"games", "until-ci", "shard"} {
		if cmd.Flags().Changed(f) {
			return nil, fmt.Errorf("--%s: report spends --budget across its sections and plays each whole; give --budget instead", f)
		}
	}
	if budget < study.MinReportBudget || budget > study.MaxReportBudget {
		return nil, fmt.Errorf("--budget %d: want games from %d to %d", budget, study.MinReportBudget, study.MaxReportBudget)
	}
	if err := o.check(); err != nil {
		return nil, err
	}
	if o.band == "" {
		return nil, fmt.Errorf("--fair-band: want LO-HI in percent, e.g. 45-55")
	}
	return sim.ParseSequential("", o.band, o.alpha, o.beta, 0)
}

// reportBalance is how the report runs balance on the army named ref:
// with the command line's loader, unless --balance=false (on) or a --set
// changes the army itself (balance changes it; the change belongs in a
// variant file).
func reportBalance(ref string, army *rules.Army, on bool) (study.ReportBalance, error) {
	rb := study.ReportBalance{Loader: loader, Ref: ref}
	if !on {
		rb.Skip = "--balance=false"
		return rb, nil
	}
	s, err := session()
	if err != nil {
		return rb, err
	}
	for _, set := range s.Sets {
		if set.Matches(ref, army) {
			rb.Skip = fmt.Sprintf("--set %q changes %s itself, which balance searches; save the change as a variant file (extends) and report on that", set.Raw, army.Name)
		}
	}
	return rb, nil
}

// reportRefs are the armies as the command line named them and the flags
// every section's command repeats: all the run's flags that change a game
// (--set apart: card takes it too), each as given.
func reportRefs(cmd *cobra.Command, army string, vs []string) study.ReportRefs {
	refs := study.ReportRefs{Army: quoteArg(army)}
	for _, v := range vs {
		refs.Opponents = append(refs.Opponents, quoteArg(v))
	}
	// Every section names its players and seed, given or not; the
	// variant's flags only when given.
	play := pflag.NewFlagSet("play", pflag.ContinueOnError)
	variant := pflag.NewFlagSet("variant", pflag.ContinueOnError)
	for _, name := range []string{"players", "seed", "max-actions", "reinforcements", "structures", "start", "board", "leaders"} {
		f := cmd.Flags().Lookup(name)
		switch {
		case name == "players" || name == "seed":
			play.String(name, "", "")
			play.Set(name, f.Value.String())
		case f.Changed && f.Value.Type() == "bool":
			variant.Bool(name, false, "")
			variant.Set(name, f.Value.String())
		case f.Changed:
			variant.String(name, "", "")
			variant.Set(name, f.Value.String())
		}
	}
	sets := pflag.NewFlagSet("sets", pflag.ContinueOnError)
	sets.StringArray("set", nil, "")
	for _, s := range setFlags {
		sets.Set("set", s)
	}
	refs.Flags = strings.TrimSpace(report.CommandLine("", nil, play))
	refs.Variant = strings.TrimSpace(report.CommandLine("", nil, variant))
	refs.Sets = strings.TrimSpace(report.CommandLine("", nil, sets))
	return refs
}

// quoteArg quotes an argument for a POSIX shell where it needs it, as the
// report's command line does.
func quoteArg(s string) string {
	return strings.TrimSpace(report.CommandLine("", []string{s}, pflag.NewFlagSet("", pflag.ContinueOnError)))
}

// reportPlanLine tells, before the first game, what the report will play,
// in lines of at most 80 columns.
func reportPlanLine(p study.ReportPlan) string {
	opps := fmt.Sprintf("%d opponents", p.Opponents)
	if p.Opponents == 1 {
		opps = "1 opponent"
	}
	lines := []string{
		fmt.Sprintf("plays at most %d games, at least %d, about %d by the tests' forecast:", p.Most, p.Least, p.Expected),
		fmt.Sprintf("  fair band: %s × at most %d games (each test stops once decided)", opps, p.BandGames),
	}
	if p.Matchups > 0 {
		lines = append(lines, fmt.Sprintf("  field: %d matchups × %d games", p.Matchups, p.FieldGames))
	}
	lines = append(lines, fmt.Sprintf("  importance: the army and %d variants × %s × at most %d games", p.Variants-1, opps, p.ImportanceGames))
	if p.BalanceGames > 0 {
		lines = append(lines, fmt.Sprintf("  balance: %d games, its search and its verification", p.BalanceGames))
	} else if p.BalanceWhy != "" {
		lines = append(lines, "  no balance: "+p.BalanceWhy)
	}
	return strings.Join(lines, "\n")
}

// reportPace tells, as each section after the first starts, the pace so
// far and about how long the rest takes at most: an estimate from the
// wall clock of this run on this machine as loaded now.
func reportPace(w io.Writer, bar *report.ProgressBar) func(study.ReportStage) {
	start := time.Now()
	return func(s study.ReportStage) {
		el := time.Since(start)
		if s.Played == 0 || el <= 0 {
			return
		}
		each := el / time.Duration(s.Played)
		bar.Finish() // a line of its own, not over the bar
		fmt.Fprintf(w, "%d games in %s, %s a game on this machine now; next %s:\n", s.Played, roughly(el), roughly(each), s.Section)
		fmt.Fprintf(w, "  at most %d games still, at most about %s more (an estimate)\n", s.Most, roughly(each*time.Duration(s.Most)))
	}
}

// reportSheets writes the print-and-play sheets beside an HTML report
// written to a file, and names them in the report; otherwise the report
// says how to make them.
func reportSheets(rep *study.Report, o *simOptions, on bool) error {
	if !on || o.format != report.HTML || o.out == "" {
		if o.format == report.HTML && o.out == "" {
			rep.SheetsWhy = "the page went to standard output, so no sheets were written beside it"
		}
		return nil
	}
	name := strings.TrimSuffix(o.out, filepath.Ext(o.out)) + "-sheets.pdf"
	s, err := rep.Card.Layout(card.Papers[0], card.DefaultHexMM)
	if err != nil {
		rep.SheetsWhy = err.Error()
		return nil
	}
	var buf bytes.Buffer
	if err := s.PDF(&buf); err != nil {
		return fmt.Errorf("%s: print sheets: %w", rep.Army, err)
	}
	if err := textfile.WriteAtomic(name, buf.Bytes()); err != nil {
		return err
	}
	rep.Sheets = filepath.Base(name)
	return nil
}
