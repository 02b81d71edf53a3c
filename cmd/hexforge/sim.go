// sim.go holds the sim command (newSim) and the loading of a run's armies
// that importance and sweep share. Its flags are in simflags.go, starting
// and interrupting runs in simrun.go, --mode in simmulti.go and --record
// in record.go.

package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/study"
	"github.com/spf13/cobra"
)

func newSim() *cobra.Command {
	o := &simOptions{html: true}
	mo := &multiOptions{}
	rec := &study.Recording{}
	cmd := &cobra.Command{
		Use:   "sim [A B | ARMY... | --all]",
		Short: "Play many games between armies and report win rates with intervals",
		Long: `sim plays games between armies with computer players and reports win rates
with 95% intervals over seat-swapped pairs (a draw counts one half and is
also reported on its own), HQ margins, game lengths, battles, the first player's win rate and
per-token figures. Games are played in pairs with the seats swapped and the
same draws for each army, and every random choice flows from --seed, so a run
is reproduced exactly whatever --workers is.

With two armies it reports that match. With more, or --all (every embedded
army), it plays a round robin (mirror matches included) and prints the
matchup matrix and a ranking. With no arguments it runs a quick round robin of
the embedded armies, ` + strconv.Itoa(quickGames) + ` games a matchup unless --games is given, with the
default player (` + player.Default + `).

--format csv writes one tidy table, a row per matchup (docs/reports.md);
with --out FILE.csv the per-token figures and a round robin's ratings go to
FILE-tokens.csv and FILE-ratings.csv beside it.

With --mode (ffa, points, teams, one-vs-team) it plays 3 or 4 armies in
one game (docs/rules.md, "Three and four players") with the --players
player in every seat (` + player.Default + ` unless given) and reports each army's
win share with 95% intervals, by seat and for every seat over all armies; the armies rotate over every
seating the mode allows, each equally often (teams keep A1-B1-A2-B2).
--record-losses K then traces the K games the first-named army did not win.

Ctrl-C stops early, prints the games finished so far, marked partial, and
exits with status 130.`,
		Example: `  hexforge sim                                   # quick round robin of the embedded armies
  hexforge sim moloch borgo --games 2000
  hexforge sim my-army.army moloch --players search:64,greedy --until-ci 0.02
  hexforge sim --all --games 2000 --format markdown --out matrix.md
  hexforge sim --all --games 2000 --format csv --out rr.csv    # rr.csv, rr-tokens.csv, rr-ratings.csv
  hexforge sim --all --games 200 --format html --out rr.html   # heat map and ratings plot in one page
  hexforge sim moloch borgo --games 100000 --shard 3/8 --format json --out shard3.json
  hexforge sim my-army.army moloch --fair-band 45-55  # is my army fair against Moloch? stops when it knows
  hexforge sim moloch borgo --games 200 --record 4 --record-dir traces  # then: hexforge replay traces/game-0001.jsonl
  hexforge sim my-army.army moloch --games 400 --record-losses 3 --record-dir losses  # the 3 worst losses, to watch
  hexforge sim --mode ffa moloch borgo hegemony outpost --games 2000   # 4 armies every man for himself, by seat
  hexforge sim --mode teams --teams moloch+borgo,hegemony+outpost moloch borgo hegemony outpost
  hexforge sim --mode ffa moloch borgo hegemony --games 60 --record 2   # then: hexforge replay traces/game-0001.jsonl`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if mo.mode != "" || mo.teams != "" {
				return runMulti(cmd, o, mo, rec, args) // simmulti.go
			}
			return o.runSim(cmd, args, rec)
		},
	}
	o.register(cmd, 200)
	o.registerSequential(cmd)
	cmd.Flags().BoolVar(&o.all, "all", false, "round robin of every embedded army")
	recordFlags(cmd, rec)
	mo.register(cmd)
	return cmd
}

// quickGames is the games a matchup of sim's quick round robin (no
// arguments) unless --games is given; its help says so (TestHelpDefaults).
const quickGames = 40

// simRefs checks sim's flags against its arguments and returns the armies
// it plays: the ones named, or every embedded army (--all, or none named).
func (o *simOptions) simRefs(cmd *cobra.Command, args []string, rec *study.Recording) ([]string, error) {
	quick := len(args) == 0 && !o.all
	if quick && !cmd.Flags().Changed("games") {
		o.Games = quickGames
	}
	if err := o.check(); err != nil {
		return nil, err
	}
	if err := o.checkSequential(cmd); err != nil {
		return nil, err
	}
	if o.Seq != nil && len(args) != 2 {
		return nil, fmt.Errorf("--sprt and --fair-band test one match: give two armies")
	}
	refs := args
	if o.all || quick {
		if len(args) > 0 {
			return nil, fmt.Errorf("--all plays every embedded army; give no army names with it")
		}
		refs = armies.Names()
	}
	if len(args) == 1 {
		return nil, fmt.Errorf("give two armies (or more for a round robin, or --all)")
	}
	if o.leaderTwo && len(refs) != 2 {
		return nil, fmt.Errorf("--leaders %s: two leaders are for a match of two armies; a round robin takes one leader, which every army has", o.leaders)
	}
	return refs, rec.Check(o.Games, len(refs) == 2, o.shard != "")
}

// runSim is sim of two armies or more: a match (with the games --record
// and --record-losses ask for) or a round robin.
func (o *simOptions) runSim(cmd *cobra.Command, args []string, rec *study.Recording) error {
	refs, err := o.simRefs(cmd, args, rec)
	if err != nil {
		return err
	}
	list, names, err := loadRun(cmd, o.Structures, refs)
	if err != nil {
		return err
	}
	ctx, bar, done := startRun(cmd)
	defer done()
	o.Progress, o.Expect = bar.Update, bar.Expect
	if len(list) == 2 {
		bar.Expect(o.JobGames())
		rec.Sets = loads.Raw()
		s, notes, err := rec.Match(ctx, &o.Run, list[0], list[1], [2]string{refs[0], refs[1]})
		printLines(cmd.ErrOrStderr(), notes)
		if err != nil {
			return err
		}
		bar.Finish()
		return interrupted(ctx, cmd.ErrOrStderr(), writeResult(cmd, args, o.out, o.format, s, nil, nil))
	}
	bar.Expect(len(list) * (len(list) + 1) / 2 * o.JobGames())
	rr, err := o.RoundRobin(ctx, list, names)
	if err != nil {
		return err
	}
	bar.Finish()
	return interrupted(ctx, cmd.ErrOrStderr(), writeResult(cmd, args, o.out, o.format, nil, rr, nil))
}

// loadRun loads the armies refs of a run (named as its report names them)
// and checks them, with the armies the command loaded itself (extra),
// before any game: the Structures variant (on or not) against their
// structure blocks (a note on stderr when they have some and it is off),
// then every --set against the armies loaded.
func loadRun(cmd *cobra.Command, structures bool, refs []string, extra ...*rules.Army) ([]*rules.Army, []string, error) {
	list, names, err := loadAll(cmd.ErrOrStderr(), refs)
	if err != nil {
		return nil, nil, err
	}
	if err := checkStructures(cmd.ErrOrStderr(), structures, append(extra, list...)...); err != nil {
		return nil, nil, err
	}
	return list, names, checkSetsUsed()
}

// checkStructures checks the Structures variant against the armies of a
// run before any game (study.CheckStructures), its note on stderr.
func checkStructures(stderr io.Writer, on bool, list ...*rules.Army) error {
	note, err := study.CheckStructures(on, list...)
	if note != "" {
		fmt.Fprintln(stderr, note)
	}
	return err
}
