package study

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
)

// LadderField is one army's standing against its field at each player
// level: its mean win rate over its matchups, one against each other army
// of the ladder, and whether that standing holds between the two strongest
// levels. It is the question a designer asks of a stronger player ("does
// my army still rate where it did?"), and it is shown with fewer games
// than any one matchup: the mean of k matchups has about 1/k of the
// variance of one (docs/players.md).
type LadderField struct {
	Army    string       `json:"army"`
	Against []string     `json:"against"`
	Levels  []FieldLevel `json:"levels"`
	Stable  bool         `json:"stable"`
	Verdict string       `json:"verdict"`
	Within  float64      `json:"within"`
	Need    int          `json:"need_games,omitempty"` // not enough games: about how many a level and matchup would decide
	Diff    float64      `json:"top_two_diff"`
	DiffCI  [2]float64   `json:"top_two_diff_interval95"`
	Reason  string       `json:"reason"`
	Partial bool         `json:"partial,omitempty"`
}

// FieldLevel is the army's mean win rate over its matchups at one level:
// each matchup weighs the same, and the interval combines theirs (the
// matchups are independent games).
type FieldLevel struct {
	Player   string     `json:"player"`
	Pairs    int        `json:"pairs"` // over all the matchups; 0 when one of them has none
	WinRate  float64    `json:"win_rate"`
	Interval [2]float64 `json:"interval95"`
}

// LadderFieldOf judges the first army of ms against the others it met
// (ms as a Field ladder climbs them: the matchups A vs each B) with the
// equivalence margin within (a rate; 0 means DefaultWithin): the mean over
// the matchups of the change from the second strongest level to the
// strongest (stats.MeanChange), "stable" when two one-sided tests at 95%
// show it within the margin, "differs" when its 95% interval leaves 0 out,
// and otherwise not enough games, with about how many games a level and
// matchup would decide it. Nil without matchups.
func LadderFieldOf(ms []LadderMatch, within float64) *LadderField {
	if len(ms) == 0 {
		return nil
	}
	if within <= 0 {
		within = DefaultWithin
	}
	f := &LadderField{Army: ms[0].A, Within: within}
	for _, m := range ms {
		f.Against = append(f.Against, m.B)
		f.Partial = f.Partial || m.Partial
	}
	nl := len(ms[0].Levels)
	for k := 0; k < nl; k++ {
		fl := FieldLevel{Player: ms[0].Levels[k].Player}
		var v float64
		for _, m := range ms {
			l := m.Levels[k]
			if l.Pairs == 0 {
				fl = FieldLevel{Player: fl.Player}
				break
			}
			fl.Pairs += l.Pairs
			fl.WinRate += l.WinRate
			se := stats.SE95(l.Interval[0], l.Interval[1])
			v += se * se
		}
		if fl.Pairs > 0 {
			n := float64(len(ms))
			fl.WinRate /= n
			se := math.Sqrt(v) / n
			fl.Interval = [2]float64{max(fl.WinRate-stats.Z95*se, 0), min(fl.WinRate+stats.Z95*se, 1)}
		} else {
			fl.Interval = [2]float64{0, 1}
		}
		f.Levels = append(f.Levels, fl)
	}
	var vd Verdict
	if nl < 2 {
		vd = Verdict{DiffCI: sim.Interval{Lo: -1, Hi: 1}, Within: within, Reason: "one level only: nothing to compare"}
	} else {
		var cs []stats.Change
		none := false
		for _, m := range ms {
			top, second := m.Levels[nl-1], m.Levels[nl-2]
			none = none || top.Pairs == 0 || second.Pairs == 0
			cs = append(cs, stats.Compare(stats.PairSample(second.counts), stats.PairSample(top.counts), within))
		}
		vd = judge(stats.MeanChange(cs, within), within, none)
	}
	f.Stable, f.Verdict, f.Diff, f.Reason, f.Need = vd.Stable, vd.VerdictText(), vd.Diff, vd.Reason, vd.NeedGames
	f.DiffCI = [2]float64{vd.DiffCI.Lo, vd.DiffCI.Hi}
	return f
}

// title is the field table's heading.
func (f *LadderField) title() string {
	return fmt.Sprintf("%s against the field (%s): %s's mean win rate (draw = 1/2) over its %d matchups at each player level, each matchup weighing the same, 95%% interval",
		f.Army, strings.Join(f.Against, ", "), f.Army, len(f.Against))
}

// rows are the field table's rows: player, pairs, win rate.
func (f *LadderField) rows() [][]string {
	var rows [][]string
	for _, l := range f.Levels {
		rate := "no games"
		if l.Pairs > 0 {
			rate = fmt.Sprintf("%.1f%% [%.1f%%, %.1f%%]", 100*l.WinRate, 100*l.Interval[0], 100*l.Interval[1])
		}
		rows = append(rows, []string{l.Player, fmt.Sprint(l.Pairs), rate})
	}
	return rows
}

// writeText writes the field's table and verdict after the matchups'.
func (f *LadderField) writeText(w io.Writer) error {
	partial := ""
	if f.Partial {
		partial = "  [PARTIAL: stopped early]"
	}
	fmt.Fprintf(w, "\n%s%s\n\n", f.title(), partial)
	if err := report.WriteTable(w, report.Table, report.Heads("player", "pairs", "win rate"), f.rows()); err != nil {
		return err
	}
	fmt.Fprintf(w, "field verdict: %s (%s)\n", f.Verdict, f.Reason)
	return nil
}

// csvRows are the field's rows of the ladder's tidy table: army_b is
// "field" and the head-to-head columns are empty.
func (f *LadderField) csvRows(seed uint64) [][]string {
	var rows [][]string
	for i, l := range f.Levels {
		rate := []string{"", "", ""}
		if l.Pairs > 0 {
			rate = []string{num(l.WinRate), num(l.Interval[0]), num(l.Interval[1])}
		}
		row := []string{f.Army, "field", strconv.FormatUint(seed, 10), strconv.Itoa(i + 1), l.Player, strconv.Itoa(l.Pairs), ""}
		row = append(row, rate...)
		row = append(row, (*HeadToHead)(nil).csvCells()...) // no level below for the field
		rows = append(rows, append(row, strconv.FormatBool(f.Stable), f.Verdict,
			num(f.Diff), num(f.DiffCI[0]), num(f.DiffCI[1]), strconv.FormatBool(f.Partial)))
	}
	return rows
}
