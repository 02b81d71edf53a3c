// simflags.go holds the flags shared by sim, importance and sweep
// (simOptions) and their validation: games, workers, players, shards and
// the sequential test.

package main

import (
	"fmt"
	"strings"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

// maxGames is the documented maximum of --games per matchup (and of what
// --until-ci may reach). Game records are folded into the summary as they
// finish, but the summary lists each pair played (for merging shards), 8
// bytes a pair, so this keeps a run well under 200 MB (docs/scaling.md).
const maxGames = sim.MaxGames

// maxWorkers caps --workers. Games are CPU-bound, so more workers than
// cores only add memory (each holds a game and its player's search) and
// scheduling; 256 is more cores than any one machine here has, and a typo
// like --workers 100000 is caught instead of starting 100000 goroutines.
const maxWorkers = 256

// checkWorkers validates --workers for every command that has it.
func checkWorkers(n int) error {
	if n < 0 || n > maxWorkers {
		return fmt.Errorf("--workers %d: want 0 (one per core) to %d: more workers than cores only slow a run down", n, maxWorkers)
	}
	return nil
}

// simOptions are the flags shared by sim, importance and sweep.
type simOptions struct {
	games      int
	players    string
	seed       uint64
	workers    int
	format     report.Format
	out        string
	untilCI    float64
	shard      string
	maxActions int
	all        bool
	sprt       string
	band       string
	alpha      float64
	beta       float64
	seq        *sim.Sequential // from --sprt or --fair-band (check)
	start      string
	startRule  engine.StartRule
	reinforce  bool
	structures bool             // --structures: the Structures variant
	board      string           // --board: standard, large, duel or a board file
	boardB     *engine.Board    // the board it names (check)
	leaders    string           // --leaders: one leader for every army, or A,B
	leaderL    [2]*rules.Leader // the leaders it names (check)
	leaderTwo  bool             // --leaders named two (one per army of a two-army match)
	html       bool             // the command writes --format html (set before register)
}

func (o *simOptions) register(cmd *cobra.Command, defGames int) {
	f := cmd.Flags()
	f.IntVar(&o.games, "games", defGames, "games per matchup (played in seat-swapped pairs, so rounded up to even)")
	f.StringVar(&o.players, "players", player.Default, "computer players: random, greedy, search[:playouts], plan[:worlds], race[:worlds] or mcts[:iterations]; one for both sides or A,B")
	f.Uint64Var(&o.seed, "seed", 1, "seed of every random choice; the same seed gives the same games")
	f.IntVar(&o.workers, "workers", 0, "parallel workers (0 = one per core); results do not depend on it")
	formats := "output format: table, markdown, csv (one tidy table) or json"
	allowed := []report.Format{report.Table, report.Markdown, report.CSV, report.JSON}
	if o.html {
		formats = "output format: table, markdown, csv (one tidy table), html (one self-contained page with plots) or json"
		allowed = report.Formats
	}
	// Refused while the flags are read, before any game: a study would
	// otherwise play for minutes and then have no page to write.
	f.Var(o.format.Flag(allowed...), "format", formats)
	f.StringVar(&o.out, "out", "", "write the report to FILE (atomically) instead of standard output")
	f.Float64Var(&o.untilCI, "until-ci", 0, "keep playing until every 95% interval's half-width is below this (e.g. 0.02); shards of a run play fixed parts and merge judges it (docs/scaling.md)")
	f.StringVar(&o.shard, "shard", "", "play only shard i of n (i/n, from 0): shards together give exactly the games of one run")
	f.IntVar(&o.maxActions, "max-actions", sim.DefaultMaxActions, "cap on actions per game; capped games are reported apart")
	f.BoolVar(&o.reinforce, "reinforcements", false, "the Reinforcements variant: from the third turn draw up to six, discard one, use two at most, keep three")
	f.BoolVar(&o.structures, "structures", false, "the Structures variant: once a game, right after drawing, a player may discard three tokens to place their army's Structure (a structure block) on two adjacent empty hexes; without it structure blocks are not played")
	f.StringVar(&o.start, "start", "standard", "how the first turns draw: standard, or alternative (the first player draws three, discards one, plays at most one)")
	f.StringVar(&o.board, "board", "standard", "the board: standard, large, duel (Terminals, Energy and Procedures) or a board FILE (docs/dsl.md)")
	f.StringVar(&o.leaders, "leaders", "", "the Leaders variant: a leader card for every army, or A,B one for each army (an embedded leader's name, see hexforge leaders, or an .army FILE with leader statements; none for no leader)")
	addSetFlag(cmd)
}

// registerSequential adds the sequential-test flags (sim's two-army match).
func (o *simOptions) registerSequential(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&o.sprt, "sprt", "", "sequential test of H0 \"A's win rate is P0\" against H1 \"it is P1\" (e.g. 0.50,0.55: does A beat B by 5 points?); with P0 < 0.5 < P1 it is the fair-band test of [P0, P1]; stops when decided, --games is the most it plays")
	f.StringVar(&o.band, "fair-band", "", "sequential test of whether A's win rate lies in a band, in percent (e.g. 45-55); stops when decided, --games is the most it plays")
	f.Float64Var(&o.alpha, "alpha", 0.05, "sequential test: chance of accepting H1 (or calling a fair army unfair) when H0 holds")
	f.Float64Var(&o.beta, "beta", 0.05, "sequential test: chance of accepting H0 when H1 holds")
}

