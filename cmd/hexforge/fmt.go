package main

import (
	"fmt"
	"io"
	"slices"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/armyfmt"
	"github.com/spf13/cobra"
)

func newFmt() *cobra.Command {
	var m armyfmt.Mode
	cmd := &cobra.Command{
		Use:   "fmt [-w] [-d] [-l] FILE|DIR...|-",
		Short: "Print army files in their canonical layout",
		Long: `fmt prints army files in the canonical layout (indentation, spacing, one
statement a line, aligned trailing comments), like gofmt. A directory formats
every .army file in it. Comments are never lost; a file with a syntax error is
left untouched and the error reported as file:line:col.
"-" reads standard input and writes the formatted file to standard output,
for editors' format commands and pre-commit hooks, as gofmt does (-l and -d
name it <standard input>; -w has no file to write and is refused).
Exit status: 1 when a file could not be read or parsed.`,
		Example: `  hexforge fmt my-army.army
  hexforge fmt -l armies/
  hexforge fmt -w my-army.army
  hexforge fmt - < my-army.army`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Usage()
			}
			files, read, err := fmtSources(cmd.InOrStdin(), args, m)
			if err != nil {
				return err
			}
			if ok, err := m.Run(cmd.OutOrStdout(), cmd.ErrOrStderr(), files, read); err != nil || ok {
				return err
			}
			return exitError{1}
		},
	}
	cmd.Flags().BoolVarP(&m.Write, "write", "w", false, "write the result to the file instead of stdout")
	cmd.Flags().BoolVarP(&m.Diff, "diff", "d", false, "print a unified diff instead of the formatted file")
	cmd.Flags().BoolVarP(&m.List, "list", "l", false, "list files whose formatting differs")
	return cmd
}

// stdinName is what fmt calls standard input in -l's list, -d's headers
// and syntax errors: gofmt's name for it.
const stdinName = "<standard input>"

// fmtSources is what fmt formats and how it reads each: the files and
// directories of args with the file policy (a link is judged by its
// target, docs/security.md), or standard input when args is "-". Standard
// input is one source: mixing it with files, or -w (there is no file to
// write back), is refused before anything is read.
func fmtSources(stdin io.Reader, args []string, m armyfmt.Mode) ([]string, func(string) ([]byte, error), error) {
	if !slices.Contains(args, "-") {
		files, err := armyfmt.Files(args)
		return files, armies.ReadFile, err
	}
	if len(args) != 1 {
		return nil, nil, fmt.Errorf("fmt: \"-\" (standard input) cannot be mixed with files; format it alone")
	}
	if m.Write {
		return nil, nil, fmt.Errorf("fmt: cannot use -w with standard input (there is no file to write back); redirect the output instead")
	}
	// Standard input is held to the same size limit as an army file, so a
	// runaway pipe is an error, not an exhausted memory.
	src, err := io.ReadAll(io.LimitReader(stdin, armies.ArmyFile.Limit+1))
	if err != nil {
		return nil, nil, fmt.Errorf("fmt: reading standard input: %w", err)
	}
	if int64(len(src)) > armies.ArmyFile.Limit {
		return nil, nil, fmt.Errorf("fmt: standard input is larger than an army file may be (%d bytes)", armies.ArmyFile.Limit)
	}
	return []string{stdinName}, func(string) ([]byte, error) { return src, nil }, nil
}

// checkFmt is `check --fmt`: it names every source among args that is not in
// canonical layout. Sources that do not parse were reported by check already.
func checkFmt(stdout io.Writer, args []string) error {
	units, err := armies.Files(args)
	if err != nil {
		return err
	}
	bad := false
	for _, u := range units {
		if !armyfmt.Formatted(u.Name, u.Src) {
			fmt.Fprintf(stdout, "%s: not formatted (run: hexforge fmt -w %s)\n", u.Name, u.Name)
			bad = true
		}
	}
	if bad {
		return exitError{1}
	}
	return nil
}
