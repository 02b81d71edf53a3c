package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

// maxGames is the documented maximum of --games per matchup (and of what
// --until-ci may reach). Game records are folded into the summary as they
// finish, but the summary lists each pair played (for merging shards), 8
// bytes a pair, so this keeps a run well under 200 MB (docs/scaling.md).
const maxGames = 10_000_000

// simOptions are the flags shared by sim, importance and sweep.
type simOptions struct {
	games      int
	players    string
	seed       uint64
	workers    int
	format     string
	out        string
	untilCI    float64
	shard      string
	maxActions int
	all        bool
}

func (o *simOptions) register(cmd *cobra.Command, defGames int) {
	f := cmd.Flags()
	f.IntVar(&o.games, "games", defGames, "games per matchup (played in seat-swapped pairs, so rounded up to even)")
	f.StringVar(&o.players, "players", "greedy", "computer players: random, greedy, search[:playouts] or mcts[:iterations]; one for both sides or A,B")
	f.Uint64Var(&o.seed, "seed", 1, "seed of every random choice; the same seed gives the same games")
	f.IntVar(&o.workers, "workers", 0, "parallel workers (0 = one per core); results do not depend on it")
	f.StringVar(&o.format, "format", "table", "output format: table, markdown, csv or json")
	f.StringVar(&o.out, "out", "", "write the report to FILE (atomically) instead of standard output")
	f.Float64Var(&o.untilCI, "until-ci", 0, "keep playing until every 95% interval's half-width is below this (e.g. 0.02)")
	f.StringVar(&o.shard, "shard", "", "play only shard i of n (i/n, from 0): shards together give exactly the games of one run")
	f.IntVar(&o.maxActions, "max-actions", sim.DefaultMaxActions, "cap on actions per game; capped games are reported apart")
	addSetFlag(cmd)
}

func (o *simOptions) check() ([2]sim.PlayerSpec, sim.Shard, error) {
	var specs [2]sim.PlayerSpec
	var shard sim.Shard
	if err := sim.CheckFormat(o.format); err != nil {
		return specs, shard, err
	}
	if o.games < 1 || o.games > maxGames {
		return specs, shard, fmt.Errorf("--games %d: want 1 to %d", o.games, maxGames)
	}
	if o.untilCI < 0 || o.untilCI >= 0.5 {
		return specs, shard, fmt.Errorf("--until-ci %v: want a half-width between 0 and 0.5, e.g. 0.02", o.untilCI)
	}
	if o.workers < 0 {
		return specs, shard, fmt.Errorf("--workers %d: want 0 (all cores) or more", o.workers)
	}
	if o.maxActions < 10 {
		return specs, shard, fmt.Errorf("--max-actions %d: want at least 10", o.maxActions)
	}
	parts := strings.Split(o.players, ",")
	if len(parts) > 2 {
		return specs, shard, fmt.Errorf("--players %q: give one player for both sides or two separated by a comma", o.players)
	}
	for i := range specs {
		p, err := sim.ParsePlayer(parts[min(i, len(parts)-1)])
		if err != nil {
			return specs, shard, err
		}
		specs[i] = p
	}
	if o.shard != "" {
		i, n, ok := strings.Cut(o.shard, "/")
		si, err1 := strconv.Atoi(i)
		sn, err2 := strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil || sn < 1 || si < 0 || si >= sn {
			return specs, shard, fmt.Errorf("--shard %q: want i/n with 0 <= i < n, e.g. 0/8", o.shard)
		}
		if o.untilCI > 0 {
			return specs, shard, fmt.Errorf("--shard and --until-ci do not mix: a precision target needs every game")
		}
		shard = sim.Shard{I: si, N: sn}
	}
	return specs, shard, nil
}

// progressBar draws "done/total, rate, ETA" on a terminal's stderr, and
// nothing when stderr is not a terminal.
type progressBar struct {
	w     io.Writer
	on    bool
	start time.Time
	mu    sync.Mutex
	last  time.Time
	base  int
}

func newProgress(w io.Writer) *progressBar {
	p := &progressBar{w: w, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.on = true
		}
	}
	return p
}

