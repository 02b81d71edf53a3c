package main

import (
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/watch"
	"github.com/spf13/cobra"
)

func newWatch() *cobra.Command {
	var vs []string
	var games int
	var players string
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
  hexforge watch my-army.army --vs moloch --set 'my-army.army/Gunner.initiative=3'`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if games < 1 || games > maxGames {
				return fmt.Errorf("--games %d: want 1 to %d", games, maxGames)
			}
			specs, err := parsePlayers(players)
			if err != nil {
				return err
			}
			sets, err := parsedSets()
			if err != nil {
				return err
			}
			// A bad opponent is a bad argument: say so now, not after the first save.
			var oppNames []string
			for _, ref := range vs {
				l, err := loadArmy(cmd.ErrOrStderr(), ref)
				if err != nil {
					return err
				}
				oppNames = append(oppNames, l.Army.Name)
			}
			also := ""
			if len(vs) > 0 {
				also = fmt.Sprintf("then %d games against %s", 2*((games+1)/2), strings.Join(oppNames, ", "))
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			w := &watch.Watcher{Paths: args, Out: cmd.OutOrStdout(), OnGood: watchSim(vs, games, specs), Sets: sets, Also: also}
			return w.Run(ctx)
		},
	}
	cmd.Flags().StringArrayVar(&vs, "vs", nil, "opponent army to simulate against after each good save (repeatable)")
	cmd.Flags().IntVar(&games, "games", 200, "games per opponent in each quick simulation")
	cmd.Flags().StringVar(&players, "players", sim.DefaultPlayer, "computer players of the quick simulations: random, greedy, search[:playouts], plan[:worlds] or mcts[:iterations]; one for both sides or A,B")
	addSetFlag(cmd)
	return cmd
}

// watchSim returns the quick-simulation callback, or nil when no opponent is
// given.
var watchSim = func(vs []string, games int, players [2]sim.PlayerSpec) watch.OnGood { return nil }
