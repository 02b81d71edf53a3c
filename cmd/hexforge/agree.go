package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/study"
	"github.com/hexforge/hexforge/textfile"
)

func newAgree() *cobra.Command {
	var format report.Format
	var out string
	var within, tau float64
	cmd := &cobra.Command{
		Use:   "agree FIRST.json SECOND.json",
		Short: "Does a round robin's verdict survive a stronger player? Compare two round robins of the same armies",
		Long: `agree reads two round-robin results of the same armies (sim --all
--format json, or the merge of its shards), usually a cheap player's first
and a stronger one's second (any two players, or one player with other
seeds, work), names each run by its players and says whether their verdicts
agree: every matchup's win rate within --within points, and the two
rankings in the same order up to Kendall's τ of --tau. Each matchup's
difference carries its 95% interval (the two runs are independent games)
and is marked significant only after Holm's correction over all matchups.
Each army's win rate against the others is compared too (the mean of its
matchups' changes), and it is shown within the margin with far fewer games.

One army's matches against a field (sim A B for each B, merged with merge
--round-robin, under each player) compare as such: those matchups and that
army's win rate against the others, no ranking.`,
		Example: `  hexforge sim --all --players race:8 --games 1000 --format json --out base.json
  hexforge sim --all --players race:32 --games 400 --format json --out strong.json
  hexforge agree base.json strong.json
  hexforge merge race8-smart-*.json --round-robin --format json --out race8-smart.json   # Smart against each other army
  hexforge merge deep-smart-*.json --round-robin --format json --out deep-smart.json
  hexforge agree race8-smart.json deep-smart.json`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if within <= 0 || within >= 100 {
				return fmt.Errorf("--within %g: want points between 0 and 100", within)
			}
			if tau < -1 || tau > 1 {
				return fmt.Errorf("--tau %g: want a value from -1 to 1", tau)
			}
			if out != "" {
				if err := textfile.CheckWritable(out); err != nil {
					return fmt.Errorf("--out: %w", err)
				}
			}
			base, err := study.ReadRoundRobin(args[0])
			if err != nil {
				return err
			}
			strong, err := study.ReadRoundRobin(args[1])
			if err != nil {
				return err
			}
			ag, err := sim.Compare(base, strong, within/100, tau)
			if err != nil {
				return fmt.Errorf("%s and %s: %w", args[0], args[1], err)
			}
			return writeReport(cmd.OutOrStdout(), out, func(w io.Writer) error {
				return report.WriteAgreement(w, ag, format, report.CommandLine(cmd.CommandPath(), args, cmd.Flags()))
			})
		},
	}
	f := cmd.Flags()
	f.Var(format.Flag(report.Table, report.Markdown, report.CSV, report.JSON, report.HTML), "format", "output format: table, markdown, csv, json or html (a self-contained page)")
	f.StringVar(&out, "out", "", "write the report to FILE (atomically)")
	f.Float64Var(&within, "within", 5, "the largest difference of a matchup's win rate, in points, for the verdicts to agree")
	f.Float64Var(&tau, "tau", 0.85, "the smallest Kendall's τ between the two rankings for the verdicts to agree")
	return cmd
}
