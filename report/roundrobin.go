package report

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/hexforge/hexforge/sim"
)

// roundRobinJSON is a round robin's JSON: the matrix as cells, the
// ranking, the ratings when they fit, and every match (for merge).
func roundRobinJSON(rr *sim.RoundRobin) map[string]any {
	type cell struct {
		A        string     `json:"a"`
		B        string     `json:"b"`
		Rate     float64    `json:"rate"`
		Interval [2]float64 `json:"interval"`
		Tally    sim.Tally  `json:"tally"`
	}
	var cells []cell
	for i := range rr.Armies {
		for j := range rr.Armies {
			if t, ok := rr.Rate(i, j); ok {
				iv := t.Interval()
				cells = append(cells, cell{rr.Armies[i], rr.Armies[j], t.Rate(), [2]float64{iv.Lo, iv.Hi}, t})
			}
		}
	}
	var matches []SummaryJSON
	for i := range rr.Armies {
		for j := i; j < len(rr.Armies); j++ {
			if s, ok := rr.Matches[[2]int{i, j}]; ok {
				matches = append(matches, jsonView(s))
			}
		}
	}
	out := map[string]any{"players": rr.Players, "armies": rr.Armies, "matrix": cells, "ranking": rr.Ranking(), "matches": matches}
	if r, err := rr.Ratings(); err == nil {
		out["ratings"] = r
	}
	return out
}

// roundRobinText writes the matchup matrix, the ratings and the ranking as
// terminal tables or Markdown.
func roundRobinText(w io.Writer, rr *sim.RoundRobin, f Format) error {
	games, partial, board, lead := 0, false, "", ""
	for _, s := range rr.Matches {
		games += s.Games()
		partial = partial || s.Partial
		if s.Run != nil && s.Run.Board != "" && s.Run.Board != "standard" {
			board = ", " + s.Run.Board + " board"
		}
		if s.Run != nil && len(s.Run.Leaders) == 2 {
			lead = ", every army with the leader " + s.Run.Leaders[0]
		}
	}
	board += lead
	note := ""
	if partial {
		note = "  [PARTIAL: stopped early]"
	}
	players := rr.Players
	if !strings.Contains(players, "(row)") {
		players += " on both sides"
	}
	fmt.Fprintf(w, "Round robin, players: %s; %d games%s; row army's win rate vs column army (draw = 1/2), 95%% interval over seat-swapped pairs%s\n\n", players, games, board, note)
	header := append([]string{"army"}, rr.Armies...)
	cols := Heads(header...)
	sig := rr.SignificantCells()
	var rows [][]string
	for i, a := range rr.Armies {
		row := []string{a}
		for j := range rr.Armies {
			t, ok := rr.Rate(i, j)
			if !ok {
				row = append(row, "")
				continue
			}
			iv := t.Interval()
			mark := ""
			if sig[[2]int{min(i, j), max(i, j)}] {
				mark = " *"
			}
			// The interval itself, not a ± half-width: at few or lopsided
			// pairs it is far from symmetric (100% [43.9, 100.0]).
			row = append(row, fmt.Sprintf("%s [%.1f, %.1f]%s", pct(t.Rate()), 100*iv.Lo, 100*iv.Hi, mark))
		}
		rows = append(rows, row)
	}
	if err := WriteTable(w, f, cols, rows); err != nil {
		return err
	}
	fmt.Fprintln(w, "* significantly away from 50% (Holm-corrected p <= 0.05 over the matchups, by the test of the interval: a starred interval excludes 50%)")
	fmt.Fprintln(w)
	if r, err := rr.Ratings(); err == nil {
		if err := writeRatings(w, f, r); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	var rank [][]string
	for n, r := range rr.Ranking() {
		rank = append(rank, []string{fmt.Sprint(n + 1), r.Army, rateCell(r.Tally), fmt.Sprintf("%d / %d / %d", r.Tally.Wins, r.Tally.Draws, r.Tally.Losses)})
	}
	return WriteTable(w, f, []Column{{Head: "rank"}, {Head: "army", Key: true}, {Head: "win rate vs the others"}, {Head: "wins / draws / losses"}}, rank)
}

// writeRatings writes the ratings table.
func writeRatings(w io.Writer, f Format, r *sim.Ratings) error {
	fmt.Fprintf(w, "Ratings (Bradley-Terry on the Elo scale with a first-move term of %s; 95%% intervals from %d bootstrap refits over pairs):\n\n", signedRound(r.FirstMove), r.Samples)
	var rows [][]string
	for _, a := range r.Armies {
		rank := fmt.Sprint(a.RankCI[0])
		if a.RankCI[1] != a.RankCI[0] {
			rank = fmt.Sprintf("%d-%d", a.RankCI[0], a.RankCI[1])
		}
		rows = append(rows, []string{fmt.Sprint(a.Rank), a.Army, ratingText(a), rank})
	}
	return WriteTable(w, f, []Column{{Head: "rank"}, {Head: "army", Key: true}, {Head: "rating (Elo)"}, {Head: "rank interval"}}, rows)
}

// ratingText is a rating with its interval in whole Elo points:
// "+12 [+3, +20]".
func ratingText(a sim.Rating) string {
	return fmt.Sprintf("%s [%s, %s]", signedRound(a.Elo), signedRound(a.EloCI[0]), signedRound(a.EloCI[1]))
}

// signedRound is x rounded to a whole number with its sign, "+0" for
// anything that rounds to zero: never "-0".
func signedRound(x float64) string {
	r := math.Round(x)
	if r == 0 {
		r = 0 // not a negative zero
	}
	return fmt.Sprintf("%+.0f", r)
}
