package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/rules"

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

func exitIfDiag(err error) error {
	if _, ok := err.(diag.List); ok {
		return exitError{1}
	}
	return err
}