func (p *progressBar) update(label string) sim.Progress {
	return func(done, total int) {
		if !p.on {
			return
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		if time.Since(p.last) < 100*time.Millisecond && done < total {
			return
		}
		p.last = time.Now()
		el := time.Since(p.start).Seconds()
		rate := float64(p.base+done) / max(el, 1e-9)
		eta := time.Duration(float64(total-done)/max(rate, 1e-9)) * time.Second
		fmt.Fprintf(p.w, "\r%-28s %6d/%-6d %7.0f games/s  ETA %-8s", label, done, total, rate, eta.Round(time.Second))
		if done == total {
			p.base += done
		}
	}
}

func (p *progressBar) finish() {
	if p.on {
		fmt.Fprintf(p.w, "\r%80s\r", "")
	}
}

// runMatch plays a match, and with --until-ci keeps adding batches (each
// continuing the same series of seeds) until the interval is narrow enough.
func runMatch(ctx context.Context, o *simOptions, m *sim.Match, bar *progressBar) (*sim.Summary, error) {
	pairs := (o.games + 1) / 2
	m.Pairs, m.FirstPair = pairs, 0
	var total *sim.Summary
	for {
		s, err := m.RunSummary(ctx, o.workers, bar.update(m.A.Name+" vs "+m.B.Name))
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
		if partial || ctx.Err() != nil || o.untilCI == 0 || total.Tally.Interval().HalfWidth() < o.untilCI || total.Pairs >= maxGames/2 {
			return total, nil
		}
		m.FirstPair += m.Pairs
	}
}

// writeReport writes to --out atomically (a temporary file renamed into
// place) or to stdout.
func writeReport(stdout io.Writer, out string, write func(io.Writer) error) error {
	if out == "" {
		return write(stdout)
	}
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	dir := filepath.Dir(out)
	tmp, err := os.CreateTemp(dir, ".hexforge-*.tmp")
	if err != nil {
		return fmt.Errorf("writing %s: %w", out, err)
	}
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", out, err)
	}
	// Sync before the rename: after a crash the file is the old one or the
	// whole new one, never an empty name.
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", out, err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", out, err)
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", out, err)
	}
	return nil
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

func loadAll(stderr io.Writer, refs []string) ([]*rules.Army, []string, error) {
	var out []*rules.Army
	var names []string
	for _, r := range refs {
		l, err := loadArmy(stderr, r)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, l.Army)
		names = append(names, r)
	}
	return out, names, nil
}

func newSim() *cobra.Command {
	o := &simOptions{}
	cmd := &cobra.Command{
		Use:   "sim [A B | ARMY... | --all]",
		Short: "Play many games between armies and report win rates with intervals",
		Long: `sim plays games between armies with computer players and reports win rates
with 95% Wilson intervals (a draw counts one half and is also reported on its
own), HQ margins, game lengths, battles, the first player's win rate and
per-token figures. Games are played in pairs with the seats swapped and the
same draws for each army, and every random choice flows from --seed, so a run
is reproduced exactly whatever --workers is.

With two armies it reports that match. With more, or --all (every embedded
army), it plays a round robin (mirror matches included) and prints the
matchup matrix and a ranking. With no arguments it runs a quick round robin of
the embedded armies with the greedy player.

Ctrl-C stops early, prints the games finished so far, marked partial, and
exits with status 130.`,
		Example: `  hexforge sim                                   # quick round robin of the embedded armies
  hexforge sim moloch borgo --games 2000
  hexforge sim my-army.army moloch --players search:64,greedy --until-ci 0.02
  hexforge sim --all --games 2000 --format markdown --out matrix.md
  hexforge sim moloch borgo --games 100000 --shard 3/8 --format json --out shard3.json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			quick := len(args) == 0 && !o.all
			if quick && !cmd.Flags().Changed("games") {
				o.games = 40
			}
			specs, shard, err := o.check()
			if err != nil {
				return err
			}
			refs := args
			if o.all || quick {
				if len(args) > 0 {
					return fmt.Errorf("--all plays every embedded army; give no army names with it")
				}
				refs = armies.Names()
			}
			if len(args) == 1 {
				return fmt.Errorf("give two armies (or more for a round robin, or --all)")
			}
			list, names, err := loadAll(cmd.ErrOrStderr(), refs)
			if err != nil {
				return err
			}
			ctx, bar, done := startRun(cmd)
			defer done()
			mk := func(a, b *rules.Army) *sim.Match {
				return &sim.Match{A: a, B: b, Players: specs, Seed: o.seed, Shard: shard, MaxActions: o.maxActions}
			}
			if len(list) == 2 {
				s, err := runMatch(ctx, o, mk(list[0], list[1]), bar)
				if err != nil {
					return err
				}
				bar.finish()
				return interrupted(ctx, cmd.ErrOrStderr(), writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error { return sim.WriteMatch(w, s, o.format) }))
			}
			rr := &sim.RoundRobin{Armies: names, Players: specs[0].String(), Matches: map[[2]int]*sim.Summary{}}
			if specs[0] != specs[1] {
				rr.Players = specs[0].String() + " (row) vs " + specs[1].String() + " (column)"
			}
			for i := range list {
				for j := i; j < len(list); j++ {
					if ctx.Err() != nil {
						break
					}
					s, err := runMatch(ctx, o, mk(list[i], list[j]), bar)
					if err != nil {
						return err
					}
					rr.Matches[[2]int{i, j}] = s
				}
			}
			bar.finish()
			return interrupted(ctx, cmd.ErrOrStderr(), writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error { return sim.WriteRoundRobin(w, rr, o.format) }))
		},
	}
	o.register(cmd, 200)
	cmd.Flags().BoolVar(&o.all, "all", false, "round robin of every embedded army")
	return cmd
}

func newMerge() *cobra.Command {
	var format, out string
	cmd := &cobra.Command{
		Use:   "merge RESULT.json...",
		Short: "Combine JSON results of sharded runs into one report",
		Long: `merge reads the JSON reports written by sim --shard i/n --format json and
adds them up: n shards of one run give exactly the report of that run.`,
		Example: `  hexforge merge shard-*.json
  hexforge merge shard-*.json --format json --out study.json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := sim.CheckFormat(format); err != nil {
				return err
			}
			merged, order, warnings, err := mergeFiles(args)
			if err != nil {
				return err
			}
			for _, w := range warnings {
				fmt.Fprintln(cmd.ErrOrStderr(), "merge:", w)
			}
			if len(order) == 1 {
				s := merged[order[0]]
				return writeReport(cmd.OutOrStdout(), out, func(w io.Writer) error { return sim.WriteMatch(w, s, format) })
			}
			sums := make([]*sim.Summary, len(order))
			for i, k := range order {
				sums[i] = merged[k]
			}
			rr, err := sim.RoundRobinOf(sums)
			if err != nil {
				return err
			}
			return writeReport(cmd.OutOrStdout(), out, func(w io.Writer) error { return sim.WriteRoundRobin(w, rr, format) })
		},
	}
	cmd.Flags().StringVar(&format, "format", "table", "output format: table, markdown, csv or json")
	cmd.Flags().StringVar(&out, "out", "", "write the report to FILE (atomically)")
	return cmd
}

