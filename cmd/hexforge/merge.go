// merge.go holds the merge command: adding up the JSON reports of shards
// or runs of the same armies (study.Merge), refusing those that differ.

package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/study"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

func newMerge() *cobra.Command {
	var format report.Format
	var out string
	var allowPartial bool
	var opt study.MergeOptions
	cmd := &cobra.Command{
		Use:   "merge RESULT.json...",
		Short: "Combine JSON results of sharded runs into one report",
		Long: `merge reads the JSON reports written by sim --shard i/n --format json and
adds them up: n shards of one run give exactly the report of that run
(two-player runs, or multiplayer runs of sim --mode).
--format csv writes the matchups; with --out FILE.csv the per-token figures
and ratings go to FILE-tokens.csv and FILE-ratings.csv beside it.
When games of the run are missing (a shard not given, or one stopped early)
the report is written marked partial and merge exits with status 1, so that
a script does not take it for the whole run; --allow-partial accepts it
(exit 0).

--first reports the first shards of a run (0 to k-1 of n) as the whole
run of the games they hold: a pair's games depend only on the seed and
its index, so shards 0 to 3 of sim --games 3200 --shard i/32 are exactly
the games of sim --games 400, and agree compares them. --round-robin takes
results of single matches (sim A B for each pair of armies, one seed and
--games) as the matches of one round robin, its armies in the order the
files first name them, as far as every match's first army can come before
its second; mirror matches may be left out.

Given the journals of balance --shard i/n --journal FILE, merge writes one
journal (to --out or standard output) with every match whole, the shards'
tallies summed as the unsharded run records them: balance --journal with
it plays on without the shards' files. A match with a shard's slice
missing keeps the slices there are, and merge exits with status 1 unless
--allow-partial.`,
		Example: `  hexforge merge shard-*.json
  hexforge merge shard-*.json --format json --out study.json
  hexforge merge balance-0.jsonl balance-1.jsonl --out balance.jsonl
  hexforge merge rr-0.json rr-1.json rr-2.json rr-3.json --first --format json --out rr-first.json   # shards 0-3 of 32, as a run of an eighth of the games`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out != "" {
				if err := textfile.CheckWritable(out); err != nil {
					return fmt.Errorf("--out: %w", err)
				}
			}
			if study.IsBalanceJournal(args[0]) {
				if cmd.Flags().Changed("format") {
					return fmt.Errorf("--format: balance journals merge into one journal; give no --format")
				}
				if opt != (study.MergeOptions{}) {
					return fmt.Errorf("--first and --round-robin merge sim's results, not balance journals")
				}
				return mergeJournals(cmd, args, out, allowPartial)
			}
			m, err := study.Merge(args, opt)
			if err != nil {
				return err
			}
			for _, w := range m.Warnings {
				fmt.Fprintln(cmd.ErrOrStderr(), "merge:", w)
			}
			if err := writeResult(cmd, args, out, format, m.Match, m.RoundRobin, m.Multi); err != nil {
				return err
			}
			if m.Partial() && !allowPartial {
				fmt.Fprintln(cmd.ErrOrStderr(), "merge: incomplete: the report (marked partial) lacks games of the run; give every shard, or --allow-partial to accept it")
				return exitError{1}
			}
			return nil
		},
	}
	cmd.Flags().Var(format.Flag(), "format", "output format: table, markdown, csv (one tidy table), html (one self-contained page with plots) or json")
	cmd.Flags().StringVar(&out, "out", "", "write the report to FILE (atomically)")
	cmd.Flags().BoolVar(&allowPartial, "allow-partial", false, "exit 0 when games of the run are missing (the report is marked partial either way)")
	cmd.Flags().BoolVar(&opt.First, "first", false, "report shards 0 to k-1 of a run as the whole run of the games they hold (the first pairs of every match)")
	cmd.Flags().BoolVar(&opt.RoundRobin, "round-robin", false, "take results of single matches of different armies as the matches of one round robin, in its order")
	return cmd
}

// writeResult writes the report of a match, a round robin or a
// multiplayer run (whichever is not nil) to --out or standard output, and
// a CSV report's further tables beside --out.
func writeResult(cmd *cobra.Command, args []string, out string, format report.Format, s *sim.Summary, rr *sim.RoundRobin, multi *sim.MultiReport) error {
	r := report.Report{Match: s, RoundRobin: rr, Multi: multi, Command: report.CommandLine(cmd.CommandPath(), args, cmd.Flags())}
	err := writeReport(cmd.OutOrStdout(), out, func(w io.Writer) error { return report.Write(w, r, format) })
	if err != nil || format != report.CSV || multi != nil {
		return err
	}
	if s != nil {
		return writeCSVTables(cmd.OutOrStdout(), out, []*sim.Summary{s}, nil)
	}
	return writeCSVTables(cmd.OutOrStdout(), out, rr.Sums(), rr)
}

// mergeJournals writes the merge of balance journals to --out or standard
// output, exiting 1 when a match lacks a shard's slice (unless allowed).
func mergeJournals(cmd *cobra.Command, files []string, out string, allowPartial bool) error {
	var merged bytes.Buffer // nothing is written when a journal is refused
	partial, err := study.MergeBalanceJournals(files, &merged)
	if err != nil {
		return err
	}
	if err := writeReport(cmd.OutOrStdout(), out, func(w io.Writer) error {
		_, err := w.Write(merged.Bytes())
		return err
	}); err != nil {
		return err
	}
	if partial > 0 && !allowPartial {
		fmt.Fprintf(cmd.ErrOrStderr(), "merge: incomplete: %d matches lack a shard's games (kept as the slices there are); give every shard's journal, or --allow-partial to accept it\n", partial)
		return exitError{1}
	}
	return nil
}
