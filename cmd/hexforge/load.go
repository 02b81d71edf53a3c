package main

import (
	"io"

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

// setUse is which --set overrides this run's loadArmy calls applied, for
// checkSetsUsed; newRoot resets it, as it resets setFlags, so that runs do
// not mix.
var setUse armies.SetUse

// checkSetsUsed refuses an override that named none of the armies loaded
// (armies.SetUse). Commands call it once their armies are loaded, before
// any game.
func checkSetsUsed() error {
	sets, err := parsedSets()
	if err != nil {
		return err
	}
	return setUse.Unused(sets)
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
	setUse.Note(ref, l.Army, sets)
	return l, nil
}

func exitIfDiag(err error) error {
	if _, ok := err.(diag.List); ok {
		return exitError{1}
	}
	return err
}
