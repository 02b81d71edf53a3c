package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/rules"
)

// parseLeaders reads --leaders: "" (no leaders), one leader for both
// armies, or A,B; "none" is no leader for that army. It loads them all, so
// a mistyped name fails before any game.
func parseLeaders(s string) (l [2]*rules.Leader, two bool, err error) {
	if strings.TrimSpace(s) == "" {
		return l, false, nil
	}
	refs := strings.Split(s, ",")
	if len(refs) > 2 {
		return l, false, fmt.Errorf("--leaders %q: give one leader (every army has it) or two, A,B", s)
	}
	for i, ref := range refs {
		ref = strings.TrimSpace(ref)
		if strings.EqualFold(ref, "none") {
			continue
		}
		if l[i], err = loader.LoadLeader(ref); err != nil {
			return l, false, fmt.Errorf("--leaders: %w", err)
		}
	}
	if len(refs) == 1 {
		l[1] = l[0]
	}
	return l, len(refs) == 2, nil
}

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
