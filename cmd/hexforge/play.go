package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/study"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

// playOptions are play's flags.
type playOptions struct {
	seed       uint64
	game       int
	players    string
	tracePath  string
	maxActions int
	from       string
	start      string
	reinforce  bool
	structures bool
	leaders    string
	boardRef   string
}

func newPlay() *cobra.Command {
	o := &playOptions{}
	cmd := &cobra.Command{
		Use:   "play A B | --from POSITION",
		Short: "Play one game between two armies and show or trace it",
		Long: `play plays one game between armies A and B (short names or .army files)
with computer players and prints a short summary: who won, the HQ points,
turns and battles.

The game is game --game of 'hexforge sim A B --seed N' with the same players
and --max-actions: odd games give army A the first seat, even games army B.

With --trace FILE it also writes the game's trace: every draw, discard,
placement, move, instant and its targets, ability, rule question and its
answer, battle segment, wound, heal and removal, and the final state, as
JSON lines (docs/trace.md). 'hexforge replay FILE' prints and checks it.

With --from FILE it plays on from a position file instead (docs/positions.md):
its board, and the hands, deck tops and discard piles it lists; the tokens
it places nowhere are shuffled into the decks from --seed, and the turn it
names starts. A position of 3 or 4 players (its mode, teams and leaders
too) is played with one --players player for every seat.`,
		Example: `  hexforge play moloch borgo --seed 7
  hexforge play my-army.army moloch --seed 3 --players search:64,greedy --trace game.jsonl
  hexforge replay game.jsonl
  hexforge play --from endgame.pos --seed 4 --players search:64`,
		Args: func(cmd *cobra.Command, args []string) error {
			if o.from != "" && len(args) > 0 {
				return fmt.Errorf("--from names the armies in its position file: give no army arguments")
			}
			if o.from != "" {
				return nil
			}
			return cobra.ExactArgs(2)(cmd, args)
		},
		RunE: o.run,
	}
	o.register(cmd)
	return cmd
}

func (o *playOptions) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.Uint64Var(&o.seed, "seed", 1, "seed of every random choice, as sim's --seed")
	f.IntVar(&o.game, "game", 1, "which game of the sim run with this seed (from 1; odd: A moves first)")
	f.StringVar(&o.players, "players", player.Default, "computer players: random, greedy, search[:playouts], plan[:worlds], race[:worlds] or mcts[:iterations]; one for both sides or A,B")
	f.StringVar(&o.tracePath, "trace", "", "write the game's trace to FILE as JSON lines (docs/trace.md)")
	f.IntVar(&o.maxActions, "max-actions", sim.DefaultMaxActions, "cap on the game's actions")
	f.StringVar(&o.start, "start", "standard", "how the first turns draw: standard or alternative (as sim's --start)")
	f.BoolVar(&o.reinforce, "reinforcements", false, "the Reinforcements variant (as sim's --reinforcements)")
	f.BoolVar(&o.structures, "structures", false, "the Structures variant (as sim's --structures)")
	f.StringVar(&o.leaders, "leaders", "", "the Leaders variant: one leader card for both armies, or A,B (as sim's --leaders)")
	f.StringVar(&o.boardRef, "board", "standard", "the board: standard, large, duel or a board FILE (as sim's --board)")
	f.StringVar(&o.from, "from", "", "play on from a position FILE (its hands, decks and discard piles too; docs/positions.md)")
	addSetFlag(cmd)
}

// check reads the flags into the match they describe (without its
// armies), before anything is loaded or played.
func (o *playOptions) check(cmd *cobra.Command) (*sim.Match, error) {
	specs, err := parsePlayers(o.players)
	if err != nil {
		return nil, err
	}
	if o.game < 1 || o.game > maxGames {
		return nil, fmt.Errorf("--game %d: want 1 to %d (the games of a sim run, counted from 1)", o.game, maxGames)
	}
	if o.maxActions < 10 {
		return nil, fmt.Errorf("--max-actions %d: want at least 10", o.maxActions)
	}
	rule, err := engine.ParseStart(o.start)
	if err != nil {
		return nil, fmt.Errorf("--start: %w", err)
	}
	leaderL, _, err := parseLeaders(o.leaders)
	if err != nil {
		return nil, err
	}
	if o.leaders != "" && o.from != "" {
		return nil, fmt.Errorf("--leaders with --from: the position's leader lines say the leaders (docs/positions.md)")
	}
	if o.tracePath != "" && o.from != "" {
		return nil, fmt.Errorf("--trace records a game from its start; a game from --from cannot be traced yet")
	}
	if o.tracePath != "" {
		if err := textfile.CheckWritable(o.tracePath); err != nil {
			return nil, fmt.Errorf("--trace: %w", err)
		}
	}
	board, err := position.LoadBoard(o.boardRef, "")
	if err != nil {
		return nil, fmt.Errorf("--board: %w", err)
	}
	if o.from != "" && cmd.Flags().Changed("board") {
		return nil, fmt.Errorf("--board with --from: the position file's board line gives the board")
	}
	m := &sim.Match{Players: specs, Seed: o.seed, Pairs: 1, MaxActions: o.maxActions, Start: rule, Reinforce: o.reinforce, Structures: o.structures, Leaders: leaderL}
	if board != position.Standard {
		m.Board = board
	}
	return m, nil
}

