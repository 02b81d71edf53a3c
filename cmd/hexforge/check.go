package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/diag"
	"github.com/spf13/cobra"
)

func newCheck() *cobra.Command {
	var fmtToo bool
	cmd := &cobra.Command{
		Use:   "check [FILE|DIR|ARMY]...",
		Short: "Check army files and report every error and warning",
		Long: `check parses and compiles army files and prints every problem as
file:line:col: severity: message, with the source line and a caret.
A directory checks every .army file in it; a short name checks an embedded
army; with no arguments every embedded army is checked.
Exit status: 0 when there are no errors (warnings are allowed), 1 otherwise.`,
		Example: `  hexforge check my-army.army
  hexforge check armies/
  hexforge check moloch borgo`,
		RunE: func(cmd *cobra.Command, args []string) error {
			err := runCheck(cmd.OutOrStdout(), cmd.ErrOrStderr(), args)
			if ee := (exitError{}); fmtToo && (err == nil || errors.As(err, &ee)) {
				err = errors.Join(err, checkFmt(cmd.OutOrStdout(), args))
			}
			return err
		},
	}
	cmd.Flags().BoolVar(&fmtToo, "fmt", false, "also report files that are not in hexforge fmt's layout (exit 1)")
	return cmd
}

func runCheck(stdout, stderr io.Writer, args []string) error {
	units, err := armies.Files(args)
	if err != nil {
		return err
	}
	failed := false
	for _, u := range units {
		res := loader.Compile(u)
		res.Diags.Render(stderr, res.Sources)
		if res.Diags.HasErrors() {
			failed = true
			fmt.Fprintf(stdout, "%s: %s\n", u.Name, res.Diags.Summary())
			continue
		}
		for _, a := range res.Armies {
			fmt.Fprintf(stdout, "%s: army %q ok: %d token types, %d tokens%s\n", u.Name, a.Name, len(a.Tokens), a.Total(), warnSuffix(res.Diags))
		}
		for _, l := range res.Leaders {
			fmt.Fprintf(stdout, "%s: leader %q ok: on %s, %d step(s)\n", u.Name, l.Name, l.Timing, len(l.Steps.Actions))
		}
	}
	if failed {
		return exitError{1}
	}
	return nil
}

// warnSuffix is the warnings of a file that compiled: " (2 warning(s))".
func warnSuffix(l diag.List) string {
	if _, w := l.Counts(); w > 0 {
		return fmt.Sprintf(" (%d warning(s))", w)
	}
	return ""
}
