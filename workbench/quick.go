// Package workbench is the designer's live loop around an army file: the
// quick simulation that watch and serve run after every good save (Quick)
// and serve's web page with its state (Bench).
package workbench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
	"github.com/hexforge/hexforge/study"
	"github.com/hexforge/hexforge/watch"
)

// Quick is what watch and serve simulate after each good save: the
// opponents, the games against each, the players, and the variant.
type Quick struct {
	Vs      []string // the opponents as the command line names them
	Games   int
	Players [2]player.Spec
	Board   *engine.Board    // nil: the standard board
	Leaders [2]*rules.Leader // the watched army's and the opponent's
	// Structures is the Structures variant, for a designer iterating on a
	// structure block.
	Structures bool
	// Loader reads the army files: the watched one and its bases.
	Loader armies.Loader
	// Load loads an opponent, its diagnostics written to w; nil loads it
	// as it is (Loader.Load).
	Load func(w io.Writer, ref string) (*rules.Army, error)
}

// Check refuses, before any work, the settings no quick simulation can
// play: a bad value is the command's error, not a line after the first
// save.
func (q *Quick) Check() error {
	if q.Games < 1 || q.Games > sim.MaxGames {
		return fmt.Errorf("--games %d: want 1 to %d", q.Games, sim.MaxGames)
	}
	if q.Structures && len(q.Vs) == 0 {
		// Only the quick simulations play the variant: without one the
		// flag would do nothing.
		return fmt.Errorf("--structures plays the Structures variant in the quick simulations: give an opponent with --vs")
	}
	return nil
}

func (q *Quick) load(w io.Writer, ref string) (*rules.Army, error) {
	if q.Load != nil {
		return q.Load(w, ref)
	}
	l, err := q.Loader.Load(ref)
	if err != nil {
		return nil, err
	}
	return l.Army, nil
}

// OnGood returns the quick simulation to run after each good save, or nil
// when there is no opponent. Every version plays the same seeds, so the
// next one is compared with the last pair by pair.
func (q *Quick) OnGood() watch.OnGood {
	if len(q.Vs) == 0 {
		return nil
	}
	var mu sync.Mutex
	// The pair scores of the last good version per army and opponent.
	last := map[string][]int8{}
	return func(ctx context.Context, out io.Writer, file string, a, prev *rules.Army) {
		for _, ref := range q.Vs {
			opp, err := q.load(out, ref)
			if err != nil {
				fmt.Fprintf(out, "  vs %s: %v\n", ref, err)
				continue
			}
			// The watched army changes with every save, so whether the
			// variant does anything is known only now: a note line says
			// so, and the games are played all the same (they are the
			// games without the flag).
			note, err := study.CheckStructures(q.Structures, a, opp)
			if note != "" {
				fmt.Fprintln(out, note)
			}
			if err != nil {
				fmt.Fprintf(out, "  vs %s: note: %v\n", opp.Name, err)
			}
			m := &sim.Match{A: a, B: opp, Players: q.Players, Seed: 1, Pairs: (q.Games + 1) / 2, Board: q.Board, Leaders: q.Leaders, Structures: q.Structures}
			scores := make([]int8, 0, m.Pairs)
			partial, err := m.Stream(ctx, 0, nil, func(recs []sim.GameRecord) { scores = sim.AppendPairPoints(scores, recs) })
			if err != nil {
				fmt.Fprintf(out, "  vs %s: %v\n", ref, err)
				continue
			}
			if partial || ctx.Err() != nil {
				// A newer save and Ctrl-C both cancel ctx; only the cause
				// tells them apart.
				why := "interrupted"
				if errors.Is(context.Cause(ctx), watch.ErrNewerSave) {
					why = "cancelled by a newer save"
				}
				fmt.Fprintf(out, "  vs %s: %s\n", opp.Name, why)
				return
			}
			var p stats.Pentanomial
			for _, k := range scores {
				if k >= 0 {
					p[k]++
				}
			}
			lo, hi := p.Interval(stats.Z95)
			key := a.Name + "\x00" + opp.Name
			mu.Lock()
			change := Change(last[key], scores)
			last[key] = scores
			mu.Unlock()
			fmt.Fprintf(out, "  vs %s: %.1f%% [%.1f%%, %.1f%%] over %d pairs of %s games%s%s\n", opp.Name, 100*p.Mean(), 100*lo, 100*hi, p.Pairs(), playersWords(q.Players), q.VariantWords(), change)
		}
	}
}

// Change compares a version's pair scores with the last good version's,
// pair by pair (the same seeds and draws), and says whether the win rate
// moved: a bare difference inside its noise is no news.
func Change(old, cur []int8) string {
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

// Plan says what the quick simulation plays after each good save against
// the opponents called names, for the watcher's first line ("" with no
// opponent).
func (q *Quick) Plan(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf("then %d games against %s%s", 2*((q.Games+1)/2), strings.Join(names, ", "), q.VariantWords())
}

// VariantWords names the board and the leaders of the quick simulations
// for the lines that report them ("" for the standard game).
func (q *Quick) VariantWords() string {
	s := ""
	if q.Board != nil && q.Board != position.Standard {
		s = ", on the " + q.Board.Name + " board"
	}
	if q.Leaders[0] != nil || q.Leaders[1] != nil {
		s += fmt.Sprintf(", leaders %s vs %s", sim.LeaderName(q.Leaders[0]), sim.LeaderName(q.Leaders[1]))
	}
	if q.Structures {
		s += ", Structures"
	}
	return s
}
