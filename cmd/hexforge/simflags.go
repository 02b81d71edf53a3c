// simflags.go holds the flags shared by sim, importance and sweep
// (simOptions) and their validation: games, workers, players, shards and
// the sequential test.

package main

import (
	"fmt"
	"strconv"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/study"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

// simOptions are the flags shared by sim, importance and sweep: the run
// they describe (check fills in what is parsed from text) and the report.
type simOptions struct {
	study.Run
	players, start, shard, board, leaders string
	leaderTwo                             bool // --leaders named two (one per army of a two-army match)
	format                                report.Format
	out                                   string
	all                                   bool
	sprt, band                            string
	alpha, beta                           float64
	html                                  bool // the command writes --format html (set before register)
	noCSV                                 bool // the command writes no CSV (balance; set before register)
	textJSON                              bool // the command writes table, markdown or json only (choices; set before register)
}

func (o *simOptions) register(cmd *cobra.Command, defGames int) {
	f := cmd.Flags()
	f.IntVar(&o.Games, "games", defGames, "games per matchup (played in seat-swapped pairs, so rounded up to even)")
	f.StringVar(&o.players, "players", player.Default, "computer players: "+player.Usage+"; one for both sides or A,B")
	f.Uint64Var(&o.Seed, "seed", 1, "seed of every random choice; the same seed gives the same games")
	f.IntVar(&o.Workers, "workers", 0, "parallel workers (0 = one per core); results do not depend on it")
	formats := "output format: table, markdown, csv (one tidy table) or json"
	allowed := []report.Format{report.Table, report.Markdown, report.CSV, report.JSON}
	if o.html {
		formats = "output format: table, markdown, csv (one tidy table), html (one self-contained page with plots) or json"
		allowed = report.Formats
	}
	if o.noCSV {
		formats = "output format: table, markdown, html (one self-contained page) or json"
		allowed = []report.Format{report.Table, report.Markdown, report.HTML, report.JSON}
	}
	if o.textJSON {
		formats = "output format: table, markdown or json"
		allowed = []report.Format{report.Table, report.Markdown, report.JSON}
	}
	// Refused while the flags are read, before any game: a study would
	// otherwise play for minutes and then have no page to write.
	f.Var(o.format.Flag(allowed...), "format", formats)
	f.StringVar(&o.out, "out", "", "write the report to FILE (atomically) instead of standard output")
	f.Float64Var(&o.UntilCI, "until-ci", 0, "keep playing until every 95% interval's half-width is below this (e.g. 0.02); shards of a run play fixed parts and merge judges it (docs/scaling.md)")
	f.StringVar(&o.shard, "shard", "", "play only shard i of n (i/n, from 0): shards together give exactly the games of one run")
	f.IntVar(&o.MaxActions, "max-actions", sim.DefaultMaxActions, "cap on actions per game; capped games are reported apart")
	f.BoolVar(&o.Reinforce, "reinforcements", false, "the Reinforcements variant: from the third turn draw up to six, discard one, use two at most, keep three")
	f.BoolVar(&o.Structures, "structures", false, "the Structures variant: once a game, right after drawing, a player may discard three tokens to place their army's Structure (a structure block) on two adjacent empty hexes; without it structure blocks are not played")
	f.StringVar(&o.start, "start", "standard", "how the first turns draw: standard, or alternative (the first player draws three, discards one, plays at most one)")
	f.StringVar(&o.board, "board", "standard", "the board: standard, large, duel (Terminals, Energy and Procedures) or a board FILE (docs/dsl.md)")
	f.StringVar(&o.leaders, "leaders", "", "the Leaders variant: a leader card for every army, or A,B one for each army (an embedded leader's name, see hexforge leaders, or an .army FILE with leader statements; none for no leader)")
	addSetFlag(cmd)
}

// seqMaxGames is the most games a sequential test (--sprt, --fair-band)
// plays unless --games is given; its flags' help says so (seqMax).
const seqMaxGames = 100_000

var seqMax = strconv.Itoa(seqMaxGames)

// registerSequential adds the sequential-test flags (sim's two-army match).
func (o *simOptions) registerSequential(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&o.sprt, "sprt", "", "sequential test of H0 \"A's win rate is P0\" against H1 \"it is P1\" (e.g. 0.50,0.55: does A beat B by 5 points?); with P0 < 0.5 < P1 it is the fair-band test of [P0, P1]; stops when decided, after at most --games games ("+seqMax+" unless --games is given)")
	f.StringVar(&o.band, "fair-band", "", "sequential test of whether A's win rate lies in a band, in percent (e.g. 45-55); stops when decided, after at most --games games ("+seqMax+" unless --games is given)")
	f.Float64Var(&o.alpha, "alpha", 0.05, "sequential test: chance of accepting H1 (or calling a fair army unfair) when H0 holds")
	f.Float64Var(&o.beta, "beta", 0.05, "sequential test: chance of accepting H0 when H1 holds")
}

// checkSequential reads --sprt / --fair-band into the run's Seq
// (sim.ParseSequential).
func (o *simOptions) checkSequential(cmd *cobra.Command) error {
	q, err := sim.ParseSequential(o.sprt, o.band, o.alpha, o.beta, o.UntilCI)
	if err != nil || q == nil {
		return err
	}
	if !cmd.Flags().Changed("games") {
		o.Games = seqMaxGames // the test decides; this is only its upper bound
	}
	o.Seq = q
	return nil
}

// check validates the flags, before anything is loaded or played, and
// reads into the run what is given as text.
func (o *simOptions) check() error {
	if err := o.Run.Check(); err != nil {
		return err
	}
	var err error
	if o.Start, err = engine.ParseStart(o.start); err != nil {
		return fmt.Errorf("--start: %w", err)
	}
	if o.Board, err = position.LoadBoard(o.board, ""); err != nil {
		return fmt.Errorf("--board: %w", err)
	}
	if o.Leaders, o.leaderTwo, err = loader.LeaderPair(o.leaders); err != nil {
		return err
	}
	if o.out != "" {
		if err := textfile.CheckWritable(o.out); err != nil {
			return fmt.Errorf("--out: %w", err)
		}
	}
	if o.Players, err = player.ParsePair(o.players); err != nil {
		return err
	}
	if o.shard != "" {
		o.Shard, err = sim.ParseShard(o.shard)
	}
	return err
}
