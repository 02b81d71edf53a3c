package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// hitTally sums, by attacking player, the wounds the battles' hits dealt
// (the battle log).
type hitTally struct {
	wounds [MaxPlayers]int
}

func (h *hitTally) Trace(e TraceEvent) {
	if e.Kind == TrBattleEvent && e.Battle.Kind == EvHit {
		h.wounds[e.Battle.Player] += e.Battle.Wounds
	}
}

// TestFiguresCountEverySeat: with Figures attached, the token figures of
// players 3 and 4 are counted as players 1 and 2's are: each player's
// token types are credited with exactly the wounds its units' hits dealt
// in the game's battles (the battle log; the army has no medic and no
// takeover, so every hit's wounds land), and their steps' moves and deeds
// count. Without Figures players 3 and 4 are credited nothing, and the
// game is the same: counting changes no decision.
func TestFiguresCountEverySeat(t *testing.T) {
	a := loadArmy(t, "testdata/game_a.army")
	as := []*rules.Army{a, a, a, a}
	seeds := []uint64{1, 2, 3}
	if testing.Short() {
		seeds = seeds[:1]
	}
	var moves34, deeds34 int
	for _, seed := range seeds {
		play := func(fig *Figures) (*Game, *hitTally) {
			t.Helper()
			g, err := NewGame(Config{Board: Standard, Mode: ModeFFA}, as, seed)
			if err != nil {
				t.Fatal(err)
			}
			if fig != nil {
				g.SetFigures(fig)
			}
			h := &hitTally{}
			g.SetTracer(h)
			d := NewRandomDecider(seed + 1)
			buf := make([]Action, 0, 4096)
			for n := 0; !g.Over(); n++ {
				if n >= maxActions {
					t.Fatalf("seed %d: not over after %d actions", seed, n)
				}
				buf = g.LegalActions(buf[:0])
				if err := g.Apply(buf[d.Intn(len(buf))], d); err != nil {
					t.Fatal(err)
				}
			}
			return g, h
		}
		var fig Figures
		g, h := play(&fig)
		for p := range uint8(4) {
			dealt := 0
			for _, n := range g.TokenDealt(p) {
				dealt += int(n)
			}
			if dealt != h.wounds[p] {
				t.Errorf("seed %d: player %d's tokens are credited %d battle wounds, its hits dealt %d", seed, p+1, dealt, h.wounds[p])
			}
			if p >= 2 {
				for t, n := range fig.Moves[p] {
					moves34 += int(n) + int(fig.Rotations[p][t])
				}
				for _, d := range g.TokenDeeds(p) {
					for _, n := range d {
						deeds34 += int(n)
					}
				}
			}
		}
		bare, bh := play(nil)
		if bare.Turn != g.Turn || bare.Winners != g.Winners || bare.Battles != g.Battles || bh.wounds != h.wounds ||
			bare.Dealt != g.Dealt || bare.Deeds != g.Deeds {
			t.Errorf("seed %d: the game with figures differs from the game without", seed)
		}
		for p := range uint8(4) {
			if p >= 2 && (bare.TokenDealt(p) != [MaxArmyTokens]uint16{} || bare.TokenDeeds(p) != [MaxArmyTokens]Deeds{}) {
				t.Errorf("seed %d: player %d credited without figures attached", seed, p+1)
			}
		}
	}
	if moves34 == 0 || deeds34 == 0 {
		t.Errorf("players 3 and 4's steps moved %d units and did %d deeds in %d games: none counted", moves34, deeds34, len(seeds))
	}
}
