package main

import (
	"regexp"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
	"github.com/spf13/cobra"
)

// Shell completion (cobra's `hexforge completion bash|zsh|fish|powershell`):
// army names where a command takes armies (and .army files, which the
// shell completes itself), token names for --set and sweep, and the values
// of the flags that have a fixed set of them.

// armyCommands are the commands whose arguments are armies.
var armyCommands = map[string]bool{"check": true, "dump": true, "diff": true, "sim": true, "importance": true,
	"card": true, "ladder": true, "play": true, "watch": true, "serve": true}

// playerValues are the player specs offered for --players and --levels.
var playerValues = []string{"random", "greedy", "plan:2", "plan:4", "race:8", "race:32", "search:16", "search:64", "mcts:16", "mcts:32"}

// formatsOf reads the formats a --format flag's help lists ("output
// format: table, markdown, csv, html (one page) or json"), so completion
// offers exactly what the command writes.
var parens = regexp.MustCompile(`\([^)]*\)`)

func formatsOf(usage string) []string {
	_, list, ok := strings.Cut(usage, "format:")
	if !ok {
		return nil
	}
	list = parens.ReplaceAllString(list, "")
	var out []string
	for _, f := range strings.FieldsFunc(strings.ReplaceAll(list, " or ", ","), func(r rune) bool { return r == ',' }) {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func fixed(values ...string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeArmies offers the embedded armies; .army files come from the
// shell's own file completion.
func completeArmies(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, n := range armies.Names() {
		if strings.HasPrefix(n, strings.ToLower(toComplete)) {
			out = append(out, n)
		}
	}
	return out, cobra.ShellCompDirectiveDefault
}

// completeSet completes ARMY/TOKEN.FIELD= step by step: the army, then its
// token names, then the fields a --set may change.
func completeSet(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	army, rest, hasArmy := strings.Cut(toComplete, "/")
	if !hasArmy {
		var out []string
		for _, n := range armies.Names() {
			if strings.HasPrefix(n, strings.ToLower(toComplete)) {
				out = append(out, n+"/")
			}
		}
		return out, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
	}
	l, err := loader.Load(army)
	if err != nil || l.Army == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	token, _, hasToken := strings.Cut(rest, ".")
	var out []string
	if !hasToken {
		for _, t := range l.Army.Tokens {
			if strings.HasPrefix(strings.ToLower(t.Name), strings.ToLower(rest)) {
				out = append(out, army+"/"+t.Name+".")
			}
		}
		return out, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
	}
	fields := []string{"count=", "initiative=", "toughness="}
	for _, d := range rules.DirNames {
		fields = append(fields, "edge "+d+"=", "link "+d+"=")
	}
	for _, f := range fields {
		out = append(out, army+"/"+token+"."+f)
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
		reg := func(name string, fn func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective)) {
			if f.Lookup(name) != nil {
				cmd.RegisterFlagCompletionFunc(name, fn)
			}
		}
		if fl := f.Lookup("format"); fl != nil {
			reg("format", fixed(formatsOf(fl.Usage)...))
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
