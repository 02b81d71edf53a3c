package engine

import "fmt"

// StartRule is how a game's first turns draw. Standard: the first player
// draws one token, the second two, then everyone three with a discard.
// Alternative (Neuroshima Hex 3.0 core rules, "Alternatywne rozpoczęcie"):
// the first player draws three, must discard one, may use only one of the
// other two (play it, discard it or keep it) and must keep or discard the
// last; from the second player on, everyone draws three as usual.
type StartRule uint8

const (
	StartStandard StartRule = iota
	StartAlternative
)

// StartNames are the names of the start rules (--start), indexed by StartRule.
var StartNames = [...]string{"standard", "alternative"}

func (r StartRule) String() string {
	if int(r) < len(StartNames) {
		return StartNames[r]
	}
	return "?"
}

// ParseStart reads a start rule's name.
func ParseStart(s string) (StartRule, error) {
	for i, n := range StartNames {
		if n == s {
			return StartRule(i), nil
		}
	}
	return 0, fmt.Errorf("unknown start %q: use standard or alternative", s)
}

// playLimited reports whether the player to move may play no more tokens
// this turn: under the alternative start, the first turn uses one.
func (g *Game) playLimited() bool {
	return g.cfg.Start == StartAlternative && g.Turn == 1 && g.playedNow >= 1
}
