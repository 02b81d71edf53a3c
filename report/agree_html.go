package report

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	"github.com/hexforge/hexforge/htmlreport"
	"github.com/hexforge/hexforge/sim"
)

// writeAgreementHTML writes agree's comparison as a self-contained page:
// the verdict in the words the text report prints ("agree", "differs",
// "not enough games (need about N …)"), every matchup's change as a bar
// with its 95% interval (muted unless significant after Holm) and the
// table of both runs' win rates. cells are
// the matchups in the text report's order (largest change first); command
// is the command line, shown so the page can be reproduced.
func writeAgreementHTML(w io.Writer, a *sim.Agreement, cells []sim.AgreeCell, command string) error {
	p := &htmlreport.Page{Title: "Agree: " + a.Base + " and " + a.Strong}
	if command == "" {
		command = "(not recorded)"
	}
	games := func(pick func(sim.AgreeCell) sim.Tally) int {
		n := 0
		for _, c := range a.Cells {
			n += pick(c).Games()
		}
		return n
	}
	p.Meta = [][2]string{{"command", command}, {"version", sim.Version},
		{"first run", fmt.Sprintf("%s, %d games", a.Base, games(func(c sim.AgreeCell) sim.Tally { return c.Base }))},
		{"second run", fmt.Sprintf("%s, %d games", a.Strong, games(func(c sim.AgreeCell) sim.Tally { return c.Strong }))},
		{"agree when", agreeWhen(a)}}
	p.Style("p.verdict { font-size: 16px; margin: 10px 0; max-width: 900px; }\n")
	word, rest, _ := strings.Cut(a.Verdict(), ":")
	p.Heading("Verdict")
	p.Raw(fmt.Sprintf("<p class=\"verdict\"><strong>%s</strong>:%s</p>\n", html.EscapeString(word), html.EscapeString(rest)))
	p.Para(fmt.Sprintf("The same armies' round robin %s. \"agree\" only when every matchup is shown within %.0f points by two one-sided tests at 95%% and the rankings' Kendall's τ is at least %.2f; \"differs\" when a matchup or an army's win rate against the others differs significantly (Holm over the %d matchups and %d armies) or the rankings do; otherwise not enough games, with about how many would decide it.",
		runNames(a), 100*a.Within, a.MinTau, len(a.Cells), len(a.Armies)))
	p.Heading("Changes")
	p.Para(fmt.Sprintf("Each matchup's change, second run minus first, in points of the row army's win rate, with its 95%% interval; muted bars are not significant. ≈: shown within ±%.0f points. The largest change is %.1f points.", 100*a.Within, 100*a.MaxDiff))
	var bars []htmlreport.Bar
	var rows [][]string
	for _, c := range cells {
		mark, verdict := "", "not shown"
		switch {
		case c.Significant:
			mark, verdict = " *", "differs"
		case c.Equivalent:
			mark, verdict = " ≈", fmt.Sprintf("within ±%.0f", 100*a.Within)
		}
		change := fmt.Sprintf("%+.1f [%+.1f, %+.1f]", 100*c.Diff, 100*c.Lo, 100*c.Hi)
		bars = append(bars, htmlreport.Bar{Label: c.Row + " vs " + c.Col, X: 100 * c.Diff, Lo: 100 * c.Lo, Hi: 100 * c.Hi, Significant: c.Significant, Text: change + mark})
		rows = append(rows, []string{c.Row, c.Col, rateCell(c.Base), rateCell(c.Strong), change, verdict})
	}
	p.Figure(htmlreport.Bars(bars, "change (points)", "each matchup's change with its 95% interval"))
	p.Heading("Matchups")
	p.Table("", []string{"army", "vs", "first run (" + a.Base + ")", "second run (" + a.Strong + ")", "change in points", "matchup"}, rows)
	p.Heading("Armies")
	p.Para(fmt.Sprintf("Each army's win rate against the others (the mean of its matchups), its change in points with its 95%% interval. ≈: shown within ±%.0f points; * significant (Holm, with the matchups).", 100*a.Within))
	var arows [][]string
	for _, m := range a.Armies {
		arows = append(arows, []string{m.Army, armyChange(m)})
	}
	p.Table("", []string{"army", "change in points"}, arows)
	switch {
	case a.Missing > 0:
		p.Para(fmt.Sprintf("No rankings compared: %d matchups of the round robin are in neither run (one army's matches against a field), so only the matchups and the armies met by every other army are judged, and \"agree\" asks every matchup within the margin.", a.Missing))
	case math.IsNaN(a.Tau):
		p.Para("Kendall's τ is undefined: a ranking ties every army.")
	}
	return p.Write(w)
}

// agreeWhen is what "agree" asks: every matchup within the margin, and for
// a whole round robin the rankings' τ too (a field has no ranking).
func agreeWhen(a *sim.Agreement) string {
	within := fmt.Sprintf("every matchup shown within %.0f points", 100*a.Within)
	if a.Missing > 0 {
		return within + " (one army's field: no ranking compared)"
	}
	return fmt.Sprintf("%s and Kendall's τ at least %.2f", within, a.MinTau)
}
