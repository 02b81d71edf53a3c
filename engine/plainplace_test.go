package engine

import (
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/rules"
)

// TestPlacedBoardIsApply plays random games of every embedded army against
// itself and the next one and, at every position, checks every legal
// placement PlacedBoard calls plain against ApplyLegal on a copy of the
// game: the same board, and the same result, turn, energy and players out
// (what an evaluation reads besides the board).
func TestPlacedBoardIsApply(t *testing.T) {
	checkPlainBoards(t, KPlace, (*Game).PlacedBoard)
}

// TestMovedBoardIsApply is TestPlacedBoardIsApply for MovedBoard: every
// legal move and rotation of a unit it calls plain.
func TestMovedBoardIsApply(t *testing.T) {
	checkPlainBoards(t, KAbility, func(g *Game, a Action, s *State) bool {
		if a.Kind != KAbility {
			return false // TestMovedBoardInstantIsApply's
		}
		to, ok := g.MovedBoard(a, s)
		if !ok {
			return false
		}
		if u, v := g.S.Cells[a.Hex].Unit, s.Cells[to].Unit; u.Token != v.Token || u.Owner != v.Owner || v.Facing != a.Facing {
			t.Fatalf("%v: MovedBoard says the unit stands on %d", a, to)
		}
		return true
	})
}

// TestMovedBoardInstantIsApply is TestMovedBoardIsApply for the instants
// MovedBoard calls plain (a Move: plainMoveInstant).
func TestMovedBoardInstantIsApply(t *testing.T) {
	checkPlainBoards(t, KInstant, func(g *Game, a Action, s *State) bool {
		to, ok := g.MovedBoard(a, s)
		if !ok {
			return false
		}
		if a.Kind != KInstant {
			return false // TestMovedBoardIsApply's
		}
		if u, v := g.S.Cells[a.Hex].Unit, s.Cells[to].Unit; u.Token != v.Token || u.Owner != v.Owner || v.Facing != a.Facing {
			t.Fatalf("%v: MovedBoard says the unit stands on %d", a, to)
		}
		return true
	})
}

// TestDiscardedBoardIsApply is TestPlacedBoardIsApply for the discards
// DiscardedBoard calls plain.
func TestDiscardedBoardIsApply(t *testing.T) {
	checkPlainBoards(t, KDiscard, (*Game).DiscardedBoard)
}

// checkPlainBoards checks board, the short way to the board after an
// action of kind, against ApplyLegal (TestPlacedBoardIsApply).
func checkPlainBoards(t *testing.T, kind ActionKind, board func(*Game, Action, *State) bool) {
	games := 12
	if testing.Short() {
		games = 2
	}
	names := armies.Names()
	buf := make([]Action, 0, 4096)
	var s State
	total := 0
	for i, ref := range names {
		a, b := loadArmy(t, ref), loadArmy(t, names[(i+1)%len(names)])
		plain, other := 0, 0
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
				for _, act := range buf {
					if !board(g, act, &s) {
						if act.Kind == kind {
							other++
						}
						continue
					}
					plain++
					cp := *g
					if err := cp.ApplyLegal(act, FirstOption{}); err != nil {
						t.Fatalf("%s seed %d: %v: %v", ref, seed, act, err)
					}
					if cp.S != s || cp.Over() || cp.Result != g.Result || cp.Turn != g.Turn || cp.Energy != g.Energy || cp.Out != g.Out {
						t.Fatalf("%s seed %d action %d: %v: the short way differs from ApplyLegal\nshort way:\n%s\nApplyLegal:\n%s", ref, seed, n, act, dumpState(&s), dumpState(&cp.S))
					}
				}
				if err := g.Apply(buf[d.Intn(len(buf))], d); err != nil {
					t.Fatal(err)
				}
			}
		}
		total += plain
		t.Logf("%s: %d plain %v actions checked, %d not plain", ref, plain, kind, other)
	}
	if total == 0 {
		t.Fatalf("no plain %v action: the check checked nothing", kind)
	}
}
