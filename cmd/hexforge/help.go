package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/docs"
)

// newHelp is the help command: a command's help, as cobra's own help
// command gives it, and the army language reference by topic (`help dsl`,
// `help dsl TOPIC`, `help TOPIC`), which is docs/dsl.md itself (package
// docs embeds it), so the page and the terminal cannot say different
// things. A command's name wins over a topic's: `help leaders` is the
// leaders command, `help dsl leaders` the language's leader cards.
func newHelp(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND | dsl [TOPIC] | TOPIC]",
		Short: "Help about any command, and the army language reference (help dsl)",
		Long: `help prints a command's help, or the army language reference: hexforge help
dsl prints the shape of a statement and the list of topics, hexforge help
events (or help dsl events) one topic, hexforge help dsl all the whole
reference. It is docs/dsl.md, fitted to 80 columns.`,
		Example: `  hexforge help sim
  hexforge help dsl
  hexforge help events
  hexforge help dsl all | less`,
		ValidArgsFunction: func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				if args[0] == "dsl" && len(args) == 1 {
					return append(topicNames(), "all"), cobra.ShellCompDirectiveNoFileComp
				}
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var names []string
			for _, c := range root.Commands() {
				if c.IsAvailableCommand() {
					names = append(names, c.Name())
				}
			}
			return append(append(names, "dsl"), topicNames()...), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return root.Help()
			}
			if c, rest, err := root.Find(args); err == nil && c != root && len(rest) == 0 {
				c.InitDefaultHelpFlag()
				return c.Help()
			}
			topic := args[0]
			switch {
			case strings.EqualFold(args[0], "dsl") && len(args) <= 2:
				topic = strings.Join(args[1:], "")
			case len(args) > 1 || !docs.IsTopic(args[0]):
				return fmt.Errorf("help %s: no such command or topic of the army language%s (hexforge help lists the commands)\n%s",
					strings.Join(args, " "), didYouMean(args[len(args)-1], root), strings.TrimRight(docs.TopicList(), "\n"))
			}
			text, err := docs.Help(topic)
			if err != nil {
				return fmt.Errorf("help dsl %s: no such topic of the army language%s\n%s", topic, didYouMean(topic, nil), strings.TrimRight(docs.TopicList(), "\n"))
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), text)
			return err
		},
	}
}

// didYouMean is " (did you mean X?)" for a misspelt topic (or, with root,
// command), "" when nothing is close.
func didYouMean(word string, root *cobra.Command) string {
	names := topicNames()
	for _, t := range docs.Topics {
		names = append(names, t.Aliases...)
	}
	if root != nil {
		for _, c := range root.Commands() {
			names = append(names, c.Name())
		}
	}
	if s := diag.Suggest(word, names); s != "" {
		return " (" + s + ")"
	}
	return ""
}

// topicNames are the reference's topics by name, for completion.
func topicNames() []string {
	var names []string
	for _, t := range docs.Topics {
		names = append(names, t.Name)
	}
	return names
}
