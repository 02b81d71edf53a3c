package study

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
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
	Games       int         `json:"games"`             // per opponent: fewer than the sweep's when it stopped early
	Verdict     string      `json:"verdict,omitempty"` // changes, within (±Margin), undecided or futile (stopped undecided: it could not be decided by the last look); none for the first value
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
	Looks              []int   // the pairs per opponent at each look (one look: no early stop)
	Margin             float64 // the change within which a value is "within"
}

// RunSweep plays the army at each value (load gives the army with the
// field set to it) against the opponents on the same seeds, each value's
// change measured against the first pair by pair; with early, a value
// stops once decided (staged.go), the corrections for the values and the
// looks keeping the chance of calling any unchanged value changed at 5%.
// Every value is loaded before the first game, so a bad value stops the
// run before any work. army names the army until the first value is
// loaded.
func RunSweep(ctx context.Context, r *Run, army, token, field string, values []string, load func(value string) (*rules.Army, error), opps []*rules.Army, oppNames []string, margin float64, early bool) (*Sweep, error) {
	res := &Sweep{Army: army, Token: token, Field: field, Values: values, Opponents: oppNames, Players: r.Players, Seed: r.Seed, Games: r.PlayedGames(), Leaders: r.leaderWords(),
		Looks: r.Looks(early), Margin: margin}
	var list []*rules.Army
	for _, val := range values {
		a, err := load(val)
		if err != nil {
			return nil, err
		}
		list = append(list, a)
	}
	res.Army = strings.TrimSuffix(list[0].Name, " (variant)") // each value is a variant of this army
	st, err := runStaged(ctx, r, list[0], list[1:], opps, margin, early, early)
	if err != nil {
		return nil, err
	}
	for i, a := range append([]*arm{st.ref}, st.vars...) {
		if a.played() == 0 && i > 0 {
			continue // not reached before the run was stopped; the first value's row always says what was played
		}
		row := SweepRow{Value: values[i], Games: a.played() / len(opps), Verdict: a.verdict}
		for k, t := range a.tallies {
			iv := t.Interval()
			row.Cells = append(row.Cells, SweepCell{oppNames[k], t.Rate(), [2]float64{iv.Lo, iv.Hi}})
		}
		total := a.total()
		iv := total.Interval()
		row.WinRate, row.Interval = total.Rate(), [2]float64{iv.Lo, iv.Hi}
		if i > 0 {
			lo, hi := a.diff.Interval(stats.Z95)
			row.Change, row.ChangeCI, row.P, row.PHolm, row.Significant = a.diff.Mean(), [2]float64{lo, hi}, a.p, a.pAdj, a.pAdj <= 0.05
		} else {
			row.Verdict = ""
		}
		res.Rows = append(res.Rows, row)
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
