// simrun.go runs the games of a command: a matchup's share of games, a
// match with --until-ci batches or a sequential test, and the start and
// interruption (Ctrl-C, SIGTERM) of a run.

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/sim"
	"github.com/spf13/cobra"
)

// jobGames is how many games one matchup plays in this run (a shard's part).
func (o *simOptions) jobGames() int {
	g := 2 * ((o.games + 1) / 2)
	if _, n, ok := strings.Cut(o.shard, "/"); ok {
		if k, err := strconv.Atoi(n); err == nil && k > 1 {
			g /= k
		}
	}
	return g
}

// runMatch plays a match, and with --until-ci keeps adding batches (each
// continuing the same series of seeds) until the interval is narrow enough.
func runMatch(ctx context.Context, o *simOptions, m *sim.Match, bar *progressBar) (*sim.Summary, error) {
	pairs := (o.games + 1) / 2
	m.Pairs, m.FirstPair, m.Start, m.Reinforce, m.Leaders = pairs, 0, o.startRule, o.reinforce, o.leaderL
	m.Structures = o.structures
	if o.boardB != nil && o.boardB != position.Standard {
		m.Board = o.boardB
	}
	if o.seq != nil {
		return runSequential(ctx, o, m, bar)
	}
	var total *sim.Summary
	for {
		s, err := runSummary(ctx, o, m, bar.update(m.A.Name+" vs "+m.B.Name))
		if err != nil {
			return nil, err
		}
		partial := s.Partial
		if total == nil {
			total = s
		} else if err := total.Merge(s); err != nil {
			return nil, err
		}
		total.Pairs = m.FirstPair + m.Pairs
		if m.Shard.N > 1 && o.untilCI > 0 {
			// A shard never stops on its own games: merge judges the
			// target on all of them (sim.UntilCICheck).
			r := *total.Run
			r.UntilCI = o.untilCI
			total.Run = &r
			return total, nil
		}
		if partial || ctx.Err() != nil || o.untilCI == 0 || total.Tally.Interval().HalfWidth() < o.untilCI || total.Pairs >= maxGames/2 {
			return total, nil
		}
		m.FirstPair += m.Pairs
	}
}

// runSummary plays m as Match.RunSummary does, also showing each game to
// --record-losses' tracker.
func runSummary(ctx context.Context, o *simOptions, m *sim.Match, progress sim.Progress) (*sim.Summary, error) {
	if o.losses == nil {
		return m.RunSummary(ctx, o.workers, progress)
	}
	s := sim.Summarize(m, nil, false)
	partial, err := m.Stream(ctx, o.workers, progress, func(recs []sim.GameRecord) {
		s.Fold(recs)
		o.losses.add(recs)
	})
	if err != nil {
		return nil, err
	}
	s.Partial = partial
	return s, nil
}

// seqBatch is how many pairs a sequential test plays between two looks:
// fixed, so that where it stops does not depend on --workers.
const seqBatch = 50

// runSequential plays a match batch by batch until its sequential test
// decides or --games is reached. With --shard it cannot stop early (the
// other shards would not know): it plays every game and marks the test
// fixed-length.
func runSequential(ctx context.Context, o *simOptions, m *sim.Match, bar *progressBar) (*sim.Summary, error) {
	max := m.Pairs
	if m.Shard.N > 1 {
		s, err := runSummary(ctx, o, m, bar.update(m.A.Name+" vs "+m.B.Name))
		if err != nil {
			return nil, err
		}
		q := *o.seq
		q.FixedLength = true
		q.Update(s.Tally.Pairs)
		s.Seq = &q
		return s, nil
	}
	var total *sim.Summary
	for first := 0; first < max; first += seqBatch {
		m.FirstPair, m.Pairs = first, min(seqBatch, max-first)
		s, err := runSummary(ctx, o, m, bar.update(m.A.Name+" vs "+m.B.Name))
		if err != nil {
			return nil, err
		}
		if total == nil {
			total = s
			q := *o.seq
			total.Seq = &q
		} else {
			seq := total.Seq
			total.Seq = nil // Merge would mark it fixed-length: this run looks after each batch
			if err := total.Merge(s); err != nil {
				return nil, err
			}
			total.Seq = seq
		}
		total.Pairs = first + m.Pairs
		if total.Seq.Update(total.Tally.Pairs) || s.Partial || ctx.Err() != nil {
			break
		}
	}
	return total, nil
}

// startRun is the start of every command that plays games: a context that
// Ctrl-C or SIGTERM cancels (the run then stops early, see interrupted) and
// one progress bar on standard error; done releases both.
func startRun(cmd *cobra.Command) (context.Context, *progressBar, func()) {
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	bar := newProgress(cmd.ErrOrStderr())
	return ctx, bar, func() { bar.finish(); stop() }
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
