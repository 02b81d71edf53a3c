package main

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/hexforge/hexforge/card"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

func newCard() *cobra.Command {
	var format report.Format
	var out, paper string
	var hexMM float64
	cmd := &cobra.Command{
		Use:   "card ARMY",
		Short: "Print a help card of an army: every token's edges and abilities in words",
		Long: `card prints the help card of an army (an embedded short name or a path to an
.army file): per token its kind, count, initiative, toughness, edges and
abilities in words, equal edges grouped as the language writes them.

--format html writes one self-contained page (no external files) that draws
every token as a flat-topped hexagon with an icon per edge feature, the
initiative and toughness in the middle, and a legend: open it in a browser
or print it (one page on A4 or Letter).

--format print writes print-and-play sheets: every token at real size
(--hex-size, flat to flat), each as many times as the army has it, with its
name and a cut line, on pages of --paper; each page of fronts is followed by
its backs (the army's name on its colour), mirrored to print on both sides
flipped on the long edge. --out FILE.pdf writes one PDF (vector, every
page), --out FILE.svg one SVG per page (FILE-1.svg, FILE-2.svg, ...). Print
at actual size (100%, not "fit to page"): the bar at the top of each page
is 50 mm.`,
		Example: `  hexforge card moloch
  hexforge card moloch --format markdown > moloch-card.md
  hexforge card moloch --format html --out moloch.html
  hexforge card moloch --format print --out moloch.pdf
  hexforge card moloch --format print --paper letter --hex-size 35 --out moloch.svg
  hexforge card moloch --set 'moloch/Gauss Cannon.initiative=3' --format csv`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var pp card.Paper
			if format == report.Print {
				var err error
				if pp, err = checkPrintFlags(out, paper, hexMM); err != nil {
					return err
				}
			} else if f := cmd.Flags(); f.Changed("paper") || f.Changed("hex-size") {
				return fmt.Errorf("--paper and --hex-size lay out print sheets: use them with --format print")
			}
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
			if format == report.Print {
				return writeSheets(cmd.OutOrStdout(), l.Army.Name, card.New(l.Army), pp, hexMM, out)
			}
			return writeReport(cmd.OutOrStdout(), out, func(w io.Writer) error {
				return report.WriteCard(w, l.Army, format)
			})
		},
	}
	cmd.Flags().Var(format.Flag(report.Table, report.Markdown, report.CSV, report.HTML, report.JSON, report.Print), "format",
		"output format: table, markdown, csv, html, json or print (sheets to cut out: --out FILE.pdf or FILE.svg)")
	cmd.Flags().StringVar(&out, "out", "", "write the card to FILE (atomically) instead of standard output")
	cmd.Flags().StringVar(&paper, "paper", card.Papers[0].Name, "page size of --format print: "+card.PaperNames())
	cmd.Flags().Float64Var(&hexMM, "hex-size", card.DefaultHexMM, fmt.Sprintf("size of a printed token in mm, flat to flat (%g to %g)", card.MinHexMM, card.MaxHexMM))
	addSetFlag(cmd)
	return cmd
}

// checkPrintFlags checks the flags of --format print before any work: the
// paper, the token size and an --out whose extension says what to write.
func checkPrintFlags(out, paper string, hexMM float64) (card.Paper, error) {
	pp, err := card.ParsePaper(paper)
	if err != nil {
		return pp, fmt.Errorf("--paper: %w", err)
	}
	if err := card.CheckHexSize(hexMM); err != nil {
		return pp, fmt.Errorf("--hex-size: %w", err)
	}
	switch strings.ToLower(filepath.Ext(out)) {
	case ".svg", ".pdf":
	case "":
		return pp, fmt.Errorf("--format print writes pages to files: give --out FILE.pdf (one PDF) or --out FILE.svg (one SVG per page: FILE-1.svg, FILE-2.svg, ...)")
	default:
		return pp, fmt.Errorf("--out %q: --format print writes FILE.pdf (one PDF) or FILE.svg (one SVG per page)", out)
	}
	return pp, nil
}

// writeSheets lays out the army's tokens and writes them to out, a PDF, or
// one SVG a page beside out: sheets.svg gives sheets-1.svg, sheets-2.svg, ...
func writeSheets(stdout io.Writer, army string, c *card.Card, paper card.Paper, hexMM float64, out string) error {
	s, err := c.Layout(paper, hexMM)
	if err != nil {
		return fmt.Errorf("%s: %w", army, err)
	}
	if strings.EqualFold(filepath.Ext(out), ".pdf") {
		var buf bytes.Buffer
		if err := s.PDF(&buf); err != nil {
			return fmt.Errorf("%s: %w", army, err)
		}
		if err := textfile.WriteAtomic(out, buf.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %s of %g mm on %d %s pages (fronts and backs): %s\n", army, sheetTokens(s), hexMM, s.PageCount(), paper.Name, out)
		return nil
	}
	base := strings.TrimSuffix(out, filepath.Ext(out))
	for i := range s.PageCount() {
		name := fmt.Sprintf("%s-%d.svg", base, i+1)
		if err := textfile.WriteAtomic(name, []byte(s.PageSVG(i))); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "%s: %s of %g mm on %d %s pages (fronts and backs): %s-1.svg ... %s-%d.svg\n",
		army, sheetTokens(s), hexMM, s.PageCount(), paper.Name, base, base, s.PageCount())
	return nil
}

// sheetTokens says how many tokens the sheets print: "35 tokens", or with
// Structures "39 tokens (4 of them Structure parts)".
func sheetTokens(s *card.Sheets) string {
	n := fmt.Sprintf("%d tokens", s.Tokens())
	if p := s.Parts(); p > 0 {
		n += fmt.Sprintf(" (%d of them Structure parts)", p)
	}
	return n
}
