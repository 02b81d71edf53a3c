package sim

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/position"
)

// TestDuelBoardPlayers: on the Duel board every player (random, greedy,
// search, mcts) plays energy purchases and Procedures among its actions,
// the summary counts them and shards of it merge; on the standard board
// the report has no such figures.
func TestDuelBoardPlayers(t *testing.T) {
	for _, pl := range []string{"random", "greedy", "search:4", "mcts:8"} {
		m := match(t, "smart", "vegas", pl, pl, 2, 3)
		m.Board = position.Duel
		recs, _, err := m.Run(context.Background(), 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := Summarize(m, recs, false)
		if s.Duel == nil {
			t.Fatal("no duel figures on the duel board")
		}
		energy, procs := s.Duel.Energy[0]+s.Duel.Energy[1], 0
		for side := range 2 {
			for _, n := range s.Duel.Procedures[side] {
				procs += n
			}
		}
		t.Logf("%s: energy %v, procedures %v", pl, s.Duel.Energy, s.Duel.Procedures)
		if energy == 0 || procs == 0 {
			t.Errorf("%s: %d energy bought, %d procedures run in 4 games", pl, energy, procs)
		}
		if pl == "greedy" {
			half := *m
			half.Pairs = 1
			r1, _, _ := half.Run(context.Background(), 1, nil)
			half.FirstPair = 1
			r2, _, _ := half.Run(context.Background(), 1, nil)
			a, b := Summarize(&half, r1, false), Summarize(&half, r2, false)
			if err := a.Merge(b); err != nil {
				t.Fatal(err)
			}
			if *a.Duel != *s.Duel {
				t.Fatalf("merged shards %v, the whole run %v", *a.Duel, *s.Duel)
			}
			if s.Run == nil || s.Run.Board != "duel" {
				t.Fatalf("the summary's run does not name the duel board: %+v", s.Run)
			}
		}
	}
	m := match(t, "smart", "vegas", "greedy", "greedy", 1, 3)
	recs, _, _ := m.Run(context.Background(), 1, nil)
	out, err := json.Marshal(Summarize(m, recs, false))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "duel") || strings.Contains(string(out), "energy") {
		t.Fatal("the standard board's summary has duel figures")
	}
}
