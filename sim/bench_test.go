package sim

import (
	"context"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/position"

	"github.com/hexforge/hexforge/engine"
)

func benchGames(b *testing.B, pa, pb string) { benchGamesOn(b, nil, "moloch", "moloch", pa, pb) }

func benchGamesOn(b *testing.B, board *engine.Board, a, c, pa, pb string) {
	m := match(b, a, c, pa, pb, 1, 1)
	m.Board = board
	benchMatch(b, m)
}

// benchMatch plays one game of m per iteration, seats alternating, and
// reports the actions a game.
func benchMatch(b *testing.B, m *Match) {
	w := &worker{res: new(engine.Resolver)}
	b.ReportAllocs()
	b.ResetTimer()
	actions := 0
	for i := 0; i < b.N; i++ {
		m.Seed = uint64(i)
		r, err := m.play(0, i%2 == 0, w)
		if err != nil {
			b.Fatal(err)
		}
		actions += r.Actions
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// BenchmarkRandomGame is one whole game between two random players.
func BenchmarkRandomGame(b *testing.B) { benchGames(b, "random", "random") }

// BenchmarkGreedyGame is one whole game between two greedy players.
func BenchmarkGreedyGame(b *testing.B) { benchGames(b, "greedy", "greedy") }

// BenchmarkDuelBoardGame is one whole game between two greedy players on
// the Duel board (energy and Procedures among the actions), Smart against
// Vegas, the armies of the Duel box.
func BenchmarkDuelBoardGame(b *testing.B) {
	benchGamesOn(b, position.Duel, "smart", "vegas", "greedy", "greedy")
}

// BenchmarkThroughput plays greedy games on all cores, as hexforge sim does.
func BenchmarkThroughput(b *testing.B) {
	m := match(b, "moloch", "moloch", "greedy", "greedy", 0, 9)
	m.Pairs = max(1, b.N/2)
	b.ResetTimer()
	if _, _, err := m.Run(context.Background(), 0, nil); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkStructureGame is one whole game between two greedy players with
// the Structures variant, Fortress (a Structure) against Moloch: until the
// Structure is placed, each decision after the draw offers thousands of
// placements (docs/performance.md, "Structure placements").
func BenchmarkStructureGame(b *testing.B) {
	benchMatch(b, structureMatch(b, "greedy", "greedy"))
}

// structureMatch is Fortress (cmd/hexforge/testdata/fortress.army, which
// extends Outpost, so it is loaded as hexforge loads it) against Moloch
// with the Structures variant.
func structureMatch(t testing.TB, pa, pb string) *Match {
	t.Helper()
	m := match(t, "moloch", "moloch", pa, pb, 1, 1)
	l, err := armies.Loader{}.Load("../cmd/hexforge/testdata/fortress.army")
	if err != nil {
		t.Fatal(err)
	}
	m.A = l.Army
	m.Structures = true
	return m
}
