package main

import (
	"fmt"
	"io"

	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/study"
	"github.com/spf13/cobra"
)

func newImportance() *cobra.Command {
	o := &simOptions{html: true}
	var vs []string
	var oneCopy bool
	cmd := &cobra.Command{
		Use:   "importance ARMY --vs OPPONENT...",
		Short: "Which tokens carry an army: the win rate without each token type",
		Long: `importance plays ARMY against the opponents, then again with one token type
removed at a time (or one copy fewer with --copy), on the same seeds, and
reports each change in win rate with a paired 95% interval (each variant
plays the same seeds and draws as the army, so the change is measured pair
by pair) and whether it is significant after Holm's correction for the
number of variants. A large significant drop means the army leans on that
token.`,
		Example: `  hexforge importance moloch --vs borgo --games 1000
  hexforge importance my-army.army --vs moloch --vs outpost --copy
  hexforge importance moloch --vs borgo --format html --out importance.html`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.checkStudy(cmd, vs); err != nil {
				return err
			}
			base, err := loadArmy(cmd.ErrOrStderr(), args[0])
			if err != nil {
				return err
			}
			opps, oppNames, err := loadRun(cmd, o.Structures, vs, base.Army)
			if err != nil {
				return err
			}
			ctx, bar, done := startRun(cmd)
			defer done()
			o.Progress, o.Expect = bar.Update, bar.Expect
			bar.Expect(study.Variants(base.Army) * len(opps) * o.JobGames())
			res, err := study.RunImportance(ctx, &o.Run, base.Army, opps, oppNames, oneCopy)
			if err != nil {
				return err
			}
			bar.Finish()
			return interrupted(ctx, cmd.ErrOrStderr(), writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
				return res.Write(w, o.format, report.CommandLine(cmd.CommandPath(), args, cmd.Flags()))
			}))
		},
	}
	o.register(cmd, 400)
	cmd.Flags().MarkHidden("shard") // refused: see checkStudy
	cmd.Flags().StringArrayVar(&vs, "vs", nil, "opponent army (repeatable)")
	cmd.Flags().BoolVar(&oneCopy, "copy", false, "remove one copy of each token type instead of all of them")
	return cmd
}

// checkStudy checks the flags of importance and sweep, which compare
// variants pair by pair.
func (o *simOptions) checkStudy(cmd *cobra.Command, vs []string) error {
	if len(vs) == 0 {
		return fmt.Errorf("give at least one opponent with --vs")
	}
	err := o.check()
	if err == nil && o.Shard.N > 1 {
		// A report of paired changes needs every pair of the army and of
		// each variant; shards of it could not be merged.
		err = fmt.Errorf("--shard splits a sim run for merge; %s compares variants pair by pair and runs whole (shard sim runs of each variant instead)", cmd.Name())
	}
	return err
}
