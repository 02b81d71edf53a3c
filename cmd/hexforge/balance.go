package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/study"
	"github.com/spf13/cobra"
)

// balanceBudget is balance's default budget in games: with the default
// player against the eight embedded armies about a quarter of an hour on
// two cores (docs/balance.md).
const balanceBudget = 20_000

// balanceWaiting is the exit status of a shard that has played its part
// of a stage and needs the other shards' journals to go on.
const balanceWaiting = 3

func newBalance() *cobra.Command {
	o := &simOptions{html: true, noCSV: true}
	var vs, knobs, journals []string
	var goal string
	var band string
	var bo study.BalanceOptions
	cmd := &cobra.Command{
		Use:   "balance ARMY --vs OPPONENT... [--band 45-55] [--budget GAMES]",
		Short: "The smallest changes that make an army fair, each verified",
		Long: `balance searches ARMY's knobs (token counts, initiative values, toughness,
the numbers of edges, links and abilities, the HQ's too; --knobs to name
some) for the smallest changes that bring its win rate into the band
against every opponent (--vs all: the eight embedded armies).

It screens every knob one step up and down on the same seeds (paired
games), keeping the better half by sequential halving until four are left,
then tries those at two steps and in pairs. The suggestions are ranked by
smallness (fewest knobs, then fewest steps) among the changes estimated
inside the band, then by distance from its centre. The best --verify are
verified with the fair-band sequential test against every opponent on
fresh games; the verdicts are shown apart from the search's estimates.
Each suggestion is given as --set lines and as a variant file (extends)
ready to save. --goal field asks instead for the army's mean win rate
over the opponents (its standing in the field) inside the band, verified
by one fair-band test of the mean: the fix for an army that beats some and
loses to others, which no small change brings into the band against every
one. --budget bounds the games of the search and the
verification together. No change removes a token (count 0) unless
--allow-remove. docs/balance.md explains the search and what a verdict
guarantees.

--journal FILE keeps every match played: run again with it, a stopped run
plays on where it stopped and gives the same report. --shard i/n plays the
i-th slice of every match's pairs, as sim's shards do: at each stage a
shard stops with exit status 3 until it is run again with every shard's
journal (--journal OWN --journal OTHER ...); together the shards make the
unsharded run's search, and their verification is fixed-length.`,
		Example: `  hexforge balance my-army.army --vs all
  hexforge balance moloch --vs borgo --vs outpost --band 45-55 --budget 5000
  hexforge balance my-army.army --vs all --knobs 'Gunner,HQ' --format html --out balance.html`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(); err != nil {
				return err
			}
			for _, f := range []string{"games", "until-ci"} {
				if cmd.Flags().Changed(f) {
					return fmt.Errorf("--%s: balance spends --budget games as its search needs them; give --budget", f)
				}
			}
			if o.Shard.N > 1 && len(journals) == 0 {
				return fmt.Errorf("--shard: a shard of balance keeps its games in a journal for the others: give --journal FILE (and the other shards' journals)")
			}
			if len(vs) == 0 {
				return fmt.Errorf("give the opponents with --vs (or --vs all for the eight embedded armies)")
			}
			var err error
			if bo.Lo, bo.Hi, err = parseBand(band); err != nil {
				return err
			}
			bo.Knobs = knobs
			switch goal {
			case "every":
			case "field":
				bo.Field = true
			default:
				return fmt.Errorf("--goal %q: want every (the rate against every opponent in the band) or field (the mean over them)", goal)
			}
			if err := bo.Check(); err != nil {
				return err
			}
			refs := vs
			if len(vs) == 1 && strings.EqualFold(vs[0], "all") {
				refs = armies.Names()
			}
			base, err := loadArmy(cmd.ErrOrStderr(), args[0])
			if err != nil {
				return err
			}
			s, err := session()
			if err != nil {
				return err
			}
			for _, set := range s.Sets {
				if set.Matches(args[0], base.Army) {
					return fmt.Errorf("--set %q: balance changes %s itself; save the change as a variant file (extends) and balance that", set.Raw, base.Army.Name)
				}
			}
			opps, oppNames, err := loadRun(cmd, o.Structures, refs, base.Army)
			if err != nil {
				return err
			}
			if len(journals) > 0 {
				if bo.Journal, err = study.OpenBalanceJournal(journals); err != nil {
					return err
				}
				defer bo.Journal.Close()
			}
			ctx, bar, done := startRun(cmd)
			defer done()
			o.Progress = bar.Update
			bar.Expect(bo.Budget)
			fmt.Fprintf(cmd.ErrOrStderr(), "plays at most %d games (--budget) against %d %s\n", bo.Budget, len(opps), map[bool]string{true: "opponent", false: "opponents"}[len(opps) == 1])
			res, err := study.RunBalance(ctx, &o.Run, base.Army, args[0], loader, opps, oppNames, bo)
			if errors.Is(err, study.ErrBalanceWaiting) {
				bar.Finish()
				fmt.Fprintf(cmd.ErrOrStderr(), "shard %d/%d: played its part of this stage, recorded in %s; run every shard again with every shard's journal (--journal OWN --journal OTHER...) to go on\n", o.Shard.I, o.Shard.N, journals[0])
				return exitError{balanceWaiting}
			}
			if err != nil {
				return err
			}
			bar.Finish()
			return interrupted(ctx, cmd.ErrOrStderr(), writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
				return res.Write(w, o.format, report.CommandLine(cmd.CommandPath(), args, cmd.Flags()))
			}))
		},
	}
	o.register(cmd, 2)
	for _, f := range []string{"games", "until-ci"} {
		cmd.Flags().MarkHidden(f) // refused: the budget decides
	}
	f := cmd.Flags()
	f.StringArrayVar(&vs, "vs", nil, "opponent army (repeatable), or all: the eight embedded armies")
	f.StringVar(&band, "band", "45-55", "the fair band of win rates, LO-HI in percent")
	f.IntVar(&bo.Budget, "budget", balanceBudget, "games in all, the search and the verification together")
	f.StringSliceVar(&knobs, "knobs", nil, "the knobs to search: tokens, TOKEN.FIELD or fields (count, initiative, toughness, edge, link, on), comma-separated; all when not given")
	f.IntVar(&bo.Verify, "verify", 3, "how many of the best suggestions to verify with the fair-band test")
	f.Float64Var(&bo.Alpha, "alpha", 0.05, "the verification's chance of calling a rate at an edge of the band inside")
	f.Float64Var(&bo.Beta, "beta", 0.05, "the verification's chance of calling a rate at the band's centre outside")
	f.StringArrayVar(&journals, "journal", nil, "keep every match played in FILE and read back those played before: a stopped run goes on where it stopped; repeat it to read other shards' journals (the first is this run's own)")
	f.BoolVar(&bo.AllowRemove, "allow-remove", false, "a change may take a token's count to 0 (remove it)")
	f.StringVar(&goal, "goal", "every", "every: the win rate against every opponent inside the band; field: the mean over the opponents (the army's standing in the field)")
	return cmd
}

// parseBand reads --band LO-HI in percent.
func parseBand(s string) (lo, hi float64, err error) {
	a, b, ok := strings.Cut(s, "-")
	lo, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	hi, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if !ok || err0 != nil || err1 != nil || !(lo > 0 && hi < 100 && lo < hi) {
		return 0, 0, fmt.Errorf("--band %q: want LO-HI in percent with 0 < LO < HI < 100, e.g. 45-55", s)
	}
	return lo / 100, hi / 100, nil
}
