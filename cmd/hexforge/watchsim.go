package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
	"github.com/hexforge/hexforge/watch"
)

func init() {
	watchSim = func(q quickSim) watch.OnGood {
		vs, games, players := q.vs, q.games, q.players
		if len(vs) == 0 {
			return nil
		}
		var mu sync.Mutex
		// The pair scores of the last good version per army and opponent:
		// every version plays the same seeds, so the next one is compared
		// with it pair by pair.
		last := map[string][]int8{}
		return func(ctx context.Context, out io.Writer, file string, a, prev *rules.Army) {
			for _, ref := range vs {
				opp, err := loadArmy(out, ref)
				if err != nil {
					fmt.Fprintf(out, "  vs %s: %v\n", ref, err)
					continue
				}
				// The watched army changes with every save, so whether the
				// variant does anything is known only now: a note line
				// says so, and the games are played all the same (they
				// are the games without the flag).
				if err := checkStructures(out, q.structures, a, opp.Army); err != nil {
					fmt.Fprintf(out, "  vs %s: note: %v\n", opp.Army.Name, err)
				}
				m := &sim.Match{A: a, B: opp.Army, Players: players, Seed: 1, Pairs: (games + 1) / 2, Board: q.board, Leaders: q.leaders, Structures: q.structures}
				scores := make([]int8, 0, m.Pairs)
				partial, err := m.Stream(ctx, 0, nil, func(recs []sim.GameRecord) { scores = sim.AppendPairPoints(scores, recs) })
				if err != nil {
					fmt.Fprintf(out, "  vs %s: %v\n", ref, err)
					continue
				}
				if partial || ctx.Err() != nil {
					// A newer save and Ctrl-C both cancel ctx; only the
					// cause tells them apart.
					why := "interrupted"
					if errors.Is(context.Cause(ctx), watch.ErrNewerSave) {
						why = "cancelled by a newer save"
					}
					fmt.Fprintf(out, "  vs %s: %s\n", opp.Army.Name, why)
					return
				}
				var p stats.Pentanomial
				for _, k := range scores {
					if k >= 0 {
						p[k]++
					}
				}
				lo, hi := p.Interval(stats.Z95)
				key := a.Name + "\x00" + opp.Army.Name
				mu.Lock()
				change := watchChange(last[key], scores)
				last[key] = scores
				mu.Unlock()
				fmt.Fprintf(out, "  vs %s: %.1f%% [%.1f%%, %.1f%%] over %d pairs of %s games%s%s\n", opp.Army.Name, 100*p.Mean(), 100*lo, 100*hi, p.Pairs(), playersWords(players), q.variantWords(), change)
			}
		}
	}
}

// watchChange compares a version's pair scores with the last good
// version's, pair by pair (the same seeds and draws), and says whether the
// win rate moved: a bare difference inside its noise is no news.
func watchChange(old, cur []int8) string {
	if old == nil {
		return ""
	}
	d := sim.PairedDiff(cur, old)
	lo, hi := d.Interval(stats.Z95)
	iv := fmt.Sprintf("%+.1f points, paired 95%% interval [%+.1f, %+.1f]", 100*d.Mean(), 100*lo, 100*hi)
	if !d.Significant() {
		return "  (no significant change since the last good version: " + iv + ")"
	}
	return "  (" + iv + " since the last good version: significant)"
}

// playersWords names the players of a quick simulation: "race:8" when both
// sides play the same, "race:8 vs greedy" otherwise.
func playersWords(p [2]player.Spec) string {
	if p[0] == p[1] {
		return p[0].String()
	}
	return p[0].String() + " vs " + p[1].String()
}
