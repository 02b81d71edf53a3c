package main

import (
	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/spf13/cobra"
)

func newDump() *cobra.Command {
	var asJSON bool
	format := report.Text
	cmd := &cobra.Command{
		Use:   "dump FILE|ARMY",
		Short: "Print the compiled rule tables of an army",
		Long: `dump compiles an army and prints the tables the engine runs: per token its
kind, count, initiatives, toughness, edges, traits, link effects and triggered
abilities. --format json (or --json) prints the same for tools.`,
		Example: `  hexforge dump moloch
  hexforge dump my-army.army --format json | jq '.[0].tokens[0]'`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			asJSON := format == report.JSON || asJSON // --json: --format json's older alias
			units, err := armies.Files(args)
			if err != nil {
				return err
			}
			var all []*rules.Army
			for _, u := range units {
				res := loader.Compile(u)
				res.Diags.Render(cmd.ErrOrStderr(), res.Sources)
				if res.Diags.HasErrors() {
					return exitError{1}
				}
				all = append(all, res.Armies...)
			}
			if asJSON {
				return compiler.WriteJSON(cmd.OutOrStdout(), all)
			}
			compiler.DumpAll(cmd.OutOrStdout(), all)
			return nil
		},
	}
	cmd.Flags().Var(format.Flag(report.Text, report.JSON), "format", "output format: text or json")
	cmd.Flags().BoolVar(&asJSON, "json", false, "the same as --format json")
	return cmd
}
