package main

import (
	"fmt"

	"github.com/hexforge/hexforge/armies"
	"github.com/spf13/cobra"
)

func newArmies() *cobra.Command {
	return &cobra.Command{
		Use:     "armies",
		Short:   "List the embedded armies with their token counts",
		Example: "  hexforge armies",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return fmt.Errorf("armies lists the embedded armies and takes no arguments (got %q); to read a file use check, dump or card", args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			out := cmd.OutOrStdout()
			for _, n := range armies.Names() {
				l, err := loader.Load(n)
				if err != nil {
					return fmt.Errorf("embedded army %s: %w", n, err)
				}
				fmt.Fprintf(out, "%-12s %-16s %2d token types, %2d tokens\n", n, l.Army.Name, len(l.Army.Tokens), l.Army.Total())
			}
			return nil
		},
	}
}