func (o *playOptions) run(cmd *cobra.Command, args []string) error {
	// Flags first: nothing is loaded or played for a mistyped one.
	m, err := o.check(cmd)
	if err != nil {
		return err
	}
	if o.from != "" {
		return playFrom(cmd, o.from, m.Players, o.seed, o.maxActions, o.structures)
	}
	a, err := loadArmy(cmd.ErrOrStderr(), args[0])
	if err != nil {
		return err
	}
	b, err := loadArmy(cmd.ErrOrStderr(), args[1])
	if err != nil {
		return err
	}
	if err := checkSetsUsed(); err != nil {
		return err
	}
	if err := checkStructures(cmd.ErrOrStderr(), o.structures, a.Army, b.Army); err != nil {
		return err
	}
	m.A, m.B = a.Army, b.Army
	out := cmd.OutOrStdout()
	if o.tracePath == "" {
		rec, err := m.Play((o.game-1)/2, o.game%2 == 1, new(engine.Resolver))
		if err != nil {
			return err
		}
		sim.WriteGame(out, m, o.game, rec)
		return nil
	}
	return o.playTraced(cmd, m, args)
}

// playTraced plays the game and writes its trace (study.TraceGame), with a
// note for each file it names outside its directory.
func (o *playOptions) playTraced(cmd *cobra.Command, m *sim.Match, args []string) error {
	note := func(ref string) {
		if !filepath.IsLocal(filepath.FromSlash(ref)) {
			fmt.Fprintf(cmd.ErrOrStderr(), "note: the trace names %s, outside its directory: replay it with --allow-extends-outside\n", ref)
		}
	}
	_, boardErr := position.BoardByName(o.boardRef)
	if boardErr != nil { // a board file: the trace names it relative to itself
		note(study.TraceBoardRef(o.boardRef, o.tracePath))
	}
	for _, ref := range args {
		if ref = study.TraceRef(ref, o.tracePath); armies.IsPath(ref) {
			note(ref)
		}
	}
	rec, tr, events, err := study.TraceGame(o.tracePath, m, [2]string{args[0], args[1]}, o.game, rawSets(), new(engine.Resolver))
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	if err := writeReport(out, o.tracePath, func(w io.Writer) error { _, err := w.Write(tr); return err }); err != nil {
		return err
	}
	if boardErr != nil {
		m.Board.Name = study.TraceBoardRef(o.boardRef, o.tracePath)
	}
	sim.WriteGame(out, m, o.game, rec)
	fmt.Fprintf(out, "trace: %s (%d events)\n", o.tracePath, events)
	return nil
}

// playFrom plays one game from a position file and prints how it ended.
func playFrom(cmd *cobra.Command, file string, specs [2]player.Spec, seed uint64, maxActions int, structures bool) error {
	s, piles, src, err := position.ReadSetup(file, loader)
	if err != nil {
		return positionError(cmd.ErrOrStderr(), file, src, err)
	}
	// A Structure on the board implies the variant (ParseSetup sets
	// piles.Structures); --structures turns it on for a board without one,
	// so that the players may still place theirs.
	if !piles.Structures {
		if err := checkStructures(cmd.ErrOrStderr(), structures, s.Armies[:s.Players()]...); err != nil {
			return err
		}
		piles.Structures = structures
	}
	if n := s.Players(); n > 2 && specs[0] != specs[1] {
		return fmt.Errorf("--players %s,%s: a position of %d players is played with one player for every seat", specs[0], specs[1], n)
	}
	g, err := sim.PlayPosition(file, s, piles, specs, seed, maxActions)
	if err != nil {
		return err
	}
	g.Write(cmd.OutOrStdout())
	return nil
}
