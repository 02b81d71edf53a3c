package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/htmlreport"
	"github.com/hexforge/hexforge/sim"
)

// seatLabel names seat s (0-based) as the report does.
func seatLabel(r *sim.MultiReport, s int) string {
	if modeOf(r) == engine.ModeOneVsTeam && s == 0 {
		return "seat 1 (alone)"
	}
	return fmt.Sprintf("seat %d", s+1)
}

// modeOf is the mode of a run, by the name its report records (a result
// read from JSON may name none the engine knows: then no mode of its own).
func modeOf(r *sim.MultiReport) engine.Mode {
	m, err := engine.ParseMode(r.Mode)
	if err != nil {
		return engine.ModeStandard
	}
	return m
}

// runLine is the report's first line: what was played, how often, by whom.
func runLine(r *sim.MultiReport) string {
	s := fmt.Sprintf("%s, %d armies (%s), %d games, players %s, board %s, seed %d",
		r.Mode, len(r.Armies), strings.Join(r.Armies, ", "), r.Games, r.Players, r.Board, r.Seed)
	for i, l := range r.Leaders {
		s += fmt.Sprintf(", leader %s for %s", l, r.Teams[i])
	}
	if r.Structures {
		s += ", Structures"
	}
	if r.Partial {
		s += " (partial: not every game of the run is counted)"
	}
	return s
}

// rotationLine says which seatings were played and how often; in a
// partial report, how much of the run finished (games a seating is not
// the figure there: the seatings did not play equally often).
func rotationLine(r *sim.MultiReport) string {
	if r.Partial && r.SeatingsDone != nil {
		return fmt.Sprintf("seat rotation: %s; stopped early: %d of %d games finished, %d of %d seatings played in full",
			r.Rotation, r.Games, r.Planned, *r.SeatingsDone, r.Seatings)
	}
	return fmt.Sprintf("seat rotation: %s; games per seating: %d", r.Rotation, r.Games/max(1, r.Seatings))
}

// noResults is what a report says instead of its tables when no game
// finished with a result: shares of nothing are not zeros.
func noResults(r *sim.MultiReport) string {
	if r.Games > r.Capped {
		return ""
	}
	if r.Partial {
		return "No game finished before the run stopped: there are no results to show."
	}
	return "Every game was ended by the action cap: there are no results to show."
}

// footLines say how the figures are counted.
func footLines(r *sim.MultiReport) []string {
	shared := "shared wins"
	if len(r.Team) > 0 || modeOf(r) == engine.ModeOneVsTeam {
		shared = "draws between the sides (a shared win)"
	}
	return []string{
		fmt.Sprintf("%s: %d games; capped by the action cap (no result, left out): %d; mean turns: %.1f", shared, r.Shared, r.Capped, r.MeanTurn),
		"A shared win counts 1/k to each of its k winners.",
		"Intervals are 95% Wilson intervals over the games.",
	}
}

// pctCell is a share with its interval in percent, "34.4 [22.6, 46.1]":
// the column says %, so four seats fit 100 columns. A share of no game
// (a partial run's seat not yet played) says so rather than 0.0.
func pctCell(s sim.Share) string {
	if s.Games == 0 {
		return "no games"
	}
	return fmt.Sprintf("%4.1f [%4.1f, %4.1f]", 100*s.Share, 100*s.Lo, 100*s.Hi)
}

