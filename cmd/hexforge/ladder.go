package main

import (
	"fmt"
	"io"

	"github.com/hexforge/hexforge/position"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/study"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

// ladderOptions are ladder's flags: the ladder they describe (check reads
// into it what is given as text) and its report.
type ladderOptions struct {
	study.Ladder
	levels, board, leaders string
	format                 report.Format
	out                    string
	all                    bool
	within                 float64 // --within, in points
}

func newLadder() *cobra.Command {
	o := &ladderOptions{}
	cmd := &cobra.Command{
		Use:   "ladder [A B | ARMY... | --all]",
		Short: "Play the same games at each player level and say whether the win rate is stable",
		Long: `ladder plays the same seat-swapped pairs (same seeds, same draws) between two
armies at each player level of --levels, weakest first, and prints army A's
win rate per level with a 95% interval. The pair is the unit of sampling: each
pair scores 0, 1/2, 1, 1 1/2 or 2 for army A and the interval comes from the
variance of those scores (pairs with a capped game are left out).

Each level also plays the level below it head to head, as many pairs, on
army A in half of them and army B in the rest: its score over that level
and the Elo difference, with 95% intervals from the pair scores. A ladder
whose every step is above 0 is one whose levels beat each other.

The verdict compares the two strongest levels (independent samples of pairs):
"stable" when two one-sided tests at 95% show their difference within
--within points, "differs" when its 95% interval excludes 0, otherwise "not
enough games (need about N a level)" (docs/statistics.md). With more
armies, or --all, it climbs every matchup of the round robin (mirrors left
out). Results do not depend on --workers.`,
		Example: `  hexforge ladder vegas borgo --games 50 --levels random,greedy,search:16
  hexforge ladder moloch borgo hegemony --format json
  hexforge ladder moloch borgo hegemony --format html --out ladder.html
  hexforge ladder smart vegas --board duel --levels greedy,plan:2
  hexforge ladder moloch borgo --leaders medyk,taktyk`,
		RunE: o.run,
	}
	f := cmd.Flags()
	f.IntVar(&o.Pairs, "games", 100, "seat-swapped pairs per level and matchup")
	f.StringVar(&o.levels, "levels", "random,greedy,search:16,"+player.Default+",wide,"+player.Strong, "player levels, weakest first, separated by commas")
	f.Uint64Var(&o.Seed, "seed", 1, "seed of every random choice; every level plays the same seeds")
	f.IntVar(&o.Workers, "workers", 0, "parallel workers (0 = one per core); results do not depend on it")
	f.Var(o.format.Flag(report.Table, report.JSON, report.CSV, report.HTML), "format", "output format: table, json, csv (one tidy table: a row per matchup and level) or html (one self-contained page: a line per matchup over the levels)")
	f.StringVar(&o.out, "out", "", "write the report to FILE (atomically) instead of standard output")
	f.BoolVar(&o.all, "all", false, "climb every matchup of the embedded armies")
	f.Float64Var(&o.within, "within", 100*study.DefaultWithin, "the verdict's margin in points: \"stable\" when the top two levels are shown within it")
	f.StringVar(&o.board, "board", "standard", "the board: standard, large, duel (Terminals, Energy and Procedures) or a board FILE (docs/dsl.md)")
	f.StringVar(&o.leaders, "leaders", "", "the Leaders variant: a leader card for every army, or A,B one for each army of a two-army ladder (as sim's --leaders)")
	f.BoolVar(&o.Structures, "structures", false, "the Structures variant: the armies' structure blocks may be placed (as sim's --structures)")
	return cmd
}

// check reads the flags into the ladder they describe and returns the
// armies it climbs, before any army is loaded or game played.
func (o *ladderOptions) check(args []string) ([]string, error) {
	if o.out != "" {
		if err := textfile.CheckWritable(o.out); err != nil {
			return nil, err
		}
	}
	if err := o.Check(); err != nil {
		return nil, err
	}
	if !(o.within > 0 && o.within < 100) {
		return nil, fmt.Errorf("--within %g: want points between 0 and 100", o.within)
	}
	o.Within = o.within / 100
	var err error
	if o.Levels, err = player.ParseLevels(o.levels); err != nil {
		return nil, err
	}
	if o.Board, err = position.LoadFlag(o.board); err != nil {
		return nil, err
	}
	var leaderTwo bool
	if o.Leaders, leaderTwo, err = loader.LeaderPair(o.leaders); err != nil {
		return nil, err
	}
	refs := args
	if o.all {
		if len(args) > 0 {
			return nil, fmt.Errorf("--all climbs every embedded army; give no army names with it")
		}
		refs = armies.Names()
	}
	if len(refs) < 2 {
		return nil, fmt.Errorf("give two armies (or more for a round robin, or --all)")
	}
	if leaderTwo && len(refs) != 2 {
		return nil, fmt.Errorf("--leaders %s: two leaders are for a ladder of two armies; a round robin takes one leader, which every army has", o.leaders)
	}
	return refs, nil
}

func (o *ladderOptions) run(cmd *cobra.Command, args []string) error {
	refs, err := o.check(args)
	if err != nil {
		return err
	}
	list, _, err := loadRun(cmd, o.Structures, refs)
	if err != nil {
		return err
	}
	ctx, bar, done := startRun(cmd)
	defer done()
	// Each level's own games, and each level's head-to-head with the one
	// below it.
	bar.Expect((2*len(o.Levels) - 1) * len(list) * (len(list) - 1) / 2 * 2 * o.Pairs)
	o.Progress = bar.Update
	ms, err := o.Run(ctx, list)
	if err != nil {
		return err
	}
	bar.Finish()
	return interrupted(ctx, cmd.ErrOrStderr(), writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
		return study.WriteLadder(w, ms, o.format, o.levels, report.CommandLine(cmd.CommandPath(), args, cmd.Flags()))
	}))
}
