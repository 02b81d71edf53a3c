package main

import (
	"fmt"
	"path/filepath"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/study"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

// playOptions are play's flags: the match they describe (check reads into
// it what is given as text) and which game of it to play.
type playOptions struct {
	sim.Match
	game                                               int
	players, tracePath, from, start, leaders, boardRef string
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
	f.Uint64Var(&o.Seed, "seed", 1, "seed of every random choice, as sim's --seed")
	f.IntVar(&o.game, "game", 1, "which game of the sim run with this seed (from 1; odd: A moves first)")
	f.StringVar(&o.players, "players", player.Default, "computer players: "+player.Usage+"; one for both sides or A,B")
	f.StringVar(&o.tracePath, "trace", "", "write the game's trace to FILE as JSON lines (docs/trace.md)")
	f.IntVar(&o.MaxActions, "max-actions", sim.DefaultMaxActions, "cap on the game's actions")
	f.StringVar(&o.start, "start", "standard", "how the first turns draw: standard or alternative (as sim's --start)")
	f.BoolVar(&o.Reinforce, "reinforcements", false, "the Reinforcements variant (as sim's --reinforcements)")
	f.BoolVar(&o.Structures, "structures", false, "the Structures variant (as sim's --structures)")
	f.StringVar(&o.leaders, "leaders", "", "the Leaders variant: one leader card for both armies, or A,B (as sim's --leaders)")
	f.StringVar(&o.boardRef, "board", "standard", "the board: standard, large, duel or a board FILE (as sim's --board)")
	f.StringVar(&o.from, "from", "", "play on from a position FILE (its hands, decks and discard piles too; docs/positions.md)")
	addSetFlag(cmd)
}

// check reads the flags into the match they describe (without its
// armies), before anything is loaded or played.
func (o *playOptions) check(cmd *cobra.Command) error {
	var err error
	if o.Players, err = player.ParsePair(o.players); err != nil {
		return err
	}
	if o.game < 1 || o.game > sim.MaxGames {
		return fmt.Errorf("--game %d: want 1 to %d (the games of a sim run, counted from 1)", o.game, sim.MaxGames)
	}
	if o.MaxActions < 10 {
		return fmt.Errorf("--max-actions %d: want at least 10", o.MaxActions)
	}
	if o.Start, err = engine.ParseStart(o.start); err != nil {
		return fmt.Errorf("--start: %w", err)
	}
	if o.Leaders, _, err = loader.LeaderPair(o.leaders); err != nil {
		return err
	}
	if o.leaders != "" && o.from != "" {
		return fmt.Errorf("--leaders with --from: the position's leader lines say the leaders (docs/positions.md)")
	}
	if o.tracePath != "" {
		if err := textfile.CheckWritable(o.tracePath); err != nil {
			return fmt.Errorf("--trace: %w", err)
		}
	}
	if o.Board, err = position.LoadFlag(o.boardRef); err != nil {
		return err
	}
	if o.from != "" && cmd.Flags().Changed("board") {
		return fmt.Errorf("--board with --from: the position file's board line gives the board")
	}
	o.Pairs = 1
	return nil
}

func (o *playOptions) run(cmd *cobra.Command, args []string) error {
	// Flags first: nothing is loaded or played for a mistyped one.
	if err := o.check(cmd); err != nil {
		return err
	}
	if o.from != "" {
		return playFrom(cmd, o.from, o.Players, o.Seed, o.MaxActions, o.Structures, o.tracePath)
	}
	list, _, err := loadRun(cmd, o.Structures, args)
	if err != nil {
		return err
	}
	m := &o.Match
	m.A, m.B = list[0], list[1]
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

// playTraced plays the game and writes its trace (study.TracePlay), with a
// note for each file it names outside its directory.
func (o *playOptions) playTraced(cmd *cobra.Command, m *sim.Match, args []string) error {
	rec, events, notes, err := study.TracePlay(o.tracePath, m, [2]string{args[0], args[1]}, o.boardRef, o.game, loads.Raw())
	printLines(cmd.ErrOrStderr(), notes)
	if err != nil {
		return err
	}
	sim.WriteGame(cmd.OutOrStdout(), m, o.game, rec)
	fmt.Fprintf(cmd.OutOrStdout(), "trace: %s (%d events)\n", o.tracePath, events)
	return nil
}

// playFrom plays one game from a position file and prints how it ended.
func playFrom(cmd *cobra.Command, file string, specs [2]player.Spec, seed uint64, maxActions int, structures bool, tracePath string) error {
	s, piles, src, err := position.ReadSetup(file, loader)
	if err != nil {
		return positionError(cmd.ErrOrStderr(), file, src, err)
	}
	g, note, err := study.PlayFrom(file, s, piles, specs, seed, maxActions, structures, tracePath)
	if note != "" {
		fmt.Fprintln(cmd.ErrOrStderr(), note)
	}
	if err != nil {
		return err
	}
	g.Write(cmd.OutOrStdout())
	if tracePath != "" {
		if rel := study.TraceBoardRef(file, tracePath); !filepath.IsLocal(filepath.FromSlash(rel)) {
			fmt.Fprintf(cmd.ErrOrStderr(), "note: the trace names %s, outside its directory: replay it with --allow-extends-outside\n", rel)
		}
		fmt.Fprintf(cmd.OutOrStdout(), "trace: %s\n", tracePath)
	}
	return nil
}
