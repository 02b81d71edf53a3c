package main

import (
	"io"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/rules"
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

// loads is the armies this run loaded with its --set overrides, made at
// the first load; newRoot resets it, as it resets setFlags, so that runs
// do not mix.
var loads *armies.Session

// session is the run's armies.Session; a bad --set is the error of its
// first use.
func session() (*armies.Session, error) {
	if loads == nil {
		sets, err := armies.ParseSets(setFlags)
		if err != nil {
			return nil, err
		}
		loads = &armies.Session{Loader: loader, Sets: sets}
	}
	return loads, nil
}

// loadArmy resolves an army reference (short name or path) with the
// command's --set overrides, printing positioned diagnostics to stderr.
func loadArmy(stderr io.Writer, ref string) (*armies.Loaded, error) {
	s, err := session()
	if err != nil {
		return nil, err
	}
	l, err := s.Load(stderr, ref)
	return l, exitIfDiag(err)
}

// loadAll loads the armies of a run and the names its report gives them
// (armies.Session.LoadAll).
func loadAll(stderr io.Writer, refs []string) ([]*rules.Army, []string, error) {
	s, err := session()
	if err != nil {
		return nil, nil, err
	}
	list, names, err := s.LoadAll(stderr, refs)
	return list, names, exitIfDiag(err)
}

// checkSetsUsed refuses an override that named none of the armies loaded
// (armies.Session.Unused). Commands call it once their armies are loaded,
// before any game.
func checkSetsUsed() error {
	s, err := session()
	if err != nil {
		return err
	}
	return s.Unused()
}

// exitIfDiag is how a command fails on a mistake in a file it read: the
// diagnostics are on stderr already, so exit status 1 and nothing more.
func exitIfDiag(err error) error {
	if _, ok := err.(diag.List); ok {
		return exitError{1}
	}
	return err
}
