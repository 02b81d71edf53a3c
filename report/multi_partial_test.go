package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
)

// A multiplayer run stopped early says how much of it finished (games and
// seatings played in full) and prints no zeros as results: a seat no
// game reached says "no games", and a run with no finished game says it
// has no results instead of drawing tables of 0.0 shares.
func TestMultiPartialSaysWhatFinished(t *testing.T) {
	m := &sim.MultiMatch{Armies: make([]*rules.Army, 3), Names: []string{"A", "B", "C"}, Mode: engine.ModeFFA, Games: 12, Seed: 1}
	// 12 games of 6 seatings: 2 a seating. Seatings 0 and 1 finished both
	// of theirs, seatings 2 to 5 one each (games 0-7 of the rotation order).
	var recs []sim.MultiRecord
	for g := range 8 {
		recs = append(recs, sim.MultiRecord{Game: g, Seating: g % 6, Winners: 1, Turns: 10})
	}
	for _, c := range []struct {
		name    string
		recs    []sim.MultiRecord
		partial bool
		want    []string
		wantNot []string
		done    int
		hasDone bool
	}{
		{"some games", recs, true,
			[]string{"stopped early: 8 of 12 games finished, 2 of 6 seatings played in full", "A  "},
			[]string{"games per seating", "No game finished"}, 2, true},
		{"two games", recs[:2], true,
			[]string{"stopped early: 2 of 12 games finished, 0 of 6 seatings played in full", "no games"},
			[]string{"games per seating"}, 0, true},
		{"no game", nil, true,
			[]string{"stopped early: 0 of 12 games finished, 0 of 6 seatings played in full", "No game finished before the run stopped"},
			[]string{"0.0 [", "win share %", "mean turns"}, 0, true},
		{"whole", append(recs, recs[:4]...), false,
			[]string{"games per seating: 2"},
			[]string{"stopped early", "no games"}, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := m.Report(c.recs, c.partial)
			if (r.SeatingsDone != nil) != c.hasDone || c.hasDone && (*r.SeatingsDone != c.done || r.Planned != 12) {
				t.Fatalf("planned %d, seatings done %v; want 12 and %d", r.Planned, r.SeatingsDone, c.done)
			}
			for _, f := range []Format{Table, Markdown, HTML} {
				var b bytes.Buffer
				if err := Write(&b, Report{Multi: r}, f); err != nil {
					t.Fatal(err)
				}
				out := strings.ReplaceAll(b.String(), "\n", " ")
				for _, w := range c.want {
					if f == Table || !strings.HasSuffix(w, "  ") {
						if !strings.Contains(out, w) {
							t.Errorf("%s lacks %q:\n%s", f, w, b.String())
						}
					}
				}
				for _, w := range c.wantNot {
					if strings.Contains(out, w) {
						t.Errorf("%s holds %q:\n%s", f, w, b.String())
					}
				}
			}
			var b bytes.Buffer
			if err := Write(&b, Report{Multi: r}, JSON); err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(b.String(), `"seatings_done"`); got != c.hasDone {
				t.Errorf("json holds seatings_done: %v, want %v", got, c.hasDone)
			}
			var back sim.MultiReport
			if err := json.Unmarshal(b.Bytes(), &back); err != nil {
				t.Fatal(err)
			}
		})
	}
}
