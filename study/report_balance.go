package study

import (
	"context"
	"errors"
	"fmt"
	"html"
	"io"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/htmlreport"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
)

// ReportBalance is what the report's balance section needs besides the
// run: the loader that builds the army's variants and the army as the
// command line named it (RunBalance's ld and ref), or why balance does not
// run (Skip).
type ReportBalance struct {
	Loader armies.Loader
	Ref    string
	Knobs  []string // balance's --knobs; none: all
	Field  bool     // balance's --goal field: the mean over the opponents
	Skip   string   // "": run it
}

// reportBalanceVerify is how many of balance's suggestions the report
// verifies: balance's own default.
const reportBalanceVerify = 3

// balance is the report's last section, as the balance command plays it
// with the report's band and error rates and its share of the budget.
func (rep *Report) balance(ctx context.Context, r *Run, army *rules.Army, opps []*rules.Army, names []string, plan ReportPlan, rb ReportBalance, stage func(string)) error {
	switch {
	case rb.Skip != "":
		rep.BalanceWhy = rb.Skip
		return nil
	case plan.BalanceGames == 0:
		rep.BalanceWhy = plan.BalanceWhy
		return nil
	}
	stage("balance")
	run := *r
	run.Games, run.UntilCI, run.Seq, run.Expect = 2, 0, nil, nil
	o := BalanceOptions{Lo: rep.Band.Lo, Hi: rep.Band.Hi, Budget: plan.BalanceGames, Verify: reportBalanceVerify, Alpha: rep.Band.Alpha, Beta: rep.Band.Beta}
	o.Knobs, o.Field = rb.Knobs, rb.Field
	b, err := RunBalance(ctx, &run, army, rb.Ref, rb.Loader, opps, names, o)
	var small *BudgetTooSmallError
	if errors.As(err, &small) {
		// Too few games for this army's knobs: the other sections stand,
		// and the report says what would run balance.
		rep.BalanceWhy = fmt.Sprintf("its share of the budget, %d games, cannot screen the %d single changes against %d opponents (it needs %d): a larger --budget, or fewer --knobs, runs it",
			small.Budget, small.Changes, small.Opponents, small.Need)
		return nil
	}
	if err != nil {
		return fmt.Errorf("balance: %w", err)
	}
	rep.Balance = b
	rep.Played += b.Games
	rep.Partial = rep.Partial || b.Partial
	return nil
}

// balanceLine names the balance section's players, games and seeds.
func (r *Report) balanceLine() string {
	b := r.Balance
	return fmt.Sprintf("players %s vs %s; %d games of the report's %d for balance: the search %d on seed %d, the verification %d on fresh seed %d (fair-band test, alpha %g, beta %g)",
		b.Players[0], b.Players[1], b.Games, b.Budget, b.SearchGames, b.Seed, b.VerifyGames, b.VerifySeed, b.Alpha, b.Beta)
}

// balanceSummary is the summary's sentence on balance: the first
// suggestion that passed its verification, or that none did.
func (r *Report) balanceSummary() string {
	b := r.Balance
	if b == nil {
		return ""
	}
	for _, s := range b.Suggestions {
		if s.Verified != nil && s.Verified.Passed {
			if s.Verified.Field != nil {
				return fmt.Sprintf("Balance suggests %s: its mean over the %d opponents verified inside the band (%d games).", s.ChangeText(), len(s.Verified.Opponents), s.Verified.Games)
			}
			return fmt.Sprintf("Balance suggests %s: verified inside the band against all %d opponents (%d games).", s.ChangeText(), len(s.Verified.Opponents), s.Verified.Games)
		}
	}
	if len(b.Suggestions) == 0 {
		return "Balance found no knob to change."
	}
	if b.VerifyGames == 0 {
		return fmt.Sprintf("Balance's search estimates %s best; its budget went to the search, so nothing was verified (a larger --budget verifies it).", b.Suggestions[0].ChangeText())
	}
	return fmt.Sprintf("No suggestion of balance passed its verification at these games; the smallest was %s.", b.Suggestions[0].ChangeText())
}

// balanceText writes the balance section as the balance command does.
func (r *Report) balanceText(w io.Writer, format report.Format, code func(string) string) error {
	fmt.Fprintf(w, "%s\nreproduce: %s\n", r.balanceLine(), code(r.Commands.Balance))
	return r.Balance.Write(w, format, "")
}

// balanceSection adds balance to the page: the suggestions ranked, then
// for each verified one its verified win rates over the band, with its
// --set lines and its variant file.
func (r *Report) balanceSection(p *htmlreport.Page) {
	b := r.Balance
	p.Para(r.balanceLine() + ".")
	commandPara(p, r.Commands.Balance)
	if len(b.Suggestions) == 0 {
		p.Para("No suggestion: the army has no knob balance may change.")
		return
	}
	test := "a fair-band sequential test against every opponent"
	if b.Goal == GoalField {
		test = "one fair-band sequential test of the mean over the opponents (balance --goal field)"
	}
	p.Para("Ranked by smallness (fewest knobs, then fewest steps) among the changes the search estimates inside the band, then by distance from the band's centre. The estimates are the search's; each verification is " + test + " on fresh games, shown apart.")
	p.Table("", []string{"#", "change", "knobs", "steps", "worst estimate", "verified"}, b.suggestionRows())
	for _, s := range b.Suggestions {
		if s.Verified == nil {
			continue
		}
		p.Raw(fmt.Sprintf("<h3>Suggestion %d: %s</h3>\n", s.Rank, html.EscapeString(s.ChangeText())))
		p.Para(verdictWord(s.Verified))
		var dots []htmlreport.BandDot
		for _, v := range s.Verified.Opponents {
			text := fmt.Sprintf("%.1f%%: %s", 100*v.WinRate, shortVerdict(v.Verdict))
			if v.Verdict == "" {
				text = fmt.Sprintf("%.1f%%", 100*v.WinRate) // the field goal: no test of its own
			}
			dots = append(dots, htmlreport.BandDot{Label: "vs " + v.Opponent, X: 100 * v.WinRate, Lo: 100 * v.Interval[0], Hi: 100 * v.Interval[1],
				Text: text, Colour: verdictColour(v.Verdict)})
		}
		if f := s.Verified.Field; f != nil {
			dots = append(dots, htmlreport.BandDot{Label: fieldLabel, X: 100 * f.WinRate, Lo: 100 * f.Interval[0], Hi: 100 * f.Interval[1],
				Text: fmt.Sprintf("%.1f%%: %s", 100*f.WinRate, shortVerdict(f.Verdict)), Colour: verdictColour(f.Verdict)})
		}
		p.Figure(htmlreport.BandPlot(dots, 100*b.Band[0], 100*b.Band[1], "verified win rate (%)", fmt.Sprintf("verified win rates of suggestion %d", s.Rank)))
		p.Table("", []string{"opponent", "search estimate", "verified win rate", "games", "band verdict"}, b.verifiedRows(s))
		p.Raw(fixHTML(s))
	}
}

// verdictColour is a fair-band verdict's colour on a band plot.
func verdictColour(v string) string {
	switch v {
	case sim.VerdictInside:
		return htmlreport.ColourInside
	case sim.VerdictStrong:
		return htmlreport.ColourAbove
	case sim.VerdictWeak:
		return htmlreport.ColourBelow
	}
	return htmlreport.ColourUndecided
}