// multiText is the report as a terminal table or as Markdown: the run, the
// rotation, each army's (and team's) share, then army by seat. The
// terminal form keeps to 100 columns with four seats (the by-seat table
// is apart from the share table for that); on a terminal narrower than a
// table (width > 0) the table's columns after the first are cut into
// parts that fit, each part under the first column again, so its rows
// keep their alignment (a line wrapped by the terminal would not).
func multiText(r *sim.MultiReport, md bool, termWidth int) string {
	var b strings.Builder
	// The prose wraps at 100 columns, or the terminal's width when it is
	// narrower: wrapped at 100 first, its lines would be wrapped again by
	// the terminal's prose writer, leaving a word or two on a line.
	prose := proseWidth(termWidth, 100)
	if md {
		fmt.Fprintf(&b, "# Neuroshima Hex %s: %s\n\n", r.Mode, strings.Join(r.Armies, ", "))
		fmt.Fprintf(&b, "- %s\n- %s\n\n", runLine(r), rotationLine(r))
	} else {
		fmt.Fprintf(&b, "%s\n%s\n\n", wrapLine(runLine(r), prose), wrapLine(rotationLine(r), prose))
	}
	if none := noResults(r); none != "" {
		b.WriteString(wrapLine(none, prose) + "\n")
		return b.String()
	}
	tab := func(header []string, rows [][]string) {
		if md {
			b.WriteString("| " + strings.Join(header, " | ") + " |\n|")
			for range header {
				b.WriteString("---|")
			}
			b.WriteByte('\n')
			for _, row := range rows {
				b.WriteString("| " + strings.Join(row, " | ") + " |\n")
			}
			b.WriteByte('\n')
			return
		}
		width := make([]int, len(header))
		for i, h := range header {
			width[i] = len(h)
			for _, row := range rows {
				width[i] = max(width[i], len(row[i]))
			}
		}
		lineWidth := func(from, to int) int {
			n := width[0]
			for _, w := range width[from+1 : to+1] {
				n += 2 + w
			}
			return n
		}
		parts := [][2]int{{0, len(header) - 1}}
		if termWidth > 0 && lineWidth(0, len(header)-1) > termWidth {
			parts = splitColumns(len(header)-1, func(from, to int) bool { return lineWidth(from, to) <= termWidth })
		}
		for k, p := range parts {
			if k > 0 {
				b.WriteByte('\n')
			}
			line := func(cells []string) {
				var l strings.Builder
				fmt.Fprintf(&l, "%-*s", width[0], cells[0])
				for i := p[0] + 1; i <= p[1]; i++ {
					fmt.Fprintf(&l, "  %-*s", width[i], cells[i])
				}
				b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
			}
			line(header)
			for _, row := range rows {
				line(row)
			}
		}
		b.WriteByte('\n')
	}
	var rows [][]string
	for a, name := range r.Armies {
		rows = append(rows, []string{name, pctCell(r.Army[a]), strconv.Itoa(r.Army[a].Games)})
	}
	for i, t := range r.Teams {
		rows = append(rows, []string{"team " + t, pctCell(r.Team[i]), strconv.Itoa(r.Team[i].Games)})
	}
	tab([]string{"army", "win share % [95%]", "games"}, rows)
	header := []string{"win share % by seat"}
	for s := range r.Seat {
		header = append(header, seatLabel(r, s))
	}
	rows = rows[:0]
	for a, name := range r.Armies {
		row := []string{name}
		for s := range r.BySeat[a] {
			row = append(row, pctCell(r.BySeat[a][s]))
		}
		rows = append(rows, row)
	}
	row := []string{"every army"}
	for _, s := range r.Seat {
		row = append(row, pctCell(s))
	}
	tab(header, append(rows, row))
	for _, l := range footLines(r) {
		if md {
			b.WriteString(l + "\n\n")
		} else {
			b.WriteString(wrapLine(l, prose) + "\n")
		}
	}
	if tables := multiTokenTables(r); len(tables) > 0 {
		if md {
			b.WriteString("## Tokens\n\n" + tokenLegend + "\n\n")
		} else {
			b.WriteString("\n" + wrapLine(tokenLegend, min(prose, 80)) + "\n\n")
		}
		for _, t := range tables {
			if md {
				b.WriteString("### " + t.title + "\n\n")
			} else {
				b.WriteString(t.title + ":\n")
			}
			tab(t.header, t.rows)
		}
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// proseWidth is the width a report's prose wraps at: at most def
// columns, and no wider than a terminal of width columns (0: none).
func proseWidth(width, def int) int {
	if width > 0 {
		return min(width, def)
	}
	return def
}

// wrapLine breaks s at spaces into lines of at most width columns.
func wrapLine(s string, width int) string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		if cur != "" && len(cur)+1+len(word) > width {
			lines, cur = append(lines, cur), ""
		}
		if cur != "" {
			cur += " "
		}
		cur += word
	}
	return strings.Join(append(lines, cur), "\n")
}

// multiHeader is the multiplayer CSV's header: one row per share observed,
// what it is the share of in group (army, army_seat, seat or team), name
// and seat (1-based; empty for every seat, and name empty for a seat's row
// over every army); the run's figures repeat on every row so that one file
// is one tidy table. rotation is every_seating or teams_alternating (the 8
// seatings of the teams mode); leaders are the teams' cards, first/second
// (empty without leaders).
var multiHeader = []string{"mode", "players", "board", "seed", "games", "seatings", "rotation", "group", "name", "seat",
	"share_games", "share", "lo", "hi", "shared", "capped", "mean_turns", "partial", "leaders"}

