// simrun.go starts and interrupts (Ctrl-C, SIGTERM) the runs of the
// commands that play games.

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/study"
	"github.com/spf13/cobra"
)

// run is how the command's matches are played (study.Run), its progress
// shown on bar.
func (o *simOptions) run(specs [2]player.Spec, shard sim.Shard, bar *report.ProgressBar) *study.Run {
	return &study.Run{Players: specs, Seed: o.seed, Shard: shard, MaxActions: o.maxActions, Games: o.games, Workers: o.workers,
		UntilCI: o.untilCI, Seq: o.seq, Start: o.startRule, Reinforce: o.reinforce, Structures: o.structures,
		Board: o.boardB, Leaders: o.leaderL, Progress: bar.Update, Expect: bar.Expect}
}

// startRun is the start of every command that plays games: a context that
// Ctrl-C or SIGTERM cancels (the run then stops early, see interrupted) and
// one progress bar on standard error; done releases both.
func startRun(cmd *cobra.Command) (context.Context, *report.ProgressBar, func()) {
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	bar := report.NewProgress(cmd.ErrOrStderr(), terminalWidth)
	return ctx, bar, func() { bar.Finish(); stop() }
}

// interrupted turns a run stopped by Ctrl-C (ctx cancelled) into exit
// status 130, as a shell reports an interrupted command, once its partial
// report is written: a script must not take a partial run for a whole one.
func interrupted(ctx context.Context, stderr io.Writer, err error) error {
	if err != nil || ctx.Err() == nil {
		return err
	}
	fmt.Fprintln(stderr, "interrupted: the report holds only the games finished (marked partial)")
	return exitError{130}
}
