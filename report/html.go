package report

import (
	"fmt"
	"html"
	"io"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/card"
	"github.com/hexforge/hexforge/htmlreport"
	"github.com/hexforge/hexforge/sim"
)

// writeMatchHTML writes one match's report as a self-contained HTML page:
// the win rates as a dot plot with their intervals, the figures and the
// per-token tables. command is the command line that produced it, shown so
// the page can be reproduced ("" when not known).
func writeMatchHTML(w io.Writer, s *sim.Summary, command string) error {
	p := &htmlreport.Page{Title: fmt.Sprintf("%s vs %s", s.A, s.B)}
	p.Meta = runMeta(command, s.Seed, fmt.Sprintf("%s (%s) vs %s (%s)", s.Players[0], s.A, s.Players[1], s.B), s.Games(), s.Partial)
	p.Meta = append(p.Meta, variantMeta(s)...)
	t := s.Tally
	iv, fv := t.Interval(), s.First.Interval()
	p.Heading("Win rates")
	p.Para(fmt.Sprintf("95%% score intervals over the %d seat-swapped pairs (pentanomial model; the first player's: over games). A draw counts one half.", t.Pairs.Pairs()))
	p.Figure(htmlreport.DotPlot([]htmlreport.Dot{
		{Label: s.A + " vs " + s.B, X: 100 * t.Rate(), Lo: 100 * iv.Lo, Hi: 100 * iv.Hi, Text: rateCell(t)},
		{Label: "first player", X: 100 * s.First.Rate(), Lo: 100 * fv.Lo, Hi: 100 * fv.Hi, Text: rateCell(s.First)},
	}, 50, "win rate (%)", "win rates with 95% intervals"))
	rows := figureRows(s)
	p.Heading("Figures")
	p.Table("", []string{"figure", "value"}, rows)
	tokenTables(p, s)
	return p.Write(w)
}

// runMeta are the lines that let a page be reproduced.
func runMeta(command string, seed uint64, players string, games int, partial bool) [][2]string {
	if command == "" {
		command = "(not recorded)"
	}
	meta := [][2]string{{"command", command}, {"version", sim.Version}, {"seed", fmt.Sprint(seed)}, {"players", players}, {"games", fmt.Sprint(games)}}
	if partial {
		meta = append(meta, [2]string{"partial", "stopped early: only the games finished are counted"})
	}
	return meta
}

// variantMeta names the rule variants a run was played with (none for the
// standard game), since they change every figure.
func variantMeta(s *sim.Summary) [][2]string {
	if s.Run == nil || (s.Run.Start == "" && !s.Run.Reinforce && !s.Run.Structures) {
		return nil
	}
	var v []string
	if s.Run.Start != "" {
		v = append(v, s.Run.Start+" start")
	}
	if s.Run.Reinforce {
		v = append(v, "Reinforcements")
	}
	if s.Run.Structures {
		v = append(v, "Structures")
	}
	return [][2]string{{"rules", strings.Join(v, ", ")}}
}

// tokenTables adds the per-token figures of both armies, each row led by the
// token's drawing from the help card (or, for a result read from JSON,
// which has no compiled armies, a hexagon in its kind's colour).
func tokenTables(p *htmlreport.Page, s *sim.Summary) {
	for side, name := range [2]string{s.A, s.B} {
		if side == 1 && s.A == s.B {
			name += " (2nd)"
		}
		var rows [][]string
		var kinds, icons []string
		var drawings []htmlreport.Icon
		if a := s.Armies()[side]; a != nil {
			drawings = card.TokenIcons(a)
		}
		for ti, t := range s.Tokens[side] {
			if t.Games == 0 || t.Kind == "hq" { // the HQ starts on the board
				continue
			}
			note := ""
			if t.Rarely() {
				note = "rarely played"
			}
			rows = append(rows, []string{t.Name, fmt.Sprint(t.Copies), pct(float64(t.PlayedIn) / float64(t.Games)), pct(t.WhenPlayed()),
				fmt.Sprintf("%.2f", t.DealtPerGame()), pct(t.SurvivalRate()), note})
			kinds = append(kinds, t.Kind)
			icon := ""
			if a := s.Armies()[side]; a != nil && ti < len(drawings) && a.Tokens[ti].Name == t.Name {
				icon = p.Use(drawings[ti], "token")
			}
			icons = append(icons, icon)
		}
		if len(rows) == 0 {
			continue
		}
		p.Heading("Tokens of " + name)
		p.Raw(htmlreport.TokenTable([]string{"token", "copies", "played in", "win rate when played", "wounds dealt/game", "survived", "note"}, rows, kinds, icons))
	}
	p.Para("\"rarely played\": fewer than 30 games or 10% of games, so the row's figures say little.")
}

