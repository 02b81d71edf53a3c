package study

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
)

// Diff is army B's change in win rate against army A, both played against
// the same opponents on the same seeds and draws, measured pair by pair.
type Diff struct {
	A, B      string // the armies' names
	Opponents []string
	Players   [2]player.Spec
	Seed      uint64
	Games     int // per opponent and army
	TA, TB    sim.Tally
	Change    stats.PairedDiff // B's pair scores minus A's
	Partial   bool             // stopped early: only the games finished are counted
}

// RunDiff plays a and then b against each opponent, pairs games per
// opponent (progress shows each match; nil shows nothing).
func RunDiff(ctx context.Context, a, b *rules.Army, opps []*rules.Army, oppNames []string, specs [2]player.Spec, seed uint64, pairs int, progress func(label string) sim.Progress) (*Diff, error) {
	play := func(x *rules.Army) (sim.Tally, []int8, error) {
		return PairedAgainst(opps, func(opp *rules.Army) (*sim.Summary, error) {
			m := &sim.Match{A: x, B: opp, Players: specs, Seed: seed, Pairs: pairs, MaxActions: sim.DefaultMaxActions, KeepPoints: true}
			var p sim.Progress
			if progress != nil {
				p = progress(x.Name + " vs " + opp.Name)
			}
			return m.RunSummary(ctx, 0, p)
		})
	}
	d := &Diff{A: a.Name, B: b.Name, Opponents: oppNames, Players: specs, Seed: seed, Games: 2 * pairs}
	ta, pa, err := play(a)
	if err != nil {
		return nil, err
	}
	tb, pb, err := play(b)
	if err != nil {
		return nil, err
	}
	d.TA, d.TB, d.Change = ta, tb, sim.PairedDiff(pb, pa)
	d.Partial = ctx.Err() != nil
	return d, nil
}

// Write is the comparison in a few lines: each army's win rate and B's
// change with its paired interval and verdict.
func (d *Diff) Write(w io.Writer) {
	lo, hi := d.Change.Interval(stats.Z95)
	verdict := "no significant change (the paired interval contains 0)"
	if d.Change.Significant() {
		verdict = "significant"
	}
	partial := ""
	if d.Partial {
		partial = " [PARTIAL: stopped early]"
	}
	fmt.Fprintf(w, "\nagainst %s, %d games each, players %s vs %s, seed %d (the same seeds for both):%s\n", strings.Join(d.Opponents, ", "), d.Games, d.Players[0], d.Players[1], d.Seed, partial)
	ia, ib := d.TA.Interval(), d.TB.Interval()
	na, nb := "A "+d.A, "B "+d.B
	fmt.Fprintf(w, "  %s: %.1f%% [%.1f, %.1f]\n  %s: %.1f%% [%.1f, %.1f]\n", na, 100*d.TA.Rate(), 100*ia.Lo, 100*ia.Hi, nb, 100*d.TB.Rate(), 100*ib.Lo, 100*ib.Hi)
	fmt.Fprintf(w, "  change B - A: %+.1f points, paired 95%% interval [%+.1f, %+.1f]: %s\n", 100*d.Change.Mean(), 100*lo, 100*hi, verdict)
}
