package armyfmt

import (
	"fmt"
	"strings"
	"unicode"
)

// starterArmy is the army `hexforge new` writes (Starter): every kind of token, each
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

// FileName turns an army name into a file name: lower case, words joined
// by "-", letters and digits only (Polish letters kept).
func FileName(name string) string {
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

// Starter is the army `hexforge new` writes for an army called name, to
// be saved at path ("-" for standard output), in the canonical layout so
// that check --fmt passes on it from the start.
func Starter(name, path string) ([]byte, error) {
	shown := path
	if path == "-" {
		shown = "my-army.army"
	}
	src, err := Source(path, fmt.Appendf(nil, starterArmy, name, shown, name))
	if err != nil {
		return nil, fmt.Errorf("the starting army does not parse (a bug): %w", err)
	}
	return src, nil
}
