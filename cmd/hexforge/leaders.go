package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hexforge/hexforge/armies"
)

// leadersCmd lists the embedded leader cards.
func leadersCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "leaders",
		Short:   "List the embedded leader cards (the Leaders variant; docs/dsl.md)",
		Example: "  hexforge leaders\n  hexforge sim moloch borgo --leaders medyk,none\n  hexforge sim moloch borgo --leaders none,dywersant\n  hexforge play moloch borgo --leaders my-leaders.army:Artillery --trace game.jsonl",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			for _, l := range armies.Leaders() {
				names := l.Name
				if len(l.Aliases) > 0 {
					names += " (" + strings.Join(l.Aliases, ", ") + ")"
				}
				fmt.Fprintf(out, "%s: on %s: %d step(s)\n", names, l.Timing, len(l.Steps.Actions))
				if l.Notes != "" {
					fmt.Fprintf(out, "    %s\n", l.Notes)
				}
			}
			return nil
		},
	}
}
