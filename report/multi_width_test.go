package report

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
)

// TestMultiProseFitsTheTerminal: a multiplayer report's prose (the run's
// line, the rotation, the notes under the tables) wraps at the terminal's
// width when it is narrower than 100 columns; wrapped at 100, a line the
// CLI then wrapped again left a word or two on a line of its own. Piped
// (no width) it keeps to 100.
func TestMultiProseFitsTheTerminal(t *testing.T) {
	m := &sim.MultiMatch{Armies: make([]*rules.Army, 3), Names: []string{"Moloch", "Borgo", "Outpost"}, Mode: engine.ModeFFA, Games: 6, Seed: 1}
	var recs []sim.MultiRecord
	for g := range 6 {
		recs = append(recs, sim.MultiRecord{Game: g, Seating: g, Winners: 1 << (g % 3), Turns: 36})
	}
	r := m.Report(recs, false)
	for _, c := range []struct{ width, fits int }{{0, 100}, {80, 80}, {60, 60}, {120, 100}} {
		var b bytes.Buffer
		if err := Write(WithWidth(&b, c.width), Report{Multi: r}, Table); err != nil {
			t.Fatal(err)
		}
		widest := 0
		for _, l := range strings.Split(b.String(), "\n") {
			widest = max(widest, utf8.RuneCountInString(l))
			if n := utf8.RuneCountInString(l); n > c.fits {
				t.Errorf("width %d: a line of %d columns: %q", c.width, n, l)
			}
		}
		if c.width == 80 && widest <= 60 {
			t.Errorf("width 80: the widest line is %d columns; this test needs prose wider than 80 unwrapped:\n%s", widest, b.String())
		}
	}
}
