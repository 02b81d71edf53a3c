package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/hexforge/hexforge/engine"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
)

// Formats are the output formats of reports.
var Formats = []string{"table", "markdown", "csv", "html", "json"}

// CheckFormat validates a --format value.
func CheckFormat(f string) error {
	for _, x := range Formats {
		if f == x {
			return nil
		}
	}
	return fmt.Errorf("unknown format %q: use %s", f, strings.Join(Formats, ", "))
}

// table writes rows as a terminal table or Markdown.
func table(w io.Writer, format string, header []string, rows [][]string) error {
	if format == "csv" {
		// CSV is one tidy table per file (csv.go), never these tables.
		return fmt.Errorf("internal error: a table written as csv")
	}
	var out []byte
	var err error
	if format == "markdown" {
		// Markdown is for files and pages, which wrap it themselves: never
		// narrowed (a line break in a cell would break the table).
		out, err = renderTable(header, rows, tablewriter.WithRenderer(renderer.NewMarkdown()))
	} else {
		out, err = fitTable(widthOf(w), header, rows)
	}
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func rateCell(t Tally) string {
	iv := t.Interval()
	return fmt.Sprintf("%s [%s, %s]", pct(t.Rate()), pct(iv.Lo), pct(iv.Hi))
}

// SummaryJSON is the JSON form of a match report: the additive sums
// (for merging) and the derived figures.
type SummaryJSON struct {
	*Summary
	Games      int        `json:"games"`
	WinRate    float64    `json:"win_rate"`
	Interval95 [2]float64 `json:"interval95"`
	FirstSeat  float64    `json:"first_seat_win_rate"`
	AvgMargin  float64    `json:"avg_hq_margin"`
	AvgTurns   float64    `json:"avg_turns"`
	AvgBattles float64    `json:"avg_battles"`
}

func (s *Summary) jsonView() SummaryJSON {
	iv := s.Tally.Interval()
	return SummaryJSON{Summary: s, Games: s.Games(), WinRate: s.Tally.Rate(), Interval95: [2]float64{iv.Lo, iv.Hi},
		FirstSeat: s.First.Rate(), AvgMargin: s.AvgHQMargin(), AvgTurns: s.AvgTurns(), AvgBattles: s.AvgBattles()}
}

// WriteMatch writes one match's report.
func WriteMatch(w io.Writer, s *Summary, format string) error {
	if format == "html" {
		return WriteMatchHTML(w, s, "")
	}
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(s.jsonView())
	}
	if format == "csv" {
		return writeMatchCSV(w, s)
	}
	partial := ""
	if s.Partial {
		partial = "  [PARTIAL: stopped early]"
	}
	start := ""
	if s.Run != nil && s.Run.Start != "" {
		start = ", " + s.Run.Start + " start"
	}
	if s.Run != nil && s.Run.Reinforce {
		start += ", Reinforcements"
	}
	if s.Run != nil && s.Run.Structures {
		start += ", Structures"
	}
	if s.Run != nil && len(s.Run.Leaders) == 2 {
		start += fmt.Sprintf(", leaders %s vs %s", s.Run.Leaders[0], s.Run.Leaders[1])
	}
	if s.Run != nil && s.Run.Board != "" && s.Run.Board != "standard" {
		start += ", " + s.Run.Board + " board"
	}
	fmt.Fprintf(w, "%s (%s) vs %s (%s): %d games, seed %d%s, seats swapped in pairs with the same draws%s\n",
		s.A, s.Players[0], s.B, s.Players[1], s.Games(), s.Seed, start, partial)
	fmt.Fprintf(w, "95%% intervals over the %d seat-swapped pairs (pentanomial model; the first player's: Wilson over games)\n", s.Tally.Pairs.Pairs())
	fmt.Fprintln(w)
	if err := table(w, format, []string{"figure", "value"}, figureRows(s)); err != nil {
		return err
	}
	fmt.Fprintln(w)
	return WriteTokens(w, s, format)
}

