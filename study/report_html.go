package study

import (
	"fmt"
	"html"
	"io"
	"net/url"
	"strings"

	"github.com/hexforge/hexforge/card"
	"github.com/hexforge/hexforge/htmlreport"
	"github.com/hexforge/hexforge/sim"
)

// reportCSS: the commands are long lines of a shell; they wrap between
// words (a browser would break "--fair-band" after its hyphens: cmdHTML
// keeps each word of a command whole) and a word longer than a line, a
// long path, anywhere rather than push the page sideways at 800 px.
const reportCSS = `code.cmd { font-family: "DejaVu Sans Mono", monospace; font-size: 12px; overflow-wrap: anywhere; }
code.cmd span.w { white-space: nowrap; }
p.cmd { font-size: 13px; color: #444; margin: 2px 0 6px 0; max-width: 1100px; }
p.sheets { font-size: 14px; }
td code.cmd { white-space: normal; }
nav.toc { font-size: 14px; margin: 6px 0 4px 0; }
nav.toc a { margin-right: 12px; }
pre.fix { font-size: 13px; background: #f6f8fa; padding: 6px 10px; overflow-x: auto; max-width: 1100px; }
div.summary { font-size: 15px; background: #f6f8fa; border-left: 4px solid #0b3d75; padding: 4px 12px; margin: 8px 0; max-width: 1100px; }
div.summary p { margin: 4px 0; }
`

// reportHTML writes the designer's report as one self-contained page:
// every section's figures, each with its players, games and seed and the
// command that plays it alone.
func reportHTML(w io.Writer, r *Report, command string) error {
	p := &htmlreport.Page{Title: r.title()}
	p.Style(reportCSS + card.BodyCSS)
	p.Meta = [][2]string{{"command", command}, {"version", sim.Version}, {"seed", fmt.Sprint(r.Seed)},
		{"players", r.players()}, {"games", r.budgetLine()}}
	if r.Variant != "" {
		p.Meta = append(p.Meta, [2]string{"every section plays with", r.Variant})
	}
	if r.Partial {
		p.Meta = append(p.Meta, [2]string{"partial", "stopped early: only the games finished are counted, the sections not reached are missing"})
	}
	links := []string{`<a href="#fair-band">Fair band</a>`}
	if r.Field != nil {
		links = append(links, `<a href="#field">Rating in the field</a>`)
	}
	if r.Imp != nil {
		links = append(links, `<a href="#importance">Importance</a>`)
	}
	links = append(links, `<a href="#balance">Balance</a>`, `<a href="#card">Help card</a>`, `<a href="#sheets">Print and play</a>`)
	p.Raw("<nav class=\"toc\">" + strings.Join(links, " ") + "</nav>\n")
	var sum strings.Builder
	sum.WriteString("<div class=\"summary\">")
	for _, l := range r.summary() {
		sum.WriteString("<p>" + html.EscapeString(l) + "</p>")
	}
	sum.WriteString("</div>\n")
	p.Raw(sum.String())

	section(p, "fair-band", "Fair band: is "+r.Army+" fair against each opponent?")
	p.Para(r.bandLine() + ". Each row is the sequential fair-band test of sim --fair-band: it stops as soon as the win rate is shown inside the band, or nearer an edge than the band's centre (too strong, too weak). The dot is the win rate (draw = 1/2) with its 95% interval over seat-swapped pairs; the shaded band is the fair band.")
	var dots []htmlreport.BandDot
	for _, v := range r.Verdicts {
		col := htmlreport.ColourUndecided
		switch v.Verdict {
		case sim.VerdictInside:
			col = htmlreport.ColourInside
		case sim.VerdictStrong:
			col = htmlreport.ColourAbove
		case sim.VerdictWeak:
			col = htmlreport.ColourBelow
		}
		dots = append(dots, htmlreport.BandDot{Label: "vs " + v.Opponent, X: 100 * v.WinRate, Lo: 100 * v.Interval[0], Hi: 100 * v.Interval[1],
			Text: fmt.Sprintf("%.1f%%: %s", 100*v.WinRate, shortVerdict(v.Verdict)), Colour: col})
	}
	p.Figure(htmlreport.BandPlot(dots, 100*r.Band.Lo, 100*r.Band.Hi, r.Army+"'s win rate (%)", "fair-band verdicts"))
	p.Raw(cmdTable([]string{"opponent", "games", "win rate", "verdict", "reproduce"}, r.bandRows(), 4))

	if f := r.Field; f != nil {
		section(p, "field", "Rating of "+r.Army+" in the field")
		p.Para(r.fieldLine() + ".")
		commandPara(p, r.Commands.Field)
		if f.Ratings == nil {
			p.Para("No ratings: " + f.Why)
		} else {
			p.Para(fmt.Sprintf("Bradley–Terry on the Elo scale (ratings sum to 0) with a first-move term of %+.0f; 95%% intervals from %d bootstrap refits over pairs. %s is in bold, rank %d of %d.",
				f.Ratings.FirstMove, f.Ratings.Samples, r.Army, f.Rank, len(f.Ratings.Armies)))
			var dots []htmlreport.BandDot
			for _, a := range f.Ratings.Armies {
				d := htmlreport.BandDot{Label: a.Army, X: a.Elo, Lo: a.EloCI[0], Hi: a.EloCI[1], Text: eloCell(a)}
				if a.Army == r.Army {
					d.Mark, d.Colour = true, "#d95f02"
				}
				dots = append(dots, d)
			}
			p.Figure(htmlreport.BandPlot(dots, 0, 0, "rating (Elo)", "ratings in the field"))
			p.Table("", []string{"rank", "army", "rating (Elo)", "rank interval"}, r.fieldRows())
		}
	}

	if r.Imp != nil {
		section(p, "importance", "Importance: which tokens carry "+r.Army)
		p.Para(r.importanceLine() + ".")
		commandPara(p, r.Commands.Importance)
		importanceSection(p, r.Imp)
	}

	section(p, "balance", "Balance: the smallest changes that make it fair")
	if r.Balance != nil {
		r.balanceSection(p)
	} else {
		note := r.balanceNote()
		p.Para(strings.ToUpper(note[:1]) + note[1:] + ".")
	}

	section(p, "card", "Help card")
	commandPara(p, r.Commands.Card)
	// Inline SVG in HTML needs no namespace; without it the page names no
	// address at all (htmltest.URLs), as every report page.
	p.Raw(strings.ReplaceAll(r.Card.Body(), ` xmlns="http://www.w3.org/2000/svg"`, ""))

	section(p, "sheets", "Print and play")
	if r.Sheets != "" {
		p.Raw(fmt.Sprintf("<p class=\"sheets\"><a href=\"%s\">%s</a>: every token of %s at real size with a cut line, fronts and backs (print at 100%%, not \"fit to page\").</p>\n",
			html.EscapeString((&url.URL{Path: r.Sheets}).String()), html.EscapeString(r.Sheets), html.EscapeString(r.Army)))
	} else if r.SheetsWhy != "" {
		p.Para("No sheets beside this page: " + r.SheetsWhy + ".")
	}
	commandPara(p, r.Commands.Sheets)
	return p.Write(w)
}