// mergeFiles reads match or round-robin JSON reports and adds up the
// matches of the same armies; results that differ in anything else that
// defines a run (seed, players, games, the compiled armies, the action cap,
// the board, the version) are refused, naming the field and both files. A
// match missing pairs (a shard not given) comes back marked partial, with a
// line in warnings.
func mergeFiles(files []string) (merged map[string]*sim.Summary, order, warnings []string, err error) {
	merged = map[string]*sim.Summary{}
	from := map[string]string{} // the first file of each match
	single := true              // every file holds one match (no round robin)
	for _, f := range files {
		raw, err := textfile.Read(f, "a result (the JSON written by sim --format json)", sim.MaxResultSize)
		if err != nil {
			return nil, nil, nil, err
		}
		list, err := sim.ReadResult(raw)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %w", f, err)
		}
		single = single && len(list) == 1
		for _, s := range list {
			key := s.A + "\x00" + s.B
			if have, ok := merged[key]; ok {
				if have.Pairs != s.Pairs {
					return nil, nil, nil, fmt.Errorf("%s and %s: cannot merge %s vs %s: games differ (%d vs %d pairs)", from[key], f, s.A, s.B, have.Pairs, s.Pairs)
				}
				if err := have.Merge(s); err != nil {
					return nil, nil, nil, fmt.Errorf("%s and %s: %w", from[key], f, err)
				}
				continue
			}
			merged[key], from[key] = s, f
			order = append(order, key)
		}
	}
	if single && len(order) > 1 {
		// Shards of matches never make a round robin: these are other runs.
		a, b := merged[order[0]], merged[order[1]]
		return nil, nil, nil, fmt.Errorf("%s (%s vs %s) and %s (%s vs %s) are results of different matches; merge adds up the shards of one run", from[order[0]], a.A, a.B, from[order[1]], b.A, b.B)
	}
	for _, k := range order {
		s := merged[k]
		if missing := s.Pairs - len(s.GameIDs); missing > 0 && !s.Partial {
			s.Partial = true
			warnings = append(warnings, fmt.Sprintf("%s vs %s: %d of %d pairs missing (a shard not given?); the report is marked partial", s.A, s.B, missing, s.Pairs))
		}
	}
	return merged, order, warnings, nil
}
