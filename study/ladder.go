package study

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
	"github.com/olekukonko/tablewriter"
)

// LadderLevel is one player level's result in one matchup.
type LadderLevel struct {
	Player   string     `json:"player"`
	Pairs    int        `json:"pairs"`
	Capped   int        `json:"capped_pairs"`
	WinRate  float64    `json:"win_rate"`
	Interval [2]float64 `json:"interval95"`
}

// LadderMatch is one matchup climbed through every level.
type LadderMatch struct {
	A       string        `json:"a"`
	B       string        `json:"b"`
	Seed    uint64        `json:"seed"`
	Levels  []LadderLevel `json:"levels"`
	Stable  bool          `json:"stable"`
	Verdict string        `json:"verdict"`
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
	Progress   func(label string) sim.Progress // nil: none
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
		for j := i + 1; j < len(list); j++ {
			lm := LadderMatch{A: list[i].Name, B: list[j].Name, Seed: l.Seed, Structures: l.Structures}
			if l.Board != nil {
				lm.Board = l.Board.Name
			}
			if l.Leaders[0] != nil || l.Leaders[1] != nil {
				lm.Leaders = []string{sim.LeaderName(l.Leaders[0]), sim.LeaderName(l.Leaders[1])}
			}
			var rates []sim.LevelRate
			for _, p := range l.Levels {
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
				lm.Levels = append(lm.Levels, LadderLevel{Player: p.String(), Pairs: lr.Pairs, Capped: counts.Capped,
					WinRate: lr.Rate, Interval: [2]float64{lr.Interval.Lo, lr.Interval.Hi}})
			}
			v := LadderVerdict(rates)
			lm.Stable, lm.Verdict, lm.Diff, lm.Reason = v.Stable, v.VerdictText(), v.Diff, v.Reason
			lm.DiffCI = [2]float64{v.DiffCI.Lo, v.DiffCI.Hi}
			ms = append(ms, lm)
		}
	}
	return ms, nil
}

// WriteLadder renders a ladder in format (table, json, csv or html);
// levels is the --levels list and command the command line an html page
// names.
func WriteLadder(w io.Writer, ms []LadderMatch, format report.Format, levels, command string) error {
	switch format {
	case report.HTML:
		return ladderHTML(w, ms, levels, command)
	case report.JSON:
		return writeJSON(w, map[string]any{"ladder": ms})
	case report.CSV:
		return ladderCSV(w, ms)
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
		t := tablewriter.NewTable(w)
		t.Header("player", "pairs", "capped pairs", "win rate")
		for _, l := range m.Levels {
			cell := fmt.Sprintf("%.1f%% [%.1f%%, %.1f%%]", 100*l.WinRate, 100*l.Interval[0], 100*l.Interval[1])
			if err := t.Append(l.Player, fmt.Sprint(l.Pairs), fmt.Sprint(l.Capped), cell); err != nil {
				return err
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
		fmt.Fprintf(w, "verdict: %s (%s)\n", m.Verdict, m.Reason)
	}
	return nil
}

// ladderCSV writes the ladder as one tidy table: a row per matchup and
// level, army_a's win rate at that level, and the matchup's verdict over
// the levels repeated on each of its rows.
func ladderCSV(w io.Writer, ms []LadderMatch) error {
	header := []string{"army_a", "army_b", "seed", "level", "player", "pairs", "capped_pairs", "win_rate", "lo", "hi",
		"stable", "verdict", "top_two_diff", "top_two_diff_lo", "top_two_diff_hi", "partial"}
	var rows [][]string
	for _, m := range ms {
		for i, l := range m.Levels {
			rows = append(rows, []string{m.A, m.B, strconv.FormatUint(m.Seed, 10), strconv.Itoa(i + 1), l.Player, strconv.Itoa(l.Pairs), strconv.Itoa(l.Capped),
				num(l.WinRate), num(l.Interval[0]), num(l.Interval[1]), strconv.FormatBool(m.Stable), m.Verdict,
				num(m.Diff), num(m.DiffCI[0]), num(m.DiffCI[1]), strconv.FormatBool(m.Partial)})
		}
	}
	return writeCSV(w, header, rows)
}

// Verdict says whether the win rate has stopped moving between the two
// strongest levels of a ladder.
type Verdict struct {
	Stable bool
	Diff   float64      // top level's rate minus the second's
	DiffCI sim.Interval // 95% interval of Diff
	Reason string       // why, in a sentence
}

// VerdictText is what a report prints for a verdict.
func (v Verdict) VerdictText() string {
	if v.Stable {
		return "stable"
	}
	return "still moving — use a stronger player or more games"
}

// LadderVerdict judges levels ordered from weakest to strongest. It compares
// the last two: with Diff = rate(top) - rate(second) and, the two levels'
// games being played by different players and so independent,
// SE(Diff) = sqrt(SE(top)² + SE(second)²), the verdict is stable when the
// interval Diff ± stats.Z95·SE(Diff) contains 0. It is never stable with fewer
// than two levels or fewer than two counted pairs at either of the top two
// (no variance, no interval).
func LadderVerdict(levels []sim.LevelRate) Verdict {
	if len(levels) < 2 {
		return Verdict{DiffCI: sim.Interval{Lo: -1, Hi: 1}, Reason: "one level only: nothing to compare"}
	}
	top, second := levels[len(levels)-1], levels[len(levels)-2]
	v := Verdict{Diff: top.Rate - second.Rate, DiffCI: sim.Interval{Lo: -1, Hi: 1}}
	if top.Pairs < 2 || second.Pairs < 2 {
		v.Reason = "fewer than two decided pairs at a top level: no interval"
		return v
	}
	half := stats.Z95 * math.Hypot(top.SE, second.SE)
	v.DiffCI = sim.Interval{Lo: v.Diff - half, Hi: v.Diff + half}
	v.Stable = v.DiffCI.Contains(0)
	if v.Stable {
		v.Reason = fmt.Sprintf("the top two levels differ by %+.1f points, 95%% interval [%+.1f, %+.1f] contains 0",
			100*v.Diff, 100*v.DiffCI.Lo, 100*v.DiffCI.Hi)
	} else {
		v.Reason = fmt.Sprintf("the top two levels differ by %+.1f points, 95%% interval [%+.1f, %+.1f] excludes 0",
			100*v.Diff, 100*v.DiffCI.Lo, 100*v.DiffCI.Hi)
	}
	return v
}
