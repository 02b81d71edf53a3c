package main

import (
	"fmt"
	"io"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/armyfmt"
	"github.com/spf13/cobra"
)

func newFmt() *cobra.Command {
	var m armyfmt.Mode
	cmd := &cobra.Command{
		Use:   "fmt [-w] [-d] [-l] FILE|DIR...",
		Short: "Print army files in their canonical layout",
		Long: `fmt prints army files in the canonical layout (indentation, spacing, one
statement a line, aligned trailing comments), like gofmt. A directory formats
every .army file in it. Comments are never lost; a file with a syntax error is
left untouched and the error reported as file:line:col.
Exit status: 1 when a file could not be read or parsed.`,
		Example: `  hexforge fmt my-army.army
  hexforge fmt -l armies/
  hexforge fmt -w my-army.army`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Usage()
			}
			files, err := armyfmt.Files(args)
			if err != nil {
				return err
			}
			// Read with the file policy: a link is judged by its target (docs/security.md).
			if ok, err := m.Run(cmd.OutOrStdout(), cmd.ErrOrStderr(), files, armies.ReadFile); err != nil || ok {
				return err
			}
			return exitError{1}
		},
	}
	cmd.Flags().BoolVarP(&m.Write, "write", "w", false, "write the result to the file instead of stdout")
	cmd.Flags().BoolVarP(&m.Diff, "diff", "d", false, "print a unified diff instead of the formatted file")
	cmd.Flags().BoolVarP(&m.List, "list", "l", false, "list files whose formatting differs")
	return cmd
}

// checkFmt is `check --fmt`: it names every source among args that is not in
// canonical layout. Sources that do not parse were reported by check already.
func checkFmt(stdout io.Writer, args []string) error {
	units, err := armies.Files(args)
	if err != nil {
		return err
	}
	bad := false
	for _, u := range units {
		if !armyfmt.Formatted(u.Name, u.Src) {
			fmt.Fprintf(stdout, "%s: not formatted (run: hexforge fmt -w %s)\n", u.Name, u.Name)
			bad = true
		}
	}
	if bad {
		return exitError{1}
	}
	return nil
}
