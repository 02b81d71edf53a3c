package study

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
)

// LadderLevel is one player level's result in one matchup.
type LadderLevel struct {
	Player   string     `json:"player"`
	Pairs    int        `json:"pairs"`
	Capped   int        `json:"capped_pairs"`
	WinRate  float64    `json:"win_rate"`
	Interval [2]float64 `json:"interval95"`
	// VsBelow is this level head to head against the level below it (none
	// for the weakest).
	VsBelow *HeadToHead       `json:"vs_below,omitempty"`
	counts  stats.Pentanomial // the pairs by score, what the field's verdict compares
}

// rateCell is the level's win rate with its interval, or "no games" when
// no pair was decided: a rate of 1/2 in [0, 1] would be a number from
// nothing.
func (l LadderLevel) rateCell() string {
	if l.Pairs == 0 {
		return "no games"
	}
	return fmt.Sprintf("%.1f%% [%.1f%%, %.1f%%]", 100*l.WinRate, 100*l.Interval[0], 100*l.Interval[1])
}

// LadderMatch is one matchup climbed through every level.
type LadderMatch struct {
	A       string        `json:"a"`
	B       string        `json:"b"`
	Seed    uint64        `json:"seed"`
	Levels  []LadderLevel `json:"levels"`
	Stable  bool          `json:"stable"`
	Verdict string        `json:"verdict"`
	Within  float64       `json:"within"`               // the verdict's equivalence margin, a rate
	Need    int           `json:"need_games,omitempty"` // not enough games: about how many a level would decide
	Diff    float64       `json:"top_two_diff"`
	DiffCI  [2]float64    `json:"top_two_diff_interval95"`
	Reason  string        `json:"reason"`
	Partial bool          `json:"partial,omitempty"`
	Board   string        `json:"board,omitempty"`   // not the standard board
	Leaders []string      `json:"leaders,omitempty"` // army A's and army B's leader cards, when any
	// Structures: the Structures variant (docs/rules.md).
	Structures bool `json:"structures,omitempty"`
}

// Ladder is what a ladder plays: the same seat-swapped pairs of every
// matchup at each player level, weakest first, and the variant.
type Ladder struct {
	Levels     []player.Spec
	Pairs      int
	Seed       uint64
	Workers    int
	Board      *engine.Board // nil: the standard board
	Leaders    [2]*rules.Leader
	Structures bool
	Within     float64                         // the verdict's equivalence margin, a rate; 0: DefaultWithin
	Progress   func(label string) sim.Progress // nil: none
	// Field climbs only the first army's matchups, one against each of
	// the others (its field), as LadderFieldOf judges them.
	Field bool
}

// MaxLadderPairs is the most pairs a ladder plays per level and matchup.
const MaxLadderPairs = 10_000_000

// Check refuses, before any game, the settings no ladder can climb; its
// errors name the command line's flags.
func (l *Ladder) Check() error {
	if l.Pairs < 1 || l.Pairs > MaxLadderPairs {
		return fmt.Errorf("--games %d: want 1 to %d pairs", l.Pairs, MaxLadderPairs)
	}
	return CheckWorkers(l.Workers)
}

// Run climbs every matchup of the armies (mirrors left out) through the
// levels and says for each whether its win rate is stable between the two
// strongest levels. Cancelling ctx stops it, the matchups marked partial.
func (l *Ladder) Run(ctx context.Context, list []*rules.Army) ([]LadderMatch, error) {
	var ms []LadderMatch
	for i := range list {
		if l.Field && i > 0 {
			break
		}
		for j := i + 1; j < len(list); j++ {
			lm := LadderMatch{A: list[i].Name, B: list[j].Name, Seed: l.Seed, Structures: l.Structures}
			if l.Board != nil {
				lm.Board = l.Board.Name
			}
			if l.Leaders[0] != nil || l.Leaders[1] != nil {
				lm.Leaders = []string{sim.LeaderName(l.Leaders[0]), sim.LeaderName(l.Leaders[1])}
			}
			var rates []sim.LevelRate
			for k, p := range l.Levels {
				m := &sim.Match{A: list[i], B: list[j], Players: [2]player.Spec{p, p}, Seed: l.Seed, Pairs: l.Pairs, Board: l.Board, Leaders: l.Leaders, Structures: l.Structures}
				var progress sim.Progress
				if l.Progress != nil {
					progress = l.Progress(list[i].Name + " vs " + list[j].Name + " " + p.String())
				}
				// Pairs are counted as they finish, never kept: memory
				// stays constant at any number of games.
				var counts sim.PairCounts
				partial, err := m.Stream(ctx, l.Workers, progress, counts.Add)
				if err != nil {
					return nil, err
				}
				lm.Partial = lm.Partial || partial
				lr := counts.Rate()
				rates = append(rates, lr)
				lv := LadderLevel{Player: p.String(), Pairs: lr.Pairs, Capped: counts.Capped,
					WinRate: lr.Rate, Interval: [2]float64{lr.Interval.Lo, lr.Interval.Hi}, counts: lr.Counts}
				if k > 0 && !partial {
					h, partial, err := l.headToHead(ctx, list[i], list[j], p, l.Levels[k-1])
					if err != nil {
						return nil, err
					}
					lm.Partial = lm.Partial || partial
					lv.VsBelow = &h
				}
				lm.Levels = append(lm.Levels, lv)
			}
			v := LadderVerdict(rates, l.Within)
			lm.Stable, lm.Verdict, lm.Diff, lm.Reason, lm.Within, lm.Need = v.Stable, v.VerdictText(), v.Diff, v.Reason, v.Within, v.NeedGames
			lm.DiffCI = [2]float64{v.DiffCI.Lo, v.DiffCI.Hi}
			ms = append(ms, lm)
		}
	}
	return ms, nil
}

