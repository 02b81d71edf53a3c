package study

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
)

// SweepCell is one opponent's win rate at one value of a sweep.
type SweepCell struct {
	Opponent string     `json:"opponent"`
	WinRate  float64    `json:"win_rate"`
	Interval [2]float64 `json:"interval"`
}

// SweepRow is one value of a sweep.
type SweepRow struct {
	Value       string      `json:"value"`
	Cells       []SweepCell `json:"cells"`
	WinRate     float64     `json:"win_rate"` // against all opponents
	Interval    [2]float64  `json:"interval"`
	Change      float64     `json:"change"` // against the first value, paired over the same seeds
	ChangeCI    [2]float64  `json:"change_ci"`
	P           float64     `json:"p"`
	PHolm       float64     `json:"p_holm"`
	Significant bool        `json:"significant"`
}

// Sweep is an army's win rate as one token field runs over values.
type Sweep struct {
	Army, Token, Field string
	Values             []string
	Opponents          []string
	Players            [2]player.Spec
	Seed               uint64
	Games              int    // per value and opponent
	Leaders            string // "; leaders A vs B", or ""
	Partial            bool
	Rows               []SweepRow
}

// RunSweep plays the army at each value (load gives the army with the
// field set to it) against the opponents on the same seeds, each value's
// change measured against the first pair by pair, Holm-corrected over the
// values. army names the army until the first value is loaded.
func RunSweep(ctx context.Context, r *Run, army, token, field string, values []string, load func(value string) (*rules.Army, error), opps []*rules.Army, oppNames []string) (*Sweep, error) {
	res := &Sweep{Army: army, Token: token, Field: field, Values: values, Opponents: oppNames, Players: r.Players, Seed: r.Seed, Games: r.PlayedGames(), Leaders: r.leaderWords()}
	var first []int8 // the first value's pair scores, what the others are compared with
	for _, val := range values {
		a, err := load(val)
		if err != nil {
			return nil, err
		}
		res.Army = strings.TrimSuffix(a.Name, " (variant)") // each value is a variant of this army
		row := SweepRow{Value: val}
		var total sim.Tally
		var pts []int8
		for i, opp := range opps {
			s, err := r.Match(ctx, &sim.Match{A: a, B: opp, Players: r.Players, Seed: r.Seed, Shard: r.Shard, MaxActions: r.MaxActions, KeepPoints: true})
			if err != nil {
				return nil, err
			}
			iv := s.Tally.Interval()
			row.Cells = append(row.Cells, SweepCell{oppNames[i], s.Tally.Rate(), [2]float64{iv.Lo, iv.Hi}})
			total.Merge(s.Tally)
			pts = append(pts, s.PairPoints()...)
		}
		iv := total.Interval()
		row.WinRate, row.Interval = total.Rate(), [2]float64{iv.Lo, iv.Hi}
		if first == nil {
			first = pts
		} else {
			d := sim.PairedDiff(pts, first)
			lo, hi := d.Interval(stats.Z95)
			row.Change, row.ChangeCI, row.P = d.Mean(), [2]float64{lo, hi}, d.PValue()
		}
		res.Rows = append(res.Rows, row)
		if ctx.Err() != nil {
			break
		}
	}
	if len(res.Rows) > 1 {
		ps := make([]float64, len(res.Rows)-1)
		for i := range ps {
			ps[i] = res.Rows[i+1].P
		}
		for i, adj := range stats.Holm(ps) {
			res.Rows[i+1].PHolm, res.Rows[i+1].Significant = adj, adj <= 0.05
		}
	}
	res.Partial = ctx.Err() != nil
	return res, nil
}

// SweepSpec is sweep's argument ARMY/TOKEN.FIELD=RANGE: the field as a
// --set names it (Set, its Value the range as written) and the range's
// values.
type SweepSpec struct {
	Set    armies.Set
	Values []string
}

// ParseSweep reads sweep's argument.
func ParseSweep(arg string) (SweepSpec, error) {
	spec := arg // the range's ".." is hidden from ParseSet; a path's ".." stays
	if eq := strings.Index(spec, "="); eq >= 0 {
		spec = spec[:eq] + strings.Replace(spec[eq:], "..", "~", 1)
	}
	tmpl, err := armies.ParseSet(spec)
	if err != nil {
		return SweepSpec{}, fmt.Errorf("sweep %q: want ARMY/TOKEN.FIELD=RANGE, ARMY a short name or a path to an .army file, e.g. 'moloch/Hybrid.initiative=1..3'", arg)
	}
	values, err := ParseRange(strings.Replace(tmpl.Value, "~", "..", 1))
	return SweepSpec{tmpl, values}, err
}

// At is the override that sets the swept field to val.
func (sp SweepSpec) At(val string) armies.Set {
	set := sp.Set
	set.Value, set.Raw = val, fmt.Sprintf("%s/%s.%s=%s", set.Army, set.Token, set.Field, val)
	return set
}

// ParseRange reads a sweep's range, "1..3" or "1,2,4", into its values.
func ParseRange(s string) ([]string, error) {
	if lo, hi, ok := strings.Cut(s, ".."); ok {
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b, err2 := strconv.Atoi(strings.TrimSpace(hi))
		if err1 != nil || err2 != nil || b < a || b-a > 50 {
			return nil, fmt.Errorf("range %q: want LO..HI with at most 50 steps, e.g. 1..4", s)
		}
		var out []string
		for x := a; x <= b; x++ {
			out = append(out, strconv.Itoa(x))
		}
		return out, nil
	}
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no values in %q", s)
	}
	return out, nil
}
