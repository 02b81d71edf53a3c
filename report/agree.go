package report

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/hexforge/hexforge/sim"
)

// WriteAgreement writes the comparison: the matchups, largest difference
// first, and the verdict (table, markdown, csv, json or html; command,
// the command line, is shown on the html page).
func WriteAgreement(w io.Writer, a *sim.Agreement, f Format, command string) error {
	cells := slices.Clone(a.Cells)
	slices.SortStableFunc(cells, func(x, y sim.AgreeCell) int {
		switch dx, dy := math.Abs(x.Diff), math.Abs(y.Diff); {
		case dx > dy:
			return -1
		case dx < dy:
			return 1
		}
		return 0
	})
	if f == HTML {
		return writeAgreementHTML(w, a, cells, command)
	}
	if f == JSON {
		var tau *float64
		if !math.IsNaN(a.Tau) {
			tau = &a.Tau
		}
		type cell struct {
			Row         string  `json:"row"`
			Col         string  `json:"col"`
			Base        float64 `json:"base_rate"`
			BaseLo      float64 `json:"base_lo"`
			BaseHi      float64 `json:"base_hi"`
			Strong      float64 `json:"strong_rate"`
			StrongLo    float64 `json:"strong_lo"`
			StrongHi    float64 `json:"strong_hi"`
			Diff        float64 `json:"diff"`
			Lo          float64 `json:"diff_lo"`
			Hi          float64 `json:"diff_hi"`
			Significant bool    `json:"significant"`
			Equivalent  bool    `json:"equivalent"`
		}
		type army struct {
			Army        string  `json:"army"`
			Diff        float64 `json:"diff"`
			Lo          float64 `json:"diff_lo"`
			Hi          float64 `json:"diff_hi"`
			Significant bool    `json:"significant"`
			Equivalent  bool    `json:"equivalent"`
		}
		out := struct {
			Base    string   `json:"base_players"`
			Strong  string   `json:"strong_players"`
			MaxDiff float64  `json:"max_diff"`
			Beyond  int      `json:"beyond"`
			Tau     *float64 `json:"kendall_tau"` // null when a ranking ties every army (τ undefined)
			Within  float64  `json:"within"`
			MinTau  float64  `json:"min_tau"`
			Agree   bool     `json:"agree"`
			Differs bool     `json:"differs"`
			Incon   bool     `json:"inconclusive"`
			Need    int      `json:"need_games,omitempty"`
			NeedDif bool     `json:"need_shows_difference,omitempty"` // need_games is what the clearest difference needs to be significant
			NeedArm int      `json:"need_army_games,omitempty"`       // games a matchup to show every army's change within the margin
			Missing int      `json:"missing_matchups,omitempty"`      // a field: matchups neither run holds (no ranking compared)
			Verdict string   `json:"verdict"`
			ChanceB float64  `json:"chance_beyond"`
			ChanceW float64  `json:"chance_all_within"`
			Cells   []cell   `json:"matchups"`
			Armies  []army   `json:"armies"`
		}{a.Base, a.Strong, a.MaxDiff, a.Beyond, tau, a.Within, a.MinTau, a.Agree, a.Differs, a.Inconclusive, a.NeedGames, a.NeedDiffers, a.NeedArmyGames, a.Missing, a.Verdict(), a.ChanceBeyond, a.ChanceAllWithin, nil, nil}
		for _, m := range a.Armies {
			out.Armies = append(out.Armies, army{m.Army, m.Diff, m.Lo, m.Hi, m.Significant, m.Equivalent})
		}
		for _, c := range cells {
			bi, si := c.Base.Interval(), c.Strong.Interval()
			out.Cells = append(out.Cells, cell{c.Row, c.Col, c.Base.Rate(), bi.Lo, bi.Hi, c.Strong.Rate(), si.Lo, si.Hi, c.Diff, c.Lo, c.Hi, c.Significant, c.Equivalent})
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	if f != CSV {
		fmt.Fprintf(w, "The same armies' round robin %s: row army's win rate vs column army (draw = 1/2), 95%% score intervals over seat-swapped pairs; change = second - first; * = the difference is significant (Holm over %d matchups and %d armies' win rates against the others), ≈ = shown within %.0f points (two one-sided tests at 95%%)\n\n", runNames(a), len(a.Cells), len(a.Armies), 100*a.Within)
	}
	var rows [][]string
	for _, c := range cells {
		mark := ""
		if c.Significant {
			mark = " *"
		}
		if c.Equivalent {
			mark += " ≈"
		}
		if f == CSV {
			bi, si := c.Base.Interval(), c.Strong.Interval()
			rows = append(rows, []string{c.Row, c.Col, num(c.Base.Rate()), num(bi.Lo), num(bi.Hi), num(c.Strong.Rate()), num(si.Lo), num(si.Hi), num(c.Diff), num(c.Lo), num(c.Hi), boolCell(c.Significant), boolCell(c.Equivalent)})
			continue
		}
		rows = append(rows, []string{c.Row, c.Col, pctInterval(c.Base), pctInterval(c.Strong), fmt.Sprintf("%+.1f [%+.1f, %+.1f]%s", 100*c.Diff, 100*c.Lo, 100*c.Hi, mark)})
	}
	if f == CSV {
		return writeCSV(w, []string{"row", "col", "base_rate", "base_lo", "base_hi", "strong_rate", "strong_lo", "strong_hi", "diff", "diff_lo", "diff_hi", "significant", "equivalent"}, rows)
	}
	if err := WriteTable(w, f, []Column{{Head: "army", Key: true}, {Head: "vs", Key: true}, {Head: "first run"}, {Head: "second run"}, {Head: "change in points"}}, rows); err != nil {
		return err
	}
	// Each army's change against the others: shown within the margin
	// long before every matchup is (sim.AgreeArmy).
	rows = rows[:0]
	for _, m := range a.Armies {
		rows = append(rows, []string{m.Army, armyChange(m)})
	}
	fmt.Fprintf(w, "\nEach army's win rate against the others (the mean of its matchups), its change in points:\n\n")
	if err := WriteTable(w, f, []Column{{Head: "army", Key: true}, {Head: "change in points"}}, rows); err != nil {
		return err
	}
	// The verdict is one sentence with its figures; the table is for a
	// terminal, so it is broken at 100 columns, or the terminal's width.
	_, err := fmt.Fprintf(w, "\n%s\n", wrapLine("verdict: "+a.Verdict(), proseWidth(widthOf(w), 100)))
	return err
}

// armyChange is an army's change with its interval and marks, as a
// matchup's: "-0.4 [-2.1, +1.3] ≈".
func armyChange(m sim.AgreeArmy) string {
	mark := ""
	if m.Significant {
		mark = " *"
	}
	if m.Equivalent {
		mark += " ≈"
	}
	return fmt.Sprintf("%+.1f [%+.1f, %+.1f]%s", 100*m.Diff, 100*m.Lo, 100*m.Hi, mark)
}

// runNames names the two runs by their players ("played by greedy (the
// first run) and by race:8 (the second run)"), whichever is the stronger:
// agree compares any two round robins, a weaker second player or the same
// player with another seed included. The table's columns are "first run"
// and "second run" (a header cell would mangle "race:8"); the CSV and JSON
// keep their base_/strong_ keys, which programs read.
func runNames(a *sim.Agreement) string {
	if a.Base == a.Strong {
		return fmt.Sprintf("played twice by %s (the first run and the second run)", a.Base)
	}
	return fmt.Sprintf("played by %s (the first run) and by %s (the second run)", a.Base, a.Strong)
}

// pctInterval is a rate with its interval, in percent.
func pctInterval(t sim.Tally) string {
	iv := t.Interval()
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*t.Rate(), 100*iv.Lo, 100*iv.Hi)
}
