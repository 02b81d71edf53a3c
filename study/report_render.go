package study

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
)

// Write renders a designer's report in format (table, markdown, json or
// html); command is the command line that reproduces it.
func (r *Report) Write(w io.Writer, format report.Format, command string) error {
	if command == "" {
		command = "(not recorded)"
	}
	switch format {
	case report.HTML:
		return reportHTML(w, r, command)
	case report.JSON:
		return r.json(w, command)
	case report.Table, report.Markdown:
		return r.text(w, format, command)
	}
	return fmt.Errorf("the designer's report is written as table, markdown, json or html, not %s", format)
}

// players says who played every game of the report.
func (r *Report) players() string { return r.Players[0].String() + " vs " + r.Players[1].String() }

// verdictWords is a fair-band verdict with the army's name for "A".
func (r *Report) verdictWords(v string) string {
	if v == "" {
		return sim.VerdictUndecided
	}
	return strings.Replace(v, "A ", r.Army+" ", 1)
}

// bandWords names the report's fair-band test.
func (r *Report) bandWords() string { return r.Band.String() }

// Section lines: each names its players, games and seed, and the command
// that plays it alone.
func (r *Report) bandLine() string {
	return fmt.Sprintf("%s; players %s; at most %d games per opponent (the test stops once decided); seed %d", r.bandWords(), r.players(), r.Plan.BandGames, r.Seed)
}

func (r *Report) fieldLine() string {
	return fmt.Sprintf("round robin of %s and its %d opponents (mirrors included); players %s; %d games per matchup; seed %d", r.Army, len(r.Opponents), r.players(), r.Plan.FieldGames, r.Seed)
}

func (r *Report) importanceLine() string {
	return fmt.Sprintf("players %s; at most %d games per opponent and variant (each stops once decided, margin ±%.0f points); seed %d", r.players(), r.Plan.ImportanceGames, 100*DefaultMargin, r.Seed)
}

// title is the report's first line.
func (r *Report) title() string {
	t := fmt.Sprintf("Designer's report: %s vs %s", r.Army, strings.Join(r.Opponents, ", "))
	if r.Partial {
		t += " [PARTIAL: stopped early]"
	}
	return t
}

// budgetLine says what the report played of its budget.
func (r *Report) budgetLine() string {
	return fmt.Sprintf("%d games played of a budget of %d (at most %d planned)", r.Played, r.Budget, r.Plan.Most)
}

// summary is the report in a few sentences: the verdicts counted with the
// opponents they name, the rank in the field, and the tokens the army
// leans on most (significant drops, the largest first).
func (r *Report) summary() []string {
	by := map[string][]string{}
	for _, v := range r.Verdicts {
		by[v.Verdict] = append(by[v.Verdict], v.Opponent)
	}
	var parts []string
	for _, k := range []struct{ verdict, words string }{
		{sim.VerdictInside, "fair against"}, {sim.VerdictStrong, "too strong against"}, {sim.VerdictWeak, "too weak against"}, {sim.VerdictUndecided, "undecided against"},
	} {
		if n := by[k.verdict]; len(n) > 0 {
			parts = append(parts, fmt.Sprintf("%s %s", k.words, strings.Join(n, ", ")))
		}
	}
	out := []string{fmt.Sprintf("%s is %s (fair band %s%%–%s%%, players %s).", r.Army, strings.Join(parts, "; "), trimPct(r.Band.Lo), trimPct(r.Band.Hi), r.players())}
	if r.Field != nil && r.Field.Ratings != nil {
		for _, a := range r.Field.Ratings.Armies {
			if a.Army == r.Army {
				out = append(out, fmt.Sprintf("It rates %+.0f Elo [%+.0f, %+.0f] in the field, rank %d of %d (rank interval %d–%d).",
					a.Elo, a.EloCI[0], a.EloCI[1], a.Rank, len(r.Field.Ratings.Armies), a.RankCI[0], a.RankCI[1]))
			}
		}
	}
	if r.Imp != nil {
		var lean []string
		rows := slices.Clone(r.Imp.Rows)
		slices.SortStableFunc(rows, func(a, b ImportanceRow) int { return cmp.Compare(a.Change, b.Change) })
		for _, x := range rows {
			if x.Significant && x.Change < 0 && len(lean) < 3 {
				lean = append(lean, fmt.Sprintf("%s (%+.1f points without it)", x.Without, 100*x.Change))
			}
		}
		if len(lean) > 0 {
			out = append(out, "It leans most on "+strings.Join(lean, ", ")+".")
		} else {
			out = append(out, "No token's removal changes its win rate significantly at these games.")
		}
	}
	return out
}

