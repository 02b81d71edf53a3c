package engine

import (
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/rules"
)

// TestCalmPlacementIsOutcome plays random games of every embedded army
// (and of test armies with more of the features Calm has to see:
// reflection, friendly fire, piercing and aimed shots, nets, takeovers
// and use_modules, medics, battle abilities) against itself
// and the next one and, at every position of a turn, checks every plain
// placement (PlacedBoard) that Calm calls calm: the battle's outcome of
// its board is the outcome of the position's board with the unit put down
// on it, cell by cell. The embedded armies with takeovers must have calm
// placements, or the test would not check what Calm does with them.
func TestCalmPlacementIsOutcome(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 2
	}
	embedded := len(armies.Names())
	names := append(armies.Names(), "testdata/beta.army", "testdata/takers.army", "testdata/tattack.army", "testdata/tblast.army")
	buf := make([]Action, 0, 4096)
	var (
		s, base, want State
		calm          Calm
		res           Resolver
	)
	for i, ref := range names {
		a, b := loadArmy(t, ref), loadArmy(t, names[(i+1)%len(names)])
		checked, hot := 0, 0
		for seed := uint64(0); seed < uint64(games); seed++ {
			x, y := a, b
			if seed%3 == 0 {
				y = a
			}
			g, err := NewGame(Config{Board: Standard}, []*rules.Army{x, y}, seed)
			if err != nil {
				t.Fatal(err)
			}
			d := NewRandomDecider(seed + 1)
			for n := 0; n < maxActions && !g.Over(); n++ {
				buf = g.LegalActions(buf[:0])
				known := false
				for _, act := range buf {
					if g.Turn == 0 || !g.PlacedBoard(act, &s) {
						continue
					}
					if !known {
						res.CalmOf(&g.S, &calm)
						base = g.S
						res.Outcome(&base)
						known = true
					}
					u := s.Cells[act.Hex].Unit
					if !calm.Placed(&g.S, act.Hex, u) {
						hot++
						continue
					}
					checked++
					want = s
					res.Outcome(&want)
					got := base
					got.Cells[act.Hex].Unit = u
					if got != want {
						t.Fatalf("%s seed %d action %d: %v is calm, but its battle's outcome is not the position's with the unit\nposition:\n%s\nplacement's outcome:\n%s\nposition's outcome with the unit:\n%s",
							ref, seed, n, act, dumpState(&g.S), dumpState(&want), dumpState(&got))
					}
				}
				if err := g.Apply(buf[d.Intn(len(buf))], d); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: %d calm placements checked, %d not calm", ref, checked, hot)
		if checked == 0 && i < embedded && takesOver(&State{Armies: [MaxPlayers]*rules.Army{a, a}}) {
			t.Errorf("%s: no calm placement: the check checked nothing", ref)
		}
	}
}
