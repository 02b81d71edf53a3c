package study

import (
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/htmlreport"
	"github.com/hexforge/hexforge/report"
)

// BalanceShown is how many suggestions the table, Markdown and the page
// list; JSON gives them all.
const BalanceShown = 10

// Write renders a balance in format (table, markdown, json or html);
// command is the command line that reproduces it, which a page names.
func (b *Balance) Write(w io.Writer, format report.Format, command string) error {
	switch format {
	case report.JSON:
		return writeJSON(w, b)
	case report.HTML:
		return balanceHTML(w, b, command)
	case report.CSV:
		return fmt.Errorf("balance has no CSV: use --format json")
	}
	md := format == report.Markdown
	head := func(s string) {
		if md {
			fmt.Fprintf(w, "\n### %s\n\n", s)
		} else {
			fmt.Fprintf(w, "\n%s\n", s)
		}
	}
	for _, l := range append(strings.Split(b.Title(), "\n"), b.Spent()...) {
		if md {
			l = strings.TrimSpace(l) + "  " // a Markdown line break
		}
		fmt.Fprintln(w, l)
	}
	head("The army as it is (the search's games)")
	if err := report.WriteTable(w, format, report.Heads("opponent", "win rate", "games"), b.baseRows()); err != nil {
		return err
	}
	head("Suggestions, smallest first (search estimates; verification on fresh games)")
	if len(b.Suggestions) == 0 {
		fmt.Fprintln(w, "none: the army has no knob balance may change (see --knobs, --allow-remove)")
		return nil
	}
	if err := report.WriteTable(w, format, report.Heads("#", "change", "knobs", "steps", "worst estimate", "verified"), b.suggestionRows()); err != nil {
		return err
	}
	if h := b.Hint(); h != "" {
		if !md {
			h = report.WrapProse(h, 100)
		}
		fmt.Fprintf(w, "\n%s\n", h)
	}
	for _, s := range b.Suggestions {
		if s.Verified == nil {
			continue
		}
		head(fmt.Sprintf("Suggestion %d: %s", s.Rank, verdictWord(s.Verified)))
		if err := report.WriteTable(w, format, report.Heads("opponent", "search estimate", "verified win rate", "games", "band verdict"), b.verifiedRows(s)); err != nil {
			return err
		}
		fence := ""
		if md {
			fence = "```\n"
		}
		fmt.Fprintf(w, "\n%s", fence)
		for _, set := range s.Sets {
			fmt.Fprintf(w, "--set %s\n", shellWord(set))
		}
		fmt.Fprintf(w, "%s\n%s%s%s", fence, fence, s.Variant, fence)
	}
	return nil
}

// Title is the report's first lines: the army, the players, the band and
// the seed, then the opponents.
func (b *Balance) Title() string {
	t := fmt.Sprintf("balance %s; players %s vs %s; band %s-%s; seed %d%s", b.Army, b.Players[0], b.Players[1], pct(b.Band[0]), pct(b.Band[1]), b.Seed, b.Leaders)
	if b.Partial {
		t += " [PARTIAL: stopped early]"
	}
	t += "\nagainst " + strings.Join(b.Opponents, ", ")
	if b.Goal == GoalField {
		t += "\ngoal: the mean win rate over the opponents (the field) inside the band"
	}
	return t
}

// Spent says how the budget went, a line for each stage.
func (b *Balance) Spent() []string {
	lines := []string{fmt.Sprintf("played %d of a budget of %d games", b.Games, b.Budget),
		fmt.Sprintf("search: %d games, %d knobs, %d single changes", b.SearchGames, b.Knobs, b.Candidates)}
	for _, s := range b.Stages {
		lines = append(lines, fmt.Sprintf("  %s: %d candidates to %d pairs, kept %d", s.Stage, s.Candidates, s.Pairs, s.Kept))
	}
	fixed := ""
	if b.VerifyFixedLength {
		fixed = ", fixed length (shards)"
	}
	return append(lines, fmt.Sprintf("verification: %d games, fair-band test, alpha %g, beta %g%s,", b.VerifyGames, b.Alpha, b.Beta, fixed),
		fmt.Sprintf("  on seed %d", b.VerifySeed))
}

func pct(x float64) string { return strconv.FormatFloat(math.Round(100*x*1e6)/1e6, 'f', -1, 64) + "%" }

func (b *Balance) baseRows() [][]string {
	var rows [][]string
	for _, o := range b.Base.Opponents {
		rows = append(rows, []string{o.Opponent, rateCell(o.WinRate, o.Interval), strconv.Itoa(o.Games)})
	}
	if f := b.Base.Field; f != nil {
		rows = append(rows, []string{fieldLabel, rateCell(f.WinRate, f.Interval), strconv.Itoa(f.Games)})
	}
	return rows
}

