package main

import (
	"io"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/report"
	"github.com/spf13/cobra"
)

func newBattle() *cobra.Command {
	var asJSON bool
	format := report.Text
	cmd := &cobra.Command{
		Use:   "battle POSITION",
		Short: "Resolve one battle from a position file and show what happens",
		Long: `battle reads a position file (see docs/positions.md), resolves one battle
and prints every initiative segment: who attacks, who is hit and for how
many wounds, which medic absorbs what, and who is destroyed; then the HQ
points of both players.

Choices the rules leave to players are made for the owner: a medic absorbs
the attack that would otherwise destroy a unit, and an aimed shot picks a
target it destroys (the first such one in the line, else the first enemy).

With --format json (or --json) it prints the position after the battle:
  {"hq": [hp1, hp2], "units": [{"player": 1, "token": "...", "at": "c3", "facing": "N", "wounds": 0}, ...]}
Exit status: 0 on success, 1 when the position file is wrong, 2 on other errors.`,
		Example: `  hexforge battle position.txt
  hexforge battle --format json position.txt`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			// --json is --format json's older alias.
			return runBattle(cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], format == report.JSON || asJSON)
		},
	}
	cmd.Flags().Var(format.Flag(report.Text, report.JSON), "format", "output format: text or json")
	cmd.Flags().BoolVar(&asJSON, "json", false, "the same as --format json")
	return cmd
}

func runBattle(out, errw io.Writer, file string, asJSON bool) error {
	s, src, err := position.ReadPosition(file, loader)
	if err != nil {
		return positionError(errw, file, src, err)
	}
	if !asJSON {
		if err := position.WriteHeld(out, s); err != nil { // the statuses the battle reckons with
			return err
		}
	}
	var r engine.Resolver
	var log engine.BattleLog
	r.Resolve(s, engine.OwnerBest{}, &log)
	if asJSON {
		return position.WriteJSON(out, s)
	}
	log.Write(out, s.Board)
	return nil
}

// positionError is how a command that reads a position file fails: the
// file's mistakes shown against its lines, exit status 1.
func positionError(stderr io.Writer, file string, src []byte, err error) error {
	if l, ok := err.(diag.List); ok {
		l.Render(stderr, map[string][]byte{file: src})
		return exitError{1}
	}
	return err
}