// writeRoundRobinHTML writes a round robin as a self-contained HTML page:
// the matchup matrix as a heat map sorted by rating, the ratings as a dot
// plot with their intervals, the ranking and each match's token tables.
func writeRoundRobinHTML(w io.Writer, rr *sim.RoundRobin, command string) error {
	games, partial := 0, false
	var seed uint64
	for _, s := range rr.Matches {
		games += s.Games()
		partial = partial || s.Partial
		seed = s.Seed
	}
	p := &htmlreport.Page{Title: "Round robin: " + strings.Join(rr.Armies, ", ")}
	p.Meta = runMeta(command, seed, rr.Players, games, partial)
	for _, s := range rr.Matches { // every match of a round robin is played with the same rules
		p.Meta = append(p.Meta, variantMeta(s)...)
		break
	}
	ratings, rerr := rr.Ratings()
	// Strongest first, so the map reads as a ladder: by rating when the
	// fit exists, by average score otherwise.
	order := make([]int, len(rr.Armies))
	index := map[string]int{}
	for i, a := range rr.Armies {
		order[i], index[a] = i, i
	}
	if rerr == nil {
		for k, r := range ratings.Armies {
			order[k] = index[r.Army]
		}
	} else {
		for k, r := range rr.Ranking() {
			order[k] = index[r.Army]
		}
	}
	names := make([]string, len(order))
	for k, i := range order {
		names[k] = rr.Armies[i]
	}
	sig := rr.SignificantCells()
	cells := make([][]htmlreport.Cell, len(order))
	for a, i := range order {
		cells[a] = make([]htmlreport.Cell, len(order))
		for b, j := range order {
			t, ok := rr.Rate(i, j)
			if !ok || t.Games() == 0 {
				continue
			}
			iv := t.Interval()
			cells[a][b] = htmlreport.Cell{OK: true, Rate: t.Rate(), Lo: iv.Lo, Hi: iv.Hi, Significant: sig[[2]int{min(i, j), max(i, j)}],
				Tip: fmt.Sprintf("%s vs %s: %s, %d games", rr.Armies[i], rr.Armies[j], rateCell(t), t.Games())}
		}
	}
	p.Heading("Matchups")
	p.Para("Row army's win rate against the column army (draw = 1/2) with its 95% interval over seat-swapped pairs. Strong colours are significantly away from 50% (Holm-corrected p ≤ 0.05 over the matchups, by the test of the interval: a strong cell's interval excludes 50%); pale cells are not, mirrors included.")
	p.Figure(htmlreport.Heatmap(names, names, cells, "matchup matrix"))
	if rerr == nil {
		p.Heading("Ratings")
		p.Para(fmt.Sprintf("Bradley–Terry on the Elo scale (ratings sum to 0) with a first-move term of %s; 95%% intervals from %d bootstrap refits over pairs.", signedRound(ratings.FirstMove), ratings.Samples))
		var dots []htmlreport.Dot
		var rows [][]string
		for _, a := range ratings.Armies {
			txt := ratingText(a)
			dots = append(dots, htmlreport.Dot{Label: a.Army, X: a.Elo, Lo: a.EloCI[0], Hi: a.EloCI[1], Text: txt})
			rank := fmt.Sprint(a.RankCI[0])
			if a.RankCI[1] != a.RankCI[0] {
				rank = fmt.Sprintf("%d-%d", a.RankCI[0], a.RankCI[1])
			}
			rows = append(rows, []string{fmt.Sprint(a.Rank), a.Army, txt, rank})
		}
		p.Figure(htmlreport.DotPlot(dots, 0, "rating (Elo)", "ratings with 95% intervals"))
		p.Table("", []string{"rank", "army", "rating (Elo)", "rank interval"}, rows)
	}
	p.Heading("Ranking by average score")
	var rank [][]string
	for n, r := range rr.Ranking() {
		rank = append(rank, []string{fmt.Sprint(n + 1), r.Army, rateCell(r.Tally), fmt.Sprintf("%d / %d / %d", r.Tally.Wins, r.Tally.Draws, r.Tally.Losses)})
	}
	p.Table("", []string{"rank", "army", "win rate vs the others", "wins / draws / losses"}, rank)
	keys := make([][2]int, 0, len(rr.Matches))
	for k := range rr.Matches {
		keys = append(keys, k)
	}
	// Map order is random: the page must be the same for the same run.
	slices.SortFunc(keys, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	for _, k := range keys {
		s := rr.Matches[k]
		p.Raw(fmt.Sprintf("<details class=\"match\"><summary>%s</summary>\n", html.EscapeString(fmt.Sprintf("%s vs %s: %s", s.A, s.B, rateCell(s.Tally)))))
		tokenTables(p, s)
		p.Raw("</details>\n")
	}
	return p.Write(w)
}