// figureRows are a match report's figures (figure, value), as the table
// formats and the HTML page both print them.
func figureRows(s *Summary) [][]string {
	t := s.Tally
	rows := [][]string{
		{"win rate of " + s.A + " (draw = 1/2)", rateCell(t)},
		{"wins / draws / losses", fmt.Sprintf("%d / %d / %d", t.Wins, t.Draws, t.Losses)},
		{"games stopped at the length cap", fmt.Sprint(t.Capped)},
		{"first player's win rate", rateCell(s.First)},
		{"average HQ margin (" + s.A + " - " + s.B + ")", fmt.Sprintf("%+.2f", s.AvgHQMargin())},
		{"average turns per game", fmt.Sprintf("%.1f", s.AvgTurns())},
		{"average battles per game", fmt.Sprintf("%.2f", s.AvgBattles())},
	}
	if len(s.LeaderUses) == 2 && s.Run != nil && len(s.Run.Leaders) == 2 && s.Games() > 0 {
		for side, name := range [2]string{s.A, s.B} {
			rows = append(rows, []string{"leader uses per game, " + name + " (" + s.Run.Leaders[side] + ")", fmt.Sprintf("%.2f", float64(s.LeaderUses[side])/float64(s.Games()))})
		}
	}
	if s.Duel != nil && s.Games() > 0 {
		n := float64(s.Games())
		for side, name := range [2]string{s.A, s.B} {
			if side == 1 && s.A == s.B {
				name += " (2nd)"
			}
			var per []string
			total := 0
			for _, c := range s.Duel.Procedures[side] {
				total += c
				per = append(per, fmt.Sprintf("%.2f", float64(c)/n))
			}
			rows = append(rows,
				[]string{"energy bought per game by " + name, fmt.Sprintf("%.2f", float64(s.Duel.Energy[side])/n)},
				[]string{"procedures per game by " + name, fmt.Sprintf("%.2f", float64(total)/n)},
				[]string{"  " + strings.Join(engine.ProcNames[:], "/"), strings.Join(per, " / ")})
		}
	}
	if s.Seq != nil {
		rows = append(rows, s.Seq.Rows(s.Tally.Pairs.Pairs(), s.A)...)
	}
	return rows
}

// WriteTokens writes the per-token figures of both armies.
func WriteTokens(w io.Writer, s *Summary, format string) error {
	var rows [][]string
	rare := 0
	for side, name := range [2]string{s.A, s.B} {
		if side == 1 && s.A == s.B {
			name += " (2nd)"
		}
		for _, t := range s.Tokens[side] {
			if t.Games == 0 || t.Kind == "hq" { // the HQ starts on the board
				continue
			}
			flag := ""
			if t.Rarely() {
				flag = "rarely played"
				rare++
			}
			rows = append(rows, []string{name, t.Name, fmt.Sprint(t.Copies),
				pct(float64(t.PlayedIn) / float64(t.Games)), pct(t.WhenPlayed()), fmt.Sprintf("%.2f", t.DealtPerGame()), pct(t.SurvivalRate()), flag})
		}
	}
	if err := table(w, format, []string{"army", "token", "copies", "played in", "win rate when played", "wounds dealt/game", "survived", "note"}, rows); err != nil {
		return err
	}
	if rare > 0 {
		fmt.Fprintf(w, "\n%d token rows are marked \"rarely played\": fewer than 30 games or 10%% of games, so their figures say little.\n", rare)
	}
	return writeDeeds(w, s, format)
}

