package main

import (
	"strings"

	"github.com/hexforge/hexforge/report"
	"github.com/spf13/cobra"
)

// fitHelp makes --help fit the terminal as reports do: the flags' usage
// wraps in its column (pflag's FlagUsagesWrapped), and the long
// description and examples wrap as prose. Piped, help keeps its full
// lines, as before.
func fitHelp(root *cobra.Command) {
	// The usage is rendered into a buffer of cobra's (UsageString), so the
	// template cannot ask the writer for the width: the help func leaves
	// it here. pflag's wrapped lines can reach one column past what it is
	// given.
	helpCols := 0
	cobra.AddTemplateFunc("helpWidth", func(*cobra.Command) int { return max(helpCols-1, 0) })
	t := root.UsageTemplate()
	t = strings.ReplaceAll(t, ".LocalFlags.FlagUsages", ".LocalFlags.FlagUsagesWrapped (helpWidth .)")
	t = strings.ReplaceAll(t, ".InheritedFlags.FlagUsages", ".InheritedFlags.FlagUsagesWrapped (helpWidth .)")
	root.SetUsageTemplate(t)
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		out := c.OutOrStdout()
		n := outputWidth(out)
		if n <= 0 {
			help(c, args)
			return
		}
		helpCols = n
		defer func() { helpCols = 0 }()
		p := report.NewProseWriter(out, n)
		c.SetOut(p)
		help(c, args)
		p.Flush()
		c.SetOut(out)
	})
}