// WriteLadder renders a ladder in format (table, json, csv or html), and
// after its matchups the army's standing against its field when field is
// not nil (a Field ladder); levels is the --levels list and command the
// command line an html page names.
func WriteLadder(w io.Writer, ms []LadderMatch, field *LadderField, format report.Format, levels, command string) error {
	switch format {
	case report.HTML:
		return ladderHTML(w, ms, field, levels, command)
	case report.JSON:
		out := map[string]any{"ladder": ms}
		if field != nil {
			out["field"] = field
		}
		return writeJSON(w, out)
	case report.CSV:
		return ladderCSV(w, ms, field)
	}
	for k, m := range ms {
		if k > 0 {
			fmt.Fprintln(w)
		}
		partial := ""
		if m.Partial {
			partial = "  [PARTIAL: stopped early]"
		}
		variant := ""
		if m.Board != "" {
			variant += ", on the " + m.Board + " board"
		}
		if len(m.Leaders) == 2 {
			variant += fmt.Sprintf(", leaders %s vs %s", m.Leaders[0], m.Leaders[1])
		}
		if m.Structures {
			variant += ", Structures"
		}
		fmt.Fprintf(w, "%s vs %s: win rate of %s (draw = 1/2) at each player level, the same seat-swapped pairs (seed %d) at each%s, 95%% interval from the pair scores%s\n\n", m.A, m.B, m.A, m.Seed, variant, partial)
		// "capped", not "capped pairs": the table fits 100 columns; on a
		// narrower terminal report's fitter narrows it.
		var rows [][]string
		for _, l := range m.Levels {
			rows = append(rows, []string{l.Player, fmt.Sprint(l.Pairs), fmt.Sprint(l.Capped), l.rateCell(), l.VsBelow.scoreCell(), l.VsBelow.eloCell()})
		}
		if err := report.WriteTable(w, report.Table, report.Heads("player", "pairs", "capped", "win rate", "vs the level below", "elo over it"), rows); err != nil {
			return err
		}
		fmt.Fprintf(w, "verdict: %s (%s)\n", m.Verdict, m.Reason)
		if len(m.Levels) > 1 {
			fmt.Fprintln(w, "vs the level below: each level against the one above it in the table, head to head, on army A in half the pairs and army B in the rest; its score (draw = 1/2) and Elo over that level, 95% intervals from the pair scores")
		}
	}
	if field != nil {
		return field.writeText(w)
	}
	return nil
}