func (r *Report) bandRows() [][]string {
	var rows [][]string
	for i, v := range r.Verdicts {
		cmd := ""
		if i < len(r.Commands.FairBand) {
			cmd = r.Commands.FairBand[i]
		}
		rows = append(rows, []string{v.Opponent, strconv.Itoa(v.Games), rateCell(v.WinRate, v.Interval), r.verdictWords(v.Verdict), cmd})
	}
	return rows
}

func (r *Report) fieldRows() [][]string {
	var rows [][]string
	for _, a := range r.Field.Ratings.Armies {
		rank := fmt.Sprint(a.RankCI[0])
		if a.RankCI[1] != a.RankCI[0] {
			rank = fmt.Sprintf("%d-%d", a.RankCI[0], a.RankCI[1])
		}
		name := a.Army
		if a.Army == r.Army {
			name += " (this army)"
		}
		rows = append(rows, []string{strconv.Itoa(a.Rank), name, eloCell(a), rank})
	}
	return rows
}

// eloCell is a rating with its interval: "+35 [-12, +80]".
func eloCell(a sim.Rating) string {
	return fmt.Sprintf("%+.0f [%+.0f, %+.0f]", a.Elo, a.EloCI[0], a.EloCI[1])
}

func (r *Report) importanceRows() [][]string {
	rows := [][]string{{"(nothing: the army as it is)", strconv.Itoa((r.Imp.Base.Games() + r.Imp.Base.Capped) / max(1, len(r.Opponents))), pctCell(r.Imp.Base), "", ""}}
	for _, x := range r.Imp.Rows {
		rows = append(rows, []string{x.Without, strconv.Itoa(x.Games), rateCell(x.WinRate, x.Interval), changeCell(x.Change, x.ChangeCI), verdictCell(x.Verdict, r.Imp.Margin, x.Games)})
	}
	return rows
}

// sheetsLine says where the print-and-play sheets are, or how to make
// them.
func (r *Report) sheetsLine(code func(string) string) string {
	if r.Sheets != "" {
		return "Print-and-play sheets: " + r.Sheets + " (every token at real size, fronts and backs)."
	}
	why := ""
	if r.SheetsWhy != "" {
		why = r.SheetsWhy + "; "
	}
	return "Print-and-play sheets: " + why + "make them with: " + code(r.Commands.Sheets)
}

