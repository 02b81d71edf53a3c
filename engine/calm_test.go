package engine

import (
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/rules"
)

// TestCalmIsOutcome plays random games of every embedded army
// (and of test armies with more of the features Calm has to see:
// reflection, friendly fire, piercing and aimed shots, nets, takeovers
// and use_modules, medics, battle abilities) against itself
// and the next one and, at every position of a turn, checks every plain
// placement (PlacedBoard) and move (MovedBoard) that Calm calls calm: the
// battle's outcome of its board is the outcome of the board without the
// unit (the position's, or the position's without the mover) with the
// unit put down on it, cell by cell. The embedded armies with takeovers must have calm
// placements, or the test would not check what Calm does with them.
func TestCalmIsOutcome(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 2
	}
	embedded := len(armies.Names())
	names := append(armies.Names(), "testdata/beta.army", "testdata/takers.army", "testdata/tattack.army", "testdata/tblast.army")
	buf := make([]Action, 0, 4096)
	var (
		s, pre, base, want State
		calm               Calm
		res                Resolver
	)
	for i, ref := range names {
		a, b := loadArmy(t, ref), loadArmy(t, names[(i+1)%len(names)])
		checked, moves, hot := 0, 0, 0
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
				known := NoHex - 1 // the mover base was worked out for (NoHex: none, for placements)
				for _, act := range buf {
					from, to := NoHex, act.Hex
					if g.Turn == 0 {
						continue
					}
					if !g.PlacedBoard(act, &s) {
						var ok bool
						if to, ok = g.MovedBoard(act, &s); !ok || s.Tok(s.Cells[to].Unit).Kind == rules.HQ {
							continue
						}
						from = act.Hex
					}
					if known != from {
						pre = g.S
						if from != NoHex {
							pre.Cells[from].Unit = emptyPiece
						}
						res.CalmOf(&pre, &calm)
						base = pre
						res.Outcome(&base)
						known = from
					}
					u := s.Cells[to].Unit
					if !calm.Placed(&pre, to, u) {
						hot++
						continue
					}
					checked++
					if from != NoHex {
						moves++
					}
					want = s
					res.Outcome(&want)
					got := base
					got.Cells[to].Unit = u
					if got != want {
						t.Fatalf("%s seed %d action %d: %v is calm, but its battle's outcome is not the outcome of the board without the unit with the unit\nposition:\n%s\naction's outcome:\n%s\noutcome without the unit, with the unit:\n%s",
							ref, seed, n, act, dumpState(&g.S), dumpState(&want), dumpState(&got))
					}
				}
				if err := g.Apply(buf[d.Intn(len(buf))], d); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: %d calm placements and moves checked (%d moves), %d not calm", ref, checked, moves, hot)
		if checked == 0 && i < embedded && takesOver(&State{Armies: [MaxPlayers]*rules.Army{a, a}}) {
			t.Errorf("%s: no calm placement: the check checked nothing", ref)
		}
	}
}
