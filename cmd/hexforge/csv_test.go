package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// tidyCSV parses a CSV report and checks that it is one tidy table: one
// header row (the one given), every record as wide as the header (the
// reader refuses a ragged one), every column named in numeric a plain
// number (no "%", "±", thousands separator or interval in a cell). Cells
// that do not apply may be empty only where blank allows.
func tidyCSV(t *testing.T, name, data string, header, numeric []string, blank bool) [][]string {
	t.Helper()
	r := csv.NewReader(strings.NewReader(data))
	recs, err := r.ReadAll() // FieldsPerRecord 0: every record as wide as the first
	if err != nil {
		t.Fatalf("%s: not one rectangular table: %v\n%s", name, err, data)
	}
	if len(recs) < 2 {
		t.Fatalf("%s: %d records, want a header and rows:\n%s", name, len(recs), data)
	}
	if !slices.Equal(recs[0], header) {
		t.Errorf("%s: header\n%q\nwant\n%q", name, recs[0], header)
	}
	for _, col := range numeric {
		i := slices.Index(recs[0], col)
		if i < 0 {
			t.Errorf("%s: no column %q", name, col)
			continue
		}
		for n, rec := range recs[1:] {
			if rec[i] == "" && blank {
				continue
			}
			if _, err := strconv.ParseFloat(rec[i], 64); err != nil {
				t.Errorf("%s: row %d, %s = %q is not a number", name, n+1, col, rec[i])
			}
		}
	}
	for _, rec := range recs[1:] {
		for _, cell := range rec {
			if strings.ContainsAny(cell, "%±[]") {
				t.Errorf("%s: formatted cell %q", name, cell)
			}
		}
	}
	return recs
}

var (
	matchupCols = []string{"army_a", "army_b", "player_a", "player_b", "seed", "games", "pairs", "wins", "draws", "losses", "capped",
		"win_rate", "lo", "hi", "p_value", "significant", "first_seat_win_rate", "first_seat_lo", "first_seat_hi",
		"avg_hq_margin", "avg_turns", "avg_battles", "partial", "sequential_test", "sequential_lo", "sequential_hi", "sequential_verdict"}
	matchupNums = []string{"seed", "games", "pairs", "wins", "draws", "losses", "capped", "win_rate", "lo", "hi", "p_value",
		"first_seat_win_rate", "first_seat_lo", "first_seat_hi", "avg_hq_margin", "avg_turns", "avg_battles"}
	tokenCols = []string{"army_a", "army_b", "side", "army", "token", "kind", "copies", "games", "played_in", "played_in_rate",
		"win_rate_when_played", "wounds_dealt_per_game", "survival_rate", "step_wounds_per_game", "destroyed_per_game",
		"healed_per_game", "tokens_moved_per_game", "kept_alive_per_game", "units_moved_per_game", "units_turned_per_game",
		"status_turns_per_game", "rarely_played"}
	tokenNums = []string{"copies", "games", "played_in", "played_in_rate", "win_rate_when_played", "wounds_dealt_per_game", "survival_rate", "step_wounds_per_game", "destroyed_per_game", "healed_per_game", "tokens_moved_per_game", "kept_alive_per_game",
		"units_moved_per_game", "units_turned_per_game", "status_turns_per_game"}
	ratingCols  = []string{"rank", "army", "elo", "elo_lo", "elo_hi", "rank_lo", "rank_hi", "first_move_elo", "samples"}
	ratingNums  = []string{"rank", "elo", "elo_lo", "elo_hi", "rank_lo", "rank_hi", "first_move_elo", "samples"}
	studyNums   = []string{"seed", "games", "win_rate", "lo", "hi", "change", "change_lo", "change_hi", "p_value", "p_holm"}
	cardCols    = []string{"token", "polish", "kind", "count", "initiative", "initiatives", "agony", "toughness", "edges", "abilities"}
	cardNumbers = []string{"count", "initiative", "toughness"}
)