// text writes the report as headed tables (a terminal's or Markdown).
func (r *Report) text(w io.Writer, format report.Format, command string) error {
	md := format == report.Markdown
	head := func(level int, s string) {
		if md {
			fmt.Fprintf(w, "%s %s\n\n", strings.Repeat("#", level), s)
		} else {
			fmt.Fprintf(w, "%s\n%s\n", s, strings.Repeat(map[bool]string{true: "=", false: "-"}[level == 1], len([]rune(s))))
		}
	}
	line := func(s string) {
		fmt.Fprintln(w, s)
		if md {
			fmt.Fprintln(w)
		}
	}
	code := func(s string) string {
		if md {
			return "`" + s + "`"
		}
		return s
	}
	head(1, r.title())
	line(fmt.Sprintf("players %s; seed %d; %s", r.players(), r.Seed, r.budgetLine()))
	fmt.Fprintf(w, "reproduce: %s\n\n", code(command))
	if r.Variant != "" {
		fmt.Fprintf(w, "every section plays with: %s\n\n", code(r.Variant))
	}
	for _, l := range r.summary() {
		line(l)
	}
	if !md {
		fmt.Fprintln(w)
	}
	head(2, "Fair band")
	fmt.Fprintf(w, "%s\n\n", r.bandLine())
	// The commands under the table, not in a column: a terminal table
	// would wrap them out of copying.
	var rows [][]string
	for _, row := range r.bandRows() {
		rows = append(rows, row[:4])
	}
	if err := report.WriteTable(w, format, report.Heads("opponent", "games", "win rate", "verdict"), rows); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for i, c := range r.Commands.FairBand {
		if i < len(r.Verdicts) {
			line(fmt.Sprintf("reproduce vs %s: %s", r.Verdicts[i].Opponent, code(c)))
		}
	}
	if !md {
		fmt.Fprintln(w)
	}
	if r.Field != nil {
		head(2, "Rating in the field")
		fmt.Fprintf(w, "%s\nreproduce: %s\n\n", r.fieldLine(), code(r.Commands.Field))
		if r.Field.Ratings == nil {
			fmt.Fprintf(w, "no ratings: %s\n\n", r.Field.Why)
		} else {
			if err := report.WriteTable(w, format, report.Heads("rank", "army", "rating (Elo)", "rank interval"), r.fieldRows()); err != nil {
				return err
			}
			fmt.Fprintln(w)
		}
	}
	if r.Imp != nil {
		head(2, "Importance")
		fmt.Fprintf(w, "%s\nreproduce: %s\n%s\n\n", r.importanceLine(), code(r.Commands.Importance), verdictLegend(len(r.Imp.Rows), "variants", r.Imp.Looks, r.Imp.Margin))
		if err := report.WriteTable(w, format, report.Heads("without", "games", "win rate", "change (points)", "verdict"), r.importanceRows()); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	head(2, "Balance")
	fmt.Fprintf(w, "%s\n\n", balanceMissing)
	head(2, "Help card")
	fmt.Fprintf(w, "reproduce: %s\n\n", code(strings.TrimSuffix(r.Commands.Card, " --format html")))
	if err := r.Card.Text(w, md); err != nil {
		return err
	}
	fmt.Fprintln(w)
	line(r.sheetsLine(code))
	return nil
}

// balanceMissing is the balance section until hexforge balance can run
// inside the report.
const balanceMissing = "not available: the suggestions of hexforge balance are not part of this report yet"

// json writes the report with each section's figures.
func (r *Report) json(w io.Writer, command string) error {
	out := map[string]any{
		"army": r.Army, "opponents": r.Opponents, "players": [2]string{r.Players[0].String(), r.Players[1].String()},
		"seed": r.Seed, "budget": r.Budget, "plan": r.Plan, "games_played": r.Played, "partial": r.Partial,
		"command": command, "commands": r.Commands, "version": sim.Version,
		"fair_band": map[string]any{"test": r.bandWords(), "lo": r.Band.Lo, "hi": r.Band.Hi, "alpha": r.Band.Alpha, "beta": r.Band.Beta, "opponents": r.Verdicts},
		"balance":   map[string]any{"available": false, "note": balanceMissing},
		"card":      r.Card,
		"summary":   r.summary(),
	}
	if r.Variant != "" {
		out["variant"] = r.Variant
	}
	if r.Field != nil {
		out["field"] = map[string]any{"games": r.Field.Games, "ratings": r.Field.Ratings, "rank": r.Field.Rank, "why": r.Field.Why}
	}
	if r.Imp != nil {
		biv := r.Imp.Base.Interval()
		out["importance"] = map[string]any{"games": r.Imp.Games, "looks": r.Imp.Looks, "margin": r.Imp.Margin, "partial": r.Imp.Partial,
			"win_rate": r.Imp.Base.Rate(), "interval": [2]float64{biv.Lo, biv.Hi}, "variants": r.Imp.Rows}
	}
	if r.Sheets != "" {
		out["sheets"] = r.Sheets
	} else if r.SheetsWhy != "" {
		out["sheets_note"] = r.SheetsWhy
	}
	return writeJSON(w, out)
}
