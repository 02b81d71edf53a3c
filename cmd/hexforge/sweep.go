package main

import (
	"fmt"
	"io"

	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/study"
	"github.com/spf13/cobra"
)

func newSweep() *cobra.Command {
	o := &simOptions{html: true}
	var vs []string
	var e earlyStop
	cmd := &cobra.Command{
		Use:   "sweep 'ARMY/TOKEN.FIELD=RANGE' --vs OPPONENT...",
		Short: "Win rate as one token parameter runs over a range",
		Long: `sweep sets a token field to each value of a range (LO..HI, or a comma list)
and plays the army against the opponents at each value, on the same seeds,
printing the win rate with its interval per value and per opponent. The field
is written as for --set.

Each value stops early once decided (--early-stop, on by default): it is
looked at after an eighth, a quarter, half and all of --games, and stops
when its change against the first value is significant or is shown to lie
within ±--margin points; the correction counts the looks too. An undecided
one stops as futile at a look when it could no longer be decided by the
end (its chance of a verdict, forecast so far, under 10%). Before the
first game the command states the most and the fewest games it can play;
after the first value's first games, what those would take at their pace;
after each look, about how many games and how long are still expected.
The times are estimates from this run on this machine; --early-stop=false
plays every game of --games.`,
		Example: `  hexforge sweep 'moloch/Gauss Cannon.initiative=1..3' --vs borgo
  hexforge sweep 'moloch/Hybrid.count=0..4' --vs borgo --vs outpost --games 1000
  hexforge sweep 'moloch/Hybrid.count=0..4' --vs borgo --format html --out sweep.html`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.checkStudy(cmd, vs); err != nil {
				return err
			}
			if err := e.check(o); err != nil {
				return err
			}
			sw, err := study.ParseSweep(args[0])
			if err != nil {
				return err
			}
			opps, oppNames, err := loadAll(cmd.ErrOrStderr(), vs)
			if err != nil {
				return err
			}
			ctx, bar, done := startRun(cmd)
			defer done()
			o.Progress, o.Expect = bar.Update, bar.Expect
			o.OnLook = e.state(cmd.ErrOrStderr(), bar, &o.Run, len(sw.Values), fmt.Sprintf("%d values", len(sw.Values)), len(opps), "the first value", "values")
			bar.Expect(len(sw.Values) * len(opps) * o.JobGames())
			load := sweepLoader(cmd, o.Structures, sw, args[0], opps)
			s := sw.Set
			res, err := study.RunSweep(ctx, &o.Run, s.Army, s.Token, s.Field, sw.Values, load, opps, oppNames, e.margin/100, e.on)
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
	e.register(cmd, "value")
	return cmd
}

// sweepLoader loads the swept army at each value of sw, besides the
// command's own --set overrides. The swept value is no --set of the
// user's: an error names the argument they wrote (arg). At the first
// value, before any game, the swept army is known: the Structures variant
// is checked against it and the opponents.
func sweepLoader(cmd *cobra.Command, structures bool, sw study.SweepSpec, arg string, opps []*rules.Army) func(string) (*rules.Army, error) {
	loaded := 0
	return func(val string) (*rules.Army, error) {
		l, err := loads.LoadWith(cmd.ErrOrStderr(), sw.At(val), fmt.Sprintf("sweep %q", arg))
		if err != nil {
			return nil, exitIfDiag(err)
		}
		if loaded++; loaded == 1 {
			err = checkStructures(cmd.ErrOrStderr(), structures, append([]*rules.Army{l.Army}, opps...)...)
		}
		return l.Army, err
	}
}
