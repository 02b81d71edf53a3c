package study

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
)

// Write renders an importance study in format (table, markdown, csv, json
// or html); command is the command line an html page names.
func (r *Importance) Write(w io.Writer, format report.Format, command string) error {
	specs := r.Players
	switch format {
	case report.HTML:
		return importanceHTML(w, r, command)
	case report.JSON:
		biv := r.Base.Interval()
		return writeJSON(w, map[string]any{"army": r.Army, "opponents": r.Opponents, "players": [2]string{specs[0].String(), specs[1].String()},
			"seed": r.Seed, "games": r.Games, "base_games": (r.Base.Games() + r.Base.Capped) / max(1, len(r.Opponents)), "looks": r.Looks, "margin": r.Margin,
			"partial": r.Partial, "win_rate": r.Base.Rate(), "interval": [2]float64{biv.Lo, biv.Hi}, "variants": r.Rows})
	case report.CSV:
		return r.csv(w)
	}
	title := fmt.Sprintf("%s vs %s, players %s vs %s, %s games per opponent and variant, seed %d%s", r.Army, strings.Join(r.Opponents, ", "), specs[0], specs[1], atMost(r.Games, r.Looks), r.Seed, r.Leaders)
	if r.Partial {
		title += " [PARTIAL: stopped early]"
	}
	fmt.Fprintf(w, "%s\n%s\n\n", title, verdictLegend(len(r.Rows), "variants", r.Looks, r.Margin))
	header := []string{"without", "games", "win rate", "change (points)", "verdict"}
	rows := [][]string{{"(nothing: the army as it is)", strconv.Itoa((r.Base.Games() + r.Base.Capped) / max(1, len(r.Opponents))), pctCell(r.Base), "", ""}}
	for _, x := range r.Rows {
		rows = append(rows, []string{x.Without, strconv.Itoa(x.Games), rateCell(x.WinRate, x.Interval), changeCell(x.Change, x.ChangeCI), verdictCell(x.Verdict, r.Margin, x.Games)})
	}
	return report.WriteTable(w, format, report.Heads(header...), rows)
}

// Write renders a sweep in format (table, markdown, csv, json or html);
// command is the command line an html page names.
func (r *Sweep) Write(w io.Writer, format report.Format, command string) error {
	specs := r.Players
	switch format {
	case report.HTML:
		return sweepHTML(w, r, command)
	case report.JSON:
		return writeJSON(w, map[string]any{"army": r.Army, "token": r.Token, "field": r.Field, "opponents": r.Opponents,
			"players": [2]string{specs[0].String(), specs[1].String()}, "seed": r.Seed, "games": r.Games, "looks": r.Looks, "margin": r.Margin,
			"partial": r.Partial, "rows": r.Rows})
	case report.CSV:
		return r.csv(w)
	}
	partial := ""
	if r.Partial {
		partial = " [PARTIAL: stopped early]"
	}
	fmt.Fprintf(w, "%s / %s: %s over %s; players %s vs %s; %s games per cell; seed %d%s%s\n", r.Army, r.Token, r.Field, strings.Join(r.Values, ", "), specs[0], specs[1], atMost(r.Games, r.Looks), r.Seed, r.Leaders, partial)
	fmt.Fprintf(w, "change: against %s = %s\n%s\n\n", r.Field, r.Values[0], verdictLegend(len(r.Rows)-1, "values", r.Looks, r.Margin))
	header := append([]string{r.Field}, r.Opponents...)
	header = append(header, "all opponents", "change (points)", "verdict")
	var rows [][]string
	for i, x := range r.Rows {
		row := []string{x.Value}
		for _, c := range x.Cells {
			row = append(row, rateCell(c.WinRate, c.Interval))
		}
		row = append(row, rateCell(x.WinRate, x.Interval))
		if i == 0 {
			row = append(row, "(compared with)", "")
		} else {
			row = append(row, changeCell(x.Change, x.ChangeCI), verdictCell(x.Verdict, r.Margin, x.Games))
		}
		rows = append(rows, row)
	}
	return report.WriteTable(w, format, report.Heads(header...), rows)
}

func pctCell(t sim.Tally) string {
	iv := t.Interval()
	return rateCell(t.Rate(), [2]float64{iv.Lo, iv.Hi})
}

func rateCell(rate float64, iv [2]float64) string {
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*rate, 100*iv[0], 100*iv[1])
}

func changeCell(change float64, ci [2]float64) string {
	return fmt.Sprintf("%+.1f [%+.1f, %+.1f]", 100*change, 100*ci[0], 100*ci[1])
}

// atMost is a study's games per cell: "400", or "at most 400" when its
// variants stop early.
func atMost(games int, looks []int) string {
	if len(looks) > 1 {
		return fmt.Sprintf("at most %d", games)
	}
	return strconv.Itoa(games)
}

