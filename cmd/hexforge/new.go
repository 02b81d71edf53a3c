package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"
)

// starterArmy is the file `hexforge new` writes; %[1]s is the army's name.
// It must compile and be fmt-clean (new_test.go checks both).
const starterArmy = `# %[1]s: a starting army written by hexforge new.
# The army language is described in docs/dsl.md; run "hexforge check" on this
# file after every change, and "hexforge fmt -w" to keep its layout canonical.
army "%[1]s" {
    notes "A new army: replace this with what makes it special."
    size 11

    # The HQ: docs/dsl.md describes every word of a token.
    hq "HQ" {
        initiative 0
        toughness 20
        edge all: melee 1
    }

    # Warriors: initiative, toughness and what each edge does.
    warrior "Soldier" {
        count 3
        initiative 2
        edge N: ranged 1
    }
    warrior "Brute" {
        count 2
        initiative 1
        toughness 2
        edge N: melee 2
        edge NE, NW: melee 1
    }

    # A module boosts the units on the edges it links.
    module "Officer" {
        count 1
        link N, NE: melee +1
    }

    # Instants are played from the hand and then discarded.
    instant "Battle" {
        count 2
        on play: battle
    }
    instant "Move" {
        count 2
        on play: move 1
    }
}
`

func newNew() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "new NAME [--out FILE]",
		Short: "Write a starting army file that passes check",
		Example: `  hexforge new "Sky Pirates"
  hexforge new pirates --out pirates.army`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := strings.TrimSpace(args[0])
			if name == "" || strings.ContainsAny(name, "\"\\\n") {
				return fmt.Errorf("new: the army name must be non-empty and contain no quote, backslash or newline")
			}
			if out == "" {
				out = fileName(name) + ".army"
			}
			return writeNew(out, name)
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "file to write (default: NAME in lower case, with .army)")
	return cmd
}

// writeNew creates path with the starter army; it never overwrites a file.
func writeNew(path, name string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("new: %s already exists; not overwriting it", path)
	}
	if err != nil {
		return fmt.Errorf("new: %w", err)
	}
	if _, err := fmt.Fprintf(f, starterArmy, name); err != nil {
		f.Close()
		return fmt.Errorf("new: writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("new: writing %s: %w", path, err)
	}
	return nil
}

// fileName turns an army name into a file name: lower case, blanks as '-'.
func fileName(name string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '/' || r == '\t' {
			return '-'
		}
		return r
	}, strings.ToLower(name))
}