func writeMultiCSV(w io.Writer, r *sim.MultiReport) error {
	// A program filters on a word, not on the sentence of the text report.
	rotation := "every_seating"
	if len(r.Teams) > 0 {
		rotation = "teams_alternating"
	}
	var rows [][]string
	add := func(group, name string, seat int, s sim.Share) {
		seatCell := ""
		if seat > 0 {
			seatCell = strconv.Itoa(seat)
		}
		rows = append(rows, []string{r.Mode, r.Players, r.Board, strconv.FormatUint(r.Seed, 10), strconv.Itoa(r.Games),
			strconv.Itoa(r.Seatings), rotation, group, name, seatCell, strconv.Itoa(s.Games), num(s.Share), num(s.Lo), num(s.Hi),
			strconv.Itoa(r.Shared), strconv.Itoa(r.Capped), num(r.MeanTurn), boolCell(r.Partial), strings.Join(r.Leaders, "/")})
	}
	for a, name := range r.Armies {
		add("army", name, 0, r.Army[a])
	}
	for a, name := range r.Armies {
		for s := range r.BySeat[a] {
			add("army_seat", name, s+1, r.BySeat[a][s])
		}
	}
	for s := range r.Seat {
		add("seat", "", s+1, r.Seat[s])
	}
	for i, t := range r.Teams {
		add("team", t, 0, r.Team[i])
	}
	return writeCSV(w, multiHeader, rows)
}

// writeMultiHTML writes the report as a self-contained page: the shares
// as dot plots with their intervals (the fair share 1/n marked), and the
// tables of the text report.
func writeMultiHTML(w io.Writer, r *sim.MultiReport, command string) error {
	p := &htmlreport.Page{Title: fmt.Sprintf("%s: %s", r.Mode, strings.Join(r.Armies, ", "))}
	p.Meta = runMeta(command, r.Seed, r.Players+" in every seat", r.Games, r.Partial)
	p.Meta = append(p.Meta, [2]string{"mode", r.Mode}, [2]string{"board", r.Board}, [2]string{"seat rotation", rotationLine(r)})
	if none := noResults(r); none != "" {
		p.Para(none)
		return p.Write(w)
	}
	fair := 100 / float64(max(1, len(r.Armies)))
	dot := func(label string, s sim.Share) htmlreport.Dot {
		return htmlreport.Dot{Label: label, X: 100 * s.Share, Lo: 100 * s.Lo, Hi: 100 * s.Hi, Text: pctCell(s)}
	}
	p.Heading("Win shares")
	p.Para(fmt.Sprintf("Each army's share of the wins over every seating, with its 95%% interval; the line is the fair share of %.1f%%.", fair))
	var dots []htmlreport.Dot
	var rows [][]string
	for a, name := range r.Armies {
		dots = append(dots, dot(name, r.Army[a]))
		rows = append(rows, []string{name, pctCell(r.Army[a]), fmt.Sprint(r.Army[a].Games)})
	}
	p.Figure(htmlreport.DotPlot(dots, fair, "win share (%)", "win shares with 95% intervals"))
	p.Table("", []string{"army", "win share % [95%]", "games"}, rows)
	if len(r.Teams) > 0 {
		p.Heading("Teams")
		dots, rows = nil, nil
		for i, t := range r.Teams {
			dots = append(dots, dot(t, r.Team[i]))
			rows = append(rows, []string{t, pctCell(r.Team[i]), fmt.Sprint(r.Team[i].Games)})
		}
		p.Figure(htmlreport.DotPlot(dots, 50, "team win share (%)", "team win shares with 95% intervals"))
		p.Table("", []string{"team", "win share % [95%]", "games"}, rows)
	}
	p.Heading("Seats")
	p.Para("The seat advantage: each seat's share over every army, then each army by seat.")
	dots = nil
	header := []string{"army"}
	for s := range r.Seat {
		dots = append(dots, dot(seatLabel(r, s), r.Seat[s]))
		header = append(header, seatLabel(r, s))
	}
	p.Figure(htmlreport.DotPlot(dots, fair, "win share (%)", "seat win shares with 95% intervals"))
	rows = nil
	for a, name := range r.Armies {
		row := []string{name}
		for s := range r.BySeat[a] {
			row = append(row, pctCell(r.BySeat[a][s]))
		}
		rows = append(rows, row)
	}
	p.Table("win share % [95%] by seat", header, rows)
	for _, l := range footLines(r) {
		p.Para(l)
	}
	if tables := multiTokenTables(r); len(tables) > 0 {
		p.Heading("Tokens")
		p.Para(tokenLegend)
		for _, t := range tables {
			p.Table(t.title, t.header, t.rows)
		}
	}
	return p.Write(w)
}