// ladderCSV writes the ladder as one tidy table: a row per matchup and
// level, army_a's win rate at that level, and the matchup's verdict over
// the levels repeated on each of its rows; then the field's rows (army_b
// "field") when there is one.
func ladderCSV(w io.Writer, ms []LadderMatch, field *LadderField) error {
	header := []string{"army_a", "army_b", "seed", "level", "player", "pairs", "capped_pairs", "win_rate", "lo", "hi",
		"vs_below", "vs_below_pairs", "vs_below_score", "vs_below_lo", "vs_below_hi", "vs_below_elo", "vs_below_elo_lo", "vs_below_elo_hi",
		"stable", "verdict", "top_two_diff", "top_two_diff_lo", "top_two_diff_hi", "partial"}
	var rows [][]string
	for _, m := range ms {
		for i, l := range m.Levels {
			rate := []string{"", "", ""} // no games: no rate to print
			if l.Pairs > 0 {
				rate = []string{num(l.WinRate), num(l.Interval[0]), num(l.Interval[1])}
			}
			row := []string{m.A, m.B, strconv.FormatUint(m.Seed, 10), strconv.Itoa(i + 1), l.Player, strconv.Itoa(l.Pairs), strconv.Itoa(l.Capped),
				rate[0], rate[1], rate[2]}
			row = append(row, l.VsBelow.csvCells()...)
			rows = append(rows, append(row, strconv.FormatBool(m.Stable), m.Verdict,
				num(m.Diff), num(m.DiffCI[0]), num(m.DiffCI[1]), strconv.FormatBool(m.Partial)))
		}
	}
	if field != nil && len(ms) > 0 {
		rows = append(rows, field.csvRows(ms[0].Seed)...)
	}
	return writeCSV(w, header, rows)
}

// Verdict says whether the win rate has stopped moving between the two
// strongest levels of a ladder: "stable", "differs" or "not enough games",
// each shown by a test, never by a failure to find the opposite.
type Verdict struct {
	Stable    bool         // shown within ±Within
	Differs   bool         // shown to differ from 0, and not shown within ±Within
	Diff      float64      // top level's rate minus the second's
	DiffCI    sim.Interval // 95% interval of Diff
	Within    float64      // the equivalence margin, as a rate
	NeedGames int          // neither shown: about how many games a level would decide it
	Reason    string       // why, in a sentence
}

// VerdictText is what a report prints for a verdict.
func (v Verdict) VerdictText() string {
	switch {
	case v.Stable:
		return "stable"
	case v.Differs:
		return "differs: still moving — use a stronger player"
	case v.NeedGames > 0:
		// ladder's --games counts pairs: say both.
		return fmt.Sprintf("not enough games (need about %d a level: --games %d)", v.NeedGames, (v.NeedGames+1)/2)
	}
	return "not enough games"
}

// DefaultWithin is the ladder's equivalence margin unless told: 5 points,
// as agree's.
const DefaultWithin = 0.05

// LadderVerdict judges levels ordered from weakest to strongest by the last
// two, with equivalence margin within (a rate; 0 means DefaultWithin).
// The two levels' games are played by different players, so they are
// treated as independent samples of pairs, and their difference is
// stats.Compare's: stable when two one-sided tests at 95% show it within
// ±within (the 90% interval inside the margin), differs when its 95%
// interval leaves 0 out, and otherwise not enough games, with about how
// many games a level would decide it.
func LadderVerdict(levels []sim.LevelRate, within float64) Verdict {
	if within <= 0 {
		within = DefaultWithin
	}
	if len(levels) < 2 {
		return Verdict{DiffCI: sim.Interval{Lo: -1, Hi: 1}, Within: within, Reason: "one level only: nothing to compare"}
	}
	top, second := levels[len(levels)-1], levels[len(levels)-2]
	c := stats.Compare(stats.PairSample(second.Counts), stats.PairSample(top.Counts), within)
	return judge(c, within, top.Pairs == 0 || second.Pairs == 0)
}

// judge words the change c from the second level to the top one (or its
// mean over matchups): stable, differs or not enough games, and why; none
// says there were no decided pairs to compare.
func judge(c stats.Change, within float64, none bool) Verdict {
	v := Verdict{Diff: c.Diff, DiffCI: sim.Interval{Lo: c.Lo, Hi: c.Hi}, Within: within, Stable: c.Equivalent, Differs: !c.Equivalent && c.P <= 0.05}
	if !v.Stable && !v.Differs {
		v.NeedGames = 2 * c.NeedN()
	}
	if none {
		v.Reason = fmt.Sprintf("no decided pairs at one of the top two levels; about %d games a level would show them within %.0f points if they agree", v.NeedGames, 100*within)
		return v
	}
	diff := fmt.Sprintf("the top two levels differ by %+.1f points, 95%% interval [%+.1f, %+.1f]", 100*v.Diff, 100*v.DiffCI.Lo, 100*v.DiffCI.Hi)
	switch {
	case v.Stable:
		v.Reason = fmt.Sprintf("%s; shown within %.0f points by two one-sided tests at 95%%", diff, 100*within)
	case v.Differs:
		v.Reason = diff + ", which excludes 0"
	default:
		v.Reason = fmt.Sprintf("%s: neither within %.0f points (two one-sided tests at 95%%) nor away from 0 is shown", diff, 100*within)
	}
	return v
}