// section starts a section with an anchor the page's contents link to.
func section(p *htmlreport.Page, id, title string) {
	p.Raw(fmt.Sprintf("<h2 id=\"%s\">%s</h2>\n", id, html.EscapeString(title)))
}

// commandPara shows the command that plays a section alone.
func commandPara(p *htmlreport.Page, cmd string) {
	p.Raw("<p class=\"cmd\">reproduce: " + cmdHTML(cmd) + "</p>\n")
}

// cmdHTML sets a command as code, each word of it unbroken unless longer
// than cmdWordMax: the spaces between words are where it wraps. Copied
// from the page, it is the command as written.
func cmdHTML(cmd string) string {
	words := strings.Split(cmd, " ")
	for i, w := range words {
		words[i] = html.EscapeString(w)
		if len(w) <= cmdWordMax {
			words[i] = `<span class="w">` + words[i] + "</span>"
		}
	}
	return `<code class="cmd">` + strings.Join(words, " ") + "</code>"
}

// cmdWordMax is the longest word kept unbroken: about a third of the
// narrowest page's line of code.
const cmdWordMax = 40

// cmdTable is a table whose column c holds commands, set as code.
func cmdTable(header []string, rows [][]string, c int) string {
	t := htmlreport.TableHTML("", header, rows)
	for _, row := range rows {
		if c < len(row) && row[c] != "" {
			e := html.EscapeString(row[c])
			t = strings.Replace(t, "<td>"+e+"</td>", "<td>"+cmdHTML(row[c])+"</td>", 1)
		}
	}
	return t
}

// shortVerdict is a verdict for a plot's row.
func shortVerdict(v string) string {
	switch v {
	case sim.VerdictStrong:
		return "too strong"
	case sim.VerdictWeak:
		return "too weak"
	case sim.VerdictInside:
		return "fair"
	}
	return "undecided"
}
