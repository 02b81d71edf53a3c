package main

import (
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/hexforge/hexforge/position"

	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/watch"
	"github.com/hexforge/hexforge/workbench"
	"github.com/spf13/cobra"
)

func newWatch() *cobra.Command {
	q := &workbench.Quick{}
	var players, board, leaders string
	cmd := &cobra.Command{
		Use:   "watch FILE|DIR...",
		Short: "Re-check army files on every save and re-run a quick simulation",
		Long: `watch checks the given army files (or every .army file in the given
directories) and then again on every save. On errors it prints them and keeps
the last good version; on success it prints what changed in the compiled
tables, token by token, and re-runs a quick simulation against the --vs
armies (a newer version of the army cancels it; saving any other file
leaves it alone). Each simulation plays the same
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
			if err := parseQuick(q, players, board, leaders); err != nil {
				return err
			}
			s, err := session()
			if err != nil {
				return err
			}
			// A bad opponent is a bad argument: say so now, not after the first save.
			var oppNames []string
			for _, ref := range q.Vs {
				l, err := loadArmy(cmd.ErrOrStderr(), ref)
				if err != nil {
					return err
				}
				oppNames = append(oppNames, l.Army.Name)
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			w := &watch.Watcher{Paths: args, Out: cmd.OutOrStdout(), OnGood: watchSim(q), Sets: s.Sets, Loader: loader, Also: q.Plan(oppNames)}
			return w.Run(ctx)
		},
	}
	cmd.Flags().StringArrayVar(&q.Vs, "vs", nil, "opponent army to simulate against after each good save (repeatable)")
	cmd.Flags().IntVar(&q.Games, "games", 200, "games per opponent in each quick simulation")
	cmd.Flags().StringVar(&players, "players", player.Default, "computer players of the quick simulations: random, greedy, search[:playouts], plan[:worlds], race[:worlds], mcts[:iterations] or wide[:worlds]; one for both sides or A,B")
	addVariantFlags(cmd, &board, &leaders, &q.Structures)
	addSetFlag(cmd)
	return cmd
}

// parseQuick checks the quick simulation's settings (workbench.Quick.Check)
// and reads --players, --board and --leaders (watch and serve share it),
// before any work.
func parseQuick(q *workbench.Quick, players, board, leaders string) error {
	if err := q.Check(); err != nil {
		return err
	}
	var err error
	if q.Players, err = player.ParsePair(players); err != nil {
		return err
	}
	if q.Board, err = position.LoadFlag(board); err != nil {
		return err
	}
	if q.Leaders, _, err = loader.LeaderPair(leaders); err != nil {
		return err
	}
	q.Loader = loader
	q.Load = func(w io.Writer, ref string) (*rules.Army, error) {
		l, err := loadArmy(w, ref)
		if err != nil {
			return nil, err
		}
		return l.Army, nil
	}
	return nil
}

// addVariantFlags declares --board, --leaders and --structures of the
// quick simulations.
func addVariantFlags(cmd *cobra.Command, board, leaders *string, structures *bool) {
	cmd.Flags().StringVar(board, "board", "standard", "the board of the quick simulations: standard, large, duel or a board FILE (docs/dsl.md)")
	cmd.Flags().StringVar(leaders, "leaders", "", "the Leaders variant in the quick simulations: one leader card for both armies, or A,B (the watched army's, the opponent's; as sim's --leaders)")
	cmd.Flags().BoolVar(structures, "structures", false, "the Structures variant in the quick simulations: the armies' structure blocks may be placed (as sim's --structures)")
}

// watchSim gives the quick simulation after each good save (a variable so
// that a test can watch what the watched army is).
var watchSim = (*workbench.Quick).OnGood
