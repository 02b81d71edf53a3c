package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/position"
)

// newBoards lists the embedded boards, or prints one board file: an
// embedded one as it ships (to copy and edit), a file as hexforge reads it.
func newBoards() *cobra.Command {
	return &cobra.Command{
		Use:   "boards [NAME|FILE]",
		Short: "List the embedded boards, or print a board file (docs/dsl.md, \"Board files\")",
		Long: `boards lists the boards --board takes (standard, large, duel) with their
hexes and Terminals. With a name it prints that embedded board file, to copy
and edit (another reading of the Duel board's Terminals, say); with a FILE it
checks the file and prints it as hexforge reads it. A mistake in a file is
reported with its line and column, and the exit status is 1.`,
		Example: "  hexforge boards\n  hexforge boards duel > my.board\n  hexforge boards my.board",
		Args:    cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if len(args) == 0 {
				for _, n := range position.BoardNames {
					b, _ := position.BoardByName(n)
					fmt.Fprintf(out, "%-9s %2d hexes%s\n", n, b.Size, position.Specials(b))
				}
				return nil
			}
			if src, ok := position.EmbeddedBoardSource(args[0]); ok {
				_, err := out.Write(src)
				return err
			}
			b, err := position.ReadBoardFile(args[0])
			if err != nil {
				if l, ok := err.(diag.List); ok {
					l.Render(cmd.ErrOrStderr(), nil)
					return exitError{1}
				}
				return err
			}
			fmt.Fprint(out, position.FormatBoard(b))
			return nil
		},
	}
}
