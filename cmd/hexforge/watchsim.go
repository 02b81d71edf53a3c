package main

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/watch"
)

func init() {
	watchSim = func(vs []string, games int) watch.OnGood {
		if len(vs) == 0 {
			return nil
		}
		var mu sync.Mutex
		last := map[string]float64{} // previous good win rate per army and opponent
		return func(ctx context.Context, out io.Writer, file string, a, prev *rules.Army) {
			for _, ref := range vs {
				opp, err := loadArmy(out, ref)
				if err != nil {
					fmt.Fprintf(out, "  vs %s: %v\n", ref, err)
					continue
				}
				m := &sim.Match{A: a, B: opp.Army, Players: [2]sim.PlayerSpec{{Kind: "greedy"}, {Kind: "greedy"}}, Seed: 1, Pairs: (games + 1) / 2}
				recs, partial, err := m.Run(ctx, 0, nil)
				if err != nil {
					fmt.Fprintf(out, "  vs %s: %v\n", ref, err)
					continue
				}
				if partial || ctx.Err() != nil {
					fmt.Fprintf(out, "  vs %s: cancelled by a newer save\n", opp.Army.Name)
					return
				}
				s := sim.Summarize(m, recs, false)
				iv := s.Tally.Interval()
				key := a.Name + "\x00" + opp.Army.Name
				mu.Lock()
				change := ""
				if p, ok := last[key]; ok {
					change = fmt.Sprintf("  (%+.1f points since the last good version)", 100*(s.Tally.Rate()-p))
				}
				last[key] = s.Tally.Rate()
				mu.Unlock()
				fmt.Fprintf(out, "  vs %s: %.1f%% [%.1f%%, %.1f%%] over %d greedy games%s\n", opp.Army.Name, 100*s.Tally.Rate(), 100*iv.Lo, 100*iv.Hi, s.Games(), change)
			}
		}
	}
}
