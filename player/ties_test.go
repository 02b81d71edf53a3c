package player

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
)

// TestTiesDoNotFavourAHex: at set-up every hex scores the same for the HQ,
// and a search player must not take the hex the engine lists first. Over
// 24 seeds each player's first HQ lands on many hexes, and the second
// player's is not always beside the first (with the engine's order among
// ties every search player put them on a1 and a2: docs/players.md, "Ties").
func TestTiesDoNotFavourAHex(t *testing.T) {
	as := testArmies(t, "vegas", "borgo")
	for _, spec := range []string{"search:4", "plan:1", "race:2", "fit", "mcts:4", "wide:4"} {
		t.Run(spec, func(t *testing.T) {
			sp, err := Parse(spec)
			if err != nil {
				t.Fatal(err)
			}
			first := map[engine.Hex]int{}
			apart := 0
			for seed := range uint64(24) {
				g, err := engine.NewGame(engine.Config{Board: position.Standard}, as, seed)
				if err != nil {
					t.Fatal(err)
				}
				var hq [2]engine.Hex
				for p := range 2 {
					legal := g.LegalActions(nil)
					a := legal[sp.New(seed*2+uint64(p), new(engine.Resolver)).Act(g, legal)]
					if a.Kind != engine.KPlaceHQ {
						t.Fatalf("seed %d: the first action is %v, not an HQ placement", seed, a)
					}
					hq[p] = a.Hex
					if err := g.ApplyLegal(a, engine.FirstOption{}); err != nil {
						t.Fatal(err)
					}
				}
				first[hq[0]]++
				if g.S.Board.Dist[hq[0]][hq[1]] > 1 {
					apart++
				}
			}
			if len(first) < 8 {
				t.Errorf("the first HQ went to %d hexes over 24 seeds (%v): ties favour a hex", len(first), first)
			}
			if apart == 0 {
				t.Errorf("the second HQ was beside the first in every game")
			}
		})
	}
}
