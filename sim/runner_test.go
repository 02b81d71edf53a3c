package sim

import (
	"context"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/internal/testarmy"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

func match(t testing.TB, a, b string, pa, pb string, pairs int, seed uint64) *Match {
	sa, err := player.Parse(pa)
	if err != nil {
		t.Fatal(err)
	}
	sb, err := player.Parse(pb)
	if err != nil {
		t.Fatal(err)
	}
	return &Match{A: testarmy.Load(t, a), B: testarmy.Load(t, b), Players: [2]player.Spec{sa, sb}, Seed: seed, Pairs: pairs}
}

// The same seed gives the same games whatever the number of workers.
func TestRunIsDeterministicAcrossWorkers(t *testing.T) {
	m := match(t, "../engine/testdata/game_a.army", "../engine/testdata/game_b.army", "greedy", "random", 12, 42)
	one, _, err := m.Run(context.Background(), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	four, _, err := m.Run(context.Background(), 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, four) {
		t.Fatal("1 worker and 4 workers gave different games")
	}
	other := *m
	other.Seed = 43
	three, _, _ := other.Run(context.Background(), 2, nil)
	if reflect.DeepEqual(one, three) {
		t.Fatal("a different seed gave the same games")
	}
}

// Each pair plays both seats, and each army draws the same deck order from
// either seat.
func TestPairsSwapSeatsWithTheSameDraws(t *testing.T) {
	m := match(t, "../engine/testdata/game_a.army", "../engine/testdata/game_b.army", "random", "random", 1, 7)
	res := new(engine.Resolver)
	r1, err := m.Play(0, true, res)
	if err != nil {
		t.Fatal(err)
	}
	r2, _ := m.Play(0, false, res)
	if !r1.AFirst || r2.AFirst {
		t.Fatal("seats not swapped")
	}
	g1, _ := engine.NewGame(engine.Config{Board: position.Standard}, []*rules.Army{m.A, m.B}, 1)
	g2, _ := engine.NewGame(engine.Config{Board: position.Standard}, []*rules.Army{m.B, m.A}, 2)
	seed := pairSeed(m.Seed, 0)
	shuffleDeck(g1, 0, seed^1*0xa0761d6478bd642f)
	shuffleDeck(g2, 1, seed^1*0xa0761d6478bd642f)
	if g1.Deck[0] != g2.Deck[1] {
		t.Fatal("army A's deck order depends on its seat")
	}
}

func TestGreedyBeatsRandom(t *testing.T) {
	pairs := 40
	if testing.Short() {
		pairs = 10
	}
	m := match(t, "moloch", "moloch", "greedy", "random", pairs, 1)
	recs, _, err := m.Run(context.Background(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(m, recs, false)
	// 10 pairs all won give a score interval from 0.72; 40 from 0.91.
	if iv := s.Tally.Interval(); iv.Lo < 0.7 {
		t.Errorf("greedy vs random: %+v, rate %.3f [%.3f, %.3f]", s.Tally, s.Tally.Rate(), iv.Lo, iv.Hi)
	}
}

// RunSummary folds block by block yet gives the summary of one Run, for any
// number of workers and any block size; a cancelled run is partial.
func TestRunSummaryMatchesRun(t *testing.T) {
	m := match(t, "../engine/testdata/game_a.army", "../engine/testdata/game_b.army", "greedy", "random", 11, 7)
	recs, _, err := m.Run(context.Background(), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := Summarize(m, recs, false)
	defer func(b int) { blockPairs = b }(blockPairs)
	for _, block := range []int{1, 3, 4096} {
		for _, workers := range []int{1, 3} {
			blockPairs = block
			// Drained is called once, when every game has gone to a worker:
			// at most one a worker is still playing then.
			mm := *m
			var done, drains, doneAtDrain atomic.Int64
			mm.Drained = func() { drains.Add(1); doneAtDrain.Store(done.Load()) }
			got, err := mm.RunSummary(context.Background(), workers, func(n, _ int) { done.Add(1) })
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("block %d, %d workers: summary differs from one Run", block, workers)
			}
			if games := int64(got.Games()); drains.Load() != 1 || doneAtDrain.Load() < games-int64(workers) {
				t.Errorf("block %d, %d workers: drained %d times, at %d of %d games done", block, workers, drains.Load(), doneAtDrain.Load(), games)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, err := m.RunSummary(ctx, 2, nil)
	if err != nil || !got.Partial || got.Games() != 0 {
		t.Fatalf("cancelled run: partial %v, %d games, err %v", got.Partial, got.Games(), err)
	}
}