// writeDeeds writes, for the tokens whose steps did anything (instants,
// abilities, foundations, triggers), what they did per game their army
// played: a second table, so the first one stays narrow enough to read.
func writeDeeds(w io.Writer, s *Summary, format string) error {
	var rows [][]string
	per := func(n, games int) string { return fmt.Sprintf("%.2f", float64(n)/float64(games)) }
	for side, name := range [2]string{s.A, s.B} {
		if side == 1 && s.A == s.B {
			name += " (2nd)"
		}
		for _, t := range s.Tokens[side] {
			if t.Games == 0 || !t.Deeds() {
				continue
			}
			rows = append(rows, []string{name, t.Name, per(t.StepWounds, t.Games), per(t.StepRemoved, t.Games), per(t.Healed, t.Games), per(t.TokensMoved, t.Games), per(t.KeptAlive, t.Games)})
		}
	}
	if len(rows) == 0 {
		return nil
	}
	fmt.Fprintln(w, "\nWhat instants, abilities, foundations and toughness bonuses did, per game:")
	fmt.Fprintln(w)
	return table(w, format, []string{"army", "token", "wounds/game", "destroyed/game", "healed/game", "tokens moved/game", "kept alive/game"}, rows)
}

// RoundRobin is every pairing of a list of armies.
type RoundRobin struct {
	Armies  []string
	Players string
	Matches map[[2]int]*Summary // i <= j
}

// Rate is army i's win rate against army j.
func (rr *RoundRobin) Rate(i, j int) (Tally, bool) {
	if i <= j {
		s, ok := rr.Matches[[2]int{i, j}]
		if !ok {
			return Tally{}, false
		}
		return s.Tally, true
	}
	s, ok := rr.Matches[[2]int{j, i}]
	if !ok {
		return Tally{}, false
	}
	return s.Tally.Swap(), true
}

// Ranking orders armies by their average score against the others (mirror
// matches left out).
func (rr *RoundRobin) Ranking() []RankRow {
	var out []RankRow
	for i, a := range rr.Armies {
		var total Tally
		for j := range rr.Armies {
			if i == j {
				continue
			}
			if t, ok := rr.Rate(i, j); ok {
				total.Merge(t)
			}
		}
		out = append(out, RankRow{Army: a, Tally: total})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Tally.Rate() > out[j].Tally.Rate() })
	return out
}

// RankRow is one line of the ranking.
type RankRow struct {
	Army  string `json:"army"`
	Tally Tally  `json:"tally"`
}

// WriteRoundRobin writes the matchup matrix and the ranking.
func WriteRoundRobin(w io.Writer, rr *RoundRobin, format string) error {
	if format == "html" {
		return WriteRoundRobinHTML(w, rr, "")
	}
	if format == "json" {
		type cell struct {
			A        string     `json:"a"`
			B        string     `json:"b"`
			Rate     float64    `json:"rate"`
			Interval [2]float64 `json:"interval"`
			Tally    Tally      `json:"tally"`
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
					matches = append(matches, s.jsonView())
				}
			}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		out := map[string]any{"players": rr.Players, "armies": rr.Armies, "matrix": cells, "ranking": rr.Ranking(), "matches": matches}
		if r, err := rr.Ratings(); err == nil {
			out["ratings"] = r
		}
		return enc.Encode(out)
	}
	if format == "csv" {
		return writeRoundRobinCSV(w, rr)
	}
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
	sig := rr.significantCells()
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
			row = append(row, fmt.Sprintf("%s ±%.1f%s", pct(t.Rate()), 100*iv.HalfWidth(), mark))
		}
		rows = append(rows, row)
	}
	if err := table(w, format, header, rows); err != nil {
		return err
	}
	fmt.Fprintln(w, "* significantly away from 50% (Holm-corrected p <= 0.05 over the matchups)")
	fmt.Fprintln(w)
	if r, err := rr.Ratings(); err == nil {
		if err := writeRatings(w, format, r); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	var rank [][]string
	for n, r := range rr.Ranking() {
		rank = append(rank, []string{fmt.Sprint(n + 1), r.Army, rateCell(r.Tally), fmt.Sprintf("%d / %d / %d", r.Tally.Wins, r.Tally.Draws, r.Tally.Losses)})
	}
	return table(w, format, []string{"rank", "army", "win rate vs the others", "wins / draws / losses"}, rank)
}

// Table writes rows as a table or markdown (for the CLI's studies).
func Table(w io.Writer, format string, header []string, rows [][]string) error {
	return table(w, format, header, rows)
}
