package main

import (
	"fmt"
	"io"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/diag"
	"github.com/spf13/cobra"
)

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

// loadArmy resolves an army reference (short name or path) with the
// command's --set overrides, printing positioned diagnostics to stderr.
func loadArmy(stderr io.Writer, ref string) (*armies.Loaded, error) {
	sets, err := parsedSets()
	if err != nil {
		return nil, err
	}
	l, err := armies.LoadVariant(ref, sets)
	if l != nil && len(l.Diags) > 0 {
		l.Diags.Render(stderr, l.Sources)
	}
	if err != nil {
		if _, ok := err.(diag.List); ok {
			return nil, exitError{1}
		}
		return nil, err
	}
	return l, nil
}

func newDiff() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "diff A B",
		Short: "Show what changed between two armies, token by token",
		Long: `diff compiles two armies (short names, paths, or the same army with --set
overrides) and lists the tokens added, removed and changed, field by field.`,
		Example: `  hexforge diff moloch my-moloch.army
  hexforge diff moloch moloch --set 'moloch/Gauss Cannon.initiative=3'`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			a, err := armies.Load(args[0])
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
			lines := compilerDiff(a, b)
			out := cmd.OutOrStdout()
			if len(lines) == 0 {
				fmt.Fprintln(out, "no differences")
				return nil
			}
			for _, l := range lines {
				fmt.Fprintln(out, l)
			}
			return nil
		},
	}
	addSetFlag(cmd)
	return cmd
}

func exitIfDiag(err error) error {
	if _, ok := err.(diag.List); ok {
		return exitError{1}
	}
	return err
}
