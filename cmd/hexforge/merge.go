// merge.go holds the merge command: adding up the JSON reports of shards
// or runs of the same armies, refusing those that differ.

package main

import (
	"fmt"
	"io"

	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

func newMerge() *cobra.Command {
	var format report.Format
	var out string
	cmd := &cobra.Command{
		Use:   "merge RESULT.json...",
		Short: "Combine JSON results of sharded runs into one report",
		Long: `merge reads the JSON reports written by sim --shard i/n --format json and
adds them up: n shards of one run give exactly the report of that run
(two-player runs, or multiplayer runs of sim --mode).
--format csv writes the matchups; with --out FILE.csv the per-token figures
and ratings go to FILE-tokens.csv and FILE-ratings.csv beside it.`,
		Example: `  hexforge merge shard-*.json
  hexforge merge shard-*.json --format json --out study.json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out != "" {
				if err := checkOutDir(out); err != nil {
					return fmt.Errorf("--out: %w", err)
				}
			}
			if multi, err := mergeMulti(cmd, args, format, out); multi || err != nil {
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
				err := writeReport(cmd.OutOrStdout(), out, func(w io.Writer) error {
					return report.Write(w, report.Report{Match: s, Command: commandLine(cmd, args)}, format)
				})
				if err == nil && format == report.CSV {
					err = writeCSVTables(cmd.OutOrStdout(), out, []*sim.Summary{s}, nil)
				}
				return err
			}
			rr, err := roundRobinOf(merged, order)
			if err != nil {
				return err
			}
			err = writeReport(cmd.OutOrStdout(), out, func(w io.Writer) error {
				return report.Write(w, report.Report{RoundRobin: rr, Command: commandLine(cmd, args)}, format)
			})
			if err == nil && format == report.CSV {
				err = writeCSVTables(cmd.OutOrStdout(), out, rr.Sums(), rr)
			}
			return err
		},
	}
	cmd.Flags().Var(format.Flag(), "format", "output format: table, markdown, csv (one tidy table), html (one self-contained page with plots) or json")
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
		if missing := s.Pairs - s.GameIDs.Len(); missing > 0 && !s.Partial {
			s.Partial = true
			warnings = append(warnings, fmt.Sprintf("%s vs %s: %d of %d pairs missing (a shard not given?); the report is marked partial", s.A, s.B, missing, s.Pairs))
		}
		if s.Run != nil && s.Run.UntilCI > 0 {
			// The shards played fixed parts; the target is judged here, on
			// every game, and the merged report stays the one of an
			// unsharded run of --games.
			c := sim.UntilCICheck{Target: s.Run.UntilCI, HalfWidth: s.Tally.Interval().HalfWidth(), Games: 2 * s.GameIDs.Len(), Batch: 2 * s.Pairs, Max: maxGames}
			warnings = append(warnings, fmt.Sprintf("%s vs %s: %s", s.A, s.B, c))
			r := *s.Run
			r.UntilCI = 0
			s.Run = &r
		}
	}
	return merged, order, warnings, nil
}

// roundRobinOf makes the round robin of merged reports, in their order.
func roundRobinOf(merged map[string]*sim.Summary, order []string) (*sim.RoundRobin, error) {
	sums := make([]*sim.Summary, len(order))
	for i, k := range order {
		sums[i] = merged[k]
	}
	return sim.RoundRobinOf(sums)
}
