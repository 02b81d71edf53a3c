package main

import (
	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/report"
	"github.com/spf13/cobra"
)

// Shell completion (cobra's `hexforge completion bash|zsh|fish|powershell`):
// army names where a command takes armies (and .army files, which the
// shell completes itself), token names for --set and sweep, and the values
// of the flags that have a fixed set of them.

// armyCommands are the commands whose arguments are armies.
var armyCommands = map[string]bool{"check": true, "dump": true, "diff": true, "sim": true, "importance": true,
	"card": true, "ladder": true, "play": true, "watch": true, "serve": true}

// playerValues are the player specs offered for --players and --levels:
// every kind by its name (its default budget), and the budgets
// docs/players.md compares.
var playerValues = append(player.Names(), "plan:2", "race:32", "search:16", "search:64", "mcts:16", "wide:32")

type completer = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective)

func fixed(values ...string) completer {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeArmies offers the embedded armies; .army files come from the
// shell's own file completion.
func completeArmies(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	return armies.NamesFrom(toComplete), cobra.ShellCompDirectiveDefault
}

// completeSet completes ARMY/TOKEN.FIELD= step by step (armies.CompleteSet).
func completeSet(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	out, ok := loader.CompleteSet(toComplete)
	if !ok {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return out, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
}

// installCompletions registers the completions on every command of root.
func installCompletions(root *cobra.Command) {
	for _, cmd := range root.Commands() {
		if armyCommands[cmd.Name()] && cmd.ValidArgsFunction == nil {
			cmd.ValidArgsFunction = completeArmies
		}
		if cmd.Name() == "sweep" && cmd.ValidArgsFunction == nil {
			cmd.ValidArgsFunction = completeSet
		}
		f := cmd.Flags()
		reg := func(name string, fn completer) {
			if f.Lookup(name) != nil {
				cmd.RegisterFlagCompletionFunc(name, fn)
			}
		}
		if fl := f.Lookup("format"); fl != nil {
			if v, ok := fl.Value.(*report.FormatFlag); ok {
				reg("format", fixed(v.Names()...)) // exactly the formats the command writes
			}
		}
		reg("players", fixed(playerValues...))
		reg("levels", fixed(playerValues...))
		reg("start", fixed(engine.StartNames[:]...))
		reg("board", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return position.BoardNames, cobra.ShellCompDirectiveDefault // or a board file
		})
		reg("vs", completeArmies)
		reg("set", completeSet)
	}
}
