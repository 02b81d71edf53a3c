package study

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/htmlreport"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/sim"
)

// studyMeta are the lines that let a study's page be reproduced.
func studyMeta(command string, seed uint64, players [2]player.Spec, games int, partial bool) [][2]string {
	if command == "" {
		command = "(not recorded)"
	}
	meta := [][2]string{{"command", command}, {"version", sim.Version}, {"seed", fmt.Sprint(seed)},
		{"players", players[0].String() + " vs " + players[1].String()}, {"games", fmt.Sprintf("%d per cell", games)}}
	if partial {
		meta = append(meta, [2]string{"partial", "stopped early: only the games finished are counted"})
	}
	return meta
}

// importanceHTML writes an importance report as a page: the changes as
// bars sorted from the largest drop (the tokens the army leans on most
// first), each with its paired interval, the ones not significant muted.
func importanceHTML(w io.Writer, r *Importance, command string) error {
	p := &htmlreport.Page{Title: fmt.Sprintf("Importance: %s vs %s", r.Army, strings.Join(r.Opponents, ", "))}
	p.Meta = studyMeta(command, r.Seed, r.Players, r.Games, r.Partial)
	p.Heading("Change in win rate without each token")
	importanceSection(p, r)
	return p.Write(w)
}

// importanceSection adds an importance study's bars and table to p (its
// own page, or the designer's report).
func importanceSection(p *htmlreport.Page, r *Importance) {
	rows := slices.Clone(r.Rows)
	slices.SortStableFunc(rows, func(a, b ImportanceRow) int {
		switch {
		case a.Change < b.Change:
			return -1
		case a.Change > b.Change:
			return 1
		}
		return 0
	})
	iv := r.Base.Interval()
	p.Para(fmt.Sprintf("The army as it is wins %.1f%% [%.1f, %.1f]. Each bar is the change without the token, paired over the same seeds, with its 95%% interval; strong bars are significant (Holm-corrected p ≤ 0.05 over the %d variants), pale ones are not.",
		100*r.Base.Rate(), 100*iv.Lo, 100*iv.Hi, len(rows)))
	var bars []htmlreport.Bar
	var table [][]string
	for _, x := range rows {
		change := fmt.Sprintf("%+.1f [%+.1f, %+.1f]", 100*x.Change, 100*x.ChangeCI[0], 100*x.ChangeCI[1])
		bars = append(bars, htmlreport.Bar{Label: x.Without, X: 100 * x.Change, Lo: 100 * x.ChangeCI[0], Hi: 100 * x.ChangeCI[1], Significant: x.Significant, Text: change})
		sig := "no"
		if x.Significant {
			sig = "yes"
		}
		table = append(table, []string{x.Without, fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*x.WinRate, 100*x.Interval[0], 100*x.Interval[1]), change, fmt.Sprintf("%.3g", x.PHolm), sig})
	}
	p.Figure(htmlreport.Bars(bars, "change in win rate (points)", "importance"))
	p.Table("", []string{"without", "win rate", "change (points)", "p (Holm)", "significant"}, table)
}

// sweepHTML writes a sweep as a page: the win rate against all opponents
// as a line with its interval band over the values, each opponent's as a
// thinner line, and the table.
func sweepHTML(w io.Writer, r *Sweep, command string) error {
	p := &htmlreport.Page{Title: fmt.Sprintf("Sweep: %s / %s.%s", r.Army, r.Token, r.Field)}
	p.Meta = studyMeta(command, r.Seed, r.Players, r.Games, r.Partial)
	xs := make([]string, len(r.Rows))
	all := htmlreport.Series{Name: "all opponents"}
	per := make([]htmlreport.Series, len(r.Opponents))
	for k, o := range r.Opponents {
		per[k].Name = "vs " + o
	}
	var table [][]string
	for i, row := range r.Rows {
		xs[i] = row.Value
		all.Y = append(all.Y, 100*row.WinRate)
		all.Lo = append(all.Lo, 100*row.Interval[0])
		all.Hi = append(all.Hi, 100*row.Interval[1])
		for k, c := range row.Cells {
			if k < len(per) {
				per[k].Y = append(per[k].Y, 100*c.WinRate)
			}
		}
		change, sig := "(compared with)", ""
		if i > 0 {
			change, sig = fmt.Sprintf("%+.1f [%+.1f, %+.1f]", 100*row.Change, 100*row.ChangeCI[0], 100*row.ChangeCI[1]), "no"
			if row.Significant {
				sig = "yes"
			}
		}
		table = append(table, []string{row.Value, fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*row.WinRate, 100*row.Interval[0], 100*row.Interval[1]), change, sig})
	}
	series := []htmlreport.Series{all}
	if len(per) > 1 { // with one opponent its line is the "all" line
		series = append(series, per...)
	}
	p.Heading("Win rate over " + r.Field)
	p.Para(fmt.Sprintf("Win rate of %s (draw = 1/2) at each value of %s, the band its 95%% interval; the change is against %s = %s, paired over the same seeds (significant: Holm-corrected p ≤ 0.05).",
		r.Army, r.Field, r.Field, firstValue(xs)))
	p.Figure(htmlreport.Lines(xs, series, 50, r.Token+" "+r.Field, "win rate (%)", "sweep"))
	p.Table("", []string{r.Field, "win rate (all opponents)", "change (points)", "significant"}, table)
	return p.Write(w)
}

