package main

import (
	"fmt"
	"io"
	"slices"

	"github.com/hexforge/hexforge/position"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
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
	within                 float64  // --within, in points
	vs                     []string // --vs: the field of a one-army ladder
}

func newLadder() *cobra.Command {
	o := &ladderOptions{}
	cmd := &cobra.Command{
		Use:   "ladder [A B | ARMY... | --all | ARMY --vs FIELD]",
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
out). Results do not depend on --workers.

ARMY --vs all (every embedded army but ARMY) or --vs B --vs C ... climbs only
ARMY's matchups, one against each army of the field, and then judges
ARMY's standing against the field: its mean win rate over the matchups at
each level, and the same verdict words for the mean's change between the
two strongest levels. That is what a designer asks of a stronger player
("does my army still rate where it did?"), and the mean of k matchups is
shown stable with about 1/k of the games one matchup needs.`,
		Example: `  hexforge ladder vegas borgo --games 50 --levels random,greedy,search:16
  hexforge ladder moloch borgo hegemony --format json
  hexforge ladder moloch borgo hegemony --format html --out ladder.html
  hexforge ladder smart vegas --board duel --levels greedy,plan:2
  hexforge ladder moloch borgo --leaders medyk,taktyk
  hexforge ladder my.army --vs all --levels race:8,deep --games 150`,
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
	f.StringArrayVar(&o.vs, "vs", nil, "an army of the field of ARMY (repeatable), or all: every embedded army but ARMY; climbs only ARMY's matchups and judges its mean win rate against them")
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
	switch {
	case o.all && len(o.vs) > 0:
		return nil, fmt.Errorf("--all and --vs: give one of them")
	case o.all:
		if len(args) > 0 {
			return nil, fmt.Errorf("--all climbs every embedded army; give no army names with it")
		}
		refs = armies.Names()
	case len(o.vs) > 0:
		if len(args) != 1 {
			return nil, fmt.Errorf("--vs: give one army, whose matchups against the field are climbed (%d given)", len(args))
		}
		field := o.vs
		if slices.Contains(o.vs, "all") {
			if len(o.vs) > 1 {
				return nil, fmt.Errorf("--vs all is every embedded army: give it alone")
			}
			field = armies.Names()
		}
		refs = append([]string{args[0]}, field...)
		o.Field = true
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
	if o.Field {
		if list, err = withoutArmy(list); err != nil {
			return err
		}
	}
	ctx, bar, done := startRun(cmd)
	defer done()
	// Each level's own games, and each level's head-to-head with the one
	// below it.
	matchups := len(list) * (len(list) - 1) / 2
	if o.Field {
		matchups = len(list) - 1
	}
	bar.Expect((2*len(o.Levels) - 1) * matchups * 2 * o.Pairs)
	o.Progress = bar.Update
	ms, err := o.Run(ctx, list)
	if err != nil {
		return err
	}
	bar.Finish()
	var field *study.LadderField
	if o.Field {
		field = study.LadderFieldOf(ms, o.Within)
	}
	return interrupted(ctx, cmd.ErrOrStderr(), writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
		return study.WriteLadder(w, ms, field, o.format, o.levels, report.CommandLine(cmd.CommandPath(), args, cmd.Flags()))
	}))
}

// withoutArmy drops from the field (list[1:]) the armies named as the
// army climbed (list[0]): --vs all names it too, and a mirror is no
// standing against a field. An empty field is an error, and so is an army
// given twice (it would weigh twice in the mean).
func withoutArmy(list []*rules.Army) ([]*rules.Army, error) {
	out := list[:1:1]
	for _, a := range list[1:] {
		if slices.ContainsFunc(out[1:], func(b *rules.Army) bool { return b.Name == a.Name }) {
			return nil, fmt.Errorf("--vs: %s given twice; each army of the field weighs the same in the mean", a.Name)
		}
		if a.Name != list[0].Name {
			out = append(out, a)
		}
	}
	if len(out) < 2 {
		return nil, fmt.Errorf("--vs: no army in the field but %s itself", list[0].Name)
	}
	return out, nil
}
