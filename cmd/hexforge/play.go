package main

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/textfile"
	"github.com/hexforge/hexforge/trace"
	"github.com/spf13/cobra"
)

func newPlay() *cobra.Command {
	var (
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
	)
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
			if from != "" {
				if len(args) > 0 {
					return fmt.Errorf("--from names the armies in its position file: give no army arguments")
				}
				return nil
			}
			return cobra.ExactArgs(2)(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			// Flags first: nothing is loaded or played for a mistyped one.
			specs, err := parsePlayers(players)
			if err != nil {
				return err
			}
			if game < 1 || game > maxGames {
				return fmt.Errorf("--game %d: want 1 to %d (the games of a sim run, counted from 1)", game, maxGames)
			}
			if maxActions < 10 {
				return fmt.Errorf("--max-actions %d: want at least 10", maxActions)
			}
			rule, err := engine.ParseStart(start)
			if err != nil {
				return fmt.Errorf("--start: %w", err)
			}
			leaderL, _, err := parseLeaders(leaders)
			if err != nil {
				return err
			}
			if leaders != "" && from != "" {
				return fmt.Errorf("--leaders with --from: the position's leader lines say the leaders (docs/positions.md)")
			}
			if tracePath != "" {
				if from != "" {
					return fmt.Errorf("--trace records a game from its start; a game from --from cannot be traced yet")
				}
				if err := checkOutDir(tracePath); err != nil {
					return fmt.Errorf("--trace: %w", err)
				}
			}
			board, err := engine.LoadBoard(boardRef, "")
			if err != nil {
				return fmt.Errorf("--board: %w", err)
			}
			if from != "" {
				if cmd.Flags().Changed("board") {
					return fmt.Errorf("--board with --from: the position file's board line gives the board")
				}
				return playFrom(cmd, from, specs, seed, maxActions, structures)
			}
			sets, err := parsedSets()
			if err != nil {
				return err
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
			if err := checkStructures(cmd.ErrOrStderr(), structures, a.Army, b.Army); err != nil {
				return err
			}
			m := &sim.Match{A: a.Army, B: b.Army, Players: specs, Seed: seed, Pairs: 1, MaxActions: maxActions, Start: rule, Reinforce: reinforce, Structures: structures, Leaders: leaderL}
			if board != engine.Standard {
				m.Board = board
			}
			pair, aFirst := (game-1)/2, game%2 == 1
			out := cmd.OutOrStdout()
			if tracePath == "" {
				rec, err := m.Play(pair, aFirst, new(engine.Resolver))
				if err != nil {
					return err
				}
				printGame(out, m, game, rec)
				return nil
			}
			if _, err := engine.BoardByName(boardRef); err != nil {
				// A board file: the trace names it relative to itself, as
				// it names army files.
				m.Board.Name = traceBoardRef(boardRef, tracePath)
				if !filepath.IsLocal(filepath.FromSlash(m.Board.Name)) {
					fmt.Fprintf(cmd.ErrOrStderr(), "note: the trace names %s, outside its directory: replay it with --allow-extends-outside\n", m.Board.Name)
				}
			}
			refs := [2]string{traceRef(args[0], tracePath), traceRef(args[1], tracePath)}
			for _, ref := range refs {
				if armies.IsPath(ref) && !filepath.IsLocal(filepath.FromSlash(ref)) {
					fmt.Fprintf(cmd.ErrOrStderr(), "note: the trace names %s, outside its directory: replay it with --allow-extends-outside\n", ref)
				}
			}
			var buf bytes.Buffer
			r := trace.NewRecorder(&buf, refs[0], refs[1], a.Army, b.Army)
			for _, s := range sets {
				r.Sets = append(r.Sets, s.Raw)
			}
			rec, err := m.PlayObserved(pair, aFirst, new(engine.Resolver), r)
			if err != nil {
				return err
			}
			if err := r.Flush(); err != nil {
				return fmt.Errorf("writing the trace: %w", err)
			}
			if err := writeReport(out, tracePath, func(w io.Writer) error { _, err := w.Write(buf.Bytes()); return err }); err != nil {
				return err
			}
			printGame(out, m, game, rec)
			fmt.Fprintf(out, "trace: %s (%d events)\n", tracePath, r.Events())
			return nil
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&seed, "seed", 1, "seed of every random choice, as sim's --seed")
	f.IntVar(&game, "game", 1, "which game of the sim run with this seed (from 1; odd: A moves first)")
	f.StringVar(&players, "players", player.Default, "computer players: random, greedy, search[:playouts], plan[:worlds], race[:worlds] or mcts[:iterations]; one for both sides or A,B")
	f.StringVar(&tracePath, "trace", "", "write the game's trace to FILE as JSON lines (docs/trace.md)")
	f.IntVar(&maxActions, "max-actions", sim.DefaultMaxActions, "cap on the game's actions")
	f.StringVar(&start, "start", "standard", "how the first turns draw: standard or alternative (as sim's --start)")
	f.BoolVar(&reinforce, "reinforcements", false, "the Reinforcements variant (as sim's --reinforcements)")
	f.BoolVar(&structures, "structures", false, "the Structures variant (as sim's --structures)")
	f.StringVar(&leaders, "leaders", "", "the Leaders variant: one leader card for both armies, or A,B (as sim's --leaders)")
	f.StringVar(&boardRef, "board", "standard", "the board: standard, large, duel or a board FILE (as sim's --board)")
	f.StringVar(&from, "from", "", "play on from a position FILE (its hands, decks and discard piles too; docs/positions.md)")
	addSetFlag(cmd)
	return cmd
}

// playFrom plays one game from a position file and prints how it ended.
func playFrom(cmd *cobra.Command, file string, specs [2]player.Spec, seed uint64, maxActions int, structures bool) error {
	src, err := textfile.Read(file, "a position file", engine.MaxPositionSize)
	if err != nil {
		return err
	}
	s, piles, err := engine.ParseSetup(file, src, func(ref string) (*rules.Army, error) {
		return positionArmy(relativeTo(file, ref))
	})
	if err == nil {
		// A leader file is named relative to the position, as its armies.
		err = piles.LoadLeaders(func(ref string) (*rules.Leader, error) { return loader.LoadLeader(relativeTo(file, ref)) })
	}
	if err != nil {
		if l, ok := err.(diag.List); ok {
			l.Render(cmd.ErrOrStderr(), map[string][]byte{file: src})
			return exitError{1}
		}
		return err
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
	if n := s.Players(); n > 2 {
		if specs[0] != specs[1] {
			return fmt.Errorf("--players %s,%s: a position of %d players is played with one player for every seat", specs[0], specs[1], n)
		}
		return playFromN(cmd.OutOrStdout(), file, s, piles, specs, seed, maxActions)
	}
	g, actions, capped, err := sim.PlayFrom(s, piles, specs, seed, maxActions)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	out := cmd.OutOrStdout()
	names := [2]string{s.Armies[0].Name, s.Armies[1].Name}
	lead := ""
	if piles.Leader[0] != nil || piles.Leader[1] != nil {
		var ls [2]string
		for p, l := range piles.Leader[:2] {
			ls[p] = sim.LeaderName(l)
			if l != nil {
				ls[p] += fmt.Sprintf(" (%d of %d uses left)", rules.LeaderUses-int(piles.LeaderUsed[p]), rules.LeaderUses)
			}
		}
		lead = fmt.Sprintf("; leaders %s and %s", ls[0], ls[1])
	}
	fmt.Fprintf(out, "from %s, seed %d: player 1 %s (%s), player 2 %s (%s)%s; player %d's turn %d started it\n", file, seed, names[0], specs[0], names[1], specs[1], lead, piles.ToMove+1, piles.Turn)
	how := "draw"
	switch {
	case capped:
		how = fmt.Sprintf("capped after %d actions (no result)", actions)
	case g.Result == engine.Win1:
		how = names[0] + " (player 1) wins"
	case g.Result == engine.Win2:
		how = names[1] + " (player 2) wins"
	}
	fmt.Fprintf(out, "%s: HQ %d, %d after turn %d, %d battles, %d actions\n", how, g.S.HQPoints(0), g.S.HQPoints(1), g.Turn, g.Battles, actions)
	return nil
}

// printGame is the short summary of one game.
func printGame(w io.Writer, m *sim.Match, game int, rec sim.GameRecord) {
	first, second := m.A.Name, m.B.Name
	if !rec.AFirst {
		first, second = second, first
	}
	on := ""
	if m.Board != nil && m.Board != engine.Standard {
		on = " on the " + m.Board.Name + " board"
	}
	if m.Leaders[0] != nil || m.Leaders[1] != nil {
		on += fmt.Sprintf(", leaders %s (%s) and %s (%s)", sim.LeaderName(m.Leaders[0]), m.A.Name, sim.LeaderName(m.Leaders[1]), m.B.Name)
	}
	fmt.Fprintf(w, "game %d, seed %d%s: %s (%s) moves first, %s (%s) second\n", game, m.Seed, on, first, m.Players[0], second, m.Players[1])
	var how string
	switch rec.Outcome {
	case sim.Win:
		how = m.A.Name + " wins"
	case sim.Loss:
		how = m.B.Name + " wins"
	case sim.Draw:
		how = "draw"
	default:
		how = fmt.Sprintf("capped after %d actions (no result)", rec.Actions)
	}
	fmt.Fprintf(w, "%s: HQ %s %d, %s %d after %d turns, %d battles, %d actions\n",
		how, m.A.Name, rec.HQ[0], m.B.Name, rec.HQ[1], rec.Turns, rec.Battles, rec.Actions)
}

// traceBoardRef is how a trace names a board file: relative to the trace's
// directory.
func traceBoardRef(ref, tracePath string) string {
	abs, err1 := filepath.Abs(ref)
	dir, err2 := filepath.Abs(filepath.Dir(tracePath))
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(ref)
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

// traceRef is how a trace names an army: a short name as it is, a path
// relative to the trace's directory, so that a trace moved together with
// its army files still replays.
func traceRef(ref, tracePath string) string {
	if !armies.IsPath(ref) {
		return ref
	}
	abs, err1 := filepath.Abs(ref)
	dir, err2 := filepath.Abs(filepath.Dir(tracePath))
	if err1 != nil || err2 != nil {
		return ref
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}