// verdictLegend says how the verdict column reads: the interval, the
// corrections and, with early stops, the looks.
func verdictLegend(n int, what string, looks []int, margin float64) string {
	s := fmt.Sprintf("change: paired over the same seeds, 95%% interval\nverdict: \"changes\" at p <= 0.05 corrected for the %d %s (Holm)", n, what)
	if len(looks) > 1 {
		games := make([]string, len(looks))
		for i, p := range looks {
			games[i] = strconv.Itoa(2 * p)
		}
		s += fmt.Sprintf(" and %d looks\n(after %s games: a decided one stops, and as \"futile\" one that\ncould not be decided by the last look)", len(looks), strings.Join(games, ", "))
	}
	if margin > 0 {
		s += fmt.Sprintf("; \"within\" when shown\nwithin ±%g points (two one-sided tests)", 100*margin)
	}
	return s
}

// verdictCell is a variant's verdict in the designer's words; one
// stopped for futility says so and after how many games a cell.
func verdictCell(v string, margin float64, games int) string {
	switch v {
	case VerdictChanges:
		return "changes"
	case VerdictWithin:
		return fmt.Sprintf("within ±%g", 100*margin)
	case VerdictFutile:
		return fmt.Sprintf("not shown: futile after %d games", games)
	}
	return "not shown"
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// num is a number in a CSV cell: plain decimals rounded to six places
// (rates as fractions, never "52.3%").
func num(x float64) string {
	r := math.Round(x*1e6) / 1e6
	if r == 0 {
		r = 0 // not "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

func writeCSV(w io.Writer, header []string, rows [][]string) error {
	cw := csv.NewWriter(w)
	cw.Write(header)
	cw.WriteAll(rows) // flushes
	return cw.Error()
}

// csv writes importance as one tidy table: a row per variant, the army as
// it is in base_* columns on every row, so that each row reads alone and
// every number is a number.
func (r *Importance) csv(w io.Writer) error {
	header := []string{"army", "opponents", "player_a", "player_b", "seed", "games", "token", "copies_removed", "copies_left",
		"win_rate", "lo", "hi", "base_win_rate", "base_lo", "base_hi", "change", "change_lo", "change_hi", "p_value", "p_holm", "significant", "partial", "games_played", "verdict"}
	biv := r.Base.Interval()
	var out [][]string
	for _, x := range r.Rows {
		out = append(out, []string{r.Army, strings.Join(r.Opponents, ";"), r.Players[0].String(), r.Players[1].String(), strconv.FormatUint(r.Seed, 10), strconv.Itoa(r.Games),
			x.Token, strconv.Itoa(x.Removed), strconv.Itoa(x.Left), num(x.WinRate), num(x.Interval[0]), num(x.Interval[1]),
			num(r.Base.Rate()), num(biv.Lo), num(biv.Hi), num(x.Change), num(x.ChangeCI[0]), num(x.ChangeCI[1]),
			num(x.P), num(x.PHolm), strconv.FormatBool(x.Significant), strconv.FormatBool(r.Partial), strconv.Itoa(x.Games), x.Verdict})
	}
	if len(out) == 0 && r.Partial {
		// Stopped before any variant: the army's own row, with no token
		// removed, says so (a header alone would read as a whole run of
		// an army with nothing to remove).
		out = append(out, []string{r.Army, strings.Join(r.Opponents, ";"), r.Players[0].String(), r.Players[1].String(), strconv.FormatUint(r.Seed, 10), strconv.Itoa(r.Games),
			"", "0", "", num(r.Base.Rate()), num(biv.Lo), num(biv.Hi), num(r.Base.Rate()), num(biv.Lo), num(biv.Hi), "0", "0", "0", "1", "1", "false", "true", strconv.Itoa((r.Base.Games() + r.Base.Capped) / max(1, len(r.Opponents))), ""})
	}
	return writeCSV(w, header, out)
}

// csv writes a sweep as one tidy table: a row per value and opponent, the
// value's figures against all opponents (and its change against the first
// value, 0 for the first itself) repeated on each of its rows.
func (r *Sweep) csv(w io.Writer) error {
	header := []string{"army", "token", "field", "value", "opponent", "player_a", "player_b", "seed", "games", "win_rate", "lo", "hi",
		"all_win_rate", "all_lo", "all_hi", "change", "change_lo", "change_hi", "p_value", "p_holm", "significant", "partial", "games_played", "verdict"}
	var out [][]string
	for i, x := range r.Rows {
		change, p := []string{num(x.Change), num(x.ChangeCI[0]), num(x.ChangeCI[1])}, []string{num(x.P), num(x.PHolm)}
		if i == 0 { // the value the others are compared with: no change
			change, p = []string{"0", "0", "0"}, []string{"1", "1"}
		}
		for _, c := range x.Cells {
			row := []string{r.Army, r.Token, r.Field, x.Value, c.Opponent, r.Players[0].String(), r.Players[1].String(), strconv.FormatUint(r.Seed, 10), strconv.Itoa(r.Games),
				num(c.WinRate), num(c.Interval[0]), num(c.Interval[1]), num(x.WinRate), num(x.Interval[0]), num(x.Interval[1])}
			row = append(row, change...)
			row = append(row, p...)
			out = append(out, append(row, strconv.FormatBool(x.Significant), strconv.FormatBool(r.Partial), strconv.Itoa(x.Games), x.Verdict))
		}
	}
	return writeCSV(w, header, out)
}
