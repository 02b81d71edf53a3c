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

// starterArmy is the army `hexforge new` writes: every kind of token, each
// statement with a comment, so a designer edits rather than starts blank.
const starterArmy = `# %[1]s: a new army for hexforge. The language is in docs/dsl.md;
# check it with "hexforge check %[2]s", play it with
# "hexforge sim %[2]s moloch".
army %[3]q {
    notes "What the army is about, in one line."
    size 12                      # the tokens listed below, the HQ included

    hq "HQ" {
        edge all: melee 1        # an HQ hits every neighbour in segment 0
        link all: initiative +1  # and helps the units linked to it
    }

    warrior "Trooper" {
        count 4
        initiative 2             # it attacks in segment 2
        toughness 1
        edge N: ranged 1         # a shot from its top edge
        edge NE, NW: melee 1     # blows from the two edges beside it
    }

    warrior "Guard" {
        count 2
        initiative 1
        toughness 2
        edge N: melee 2, armor   # armor takes 1 off each shot at this edge
        trait mobility           # it may move one hex in each own turn
    }

    module "Officer" {
        count 1
        link N, NE, NW: melee +1, ranged +1   # linked units hit harder
    }

    instant "Battle" {
        count 2
        on play: battle          # the battle starts now
    }

    instant "Sniper" {
        count 1
        on play: damage 1        # one wound to any enemy unit but the HQ
    }

    foundation "Mine" {
        count 1
        on enemy_enters: destroy # an enemy unit that steps on it is destroyed
    }
}
`

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
				out = fileName(name) + ".army"
			}
			// In the canonical layout, so check --fmt passes on it from the start.
			src, err := armyfmt.Source(out, fmt.Appendf(nil, starterArmy, name, displayPath(out), name))
			if err != nil {
				return fmt.Errorf("the starting army does not parse (a bug): %w", err)
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

// fileName turns an army name into a file name: lower case, words joined
// by "-", letters and digits only (Polish letters kept).
func fileName(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		default:
			dash = true
		}
	}
	if b.Len() == 0 {
		return "army"
	}
	return b.String()
}

func displayPath(out string) string {
	if out == "-" {
		return "my-army.army"
	}
	return out
}
