package main

import (
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/watch"
	"github.com/spf13/cobra"
)

func newWatch() *cobra.Command {
	var q quickSim
	var players, board, leaders string
	cmd := &cobra.Command{
		Use:   "watch FILE|DIR...",
		Short: "Re-check army files on every save and re-run a quick simulation",
		Long: `watch checks the given army files (or every .army file in the given
directories) and then again on every save. On errors it prints them and keeps
the last good version; on success it prints what changed in the compiled
tables, token by token, and re-runs a quick simulation against the --vs
armies (cancelled when a newer save arrives). Each simulation plays the same
seeds as the last, so a version is compared with the last good one pair by
pair, and a change is called significant only when its paired 95% interval
excludes 0. --set overrides apply to the watched armies and the opponents
they name, on every save. Ctrl-C stops it.`,
		Example: `  hexforge watch my-army.army --vs moloch --vs borgo
  hexforge watch fan-armies/ --games 200
  hexforge watch my-army.army --vs moloch --set 'my-army.army/Gunner.initiative=3'
  hexforge watch my-army.army --vs vegas --board duel --leaders medyk`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := q.parse(players, board, leaders); err != nil {
				return err
			}
			sets, err := parsedSets()
			if err != nil {
				return err
			}
			// A bad opponent is a bad argument: say so now, not after the first save.
			var oppNames []string
			for _, ref := range q.vs {
				l, err := loadArmy(cmd.ErrOrStderr(), ref)
				if err != nil {
					return err
				}
				oppNames = append(oppNames, l.Army.Name)
			}
			also := ""
			if len(q.vs) > 0 {
				also = fmt.Sprintf("then %d games against %s%s", 2*((q.games+1)/2), strings.Join(oppNames, ", "), q.variantWords())
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			w := &watch.Watcher{Paths: args, Out: cmd.OutOrStdout(), OnGood: watchSim(q), Sets: sets, Loader: loader, Also: also}
			return w.Run(ctx)
		},
	}
	cmd.Flags().StringArrayVar(&q.vs, "vs", nil, "opponent army to simulate against after each good save (repeatable)")
	cmd.Flags().IntVar(&q.games, "games", 200, "games per opponent in each quick simulation")
	cmd.Flags().StringVar(&players, "players", player.Default, "computer players of the quick simulations: random, greedy, search[:playouts], plan[:worlds], race[:worlds] or mcts[:iterations]; one for both sides or A,B")
	addVariantFlags(cmd, &board, &leaders, &q.structures)
	addSetFlag(cmd)
	return cmd
}

// quickSim is what watch and serve simulate after each good save: the
// opponents, the games against each, the players, and the variant.
type quickSim struct {
	vs      []string
	games   int
	players [2]player.Spec
	board   *engine.Board    // --board; nil: the standard board
	leaders [2]*rules.Leader // --leaders: the watched army's and the opponent's
	// structures is --structures: the Structures variant, for a designer
	// iterating on a structure block.
	structures bool
}

// parse checks --games and reads --players, --board and --leaders (watch
// and serve share it), before any work: a bad value is the
// command's error, not a line after the first save.
func (q *quickSim) parse(players, board, leaders string) error {
	if q.games < 1 || q.games > maxGames {
		return fmt.Errorf("--games %d: want 1 to %d", q.games, maxGames)
	}
	var err error
	if q.players, err = parsePlayers(players); err != nil {
		return err
	}
	if q.board, err = boardFlag(board); err != nil {
		return err
	}
	if q.leaders, _, err = parseLeaders(leaders); err != nil {
		return err
	}
	if q.structures && len(q.vs) == 0 {
		// Only the quick simulations play the variant: without one the
		// flag would do nothing.
		return fmt.Errorf("--structures plays the Structures variant in the quick simulations: give an opponent with --vs")
	}
	return nil
}

// variantWords names the board and the leaders of the quick simulations
// for the lines that report them ("" for the standard game).
func (q *quickSim) variantWords() string {
	s := boardWords(q.board)
	if q.leaders[0] != nil || q.leaders[1] != nil {
		s += fmt.Sprintf(", leaders %s vs %s", sim.LeaderName(q.leaders[0]), sim.LeaderName(q.leaders[1]))
	}
	if q.structures {
		s += ", Structures"
	}
	return s
}

// addVariantFlags declares --board, --leaders and --structures of the
// quick simulations.
func addVariantFlags(cmd *cobra.Command, board, leaders *string, structures *bool) {
	cmd.Flags().StringVar(board, "board", "standard", "the board of the quick simulations: standard, large, duel or a board FILE (docs/dsl.md)")
	cmd.Flags().StringVar(leaders, "leaders", "", "the Leaders variant in the quick simulations: one leader card for both armies, or A,B (the watched army's, the opponent's; as sim's --leaders)")
	cmd.Flags().BoolVar(structures, "structures", false, "the Structures variant in the quick simulations: the armies' structure blocks may be placed (as sim's --structures)")
}

// watchSim returns the quick-simulation callback, or nil when no opponent is
// given.
var watchSim = func(q quickSim) watch.OnGood { return nil }
