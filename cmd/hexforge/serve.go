package main

import (
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/workbench"
	"github.com/spf13/cobra"
)

func newServe() *cobra.Command {
	q := &workbench.Quick{}
	var addr, players, board, leaders string
	cmd := &cobra.Command{
		Use:   "serve FILE --vs OPPONENT...",
		Short: "A live workbench page: the help card, the diagnostics and quick results, updated on every save",
		Long: fmt.Sprintf(`serve starts a local web server (127.0.0.1 unless --addr says otherwise)
whose page shows the army's help card, its check diagnostics and the latest
quick simulation against the --vs armies, and updates itself every time the
file is saved (server-sent events fed by the same file watcher as watch).
A broken save shows its diagnostics while the last good card and results
stay. While a new version plays, the last result stays on the page, marked
as the previous version's, beside the run's progress. Each version plays
the same seeds, so its result gives the paired change against the last
version that played to the end, called better or worse only when its 95%%
interval excludes 0 (as watch says it). The page keeps a history of the
last %d good versions: when, what changed in the compiled tables, and the
result; in a file of several armies each army has its own versions and
the page names the army of each. It answers only requests addressed to this machine (localhost, the
address it listens on, the host of --addr), closes idle connections and
serves at most 32 live pages (docs/security.md). --set overrides apply to
the army and the opponents they name, on every save, as in watch; one that
no longer applies is shown with the diagnostics. Ctrl-C stops it.`, workbench.MaxHistory),
		Example: `  hexforge serve my-army.army --vs moloch --vs borgo
  hexforge serve my-army.army --vs moloch --addr 127.0.0.1:9000
  hexforge serve my-army.army --vs vegas --board duel --leaders taktyk
  hexforge serve my-army.army --vs moloch --set 'my-army.army/Gunner.initiative=3'`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := parseQuick(q, players, board, leaders); err != nil {
				return err
			}
			s, err := session()
			if err != nil {
				return err
			}
			host, _, err := net.SplitHostPort(addr)
			if err != nil {
				return fmt.Errorf("--addr %q: want HOST:PORT, e.g. 127.0.0.1:8377", addr)
			}
			for _, ref := range q.Vs {
				if _, err := loadArmy(cmd.ErrOrStderr(), ref); err != nil {
					return err
				}
			}
			if _, err := os.Stat(args[0]); err != nil {
				return err
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("--addr %s: %w", addr, err)
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			fmt.Fprintf(cmd.OutOrStdout(), "serving %s on http://%s/ (Ctrl-C stops)\n", args[0], ln.Addr())
			bench := newBench(args[0], q)
			bench.Hosts = []string{host} // a name given to --addr is a name of this server
			bench.Sets = s.Sets
			return bench.Serve(ctx, ln)
		},
	}
	cmd.Flags().StringArrayVar(&q.Vs, "vs", nil, "opponent army for the quick simulation (repeatable)")
	cmd.Flags().IntVar(&q.Games, "games", 100, "games per opponent in each quick simulation")
	cmd.Flags().StringVar(&players, "players", player.Default, "computer players of the quick simulations: random, greedy, search[:playouts], plan[:worlds], race[:worlds], mcts[:iterations] or wide[:worlds]; one for both sides or A,B")
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8377", "address to listen on (HOST:PORT); the default answers this machine only")
	addVariantFlags(cmd, &board, &leaders, &q.Structures)
	addSetFlag(cmd)
	return cmd
}

// newBench makes serve's workbench (a variable so that a test can reach
// the bench that serve runs).
var newBench = workbench.NewBench
