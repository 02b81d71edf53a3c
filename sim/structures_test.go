package sim

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
)

// TestPlayersPlaceStructures: every player (greedy, search, plan, race,
// mcts) meets the Structure placement among its legal actions and takes it
// in some game of a short match with the Structures variant; without the
// variant no part reaches the board.
func TestPlayersPlaceStructures(t *testing.T) {
	for _, pl := range []string{"random", "greedy", "search:8", "plan:2", "race:2", "mcts:50"} {
		m := match(t, "../engine/testdata/struct.army", "moloch", pl, pl, 2, 5)
		a := m.A
		count := func() (n int) {
			for k := range m.Pairs {
				for _, aFirst := range []bool{true, false} {
					rec, err := m.Play(k, aFirst, new(engine.Resolver))
					if err != nil {
						t.Fatalf("%s: %v", pl, err)
					}
					for _, st := range a.Structures {
						n += int(rec.Played[0][st.Parts[0]])
					}
				}
			}
			return n
		}
		if n := count(); n != 0 {
			t.Errorf("%s: %d Structures placed without the variant", pl, n)
		}
		m.Structures = true
		if n := count(); n == 0 {
			t.Errorf("%s: no Structure placed in %d games with the variant", pl, 2*m.Pairs)
		}
	}
}
