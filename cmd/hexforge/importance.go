package main

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/study"
	"github.com/spf13/cobra"
)

func newImportance() *cobra.Command {
	o := &simOptions{html: true}
	var vs []string
	var oneCopy bool
	var e earlyStop
	cmd := &cobra.Command{
		Use:   "importance ARMY --vs OPPONENT...",
		Short: "Which tokens carry an army: the win rate without each token type",
		Long: `importance plays ARMY against the opponents, then again with one token type
removed at a time (or one copy fewer with --copy), on the same seeds, and
reports each change in win rate with a paired 95% interval (each variant
plays the same seeds and draws as the army, so the change is measured pair
by pair) and whether it is significant after Holm's correction for the
number of variants. A large significant drop means the army leans on that
token.

Each variant stops early once decided (--early-stop, on by default): it is
looked at after an eighth, a quarter, half and all of --games, and stops
when its change is significant or is shown to lie within ±--margin points;
the correction counts the looks too, so a verdict is as safe as one made at
the end. An undecided one stops as futile at a look when it could no
longer be decided by the end (its chance of a verdict, forecast from its
games so far, under 10%); that makes no verdict, so it makes none less
safe. Before the first game the command states the most and the fewest
games it can play; after the army's first games, what those would take at
their pace; after each look, about how many games and how long are still
expected (a forecast from the variants' changes so far). The times are
estimates from this run on this machine; --early-stop=false plays every
game of --games.`,
		Example: `  hexforge importance moloch --vs borgo --games 1000
  hexforge importance my-army.army --vs moloch --vs outpost --copy
  hexforge importance moloch --vs borgo --format html --out importance.html`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.checkStudy(cmd, vs); err != nil {
				return err
			}
			if err := e.check(o); err != nil {
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
			n := study.Variants(base.Army)
			o.OnLook = e.state(cmd.ErrOrStderr(), bar, &o.Run, n, fmt.Sprintf("the army and %d variants", n-1), len(opps), "the army", "variants")
			bar.Expect(study.Variants(base.Army) * len(opps) * o.JobGames())
			res, err := study.RunImportance(ctx, &o.Run, base.Army, opps, oppNames, oneCopy, e.margin/100, e.on)
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
	e.register(cmd, "variant")
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

// earlyStop holds the flags of importance's and sweep's early stop
// (study/staged.go).
type earlyStop struct {
	on     bool
	margin float64 // points
}

func (e *earlyStop) register(cmd *cobra.Command, what string) {
	cmd.Flags().BoolVar(&e.on, "early-stop", true, fmt.Sprintf("stop playing a %s once its change is shown (or shown within --margin); --early-stop=false plays every game", what))
	cmd.Flags().Float64Var(&e.margin, "margin", 100*study.DefaultMargin, fmt.Sprintf("points of win rate within which a %s counts as no change (\"within\"); 0: never", what))
}

// check validates the flags before any work; --until-ci plays each match
// to its own length, so it turns the early stop off.
func (e *earlyStop) check(o *simOptions) error {
	if e.margin < 0 || e.margin >= 50 || math.IsNaN(e.margin) {
		return fmt.Errorf("--margin %v: want points of win rate from 0 to below 50, e.g. 5", e.margin)
	}
	if o.UntilCI > 0 {
		e.on = false
	}
	return nil
}

// state tells the designer, before the first game, how many games the
// study can play: all of them, or with early stops at least the first
// look of every arm. arms names them ("the army and 22 variants", "3
// values"). It returns what then tells the time (study.Run.OnLook):
// after the reference's first games (ref names it, "the army") what the
// most and the fewest games would take at their pace, and after each
// look how many variants (what) are decided and about how many games and
// how long the rest is expected to take. The times are estimates from
// the wall clock of this run on this machine as loaded now; they never
// change what is played.
func (e *earlyStop) state(w io.Writer, bar *report.ProgressBar, r *study.Run, n int, arms string, opps int, ref, what string) func(study.Look) {
	most := n * opps * r.PlayedGames()
	of := fmt.Sprintf("%s × %d %s × %d", arms, opps, map[bool]string{true: "opponent", false: "opponents"}[opps == 1], r.PlayedGames())
	looks := r.Looks(e.on)
	least := n * opps * 2 * looks[0]
	if len(looks) == 1 {
		fmt.Fprintf(w, "plays %d games (%s)\n", most, of)
	} else {
		fmt.Fprintf(w, "plays at most %d games (%s), at least %d: each stops once decided (--early-stop)\n", most, of, least)
	}
	start := time.Now()
	return func(l study.Look) {
		el := time.Since(start)
		if l.Played == 0 || el <= 0 {
			return
		}
		each := el / time.Duration(l.Played)
		bar.Finish() // a line of its own, not over the bar
		if l.Look == 0 {
			fmt.Fprintf(w, "%s's first %d games: %s a game on this machine now;\n", ref, l.Played, roughly(each))
			if most == least {
				fmt.Fprintf(w, "  at that pace the whole study takes about %s (an estimate)\n", roughly(each*time.Duration(most)))
			} else {
				fmt.Fprintf(w, "  at that pace at most about %s, at least about %s (estimates)\n", roughly(each*time.Duration(most)), roughly(each*time.Duration(least)))
			}
			return
		}
		futile := ""
		if l.Futile > 0 {
			futile = fmt.Sprintf(", %d stopped as futile", l.Futile)
		}
		fmt.Fprintf(w, "look %d of %d (%d games each): %d of %d %s decided%s;\n", l.Look, l.Looks, 2*l.Pairs*opps, l.Decided, l.Variants, what, futile)
		fmt.Fprintf(w, "  about %d games expected in all, about %s more (estimates)\n", l.Expected, roughly(each*time.Duration(l.Expected-l.Played)))
	}
}

// roughly is a duration as a person says it: "83 ms", "4.1 s", "41 s",
// "13 min", "2.5 h"; an estimate needs no more figures.
func roughly(d time.Duration) string {
	switch s := d.Seconds(); {
	case s < 0.01:
		return fmt.Sprintf("%.2g ms", 1000*s)
	case s < 1:
		return fmt.Sprintf("%.0f ms", 1000*s)
	case s < 10:
		return fmt.Sprintf("%.2g s", s)
	case s < 90:
		return fmt.Sprintf("%.0f s", s)
	case s < 90*60:
		return fmt.Sprintf("%.0f min", s/60)
	default:
		return fmt.Sprintf("%.1f h", s/3600)
	}
}
