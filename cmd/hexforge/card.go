package main

import (
	"fmt"
	"io"

	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

func newCard() *cobra.Command {
	var format report.Format
	var out string
	cmd := &cobra.Command{
		Use:   "card ARMY",
		Short: "Print a help card of an army: every token's edges and abilities in words",
		Long: `card prints the help card of an army (an embedded short name or a path to an
.army file): per token its kind, count, initiative, toughness, edges and
abilities in words, equal edges grouped as the language writes them.

--format html writes one self-contained page (no external files) that draws
every token as a flat-topped hexagon with an icon per edge feature, the
initiative and toughness in the middle, and a legend: open it in a browser
or print it.`,
		Example: `  hexforge card moloch
  hexforge card moloch --format markdown > moloch-card.md
  hexforge card moloch --format html --out moloch.html
  hexforge card moloch --set 'moloch/Gauss Cannon.initiative=3' --format csv`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out != "" {
				if err := textfile.CheckWritable(out); err != nil {
					return fmt.Errorf("--out: %w", err)
				}
			}
			l, err := loadArmy(cmd.ErrOrStderr(), args[0])
			if err != nil {
				return err
			}
			if err := checkSetsUsed(); err != nil {
				return err
			}
			return writeReport(cmd.OutOrStdout(), out, func(w io.Writer) error {
				return report.WriteCard(w, l.Army, format)
			})
		},
	}
	cmd.Flags().Var(format.Flag(), "format", "output format: table, markdown, csv, html or json")
	cmd.Flags().StringVar(&out, "out", "", "write the card to FILE (atomically) instead of standard output")
	addSetFlag(cmd)
	return cmd
}