// fieldLabel names the mean over the opponents in a table.
const fieldLabel = "the field (mean)"

// verifiedRows are a verified suggestion's rows: each opponent's search
// estimate, verified rate, games and band verdict, then with the field
// goal the mean's (whose test is the verdict; the opponents have none).
func (b *Balance) verifiedRows(s Suggestion) [][]string {
	var rows [][]string
	for i, v := range s.Verified.Opponents {
		est := s.Estimate.Opponents[min(i, len(s.Estimate.Opponents)-1)]
		verdict := "—"
		if v.Verdict != "" {
			verdict = verdictName(v.Verdict, b.Army)
		}
		rows = append(rows, []string{v.Opponent, rateCell(est.WinRate, est.Interval), rateCell(v.WinRate, v.Interval), strconv.Itoa(v.Games), verdict})
	}
	if f, est := s.Verified.Field, s.Estimate.Field; f != nil && est != nil {
		rows = append(rows, []string{fieldLabel, rateCell(est.WinRate, est.Interval), rateCell(f.WinRate, f.Interval), strconv.Itoa(f.Games), verdictName(f.Verdict, b.Army)})
	}
	return rows
}

func (b *Balance) suggestionRows() [][]string {
	var rows [][]string
	for i, s := range b.Suggestions {
		if i == BalanceShown {
			break
		}
		verified := "not verified"
		if s.Verified != nil {
			verified = verdictWord(s.Verified)
		}
		rows = append(rows, []string{strconv.Itoa(s.Rank), s.ChangeText(), strconv.Itoa(s.Knobs), strconv.Itoa(s.Steps), worst(s.Estimate), verified})
	}
	return rows
}

// ChangeText is a suggestion's changes in words: "Juggernaut.count 2 → 1".
func (s Suggestion) ChangeText() string {
	var parts []string
	for _, c := range s.Changes {
		parts = append(parts, fmt.Sprintf("%s %d → %d", c.Knob, c.From, c.To))
	}
	return strings.Join(parts, "; ")
}

// worst is the estimate's rate furthest from the band's centre, with its
// opponent.
func worst(e BalanceEstimate) string {
	if e.Field != nil {
		in := "outside the band"
		if e.InBand {
			in = "inside"
		}
		return fmt.Sprintf("%.1f%% over the field (%s)", 100*e.Field.WinRate, in)
	}
	if len(e.Opponents) == 0 {
		return ""
	}
	w := e.Opponents[0]
	for _, o := range e.Opponents[1:] {
		if abs64(o.WinRate-0.5) > abs64(w.WinRate-0.5) {
			w = o
		}
	}
	in := "outside the band"
	if e.InBand {
		in = "all inside"
	}
	return fmt.Sprintf("%.1f%% vs %s (%s)", 100*w.WinRate, w.Opponent, in)
}

