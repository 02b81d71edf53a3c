package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/diag"
	"github.com/spf13/cobra"
)

// loader loads every army and leader card the command line names, with
// the root's --allow-extends-outside flag.
var loader armies.Loader

// setFlags holds the --set overrides given on the command line; commands that
// load armies apply them with loadArmy.
var setFlags []string

func addSetFlag(cmd *cobra.Command) {
	cmd.Flags().StringArrayVar(&setFlags, "set", nil, "override a token field, e.g. 'moloch/Gauss Cannon.initiative=3' (repeatable; count=0 removes)")
}

func parsedSets() ([]armies.Set, error) {
	var out []armies.Set
	for _, s := range setFlags {
		st, err := armies.ParseSet(s)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

// setUse is what this run's loadArmy calls saw, for checkSetsUsed: which
// --set overrides named an army that was loaded, and the names loaded.
// newRoot resets it, as it resets setFlags, so that runs do not mix.
var setUse struct {
	used   map[string]bool // by Set.Raw
	loaded []string        // refs and army names, for a did-you-mean
}

// noteSets records which overrides name the army loaded from ref. A
// variant is named after its base plus " (variant)": the base's name is
// what an override names.
func noteSets(ref string, a *rules.Army, sets []armies.Set) {
	if setUse.used == nil {
		setUse.used = map[string]bool{}
	}
	base := *a
	base.Name = strings.TrimSuffix(base.Name, " (variant)")
	// watch loads its opponents again on every save: remember each once.
	if !slices.Contains(setUse.loaded, ref) || !slices.Contains(setUse.loaded, base.Name) {
		setUse.loaded = append(setUse.loaded, ref, base.Name)
	}
	for _, s := range sets {
		if s.Matches(ref, &base) {
			setUse.used[s.Raw] = true
		}
	}
}

// checkSetsUsed refuses an override that named none of the armies loaded:
// a misspelt army in --set would otherwise be ignored without a word and
// the run would play the unchanged armies. Commands call it once their
// armies are loaded, before any game.
func checkSetsUsed() error {
	sets, err := parsedSets()
	if err != nil {
		return err
	}
	for _, s := range sets {
		if setUse.used[s.Raw] {
			continue
		}
		hint := ""
		if h := diag.Suggest(s.Army, setUse.loaded); h != "" {
			hint = " (" + h + ")"
		}
		return fmt.Errorf("--set %q: %q is none of the armies of this command%s; name one of %s", s.Raw, s.Army, hint, strings.Join(dedupe(setUse.loaded), ", "))
	}
	return nil
}

func dedupe(list []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range list {
		if k := strings.ToLower(s); !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	return out
}

// loadArmy resolves an army reference (short name or path) with the
// command's --set overrides, printing positioned diagnostics to stderr.
func loadArmy(stderr io.Writer, ref string) (*armies.Loaded, error) {
	sets, err := parsedSets()
	if err != nil {
		return nil, err
	}
	l, err := loader.LoadVariant(ref, sets)
	if l != nil && len(l.Diags) > 0 {
		l.Diags.Render(stderr, l.Sources)
	}
	if err != nil {
		if _, ok := err.(diag.List); ok {
			return nil, exitError{1}
		}
		return nil, err
	}
	noteSets(ref, l.Army, sets)
	return l, nil
}

func newDiff() *cobra.Command {
	var vs []string
	var games int
	var players string
	var seed uint64
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
		RunE: func(cmd *cobra.Command, args []string) error {
			doSim, _ := cmd.Flags().GetBool("sim")
			var specs [2]player.Spec
			if doSim {
				// Every flag is checked before any army is compiled or game played.
				if len(vs) == 0 {
					return fmt.Errorf("--sim needs at least one opponent: --vs ARMY")
				}
				if games < 2 || games > maxGames {
					return fmt.Errorf("--games %d: want 2 to %d", games, maxGames)
				}
				parts := strings.Split(players, ",")
				if len(parts) > 2 {
					return fmt.Errorf("--players %q: give one player for both sides or two separated by a comma", players)
				}
				for i := range specs {
					p, err := player.Parse(parts[min(i, len(parts)-1)])
					if err != nil {
						return err
					}
					specs[i] = p
				}
			} else if len(vs) > 0 || cmd.Flags().Changed("games") {
				return fmt.Errorf("--vs and --games are for --sim")
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
			if !doSim {
				if err := checkSetsUsed(); err != nil {
					return err
				}
			}
			lines := compilerDiff(a, b)
			out := cmd.OutOrStdout()
			if len(lines) == 0 {
				fmt.Fprintln(out, "no differences")
			}
			for _, l := range lines {
				fmt.Fprintln(out, l)
			}
			if !doSim {
				return nil
			}
			opps, oppNames, err := loadAll(cmd.ErrOrStderr(), vs)
			if err != nil {
				return err
			}
			if err := checkSetsUsed(); err != nil {
				return err
			}
			ctx, bar, done := startRun(cmd)
			defer done()
			bar.expect(2 * len(opps) * 2 * (games / 2))
			play := func(x *rules.Army) (sim.Tally, []int8, error) {
				return pairedAgainst(opps, func(opp *rules.Army) (*sim.Summary, error) {
					m := &sim.Match{A: x, B: opp, Players: specs, Seed: seed, Pairs: games / 2, MaxActions: sim.DefaultMaxActions, KeepPoints: true}
					return m.RunSummary(ctx, 0, bar.update(x.Name+" vs "+opp.Name))
				})
			}
			ta, pa, err := play(a.Army)
			if err != nil {
				return err
			}
			tb, pb, err := play(b.Army)
			if err != nil {
				return err
			}
			bar.finish()
			d := sim.PairedDiff(pb, pa)
			lo, hi := d.Interval(stats.Z95)
			verdict := "no significant change (the paired interval contains 0)"
			if d.Significant() {
				verdict = "significant"
			}
			fmt.Fprintf(out, "\nagainst %s, %d games each, players %s vs %s, seed %d (the same seeds for both):\n", strings.Join(oppNames, ", "), 2*(games/2), specs[0], specs[1], seed)
			ia, ib := ta.Interval(), tb.Interval()
			na, nb := "A "+a.Army.Name, "B "+b.Army.Name
			fmt.Fprintf(out, "  %s: %.1f%% [%.1f, %.1f]\n  %s: %.1f%% [%.1f, %.1f]\n", na, 100*ta.Rate(), 100*ia.Lo, 100*ia.Hi, nb, 100*tb.Rate(), 100*ib.Lo, 100*ib.Hi)
			fmt.Fprintf(out, "  change B - A: %+.1f points, paired 95%% interval [%+.1f, %+.1f]: %s\n", 100*d.Mean(), 100*lo, 100*hi, verdict)
			return interrupted(ctx, cmd.ErrOrStderr(), nil)
		},
	}
	addSetFlag(cmd)
	f := cmd.Flags()
	f.Bool("sim", false, "also play both armies against the --vs opponents on the same seeds and report the paired change in win rate")
	f.StringArrayVar(&vs, "vs", nil, "opponent for --sim (repeatable)")
	f.IntVar(&games, "games", 400, "games per opponent and army for --sim")
	f.StringVar(&players, "players", player.Default, "computer players for --sim: one for both sides or A,B")
	f.Uint64Var(&seed, "seed", 1, "seed of every random choice of --sim")
	return cmd
}

func exitIfDiag(err error) error {
	if _, ok := err.(diag.List); ok {
		return exitError{1}
	}
	return err
}
