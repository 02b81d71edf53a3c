package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"unicode"

	"github.com/hexforge/hexforge/armyfmt"
	"github.com/hexforge/hexforge/textfile"
	"github.com/spf13/cobra"
)

func newNew() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "new NAME",
		Short: "Write a starting army file to edit",
		Long: `new writes a small, complete army (an HQ, warriors, a module, instants and
a foundation, each line commented) that passes check, to NAME.army in the
current directory or to --out (- for standard output). It never overwrites
a file.`,
		Example: `  hexforge new "Iron Wolves"
  hexforge new Wolves --out armies/wolves.army`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := strings.TrimSpace(args[0])
			if name == "" || strings.ContainsFunc(name, unicode.IsControl) {
				return errors.New("give the army a name on one line, e.g. hexforge new \"Iron Wolves\"")
			}
			if out == "" {
				out = armyfmt.FileName(name) + ".army"
			}
			src, err := armyfmt.Starter(name, out)
			if err != nil {
				return err
			}
			if out == "-" {
				_, err := cmd.OutOrStdout().Write(src)
				return err
			}
			if err := textfile.CheckWritable(out); err != nil {
				return err
			}
			f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
			if errors.Is(err, fs.ErrExist) {
				return fmt.Errorf("%s already exists; new never overwrites a file (give --out)", out)
			}
			if err != nil {
				return fmt.Errorf("writing %s: %w", out, err)
			}
			if _, err := f.Write(src); err != nil {
				f.Close()
				return fmt.Errorf("writing %s: %w", out, err)
			}
			if err := f.Close(); err != nil {
				return fmt.Errorf("writing %s: %w", out, err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s: try hexforge check %s\n", out, out)
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "the file to write (default NAME.army; - for standard output)")
	return cmd
}
