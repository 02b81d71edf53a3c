// sim.go holds the sim command (newSim): loading the armies of a run and
// checking the Structures variant against them. Its flags are in
// simflags.go, the progress bar in progress.go, running matches in
// simrun.go, and the merge command in merge.go.

package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
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
			quick := len(args) == 0 && !o.all
			if quick && !cmd.Flags().Changed("games") {
				o.games = 40
			}
			specs, shard, err := o.check()
			if err != nil {
				return err
			}
			if err := o.checkSequential(cmd); err != nil {
				return err
			}
			if o.seq != nil && len(args) != 2 {
				return fmt.Errorf("--sprt and --fair-band test one match: give two armies")
			}
			refs := args
			if o.all || quick {
				if len(args) > 0 {
					return fmt.Errorf("--all plays every embedded army; give no army names with it")
				}
				refs = armies.Names()
			}
			if len(args) == 1 {
				return fmt.Errorf("give two armies (or more for a round robin, or --all)")
			}
			if o.leaderTwo && len(refs) != 2 {
				return fmt.Errorf("--leaders %s: two leaders are for a match of two armies; a round robin takes one leader, which every army has", o.leaders)
			}
			if err := rec.check(o, len(refs) == 2); err != nil {
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
			matches := len(list) * (len(list) + 1) / 2
			if len(list) == 2 {
				matches = 1
			}
			bar.expect(matches * o.jobGames())
			mk := func(a, b *rules.Army) *sim.Match {
				return &sim.Match{A: a, B: b, Players: specs, Seed: o.seed, Shard: shard, MaxActions: o.maxActions, Start: o.startRule, Reinforce: o.reinforce, Structures: o.structures, Board: o.boardB, Leaders: o.leaderL}
			}
			if len(list) == 2 {
				if rec.games > 0 {
					if err := rec.record(cmd.ErrOrStderr(), mk(list[0], list[1]), [2]string{refs[0], refs[1]}); err != nil {
						return err
					}
				}
				if rec.losses > 0 {
					o.losses = &lossTracker{k: rec.losses}
				}
				s, err := runMatch(ctx, o, mk(list[0], list[1]), bar)
				if err != nil {
					return err
				}
				bar.finish()
				if o.losses != nil {
					if err := o.losses.recordLosses(cmd.ErrOrStderr(), rec.dir, mk(list[0], list[1]), [2]string{refs[0], refs[1]}); err != nil {
						return err
					}
				}
				err = writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
					return report.Write(w, report.Report{Match: s, Command: commandLine(cmd, args)}, o.format)
				})
				if err == nil && o.format == report.CSV {
					err = writeCSVTables(cmd.OutOrStdout(), o.out, []*sim.Summary{s}, nil)
				}
				return interrupted(ctx, cmd.ErrOrStderr(), err)
			}
			rr := &sim.RoundRobin{Armies: names, Players: sim.RoundRobinPlayers(specs[0].String(), specs[1].String()), Matches: map[[2]int]*sim.Summary{}}
			for i := range list {
				for j := i; j < len(list); j++ {
					if ctx.Err() != nil {
						break
					}
					s, err := runMatch(ctx, o, mk(list[i], list[j]), bar)
					if err != nil {
						return err
					}
					s.A, s.B = names[i], names[j]
					rr.Matches[[2]int{i, j}] = s
				}
			}
			bar.finish()
			err = writeReport(cmd.OutOrStdout(), o.out, func(w io.Writer) error {
				return report.Write(w, report.Report{RoundRobin: rr, Command: commandLine(cmd, args)}, o.format)
			})
			if err == nil && o.format == report.CSV {
				err = writeCSVTables(cmd.OutOrStdout(), o.out, rr.Sums(), rr)
			}
			return interrupted(ctx, cmd.ErrOrStderr(), err)
		},
	}
	o.register(cmd, 200)
	o.registerSequential(cmd)
	cmd.Flags().BoolVar(&o.all, "all", false, "round robin of every embedded army")
	rec.register(cmd)
	mo.register(cmd)
	return cmd
}

// checkStructures checks the Structures variant against the armies of a
// run, before any game is played. With --structures some army must have a
// structure block, or the option would change nothing: that is an error.
// Without it an army's structure blocks are not played, as at a table
// that does not play the variant (the Structures are tokens besides the
// army, not in its draw pile); a note on stderr says so, since every
// figure of the report is then of the game without them.
func checkStructures(stderr io.Writer, on bool, list ...*rules.Army) error {
	var with []string
	for _, a := range list {
		if len(a.Structures) > 0 {
			with = append(with, fmt.Sprintf("%q", a.Name))
		}
	}
	switch {
	case on && len(with) == 0:
		return fmt.Errorf("--structures: no army of this run has a structure block, so the variant would change nothing (docs/dsl.md, \"Structures\")")
	case !on && len(with) > 0:
		fmt.Fprintf(stderr, "note: %s %s structure blocks, played only with --structures; this run plays without them\n", strings.Join(with, ", "), map[bool]string{true: "has", false: "have"}[len(with) == 1])
	}
	return nil
}
