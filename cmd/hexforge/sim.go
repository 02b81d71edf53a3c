// sim.go holds the sim command (newSim): loading the armies of a run and
// checking the Structures variant against them. Its flags are in
// simflags.go, the progress bar in progress.go, running matches in
// simrun.go, and the merge command in merge.go.

package main

import (
	"context"
	"fmt"
	"io"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/study"
	"github.com/spf13/cobra"
)

func loadAll(stderr io.Writer, refs []string) ([]*rules.Army, []string, error) {
	var out []*rules.Army
	var names []string
	for _, r := range refs {
		l, err := loadArmy(stderr, r)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, l.Army)
		names = append(names, l.Army.Name)
	}
	// A report names each army as its file does, the name merge also reads
	// from each shard, so a merged round robin is the unsharded one byte for
	// byte. Two armies of one name (variants of a file) fall back to what
	// the command line called them, or the matrix could not tell them apart.
	for i := range names {
		for j := range names {
			if i != j && out[i].Name == out[j].Name {
				names[i] = refs[i]
			}
		}
	}
	return out, names, nil
}

func newSim() *cobra.Command {
	o := &simOptions{html: true}
	mo := &multiOptions{}
	rec := &recordOptions{}
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
the embedded armies with the greedy player.

--format csv writes one tidy table, a row per matchup (docs/reports.md);
with --out FILE.csv the per-token figures and a round robin's ratings go to
FILE-tokens.csv and FILE-ratings.csv beside it.

With --mode (ffa, points, teams, one-vs-team) it plays 3 or 4 armies in
one game (docs/rules.md, "Three and four players") with the greedy player
(or --players random) and reports each army's win share with 95% intervals,
by seat and for every seat over all armies; the armies rotate over every
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
	rec.register(cmd)
	mo.register(cmd)
	return cmd
}

// simRefs checks sim's flags against its arguments and returns the armies
// it plays: the ones named, or every embedded army (--all, or none named).
func (o *simOptions) simRefs(cmd *cobra.Command, args []string, rec *recordOptions) (refs []string, specs [2]player.Spec, shard sim.Shard, err error) {
	quick := len(args) == 0 && !o.all
	if quick && !cmd.Flags().Changed("games") {
		o.games = 40
	}
	if specs, shard, err = o.check(); err != nil {
		return nil, specs, shard, err
	}
	if err := o.checkSequential(cmd); err != nil {
		return nil, specs, shard, err
	}
	if o.seq != nil && len(args) != 2 {
		return nil, specs, shard, fmt.Errorf("--sprt and --fair-band test one match: give two armies")
	}
	refs = args
	if o.all || quick {
		if len(args) > 0 {
			return nil, specs, shard, fmt.Errorf("--all plays every embedded army; give no army names with it")
		}
		refs = armies.Names()
	}
	if len(args) == 1 {
		return nil, specs, shard, fmt.Errorf("give two armies (or more for a round robin, or --all)")
	}
	if o.leaderTwo && len(refs) != 2 {
		return nil, specs, shard, fmt.Errorf("--leaders %s: two leaders are for a match of two armies; a round robin takes one leader, which every army has", o.leaders)
	}
	return refs, specs, shard, rec.check(o, len(refs) == 2)
}

// runSim is sim of two armies or more: a match or a round robin.
func (o *simOptions) runSim(cmd *cobra.Command, args []string, rec *recordOptions) error {
	refs, specs, shard, err := o.simRefs(cmd, args, rec)
	if err != nil {
		return err
	}
	list, names, err := loadAll(cmd.ErrOrStderr(), refs)
	if err != nil {
		return err
	}
	if err := checkStructures(cmd.ErrOrStderr(), o.structures, list...); err != nil {
		return err
	}
	if err := checkSetsUsed(); err != nil {
		return err
	}
	ctx, bar, done := startRun(cmd)
	defer done()
	r := o.run(specs, shard, bar)
	if len(list) == 2 {
		s, err := runOne(ctx, cmd, r, bar, rec, list, [2]string{refs[0], refs[1]})
		if err != nil {
			return err
		}
		return interrupted(ctx, cmd.ErrOrStderr(), writeResult(cmd, args, o.out, o.format, s, nil, nil))
	}
	bar.Expect(len(list) * (len(list) + 1) / 2 * r.JobGames())
	rr, err := r.RoundRobin(ctx, list, names)
	if err != nil {
		return err
	}
	bar.Finish()
	return interrupted(ctx, cmd.ErrOrStderr(), writeResult(cmd, args, o.out, o.format, nil, rr, nil))
}

// runOne plays sim's match of two armies, recording the games --record and
// --record-losses ask for.
func runOne(ctx context.Context, cmd *cobra.Command, r *study.Run, bar *report.ProgressBar, rec *recordOptions, list []*rules.Army, refs [2]string) (*sim.Summary, error) {
	bar.Expect(r.JobGames())
	if rec.games > 0 {
		if err := rec.record(cmd.ErrOrStderr(), r.NewMatch(list[0], list[1]), refs); err != nil {
			return nil, err
		}
	}
	var losses *study.LossTracker
	if rec.losses > 0 {
		losses = &study.LossTracker{K: rec.losses}
		r.OnGames = losses.Add
	}
	s, err := r.Match(ctx, r.NewMatch(list[0], list[1]))
	if err != nil {
		return nil, err
	}
	bar.Finish()
	if losses == nil {
		return s, nil
	}
	notes, err := losses.Record(rec.dir, r.NewMatch(list[0], list[1]), refs, rawSets())
	printLines(cmd.ErrOrStderr(), notes)
	return s, err
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