func abs64(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// verdictWord sums up a verification: passed, or how many opponents were
// inside the band.
func verdictWord(v *BalanceVerification) string {
	if f := v.Field; f != nil {
		if v.Passed {
			return fmt.Sprintf("PASSED: the mean over %d opponents inside the band (%d games)", len(v.Opponents), v.Games)
		}
		return fmt.Sprintf("not passed: the mean over %d opponents %s (%d games)", len(v.Opponents), strings.TrimPrefix(f.Verdict, "A "), v.Games)
	}
	if v.Passed {
		return fmt.Sprintf("PASSED: inside the band against all %d (%d games)", len(v.Opponents), v.Games)
	}
	in := 0
	for _, o := range v.Opponents {
		if o.Verdict == "inside the band" {
			in++
		}
	}
	return fmt.Sprintf("not passed: inside the band against %d of %d (%d games)", in, len(v.Opponents), v.Games)
}

// verdictName is a fair-band verdict with the army named.
func verdictName(v, army string) string { return strings.Replace(v, "A ", army+" ", 1) }

// shellWord quotes a --set for a shell when it needs it.
func shellWord(s string) string {
	if strings.ContainsAny(s, " '\"$`\\!*?#&;|<>()") {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
}

// balanceHTML writes a balance as one self-contained page: the army as it
// is, the suggestions, and for each verified one its verified win rates
// against the band as a dot plot, its --set lines and its variant file.
func balanceHTML(w io.Writer, b *Balance, command string) error {
	p := &htmlreport.Page{Title: "Balance: " + b.Army}
	if command == "" {
		command = "(not recorded)"
	}
	p.Meta = [][2]string{{"command", command}, {"players", b.Players[0] + " vs " + b.Players[1]}, {"seed", fmt.Sprintf("%d (verification %d)", b.Seed, b.VerifySeed)},
		{"band", pct(b.Band[0]) + "-" + pct(b.Band[1])}, {"games", fmt.Sprintf("%d of a budget of %d", b.Games, b.Budget)}}
	if b.Partial {
		p.Meta = append(p.Meta, [2]string{"partial", "stopped early: only the games finished are counted"})
	}
	p.Para(spentSentence(b.Spent()))
	p.Heading("The army as it is")
	p.Figure(htmlreport.DotPlot(rateDots(b.Base.Opponents, b.Base.Field), 50, "win rate (%), the search's games", "win rate of the army as it is"))
	p.Heading("Suggestions, smallest first")
	goal := "against every opponent"
	if b.Goal == GoalField {
		goal = "on average over the opponents (the field)"
	}
	p.Para("Ranked by smallness (fewest knobs, then fewest steps) among the changes the search estimates inside the band " + goal + ", then by distance from the band's centre. The estimates are the search's; the verification is a fair-band sequential test on fresh games.")
	p.Table("", []string{"#", "change", "knobs", "steps", "worst estimate", "verified"}, b.suggestionRows())
	if h := b.Hint(); h != "" {
		p.Para(h)
	}
	for _, s := range b.Suggestions {
		if s.Verified == nil {
			continue
		}
		p.Heading(fmt.Sprintf("Suggestion %d: %s", s.Rank, s.ChangeText()))
		p.Para(verdictWord(s.Verified))
		p.Figure(htmlreport.DotPlot(rateDots(s.Verified.Opponents, s.Verified.Field), 50, "verified win rate (%)", fmt.Sprintf("verified win rates of suggestion %d", s.Rank)))
		p.Table("", []string{"opponent", "search estimate", "verified win rate", "games", "band verdict"}, b.verifiedRows(s))
		p.Raw(fixHTML(s))
	}
	return p.Write(w)
}

// rateDots are the win rates against each opponent as a dot plot's dots,
// then the field's mean when there is one.
func rateDots(rates []OpponentRate, field *OpponentRate) []htmlreport.Dot {
	var dots []htmlreport.Dot
	for _, o := range rates {
		dots = append(dots, htmlreport.Dot{Label: "vs " + o.Opponent, X: 100 * o.WinRate, Lo: 100 * o.Interval[0], Hi: 100 * o.Interval[1], Text: rateCell(o.WinRate, o.Interval)})
	}
	if f := field; f != nil {
		dots = append(dots, htmlreport.Dot{Label: fieldLabel, X: 100 * f.WinRate, Lo: 100 * f.Interval[0], Hi: 100 * f.Interval[1], Text: rateCell(f.WinRate, f.Interval)})
	}
	return dots
}

// spentSentence is Spent's lines as one paragraph, a stage a clause.
func spentSentence(lines []string) string {
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	return strings.ReplaceAll(strings.Join(lines, "; "), ",; ", ", ") + "."
}

// Hint is what to try when the goal of every opponent cannot be met by
// moving the army one way: in the search's games it is above the band
// against some opponents and below it against others, and no suggestion
// passed. "" otherwise.
func (b *Balance) Hint() string {
	if b.Goal != GoalEvery || b.VerifiedPass > 0 {
		return ""
	}
	var above, below []string
	for _, o := range b.Base.Opponents {
		switch {
		case o.WinRate > b.Band[1]:
			above = append(above, o.Opponent)
		case o.WinRate < b.Band[0]:
			below = append(below, o.Opponent)
		}
	}
	if len(above) == 0 || len(below) == 0 {
		return ""
	}
	return fmt.Sprintf("In the search's games %s wins more than the band against %s and less against %s: a change that lifts it against the ones lifts it against the others too, so a small change may not make it fair against every one. --goal field asks instead for its mean over the opponents (its standing in the field).",
		b.Army, strings.Join(above, ", "), strings.Join(below, ", "))
}

// fixHTML is a suggestion as --set lines and as a variant file, for the
// balance page and the report's balance section.
func fixHTML(s Suggestion) string {
	var sets []string
	for _, set := range s.Sets {
		sets = append(sets, "--set "+shellWord(set))
	}
	return "<p class=\"cmd\">As <code>--set</code> lines:</p>\n<pre class=\"fix\">" + html.EscapeString(strings.Join(sets, "\n")) + "</pre>\n" +
		"<p class=\"cmd\">As a variant file to save:</p>\n<pre class=\"fix\">" + html.EscapeString(s.Variant) + "</pre>\n"
}