func firstValue(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[0]
}

// ladderHTML writes a ladder as a page: army A's win rate at each player
// level as a line per matchup (with its interval band when there are few
// enough lines to tell the bands apart), and a table per matchup with its
// verdict.
func ladderHTML(w io.Writer, ms []LadderMatch, field *LadderField, levels, command string) error {
	p := &htmlreport.Page{Title: "Ladder: the win rate at each player level"}
	if command == "" {
		command = "(not recorded)"
	}
	partial := false
	var seed uint64
	for _, m := range ms {
		partial, seed = partial || m.Partial, m.Seed
	}
	p.Meta = [][2]string{{"command", command}, {"version", sim.Version}, {"seed", fmt.Sprint(seed)}, {"players", "levels " + levels + ", the same on both sides"}}
	if partial {
		p.Meta = append(p.Meta, [2]string{"partial", "stopped early: only the games finished are counted"})
	}
	var xs []string
	if len(ms) > 0 {
		for _, l := range ms[0].Levels {
			xs = append(xs, l.Player)
		}
	}
	bands := len(ms) <= 3
	var series []htmlreport.Series
	for _, m := range ms {
		se := htmlreport.Series{Name: m.A + " vs " + m.B}
		for _, l := range m.Levels {
			if l.Pairs == 0 { // no games: no point (a rate of 1/2 from nothing)
				se.Y = append(se.Y, math.NaN())
				if bands {
					se.Lo, se.Hi = append(se.Lo, math.NaN()), append(se.Hi, math.NaN())
				}
				continue
			}
			se.Y = append(se.Y, 100*l.WinRate)
			if bands {
				se.Lo, se.Hi = append(se.Lo, 100*l.Interval[0]), append(se.Hi, 100*l.Interval[1])
			}
		}
		series = append(series, se)
	}
	p.Heading("Win rate by player level")
	p.Para("Each line is the first army's win rate (draw = 1/2) in one matchup, on the same seat-swapped pairs at every level, weakest level first; the bands are 95% intervals from the pair scores (drawn for three matchups or fewer). A line still climbing or falling at the strongest levels means the verdict depends on how well the armies are played.")
	p.Figure(htmlreport.Lines(xs, series, 50, "player level", "win rate (%)", "ladder"))
	for _, m := range ms {
		var rows [][]string
		for _, l := range m.Levels {
			rows = append(rows, []string{l.Player, fmt.Sprint(l.Pairs), fmt.Sprint(l.Capped), l.rateCell(), l.VsBelow.scoreCell(), l.VsBelow.eloCell()})
		}
		p.Table(fmt.Sprintf("%s vs %s — verdict: %s (%s)", m.A, m.B, m.Verdict, m.Reason), []string{"player", "pairs", "capped pairs", "win rate", "vs the level below", "Elo over it"}, rows)
	}
	if field != nil {
		p.Heading(field.Army + " against the field")
		p.Para(field.title() + ". Field verdict: " + field.Verdict + " (" + field.Reason + ").")
		p.Table(field.Army+" against the field", []string{"player", "pairs", "win rate"}, field.rows())
	}
	return p.Write(w)
}
