package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
	"github.com/olekukonko/tablewriter"
	"github.com/spf13/cobra"
)

// ladderLevel is one player level's result in one matchup.
type ladderLevel struct {
	Player   string     `json:"player"`
	Pairs    int        `json:"pairs"`
	Capped   int        `json:"capped_pairs"`
	WinRate  float64    `json:"win_rate"`
	Interval [2]float64 `json:"interval95"`
}

// ladderMatch is one matchup climbed through every level.
type ladderMatch struct {
	A       string        `json:"a"`
	B       string        `json:"b"`
	Seed    uint64        `json:"seed"`
	Levels  []ladderLevel `json:"levels"`
	Stable  bool          `json:"stable"`
	Verdict string        `json:"verdict"`
	Diff    float64       `json:"top_two_diff"`
	DiffCI  [2]float64    `json:"top_two_diff_interval95"`
	Reason  string        `json:"reason"`
	Partial bool          `json:"partial,omitempty"`
	Board   string        `json:"board,omitempty"`   // --board, when not the standard board
	Leaders []string      `json:"leaders,omitempty"` // --leaders: army A's and army B's leader cards, when any
	// Structures: --structures, the Structures variant (docs/rules.md).
	Structures bool `json:"structures,omitempty"`
}

func newLadder() *cobra.Command {
	var (
		games, workers int
		seed           uint64
		levels         string
		format         report.Format
		out            string
		all            bool
		board, leaders string
		structures     bool
	)
	cmd := &cobra.Command{
		Use:   "ladder [A B | ARMY... | --all]",
		Short: "Play the same games at each player level and say whether the win rate is stable",
		Long: `ladder plays the same seat-swapped pairs (same seeds, same draws) between two
armies at each player level of --levels, weakest first, and prints army A's
win rate per level with a 95% interval. The pair is the unit of sampling: each
pair scores 0, 1/2, 1, 1 1/2 or 2 for army A and the interval comes from the
variance of those scores (pairs with a capped game are left out).

The verdict compares the two strongest levels: "stable" when the 95% interval
of their difference (independent levels, SE = sqrt(SE1² + SE2²)) contains 0,
otherwise "still moving — use a stronger player or more games". With more
armies, or --all, it climbs every matchup of the round robin (mirrors left
out). Results do not depend on --workers.`,
		Example: `  hexforge ladder vegas borgo --games 50 --levels random,greedy,search:16
  hexforge ladder moloch borgo hegemony --format json
  hexforge ladder moloch borgo hegemony --format html --out ladder.html
  hexforge ladder smart vegas --board duel --levels greedy,plan:2
  hexforge ladder moloch borgo --leaders medyk,taktyk`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out != "" {
				if err := checkOutDir(out); err != nil {
					return err
				}
			}
			if games < 1 || games > 10_000_000 {
				return fmt.Errorf("--games %d: want 1 to 10000000 pairs", games)
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			var specs []player.Spec
			for _, l := range strings.Split(levels, ",") {
				p, err := player.Parse(l)
				if err != nil {
					return fmt.Errorf("--levels %q: %w", levels, err)
				}
				specs = append(specs, p)
			}
			boardB, err := boardFlag(board)
			if err != nil {
				return err
			}
			leaderL, leaderTwo, err := parseLeaders(leaders)
			if err != nil {
				return err
			}
			refs := args
			if all {
				if len(args) > 0 {
					return fmt.Errorf("--all climbs every embedded army; give no army names with it")
				}
				refs = armies.Names()
			}
			if len(refs) < 2 {
				return fmt.Errorf("give two armies (or more for a round robin, or --all)")
			}
			if leaderTwo && len(refs) != 2 {
				return fmt.Errorf("--leaders %s: two leaders are for a ladder of two armies; a round robin takes one leader, which every army has", leaders)
			}
			list, _, err := loadAll(cmd.ErrOrStderr(), refs)
			if err != nil {
				return err
			}
			// Before any game: --structures with no army that has a
			// structure block would change nothing.
			if err := checkStructures(cmd.ErrOrStderr(), structures, list...); err != nil {
				return err
			}
			ctx, bar, done := startRun(cmd)
			defer done()
			bar.expect(len(specs) * len(list) * (len(list) - 1) / 2 * 2 * games)
			var ms []ladderMatch
			for i := range list {
				for j := i + 1; j < len(list); j++ {
					lm := ladderMatch{A: list[i].Name, B: list[j].Name, Seed: seed, Structures: structures}
					if boardB != nil {
						lm.Board = boardB.Name
					}
					if leaderL[0] != nil || leaderL[1] != nil {
						lm.Leaders = []string{sim.LeaderName(leaderL[0]), sim.LeaderName(leaderL[1])}
					}
					var rates []sim.LevelRate
					for _, p := range specs {
						m := &sim.Match{A: list[i], B: list[j], Players: [2]player.Spec{p, p}, Seed: seed, Pairs: games, Board: boardB, Leaders: leaderL, Structures: structures}
						// Pairs are counted as they finish, never kept: memory
						// stays constant at any --games.
						var counts sim.PairCounts
						partial, err := m.Stream(ctx, workers, bar.update(list[i].Name+" vs "+list[j].Name+" "+p.String()), counts.Add)
						if err != nil {
							return err
						}
						lm.Partial = lm.Partial || partial
						lr := counts.Rate()
						rates = append(rates, lr)
						lm.Levels = append(lm.Levels, ladderLevel{Player: p.String(), Pairs: lr.Pairs, Capped: counts.Capped,
							WinRate: lr.Rate, Interval: [2]float64{lr.Interval.Lo, lr.Interval.Hi}})
					}
					v := sim.LadderVerdict(rates)
					lm.Stable, lm.Verdict, lm.Diff, lm.Reason = v.Stable, v.VerdictText(), v.Diff, v.Reason
					lm.DiffCI = [2]float64{v.DiffCI.Lo, v.DiffCI.Hi}
					ms = append(ms, lm)
				}
			}
			bar.finish()
			return writeReport(cmd.OutOrStdout(), out, func(w io.Writer) error {
				if format == report.HTML {
					return ladderHTML(w, ms, levels, commandLine(cmd, args))
				}
				return writeLadder(w, ms, format)
			})
		},
	}
	f := cmd.Flags()
	f.IntVar(&games, "games", 100, "seat-swapped pairs per level and matchup")
	f.StringVar(&levels, "levels", "random,greedy,search:16,"+player.Default+","+player.Strong, "player levels, weakest first, separated by commas")
	f.Uint64Var(&seed, "seed", 1, "seed of every random choice; every level plays the same seeds")
	f.IntVar(&workers, "workers", 0, "parallel workers (0 = one per core); results do not depend on it")
	f.Var(format.Flag(report.Table, report.JSON, report.CSV, report.HTML), "format", "output format: table, json, csv (one tidy table: a row per matchup and level) or html (one self-contained page: a line per matchup over the levels)")
	f.StringVar(&out, "out", "", "write the report to FILE (atomically) instead of standard output")
	f.BoolVar(&all, "all", false, "climb every matchup of the embedded armies")
	f.StringVar(&board, "board", "standard", "the board: standard, large, duel (Terminals, Energy and Procedures) or a board FILE (docs/dsl.md)")
	f.StringVar(&leaders, "leaders", "", "the Leaders variant: a leader card for every army, or A,B one for each army of a two-army ladder (as sim's --leaders)")
	f.BoolVar(&structures, "structures", false, "the Structures variant: the armies' structure blocks may be placed (as sim's --structures)")
	return cmd
}

func writeLadder(w io.Writer, ms []ladderMatch, format report.Format) error {
	if format == report.JSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{"ladder": ms})
	}
	if format == report.CSV {
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
func ladderCSV(w io.Writer, ms []ladderMatch) error {
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