// TestCSVMatch: sim A B --format csv is one row of the matchup table on
// standard output; with --out the per-token figures go to a second file
// beside it, each file one tidy table. The greedy player plays: the table's
// shape does not depend on who plays.
func TestCSVMatch(t *testing.T) {
	out, stderr, code := run(t, "sim", "moloch", "borgo", "--games", "4", "--players", "greedy", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	recs := tidyCSV(t, "sim", out, matchupCols, matchupNums, false)
	if len(recs) != 2 || recs[1][0] != "Moloch" || recs[1][1] != "Borgo" || recs[1][5] != "4" {
		t.Errorf("want one row, Moloch vs Borgo over 4 games:\n%s", out)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "match.csv")
	if _, stderr, code := run(t, "sim", "moloch", "borgo", "--games", "4", "--players", "greedy", "--format", "csv", "--out", file); code != 0 {
		t.Fatalf("--out: exit %d: %s", code, stderr)
	}
	b, _ := os.ReadFile(file)
	if string(b) != out {
		t.Errorf("--out wrote\n%s\nstandard output had\n%s", b, out)
	}
	tokens, err := os.ReadFile(filepath.Join(dir, "match-tokens.csv"))
	if err != nil {
		t.Fatal(err)
	}
	recs = tidyCSV(t, "match-tokens.csv", string(tokens), tokenCols, tokenNums, false)
	sides := map[string]bool{}
	for _, r := range recs[1:] {
		sides[r[2]+" "+r[3]] = true
	}
	if !sides["a Moloch"] || !sides["b Borgo"] || len(sides) != 2 {
		t.Errorf("token rows of sides %v, want a Moloch and b Borgo", sides)
	}
	if _, err := os.Stat(filepath.Join(dir, "match-ratings.csv")); err == nil {
		t.Error("a match wrote ratings")
	}
	// A sequential test's verdict is on the row, in words.
	out, stderr, code = run(t, "sim", "moloch", "borgo", "--fair-band", "45-55", "--games", "40", "--players", "greedy", "--format", "csv")
	if code != 0 {
		t.Fatalf("--fair-band: exit %d: %s", code, stderr)
	}
	recs = tidyCSV(t, "sim --fair-band", out, matchupCols, append(matchupNums, "sequential_lo", "sequential_hi"), false)
	if r := recs[1]; r[len(r)-4] != "fair-band" || r[len(r)-3] != "0.45" || r[len(r)-2] != "0.55" || r[len(r)-1] == "" {
		t.Errorf("no test and verdict on the row: %q", r)
	}
}

// TestCSVRoundRobin: the matrix in long form, one row per ordered pair of
// armies (n*n with the mirrors), each pair's two rows the same games from
// both sides; tokens and ratings in files beside it.
func TestCSVRoundRobin(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "rr.csv")
	_, stderr, code := run(t, "sim", "moloch", "borgo", "vegas", "--games", "2", "--format", "csv", "--out", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, _ := os.ReadFile(file)
	recs := tidyCSV(t, "rr.csv", string(b), matchupCols, matchupNums, false)
	if len(recs) != 1+9 {
		t.Fatalf("%d rows, want 9 (3 armies by 3):\n%s", len(recs)-1, b)
	}
	row := map[string][]string{}
	for _, r := range recs[1:] {
		row[r[0]+"/"+r[1]] = r
	}
	ab, ba := row["Moloch/Borgo"], row["Borgo/Moloch"]
	if ab == nil || ba == nil || ab[7] != ba[9] || ab[9] != ba[7] || ab[5] != ba[5] {
		t.Errorf("Moloch/Borgo %q and Borgo/Moloch %q are not the same games from both sides", ab, ba)
	}
	tok, err := os.ReadFile(filepath.Join(dir, "rr-tokens.csv"))
	if err != nil {
		t.Fatal(err)
	}
	tidyCSV(t, "rr-tokens.csv", string(tok), tokenCols, tokenNums, false)
	rat, err := os.ReadFile(filepath.Join(dir, "rr-ratings.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if recs := tidyCSV(t, "rr-ratings.csv", string(rat), ratingCols, ratingNums, false); len(recs) != 4 {
		t.Errorf("%d rating rows, want 3:\n%s", len(recs)-1, rat)
	}
}

// TestCSVMerge: merge writes the same tables as the run it adds up.
func TestCSVMerge(t *testing.T) {
	dir := t.TempDir()
	var shards []string
	for _, s := range []string{"0/2", "1/2"} {
		f := filepath.Join(dir, strings.ReplaceAll(s, "/", "of")+".json")
		if _, stderr, code := run(t, "sim", "moloch", "borgo", "vegas", "--games", "4", "--shard", s, "--format", "json", "--out", f); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", s, code, stderr)
		}
		shards = append(shards, f)
	}
	whole, _, _ := run(t, "sim", "moloch", "borgo", "vegas", "--games", "4", "--format", "csv")
	merged, stderr, code := run(t, append([]string{"merge", "--format", "csv"}, shards...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	tidyCSV(t, "merge", merged, matchupCols, matchupNums, false)
	if merged != whole {
		t.Errorf("merged shards\n%s\ndiffer from the whole run\n%s", merged, whole)
	}
	one, stderr, code := run(t, "merge", "--allow-partial", "--format", "csv", "--out", filepath.Join(dir, "m.csv"), shards[0])
	if code != 0 {
		t.Fatalf("merge of one shard: exit %d: %s %s", code, stderr, one)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "m.csv"))
	recs := tidyCSV(t, "merge of one shard", string(b), matchupCols, matchupNums, false)
	if recs[1][slices.Index(matchupCols, "partial")] != "true" {
		t.Errorf("one shard of two is not marked partial: %q", recs[1])
	}
	tok, _ := os.ReadFile(filepath.Join(dir, "m-tokens.csv"))
	tidyCSV(t, "merge tokens", string(tok), tokenCols, tokenNums, false)
}

// TestCSVImportance: one row per variant, the army as it is in base_*
// columns on each row, rates and changes as fractions.
func TestCSVImportance(t *testing.T) {
	out, stderr, code := run(t, "importance", "moloch", "--vs", "borgo", "--games", "2", "--copy", "--players", "greedy", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	header := []string{"army", "opponents", "player_a", "player_b", "seed", "games", "token", "copies_removed", "copies_left",
		"win_rate", "lo", "hi", "base_win_rate", "base_lo", "base_hi", "change", "change_lo", "change_hi", "p_value", "p_holm", "significant", "partial", "games_played", "verdict"}
	recs := tidyCSV(t, "importance", out, header, append(studyNums, "copies_removed", "copies_left", "base_win_rate", "base_lo", "base_hi", "games_played"), false)
	found := false
	for _, r := range recs[1:] {
		if r[0] != "Moloch" || r[1] != "Borgo" || r[6] == "HQ" {
			t.Errorf("row %q", r)
		}
		if r[6] == "Battle" { // four copies, --copy removes one
			found = r[7] == "1" && r[8] == "3"
		}
	}
	if !found {
		t.Errorf("no row for one Battle of four:\n%s", out)
	}
}

// TestCSVSweep: one row per value and opponent.
func TestCSVSweep(t *testing.T) {
	out, stderr, code := run(t, "sweep", "moloch/Gauss Cannon.count=1..2", "--vs", "borgo", "--vs", "vegas", "--games", "2", "--players", "greedy", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	header := []string{"army", "token", "field", "value", "opponent", "player_a", "player_b", "seed", "games", "win_rate", "lo", "hi",
		"all_win_rate", "all_lo", "all_hi", "change", "change_lo", "change_hi", "p_value", "p_holm", "significant", "partial", "games_played", "verdict"}
	recs := tidyCSV(t, "sweep", out, header, append(studyNums, "value", "all_win_rate", "all_lo", "all_hi", "games_played"), false)
	var got []string
	for _, r := range recs[1:] {
		got = append(got, r[0]+" "+r[3]+" "+r[4])
	}
	if want := []string{"Moloch 1 Borgo", "Moloch 1 Vegas", "Moloch 2 Borgo", "Moloch 2 Vegas"}; !slices.Equal(got, want) {
		t.Errorf("rows %q, want %q", got, want)
	}
}

// TestCSVCard: a card is one table, one row per token type; the
// initiative is a number (the highest), all of them a list, agony apart.
// An instant has no initiative or toughness: those cells are empty.
func TestCSVCard(t *testing.T) {
	for _, army := range []string{"moloch", "beasts", "borgo"} {
		out, stderr, code := run(t, "card", army, "--format", "csv")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", army, code, stderr)
		}
		tidyCSV(t, "card "+army, out, cardCols, cardNumbers, true)
	}
	out, _, _ := run(t, "card", "beasts", "--format", "csv")
	if !strings.Contains(out, "\nBug,Robal,warrior,2,1,1,true,1,") {
		t.Errorf("Bug (initiative 1 + agony) is not 1, 1, true:\n%s", out)
	}
}

// TestCSVLadder: one row per matchup and level, weakest level first.
func TestCSVLadder(t *testing.T) {
	out, stderr, code := run(t, "ladder", "moloch", "borgo", "vegas", "--games", "1", "--levels", "random,greedy", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	header := []string{"army_a", "army_b", "seed", "level", "player", "pairs", "capped_pairs", "win_rate", "lo", "hi",
		"vs_below", "vs_below_pairs", "vs_below_score", "vs_below_lo", "vs_below_hi", "vs_below_elo", "vs_below_elo_lo", "vs_below_elo_hi",
		"stable", "verdict", "top_two_diff", "top_two_diff_lo", "top_two_diff_hi", "partial"}
	recs := tidyCSV(t, "ladder", out, header, []string{"seed", "level", "pairs", "capped_pairs", "win_rate", "lo", "hi", "top_two_diff", "top_two_diff_lo", "top_two_diff_hi"}, false)
	// The head-to-head columns: empty at the weakest level, numbers (an
	// unbounded Elo end as "+Inf" or "-Inf") above it.
	tidyCSV(t, "ladder", out, header, []string{"vs_below_pairs", "vs_below_score", "vs_below_lo", "vs_below_hi", "vs_below_elo", "vs_below_elo_lo", "vs_below_elo_hi"}, true)
	for _, r := range recs[1:] {
		if (r[4] == "random") != (r[10] == "") || r[4] == "greedy" && (r[10] != "random" || r[11] != "1") {
			t.Errorf("row %q: want the head-to-head of greedy over random, 1 pair, and none for random", r)
		}
	}
	if len(recs) != 1+3*2 {
		t.Fatalf("%d rows, want 3 matchups by 2 levels:\n%s", len(recs)-1, out)
	}
	if r := recs[1]; r[0] != "Moloch" || r[1] != "Borgo" || r[3] != "1" || r[4] != "random" || recs[2][4] != "greedy" {
		t.Errorf("first rows %q %q", recs[1], recs[2])
	}
}
