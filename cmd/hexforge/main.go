// Command hexforge checks, compiles, plays and balances Neuroshima Hex armies
// written in the hexforge army language.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/internal/buildinfo"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// exitError carries an exit code without printing anything more: the
// command has already said what went wrong.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

func main() {
	sim.Version = version
	root := newRoot()
	if err := execute(context.Background(), root); err != nil {
		var ee exitError
		if errors.As(err, &ee) {
			os.Exit(ee.code)
		}
		fmt.Fprint(diag.Printable(os.Stderr), errorText(err, os.Stderr))
		os.Exit(2)
	}
}

// prose is the command's standard output when it wraps prose to the
// terminal (see wrapsProse); execute flushes its last line.
var prose *report.ProseWriter

// errorText is how a command's error is shown: "hexforge: " and the
// error, wrapped to the terminal when standard error is one (an unknown
// army's message lists every army: 160 columns).
func errorText(err error, stderr io.Writer) string {
	msg := "hexforge: " + err.Error()
	if n := outputWidth(stderr); n > 0 {
		msg = report.WrapLines(msg, n)
	}
	return msg + "\n"
}

// execute runs the command and flushes what it wrote.
func execute(ctx context.Context, root *cobra.Command) error {
	err := root.ExecuteContext(ctx)
	if prose != nil {
		if ferr := prose.Flush(); err == nil {
			err = ferr
		}
	}
	return err
}

// withUsageLine makes a wrong number of arguments say what the command
// takes: cobra's "accepts 1 arg(s), received 0" alone leaves a new user
// guessing what the argument is.
func withUsageLine(root *cobra.Command) {
	for _, c := range root.Commands() {
		if c.Args == nil {
			continue
		}
		check := c.Args
		c.Args = func(cmd *cobra.Command, args []string) error {
			if err := check(cmd, args); err != nil {
				return fmt.Errorf("%w\nusage: %s (hexforge %s --help for more)", err, cmd.UseLine(), cmd.Name())
			}
			return nil
		}
	}
}

// wrapsProse says whether a command's standard output is prose and tables
// for a person, whose long lines wrap to the terminal: not a file's text
// (fmt, new), not a protocol or a script (lsp, completion), not JSON, CSV,
// Markdown or HTML.
func wrapsProse(cmd *cobra.Command) bool {
	switch cmd.Name() {
	case "fmt", "lsp", "new", "completion", cobra.ShellCompRequestCmd, cobra.ShellCompNoDescRequestCmd:
		return false
	}
	if f := cmd.Flags().Lookup("json"); f != nil && f.Value.String() == "true" {
		return false
	}
	if f, ok := formatOf(cmd); ok && f != report.Table && f != report.Text {
		return false
	}
	return true
}

// formatOf is the command's --format, when it has one.
func formatOf(cmd *cobra.Command) (report.Format, bool) {
	if f := cmd.Flags().Lookup("format"); f != nil {
		if v, ok := f.Value.(*report.FormatFlag); ok {
			return v.Format(), true
		}
	}
	return 0, false
}

func newRoot() *cobra.Command {
	loads, prose = nil, nil
	root := &cobra.Command{
		Use:   "hexforge",
		Short: "Design, check and balance Neuroshima Hex armies",
		Long: `hexforge checks army files written in the hexforge army language, compiles them
into rule tables, plays them in a rules-faithful engine and reports balance.

Embedded armies are addressed by short name (moloch, borgo, ...); anywhere an
army name is accepted, a path to an .army file works too.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		// Setting Version gives the root a --version flag; the template
		// prints the same line as the version command.
		Version: buildinfo.Line(version),
	}
	root.SetVersionTemplate("{{.Version}}\n")
	root.PersistentPreRun = fitOutput
	root.PersistentFlags().BoolVar(&loader.AllowExtendsOutside, "allow-extends-outside", false,
		"let extends name a base army outside the directory of the file that extends it (docs/security.md)")
	// One command per line keeps parallel work from colliding here.
	root.AddCommand(newCheck())
	root.AddCommand(newDump())
	root.AddCommand(newVersion())
	root.AddCommand(newArmies())
	root.AddCommand(newBoards())
	root.AddCommand(leadersCmd())
	root.AddCommand(newDiff())
	root.AddCommand(newBattle())
	root.AddCommand(newWatch())
	root.AddCommand(newServe())
	root.AddCommand(newSim())
	root.AddCommand(newMerge())
	root.AddCommand(newAgree())
	root.AddCommand(newImportance())
	root.AddCommand(newSweep())
	root.AddCommand(newBalance())
	root.AddCommand(newCard())
	root.AddCommand(newNew())
	root.AddCommand(newLadder())
	root.AddCommand(newChoices())
	root.AddCommand(newReport())
	root.AddCommand(newFmt())
	root.AddCommand(newPlay())
	root.AddCommand(newReplay())
	root.SetHelpCommand(newHelp(root))
	installCompletions(root) // after every command is added
	fitHelp(root)
	withUsageLine(root)
	root.AddCommand(newLSP())
	return root
}

// fitOutput readies a command's output for whoever reads it (the root's
// PersistentPreRun): token names and notes come from strangers' files, so
// what a person reads shows their control characters escaped (CSV and
// HTML stay exact: HTML escapes them itself, and JSON escapes them anyway);
// tables fit a terminal narrower than they are, and prose lines wrap to
// it, while piped or redirected output (no width) keeps its full width.
func fitOutput(cmd *cobra.Command, _ []string) {
	stdout := cmd.OutOrStdout()
	cmd.SetErr(diag.Printable(cmd.ErrOrStderr()))
	if f, ok := formatOf(cmd); !ok || (f != report.CSV && f != report.HTML) {
		cmd.SetOut(diag.Printable(stdout))
	}
	if n := outputWidth(stdout); n > 0 {
		if wrapsProse(cmd) {
			prose = report.NewProseWriter(cmd.OutOrStdout(), n)
			cmd.SetOut(prose)
		} else {
			cmd.SetOut(report.WithWidth(cmd.OutOrStdout(), n))
		}
	}
}
