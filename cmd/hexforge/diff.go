package main

import (
	"fmt"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/study"
	"github.com/spf13/cobra"
)

// diffOptions are diff's flags.
type diffOptions struct {
	sim     bool
	vs      []string
	games   int
	players string
	seed    uint64
}

func newDiff() *cobra.Command {
	o := &diffOptions{}
	cmd := &cobra.Command{
		Use:   "diff A B",
		Short: "Show what changed between two armies, token by token",
		Long: `diff compiles two armies (short names, paths, or the same army with --set
overrides) and lists the tokens added, removed and changed, field by field.

With --sim it also plays A and then B against each --vs opponent on the same
seeds and draws, and reports B's change in win rate measured pair by pair,
with its paired 95% interval and whether it is significant.`,
		Example: `  hexforge diff moloch my-moloch.army
  hexforge diff moloch moloch --set 'moloch/Gauss Cannon.initiative=3'
  hexforge diff moloch my-moloch.army --sim --vs borgo --vs vegas --games 1000`,
		Args: cobra.ExactArgs(2),
		RunE: o.run,
	}
	addSetFlag(cmd)
	f := cmd.Flags()
	f.BoolVar(&o.sim, "sim", false, "also play both armies against the --vs opponents on the same seeds and report the paired change in win rate")
	f.StringArrayVar(&o.vs, "vs", nil, "opponent for --sim (repeatable)")
	f.IntVar(&o.games, "games", 400, "games per opponent and army for --sim")
	f.StringVar(&o.players, "players", player.Default, "computer players for --sim: one for both sides or A,B")
	f.Uint64Var(&o.seed, "seed", 1, "seed of every random choice of --sim")
	return cmd
}

// check checks every flag before any army is compiled or game played.
func (o *diffOptions) check(cmd *cobra.Command) ([2]player.Spec, error) {
	if !o.sim {
		if len(o.vs) > 0 || cmd.Flags().Changed("games") {
			return [2]player.Spec{}, fmt.Errorf("--vs and --games are for --sim")
		}
		return [2]player.Spec{}, nil
	}
	if len(o.vs) == 0 {
		return [2]player.Spec{}, fmt.Errorf("--sim needs at least one opponent: --vs ARMY")
	}
	if o.games < 2 || o.games > sim.MaxGames {
		return [2]player.Spec{}, fmt.Errorf("--games %d: want 2 to %d", o.games, sim.MaxGames)
	}
	return player.ParsePair(o.players)
}

func (o *diffOptions) run(cmd *cobra.Command, args []string) error {
	specs, err := o.check(cmd)
	if err != nil {
		return err
	}
	a, err := loader.Load(args[0])
	if err != nil {
		if a != nil {
			a.Diags.Render(cmd.ErrOrStderr(), a.Sources)
		}
		return exitIfDiag(err)
	}
	b, err := loadArmy(cmd.ErrOrStderr(), args[1])
	if err != nil {
		return err
	}
	if !o.sim {
		if err := checkSetsUsed(); err != nil {
			return err
		}
	}
	lines := compiler.Diff(a.Army, b.Army)
	out := cmd.OutOrStdout()
	if len(lines) == 0 {
		fmt.Fprintln(out, "no differences")
	}
	for _, l := range lines {
		fmt.Fprintln(out, l)
	}
	if !o.sim {
		return nil
	}
	return o.simulate(cmd, a, b, specs)
}

// simulate is --sim: A and then B against the opponents on the same seeds
// (study.RunDiff).
func (o *diffOptions) simulate(cmd *cobra.Command, a, b *armies.Loaded, specs [2]player.Spec) error {
	opps, oppNames, err := loadAll(cmd.ErrOrStderr(), o.vs)
	if err != nil {
		return err
	}
	if err := checkSetsUsed(); err != nil {
		return err
	}
	ctx, bar, done := startRun(cmd)
	defer done()
	bar.Expect(2 * len(opps) * 2 * (o.games / 2))
	d, err := study.RunDiff(ctx, a.Army, b.Army, opps, oppNames, specs, o.seed, o.games/2, bar.Update)
	if err != nil {
		return err
	}
	bar.Finish()
	d.Write(cmd.OutOrStdout())
	return interrupted(ctx, cmd.ErrOrStderr(), nil)
}
