package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/spf13/cobra"
)

func newCheck() *cobra.Command {
	var fmtToo bool
	cmd := &cobra.Command{
		Use:   "check [FILE|DIR|ARMY]...",
		Short: "Check army files and report every error and warning",
		Long: `check parses and compiles army files and prints every problem as
file:line:col: severity: message, with the source line and a caret.
A directory checks every .army file in it; a short name checks an embedded
army; with no arguments every embedded army is checked.
Exit status: 0 when there are no errors (warnings are allowed), 1 otherwise.`,
		Example: `  hexforge check my-army.army
  hexforge check armies/
  hexforge check moloch borgo`,
		RunE: func(cmd *cobra.Command, args []string) error {
			err := runCheck(cmd.OutOrStdout(), cmd.ErrOrStderr(), args)
			if ee := (exitError{}); fmtToo && (err == nil || errors.As(err, &ee)) {
				err = errors.Join(err, checkFmt(cmd.OutOrStdout(), args))
			}
			return err
		},
	}
	cmd.Flags().BoolVar(&fmtToo, "fmt", false, "also report files that are not in hexforge fmt's layout (exit 1)")
	return cmd
}

// unit is one source to compile: a file on disk or an embedded army.
type unit struct {
	name string
	src  []byte
}

// expand turns command-line arguments into sources to compile.
func expand(args []string) ([]unit, error) {
	if len(args) == 0 {
		args = append(args, armies.Names()...)
	}
	var out []unit
	for _, a := range args {
		if !armies.IsPath(a) {
			if src, ok := armies.Source(a); ok {
				out = append(out, unit{filepath.Join("armies", a+".army"), src})
				continue
			}
		}
		st, err := os.Stat(a)
		if err == nil && st.IsDir() {
			matches, _ := filepath.Glob(filepath.Join(a, "*.army"))
			if len(matches) == 0 {
				return nil, fmt.Errorf("%s: directory has no .army files", a)
			}
			sort.Strings(matches)
			for _, m := range matches {
				b, err := armies.ReadFile(m)
				if err != nil {
					return nil, err
				}
				out = append(out, unit{m, b})
			}
			continue
		}
		if err != nil && !armies.IsPath(a) {
			return nil, armies.NotFound(a)
		}
		b, err := armies.ReadFile(a)
		if err != nil {
			return nil, err
		}
		out = append(out, unit{a, b})
	}
	return out, nil
}

// compileUnit compiles one source; `extends` finds embedded armies by short
// name and files relative to the source.
func compileUnit(u unit) compiler.Result {
	res := compiler.CompileWith(u.name, u.src, compiler.Options{Resolve: loader.Resolve})
	if res.Sources == nil {
		res.Sources = map[string][]byte{}
	}
	res.Sources[u.name] = u.src
	return res
}

func runCheck(stdout, stderr io.Writer, args []string) error {
	units, err := expand(args)
	if err != nil {
		return err
	}
	failed := false
	for _, u := range units {
		res := compileUnit(u)
		res.Diags.Render(stderr, res.Sources)
		if res.Diags.HasErrors() {
			failed = true
			fmt.Fprintf(stdout, "%s: %s\n", u.name, summary(res.Diags))
			continue
		}
		for _, a := range res.Armies {
			fmt.Fprintf(stdout, "%s: army %q ok: %d token types, %d tokens%s\n", u.name, a.Name, len(a.Tokens), a.Total(), warnSuffix(res.Diags))
		}
		for _, l := range res.Leaders {
			fmt.Fprintf(stdout, "%s: leader %q ok: on %s, %d step(s)\n", u.name, l.Name, l.Timing, len(l.Steps.Actions))
		}
	}
	if failed {
		return exitError{1}
	}
	return nil
}

func summary(l diag.List) string {
	e, w := 0, 0
	for _, d := range l {
		if d.Severity == diag.Error {
			e++
		} else {
			w++
		}
	}
	s := fmt.Sprintf("%d error(s)", e)
	if w > 0 {
		s += fmt.Sprintf(", %d warning(s)", w)
	}
	return s
}

func warnSuffix(l diag.List) string {
	if len(l) == 0 {
		return ""
	}
	return " (" + summary(l)[len("0 error(s), "):] + ")"
}

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
			units, err := expand(args)
			if err != nil {
				return err
			}
			var all []*rules.Army
			for _, u := range units {
				res := compileUnit(u)
				res.Diags.Render(cmd.ErrOrStderr(), res.Sources)
				if res.Diags.HasErrors() {
					return exitError{1}
				}
				all = append(all, res.Armies...)
			}
			out := cmd.OutOrStdout()
			if asJSON {
				views := []compiler.ArmyView{}
				for _, a := range all {
					views = append(views, compiler.View(a))
				}
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(views)
			}
			for i, a := range all {
				if i > 0 {
					fmt.Fprintln(out)
				}
				compiler.Dump(out, a)
			}
			return nil
		},
	}
	cmd.Flags().Var(format.Flag(report.Text, report.JSON), "format", "output format: text or json")
	cmd.Flags().BoolVar(&asJSON, "json", false, "the same as --format json")
	return cmd
}

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

func compilerDiff(a, b *armies.Loaded) []string { return compiler.Diff(a.Army, b.Army) }
