package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/sim"
)

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func rateCell(t sim.Tally) string {
	iv := t.Interval()
	return fmt.Sprintf("%s [%s, %s]", pct(t.Rate()), pct(iv.Lo), pct(iv.Hi))
}

// SummaryJSON is the JSON form of a match report: the additive sums
// (for merging) and the derived figures.
type SummaryJSON struct {
	*sim.Summary
	Games      int        `json:"games"`
	WinRate    float64    `json:"win_rate"`
	Interval95 [2]float64 `json:"interval95"`
	FirstSeat  float64    `json:"first_seat_win_rate"`
	AvgMargin  float64    `json:"avg_hq_margin"`
	AvgTurns   float64    `json:"avg_turns"`
	AvgBattles float64    `json:"avg_battles"`
}

func jsonView(s *sim.Summary) SummaryJSON {
	iv := s.Tally.Interval()
	return SummaryJSON{Summary: s, Games: s.Games(), WinRate: s.Tally.Rate(), Interval95: [2]float64{iv.Lo, iv.Hi},
		FirstSeat: s.First.Rate(), AvgMargin: s.AvgHQMargin(), AvgTurns: s.AvgTurns(), AvgBattles: s.AvgBattles()}
}

// matchText writes one match's report as a terminal table or Markdown:
// the run, the figures, the tokens.
func matchText(w io.Writer, s *sim.Summary, f Format) error {
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
	fmt.Fprintf(w, "95%% score intervals over the %d seat-swapped pairs (pentanomial model; the first player's: over games)\n", s.Tally.Pairs.Pairs())
	fmt.Fprintln(w)
	if err := WriteTable(w, f, Heads("figure", "value"), figureRows(s)); err != nil {
		return err
	}
	fmt.Fprintln(w)
	return writeTokens(w, s, f)
}

// figureRows are a match report's figures (figure, value), as the table
// formats and the HTML page both print them.
func figureRows(s *sim.Summary) [][]string {
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

// writeTokens writes the per-token figures of both armies.
func writeTokens(w io.Writer, s *sim.Summary, f Format) error {
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
	if err := WriteTable(w, f, []Column{{Head: "army", Key: true}, {Head: "token", Key: true}, {Head: "copies", Short: "count"}, {Head: "played in"},
		{Head: "win rate when played", Short: "won when played"}, {Head: "wounds dealt/game", Short: "wounds per game"}, {Head: "survived", Short: "alive at end"}, {Head: "note"}}, rows); err != nil {
		return err
	}
	if rare > 0 {
		fmt.Fprintf(w, "\n%d token rows are marked \"rarely played\": fewer than 30 games or 10%% of games, so their figures say little.\n", rare)
	}
	return writeDeeds(w, s, f)
}

// writeDeeds writes, for the tokens whose steps did anything (instants,
// abilities, foundations, triggers), what they did per game their army
// played: a second table, so the first one stays narrow enough to read.
func writeDeeds(w io.Writer, s *sim.Summary, f Format) error {
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
			rows = append(rows, []string{name, t.Name, per(t.StepWounds, t.Games), per(t.StepRemoved, t.Games), per(t.Healed, t.Games), per(t.TokensMoved, t.Games), per(t.KeptAlive, t.Games),
				per(t.Moves, t.Games), per(t.Rotations, t.Games), per(t.StatusTurns, t.Games)})
		}
	}
	if len(rows) == 0 {
		return nil
	}
	fmt.Fprintln(w, "\nWhat instants, abilities, foundations, toughness bonuses and statuses did, per game:")
	fmt.Fprintln(w)
	// The short headers drop "/game": the line above the table says it.
	return WriteTable(w, f, []Column{{Head: "army", Key: true}, {Head: "token", Key: true}, {Head: "wounds/game", Short: "wounds"},
		{Head: "destroyed/game", Short: "destroyed"}, {Head: "healed/game", Short: "healed"}, {Head: "tokens moved/game", Short: "tokens moved"},
		{Head: "kept alive/game", Short: "kept alive"}, {Head: "moved/game", Short: "moved"}, {Head: "turned/game", Short: "turned"},
		{Head: "status turns/game", Short: "status turns"}}, rows)
}
