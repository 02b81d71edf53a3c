package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/armyfmt"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

func newFmt() *cobra.Command {
	var write, diff, list bool
	cmd := &cobra.Command{
		Use:   "fmt [-w] [-d] [-l] FILE|DIR...",
		Short: "Print army files in their canonical layout",
		Long: `fmt prints army files in the canonical layout (indentation, spacing, one
statement a line, aligned trailing comments), like gofmt. A directory formats
every .army file in it. Comments are never lost; a file with a syntax error is
left untouched and the error reported as file:line:col.
Exit status: 1 when a file could not be read or parsed.`,
		Example: `  hexforge fmt my-army.army
  hexforge fmt -l armies/
  hexforge fmt -w my-army.army`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Usage()
			}
			return runFmt(cmd.OutOrStdout(), cmd.ErrOrStderr(), args, write, diff, list)
		},
	}
	cmd.Flags().BoolVarP(&write, "write", "w", false, "write the result to the file instead of stdout")
	cmd.Flags().BoolVarP(&diff, "diff", "d", false, "print a unified diff instead of the formatted file")
	cmd.Flags().BoolVarP(&list, "list", "l", false, "list files whose formatting differs")
	return cmd
}

// armyFiles expands arguments: a directory stands for the .army files in it.
func armyFiles(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, textfile.Missing(a)
		}
		if err != nil {
			return nil, fmt.Errorf("fmt: %w", err)
		}
		if !st.IsDir() {
			out = append(out, a)
			continue
		}
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".army") {
				out = append(out, p)
			}
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("fmt: %w", err)
		}
	}
	return out, nil
}

func runFmt(stdout, stderr io.Writer, args []string, write, diff, list bool) error {
	files, err := armyFiles(args)
	if err != nil {
		return err
	}
	failed := false
	for _, f := range files {
		src, err := armies.ReadFile(f) // the file policy: a link is judged by its target (docs/security.md)
		if err != nil {
			fmt.Fprintln(stderr, err)
			failed = true
			continue
		}
		res, err := armyfmt.Source(f, src)
		if err != nil {
			fmt.Fprintln(stderr, err)
			failed = true
			continue
		}
		same := bytes.Equal(src, res)
		if list && !same {
			fmt.Fprintln(stdout, f)
		}
		if write && !same {
			st, err := os.Stat(f)
			if err == nil {
				err = os.WriteFile(f, res, st.Mode().Perm())
			}
			if err != nil {
				fmt.Fprintln(stderr, err)
				failed = true
				continue
			}
		}
		if diff && !same {
			fmt.Fprint(stdout, armyfmt.Diff(f, src, res))
		}
		if !list && !write && !diff {
			if _, err := stdout.Write(res); err != nil {
				return err
			}
		}
	}
	if failed {
		return exitError{1}
	}
	return nil
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
		res, err := armyfmt.Source(u.Name, u.Src)
		if err == nil && !bytes.Equal(res, u.Src) {
			fmt.Fprintf(stdout, "%s: not formatted (run: hexforge fmt -w %s)\n", u.Name, u.Name)
			bad = true
		}
	}
	if bad {
		return exitError{1}
	}
	return nil
}
