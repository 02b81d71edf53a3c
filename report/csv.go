package report

import (
	"encoding/csv"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/sim"
)

// CSV is for programs (a spreadsheet, pandas, R): each file is one tidy
// table, one header row and one row per observation, every number a plain
// number (rates as fractions from 0 to 1, never "52.3%" or "±"), every
// interval as two columns. A report of several tables writes one table per
// file: the matchups go where the report goes, the per-token figures and
// the ratings to files beside it (see CSVTables).

// matchupHeader is the matchup table's header: one row per matchup, A's
// figures against B; a round robin has one row per ordered pair of armies
// (both A against B and B against A, and the mirrors), a match one row.
var matchupHeader = []string{"army_a", "army_b", "player_a", "player_b", "seed", "games", "pairs", "wins", "draws", "losses", "capped",
	"win_rate", "lo", "hi", "p_value", "significant", "first_seat_win_rate", "first_seat_lo", "first_seat_hi",
	"avg_hq_margin", "avg_turns", "avg_battles", "partial", "sequential_test", "sequential_lo", "sequential_hi", "sequential_verdict"}

// tokenHeader is the token table's header: one row per token type of each
// army in each match (the match named by army_a and army_b, the token's
// army by side and army).
var tokenHeader = []string{"army_a", "army_b", "side", "army", "token", "kind", "copies", "games", "played_in", "played_in_rate",
	"win_rate_when_played", "wounds_dealt_per_game", "survival_rate", "step_wounds_per_game", "destroyed_per_game",
	"healed_per_game", "tokens_moved_per_game", "kept_alive_per_game", "units_moved_per_game", "units_turned_per_game",
	"status_turns_per_game", "rarely_played"}

// ratingHeader is the ratings table's header: one row per army.
var ratingHeader = []string{"rank", "army", "elo", "elo_lo", "elo_hi", "rank_lo", "rank_hi", "first_move_elo", "samples"}

// num writes a number as plain decimals, rounded to six places: more than
// any figure here means (a rate from a million games), and a fit's 3e-14
// for zero does not show as 0.0000000000000302.
func num(x float64) string {
	r := math.Round(x*1e6) / 1e6
	if r == 0 {
		r = 0 // not "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

func boolCell(b bool) string { return strconv.FormatBool(b) }

// matchupRow is A's row against B in s; swapped gives B's row against A
// (the same games seen from the other side). sig is whether the matchup is
// significantly away from 50% (Holm-corrected over a round robin's
// matchups; a single match is its own correction).
func matchupRow(s *sim.Summary, swapped, sig bool) []string {
	a, b, pa, pb, t, margin := s.A, s.B, s.Players[0], s.Players[1], s.Tally, s.AvgHQMargin()
	if swapped {
		a, b, pa, pb, t, margin = s.B, s.A, s.Players[1], s.Players[0], s.Tally.Swap(), -margin
	}
	iv, fv := t.Interval(), s.First.Interval()
	// A match's --sprt or --fair-band: the test (sprt or fair-band), its
	// two rates (H0 and H1, or the band's edges) and the verdict, on
	// army_a's row only (the test is of its rate); empty without one.
	seq := []string{"", "", "", ""}
	if q := s.Seq; q != nil && !swapped {
		lo, hi := q.P0, q.P1
		if q.Kind == "fair-band" {
			lo, hi = q.Lo, q.Hi
		}
		seq = []string{q.Kind, num(lo), num(hi), strings.Replace(q.Verdict, "A ", s.A+" ", 1)}
	}
	return []string{a, b, pa, pb, strconv.FormatUint(s.Seed, 10), strconv.Itoa(t.Games()), strconv.Itoa(t.Pairs.Pairs()),
		strconv.Itoa(t.Wins), strconv.Itoa(t.Draws), strconv.Itoa(t.Losses), strconv.Itoa(t.Capped),
		num(t.Rate()), num(iv.Lo), num(iv.Hi), num(t.Pairs.PValue()), boolCell(sig),
		num(s.First.Rate()), num(fv.Lo), num(fv.Hi), num(margin), num(s.AvgTurns()), num(s.AvgBattles()), boolCell(s.Partial), seq[0], seq[1], seq[2], seq[3]}
}

func writeCSV(w io.Writer, header []string, rows [][]string) error {
	cw := csv.NewWriter(w)
	cw.Write(header)
	cw.WriteAll(rows) // flushes
	return cw.Error()
}

// writeMatchCSV writes a match's matchup table: one row.
func writeMatchCSV(w io.Writer, s *sim.Summary) error {
	return writeCSV(w, matchupHeader, [][]string{matchupRow(s, false, s.Tally.Pairs.PValue() <= 0.05)})
}

// writeRoundRobinCSV writes the matchup table of a round robin: the matrix
// in long form, one row per cell, row army first.
func writeRoundRobinCSV(w io.Writer, rr *sim.RoundRobin) error {
	sig := rr.SignificantCells()
	var rows [][]string
	for i := range rr.Armies {
		for j := range rr.Armies {
			s, ok := rr.Matches[[2]int{min(i, j), max(i, j)}]
			if !ok {
				continue
			}
			rows = append(rows, matchupRow(s, i > j, sig[[2]int{min(i, j), max(i, j)}]))
		}
	}
	return writeCSV(w, matchupHeader, rows)
}

// WriteTokensCSV writes the token table of the given matches.
func WriteTokensCSV(w io.Writer, sums []*sim.Summary) error {
	var rows [][]string
	for _, s := range sums {
		for side, name := range [2]string{s.A, s.B} {
			for _, t := range s.Tokens[side] {
				if t.Games == 0 {
					continue
				}
				per := func(n int) string { return num(float64(n) / float64(t.Games)) }
				rows = append(rows, []string{s.A, s.B, [2]string{"a", "b"}[side], name, t.Name, t.Kind, strconv.Itoa(t.Copies),
					strconv.Itoa(t.Games), strconv.Itoa(t.PlayedIn), per(t.PlayedIn), num(t.WhenPlayed()), num(t.DealtPerGame()),
					num(t.SurvivalRate()), per(t.StepWounds), per(t.StepRemoved), per(t.Healed), per(t.TokensMoved), per(t.KeptAlive),
					per(t.Moves), per(t.Rotations), per(t.StatusTurns), boolCell(t.Rarely())})
			}
		}
	}
	return writeCSV(w, tokenHeader, rows)
}

// WriteRatingsCSV writes a round robin's ratings table (an error when the
// ratings cannot be fitted, as with no decided pairs).
func WriteRatingsCSV(w io.Writer, rr *sim.RoundRobin) error {
	r, err := rr.Ratings()
	if err != nil {
		return err
	}
	var rows [][]string
	for _, a := range r.Armies {
		rows = append(rows, []string{strconv.Itoa(a.Rank), a.Army, num(a.Elo), num(a.EloCI[0]), num(a.EloCI[1]),
			strconv.Itoa(a.RankCI[0]), strconv.Itoa(a.RankCI[1]), num(r.FirstMove), strconv.Itoa(r.Samples)})
	}
	return writeCSV(w, ratingHeader, rows)
}
