package sim

import (
	"sync/atomic"
	"testing"

	"github.com/hexforge/hexforge/engine"
)

// benchLevels are the player levels BenchmarkLevels measures: every kind,
// and the budgets the ladder and docs/players.md compare.
var benchLevels = []string{"random", "greedy", "search:16", "search:64", "plan:4", "plan:16", "race:8", "race:32", "mcts:16", "mcts:64", "wide", "deep", "tree"}

// BenchmarkLevels plays whole games of a Moloch mirror at each player level
// on every core (b.RunParallel, one worker per goroutine, as hexforge sim
// runs them) and reports the throughput: games/s and decisions/s in total
// over the cores (GOMAXPROCS), a decision being one action a player chose.
// ns/op is wall time per game divided among the cores, so with 2 cores it
// is half the time one game takes. On a machine shared with other jobs the
// wall time says little; cpu-ms/game (the process's CPU time per game,
// where it can be read) does not depend on them, and GOMAXPROCS divided by
// it is what the cores would give if the games had them to themselves.
//
//	go test -run '^$' -bench Levels -benchmem ./sim
func BenchmarkLevels(b *testing.B) {
	for _, level := range benchLevels {
		b.Run(level, func(b *testing.B) {
			m := match(b, "moloch", "moloch", level, level, 1, 11)
			var next, actions atomic.Int64
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cpuSeconds()
			b.RunParallel(func(pb *testing.PB) {
				w := &worker{res: new(engine.Resolver)}
				for pb.Next() {
					k := int(next.Add(1) - 1)
					r, err := m.play(k, k%2 == 0, w)
					if err != nil {
						b.Error(err)
						return
					}
					actions.Add(int64(r.Actions))
				}
			})
			if cpu0 >= 0 {
				b.ReportMetric((cpuSeconds()-cpu0)*1e3/float64(b.N), "cpu-ms/game")
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(b.N)/sec, "games/s")
			b.ReportMetric(float64(actions.Load())/sec, "decisions/s")
			b.ReportMetric(float64(actions.Load())/float64(b.N), "actions/game")
		})
	}
}
