package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/study"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

func newLadder() *cobra.Command {
	var (
		games, workers int
		seed           uint64
		levels, format string
		out            string
		all            bool
		board, leaders string
		structures     bool
	)
	cmd := &cobra.Command{
		Use:   "ladder [A B | ARMY... | --all]",
		Short: "Play the same games at each player level and say whether the win rate is stable",
		Long: `ladder plays the same seat-swapped pairs (same seeds, same draws) between two
armies at each player level of --levels, weakest first, and prints army A's
win rate per level with a 95% interval. The pair is the unit of sampling: each
pair scores 0, 1/2, 1, 1 1/2 or 2 for army A and the interval comes from the
variance of those scores (pairs with a capped game are left out).

The verdict compares the two strongest levels: "stable" when the 95% interval
of their difference (independent levels, SE = sqrt(SE1² + SE2²)) contains 0,
otherwise "still moving — use a stronger player or more games". With more
armies, or --all, it climbs every matchup of the round robin (mirrors left
out). Results do not depend on --workers.`,
		Example: `  hexforge ladder vegas borgo --games 50 --levels random,greedy,search:16
  hexforge ladder moloch borgo hegemony --format json
  hexforge ladder moloch borgo hegemony --format html --out ladder.html
  hexforge ladder smart vegas --board duel --levels greedy,plan:2
  hexforge ladder moloch borgo --leaders medyk,taktyk`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "table" && format != "json" && format != "csv" && format != "html" {
				return fmt.Errorf("unknown format %q: use table, json, csv or html", format)
			}
			if out != "" {
				if err := textfile.CheckWritable(out); err != nil {
					return err
				}
			}
			if games < 1 || games > 10_000_000 {
				return fmt.Errorf("--games %d: want 1 to 10000000 pairs", games)
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			var specs []player.Spec
			for _, l := range strings.Split(levels, ",") {
				p, err := player.Parse(l)
				if err != nil {
					return fmt.Errorf("--levels %q: %w", levels, err)
				}
				specs = append(specs, p)
			}
			boardB, err := boardFlag(board)
			if err != nil {
				return err
			}
			leaderL, leaderTwo, err := parseLeaders(leaders)
			if err != nil {
				return err
			}
			refs := args
			if all {
				if len(args) > 0 {
					return fmt.Errorf("--all climbs every embedded army; give no army names with it")
				}
				refs = armies.Names()
			}
			if len(refs) < 2 {
				return fmt.Errorf("give two armies (or more for a round robin, or --all)")
			}
			if leaderTwo && len(refs) != 2 {
				return fmt.Errorf("--leaders %s: two leaders are for a ladder of two armies; a round robin takes one leader, which every army has", leaders)
			}
			list, _, err := loadAll(cmd.ErrOrStderr(), refs)
			if err != nil {
				return err
			}
			// Before any game: --structures with no army that has a
			// structure block would change nothing.
			if err := checkStructures(cmd.ErrOrStderr(), structures, list...); err != nil {
				return err
			}
			ctx, bar, done := startRun(cmd)
			defer done()
			bar.expect(len(specs) * len(list) * (len(list) - 1) / 2 * 2 * games)
			l := &study.Ladder{Levels: specs, Pairs: games, Seed: seed, Workers: workers, Board: boardB, Leaders: leaderL, Structures: structures, Progress: bar.update}
			ms, err := l.Run(ctx, list)
			if err != nil {
				return err
			}
			bar.finish()
			return writeReport(cmd.OutOrStdout(), out, func(w io.Writer) error {
				return study.WriteLadder(w, ms, format, levels, commandLine(cmd, args))
			})
		},
	}
	f := cmd.Flags()
	f.IntVar(&games, "games", 100, "seat-swapped pairs per level and matchup")
	f.StringVar(&levels, "levels", "random,greedy,search:16,"+player.Default+","+player.Strong, "player levels, weakest first, separated by commas")
	f.Uint64Var(&seed, "seed", 1, "seed of every random choice; every level plays the same seeds")
	f.IntVar(&workers, "workers", 0, "parallel workers (0 = one per core); results do not depend on it")
	f.StringVar(&format, "format", "table", "output format: table, json, csv (one tidy table: a row per matchup and level) or html (one self-contained page: a line per matchup over the levels)")
	f.StringVar(&out, "out", "", "write the report to FILE (atomically) instead of standard output")
	f.BoolVar(&all, "all", false, "climb every matchup of the embedded armies")
	f.StringVar(&board, "board", "standard", "the board: standard, large, duel (Terminals, Energy and Procedures) or a board FILE (docs/dsl.md)")
	f.StringVar(&leaders, "leaders", "", "the Leaders variant: a leader card for every army, or A,B one for each army of a two-army ladder (as sim's --leaders)")
	f.BoolVar(&structures, "structures", false, "the Structures variant: the armies' structure blocks may be placed (as sim's --structures)")
	return cmd
}