// checkSequential reads --sprt / --fair-band into o.seq.
func (o *simOptions) checkSequential(cmd *cobra.Command) error {
	if o.sprt == "" && o.band == "" {
		return nil
	}
	if o.sprt != "" && o.band != "" {
		return fmt.Errorf("--sprt and --fair-band are two tests: give one")
	}
	if o.untilCI > 0 {
		return fmt.Errorf("--until-ci and a sequential test both decide when to stop: give one")
	}
	if o.alpha <= 0 || o.alpha >= 0.5 || o.beta <= 0 || o.beta >= 0.5 {
		return fmt.Errorf("--alpha %v --beta %v: want error rates between 0 and 0.5, e.g. 0.05", o.alpha, o.beta)
	}
	q, err := sim.ParseSequential(o.sprt, o.band, o.alpha, o.beta)
	if err != nil {
		return err
	}
	if !cmd.Flags().Changed("games") {
		o.games = 100_000 // the test decides; this is only its upper bound
	}
	o.seq = q
	return nil
}

func (o *simOptions) check() ([2]player.Spec, sim.Shard, error) {
	var specs [2]player.Spec
	var shard sim.Shard
	if o.games < 1 || o.games > maxGames {
		return specs, shard, fmt.Errorf("--games %d: want 1 to %d", o.games, maxGames)
	}
	if o.untilCI < 0 || o.untilCI >= 0.5 {
		return specs, shard, fmt.Errorf("--until-ci %v: want a half-width between 0 and 0.5, e.g. 0.02", o.untilCI)
	}
	if err := checkWorkers(o.workers); err != nil {
		return specs, shard, err
	}
	if o.maxActions < 10 {
		return specs, shard, fmt.Errorf("--max-actions %d: want at least 10", o.maxActions)
	}
	rule, err := engine.ParseStart(o.start)
	if err != nil {
		return specs, shard, fmt.Errorf("--start: %w", err)
	}
	o.startRule = rule
	if o.boardB, err = position.LoadBoard(o.board, ""); err != nil {
		return specs, shard, fmt.Errorf("--board: %w", err)
	}
	if o.leaderL, o.leaderTwo, err = parseLeaders(o.leaders); err != nil {
		return specs, shard, err
	}
	if o.out != "" {
		if err := textfile.CheckWritable(o.out); err != nil {
			return specs, shard, fmt.Errorf("--out: %w", err)
		}
	}
	specs, err = parsePlayers(o.players)
	if err != nil {
		return specs, shard, err
	}
	if o.shard != "" {
		if shard, err = sim.ParseShard(o.shard); err != nil {
			return specs, shard, err
		}
	}
	return specs, shard, nil
}

// parsePlayers reads --players: one player for both sides, or A,B.
func parsePlayers(s string) ([2]player.Spec, error) {
	var specs [2]player.Spec
	parts := strings.Split(s, ",")
	if len(parts) > 2 {
		return specs, fmt.Errorf("--players %q: give one player for both sides or two separated by a comma", s)
	}
	for i := range specs {
		p, err := player.Parse(parts[min(i, len(parts)-1)])
		if err != nil {
			return specs, err
		}
		specs[i] = p
	}
	return specs, nil
}
