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
			"seed": r.Seed, "games": r.Games, "partial": r.Partial, "win_rate": r.Base.Rate(), "interval": [2]float64{biv.Lo, biv.Hi}, "variants": r.Rows})
	case report.CSV:
		return r.csv(w)
	}
	title := fmt.Sprintf("%s vs %s, players %s vs %s, %d games per opponent and variant, seed %d%s", r.Army, strings.Join(r.Opponents, ", "), specs[0], specs[1], r.Games, r.Seed, r.Leaders)
	if r.Partial {
		title += " [PARTIAL: stopped early]"
	}
	fmt.Fprintf(w, "%s\nchange: paired over the same seeds, 95%% interval; significant: Holm-corrected p <= 0.05 over the %d variants\n\n", title, len(r.Rows))
	header := []string{"without", "win rate", "change (points)", "significant"}
	rows := [][]string{{"(nothing: the army as it is)", pctCell(r.Base), "", ""}}
	for _, x := range r.Rows {
		rows = append(rows, []string{x.Without, rateCell(x.WinRate, x.Interval), changeCell(x.Change, x.ChangeCI), yesNo(x.Significant)})
	}
	return report.WriteTable(w, format, header, rows)
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
			"players": [2]string{specs[0].String(), specs[1].String()}, "seed": r.Seed, "games": r.Games,
			"partial": r.Partial, "rows": r.Rows})
	case report.CSV:
		return r.csv(w)
	}
	partial := ""
	if r.Partial {
		partial = " [PARTIAL: stopped early]"
	}
	fmt.Fprintf(w, "%s / %s: %s over %s; players %s vs %s; %d games per cell; seed %d%s%s\n", r.Army, r.Token, r.Field, strings.Join(r.Values, ", "), specs[0], specs[1], r.Games, r.Seed, r.Leaders, partial)
	fmt.Fprintf(w, "change: against %s = %s, paired over the same seeds, 95%% interval; significant: Holm-corrected p <= 0.05\n\n", r.Field, r.Values[0])
	header := append([]string{r.Field}, r.Opponents...)
	header = append(header, "all opponents", "change (points)", "significant")
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
			row = append(row, changeCell(x.Change, x.ChangeCI), yesNo(x.Significant))
		}
		rows = append(rows, row)
	}
	return report.WriteTable(w, format, header, rows)
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

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
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
		"win_rate", "lo", "hi", "base_win_rate", "base_lo", "base_hi", "change", "change_lo", "change_hi", "p_value", "p_holm", "significant", "partial"}
	biv := r.Base.Interval()
	var out [][]string
	for _, x := range r.Rows {
		out = append(out, []string{r.Army, strings.Join(r.Opponents, ";"), r.Players[0].String(), r.Players[1].String(), strconv.FormatUint(r.Seed, 10), strconv.Itoa(r.Games),
			x.Token, strconv.Itoa(x.Removed), strconv.Itoa(x.Left), num(x.WinRate), num(x.Interval[0]), num(x.Interval[1]),
			num(r.Base.Rate()), num(biv.Lo), num(biv.Hi), num(x.Change), num(x.ChangeCI[0]), num(x.ChangeCI[1]),
			num(x.P), num(x.PHolm), strconv.FormatBool(x.Significant), strconv.FormatBool(r.Partial)})
	}
	if len(out) == 0 && r.Partial {
		// Stopped before any variant: the army's own row, with no token
		// removed, says so (a header alone would read as a whole run of
		// an army with nothing to remove).
		out = append(out, []string{r.Army, strings.Join(r.Opponents, ";"), r.Players[0].String(), r.Players[1].String(), strconv.FormatUint(r.Seed, 10), strconv.Itoa(r.Games),
			"", "0", "", num(r.Base.Rate()), num(biv.Lo), num(biv.Hi), num(r.Base.Rate()), num(biv.Lo), num(biv.Hi), "0", "0", "0", "1", "1", "false", "true"})
	}
	return writeCSV(w, header, out)
}

// csv writes a sweep as one tidy table: a row per value and opponent, the
// value's figures against all opponents (and its change against the first
// value, 0 for the first itself) repeated on each of its rows.
func (r *Sweep) csv(w io.Writer) error {
	header := []string{"army", "token", "field", "value", "opponent", "player_a", "player_b", "seed", "games", "win_rate", "lo", "hi",
		"all_win_rate", "all_lo", "all_hi", "change", "change_lo", "change_hi", "p_value", "p_holm", "significant", "partial"}
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
			out = append(out, append(row, strconv.FormatBool(x.Significant), strconv.FormatBool(r.Partial)))
		}
	}
	return writeCSV(w, header, out)
}
