package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/htmlreport/htmltest"
)

var (
	multiCols = []string{"mode", "players", "board", "seed", "games", "seatings", "rotation", "group", "name", "seat",
		"share_games", "share", "lo", "hi", "shared", "capped", "mean_turns", "partial", "leaders"}
	multiNums = []string{"seed", "games", "seatings", "seat", "share_games", "share", "lo", "hi", "shared", "capped", "mean_turns"}
)

// Every mode's CSV is one tidy table whose army shares add up to one (a
// game's win is shared out among its winners), each interval around its
// share, with a row per army by seat and, in the teams mode, per team.
func TestMultiCSV(t *testing.T) {
	for _, c := range []struct {
		args               []string
		rotation           string
		games, seats, rows int
	}{
		{[]string{"--mode", "ffa", "moloch", "borgo", "hegemony"}, "every_seating", 6, 3, 3 + 9 + 3},
		{[]string{"--mode", "one-vs-team", "moloch", "borgo", "hegemony"}, "every_seating", 6, 3, 3 + 9 + 3},
		{[]string{"--mode", "teams", "moloch", "borgo", "hegemony", "outpost", "--teams", "moloch+hegemony,borgo+outpost"}, "teams_alternating", 8, 4, 4 + 16 + 4 + 2},
	} {
		out, stderr, code := run(t, append([]string{"sim", "--games", "5", "--players", "random", "--format", "csv"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		recs := tidyCSV(t, c.args[1], out, multiCols, multiNums, true)
		if len(recs)-1 != c.rows {
			t.Errorf("%v: %d rows, want %d", c.args, len(recs)-1, c.rows)
		}
		col := func(rec []string, name string) string { return rec[slices.Index(multiCols, name)] }
		f := func(rec []string, name string) float64 {
			x, err := strconv.ParseFloat(col(rec, name), 64)
			if err != nil {
				t.Fatalf("%s %q: %v", name, col(rec, name), err)
			}
			return x
		}
		sum, capped := 0.0, 0.0
		for _, rec := range recs[1:] {
			if col(rec, "rotation") != c.rotation || f(rec, "games") != float64(c.games) || f(rec, "seatings") != float64(c.games) {
				t.Errorf("%v: row %q: want rotation %s over %d games, one per seating", c.args, rec, c.rotation, c.games)
			}
			if f(rec, "lo") > f(rec, "share") || f(rec, "share") > f(rec, "hi") {
				t.Errorf("%v: row %q: the interval is not around the share", c.args, rec)
			}
			if col(rec, "group") == "army" {
				sum += f(rec, "share")
			}
			capped = f(rec, "capped")
		}
		if capped == 0 && math.Abs(sum-1) > 1e-5 {
			t.Errorf("%v: army shares add up to %v, want 1", c.args, sum)
		}
		if c.rotation == "teams_alternating" && !strings.Contains(out, ",team,Moloch+Hegemony,,8,") {
			t.Errorf("%v: no row for team moloch+hegemony:\n%s", c.args, out)
		}
	}
}

// The text report names the mode, the armies, the players, the seat
// rotation and the shared wins, and keeps to 100 columns with four seats;
// Markdown has the same tables; the HTML page is self-contained.
func TestMultiTextAndHTML(t *testing.T) {
	args := []string{"sim", "--mode", "teams", "moloch", "borgo", "hegemony", "outpost", "--games", "8", "--players", "random", "--seed", "2"}
	out, stderr, code := run(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"teams, 4 armies (Moloch, Borgo, Hegemony, Outpost), 8 games, players random", "seat rotation: the 8 seatings that alternate",
		"games per seating: 1", "team Moloch+Borgo", "seat 4", "draws between the sides", "95% Wilson intervals"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if len([]rune(l)) > 100 {
			t.Errorf("line of %d columns: %q", len([]rune(l)), l)
		}
	}
	md, _, code := run(t, append(args, "--format", "markdown")...)
	if code != 0 || !strings.Contains(md, "| army | win share % [95%] | games |") || !strings.Contains(md, "- seat rotation: the 8 seatings") ||
		!strings.Contains(md, "| every army |") {
		t.Errorf("markdown: exit %d\n%s", code, md)
	}
	page := filepath.Join(t.TempDir(), "m.html")
	if _, stderr, code := run(t, append(args, "--format", "html", "--out", page)...); code != 0 {
		t.Fatalf("html: exit %d: %s", code, stderr)
	}
	raw, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	p := string(raw)
	if u := htmltest.URLs(p); len(u) > 0 {
		t.Errorf("the page names URLs: %v", u)
	}
	for _, want := range []string{"<!DOCTYPE html>", "hexforge sim moloch borgo hegemony outpost --format html --games 8 --mode teams", `class="dotplot"`,
		"<dt>mode</dt><dd>teams</dd>", "seat rotation: the 8 seatings", "Teams", "draws between the sides"} {
		if !strings.Contains(p, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if n := strings.Count(p, `class="dotplot"`); n != 3 {
		t.Errorf("%d dot plots, want 3 (armies, teams, seats)", n)
	}
}

// The shards of a multiplayer run, each with its own number of workers,
// merge into the report of the run played whole, byte for byte in every
// format; a shard missing leaves it partial, a shard given twice or a
// shard of another run is refused, and more shards than rotations is an
// error before any game.
func TestMultiShardMerge(t *testing.T) {
	dir := t.TempDir()
	base := []string{"sim", "--mode", "teams", "moloch", "borgo", "hegemony", "outpost", "--teams", "moloch+outpost,borgo+hegemony",
		"--players", "random", "--games", "24", "--seed", "5"}
	var shards []string
	for i, s := range []string{"0/3", "1/3", "2/3"} {
		f := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		if _, stderr, code := run(t, append(base, "--shard", s, "--workers", strconv.Itoa(i+1), "--format", "json", "--out", f)...); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", s, code, stderr)
		}
		shards = append(shards, f)
	}
	for _, format := range []string{"json", "csv", "table"} {
		whole, _, code := run(t, append(base, "--format", format)...)
		merged, stderr, mcode := run(t, append([]string{"merge", "--format", format}, shards[2], shards[0], shards[1])...)
		if code != 0 || mcode != 0 || merged != whole || strings.Contains(merged, `"shard"`) {
			t.Errorf("%s: exit %d, %d (%s); merged\n%s\nwhole\n%s", format, code, mcode, stderr, merged, whole)
		}
	}
	part, stderr, code := run(t, "merge", "--allow-partial", "--format", "csv", shards[0], shards[2])
	if code != 0 || !strings.Contains(stderr, "8 of 24 games missing") || !strings.Contains(part, ",16,") || !strings.Contains(part, ",true,\n") {
		t.Errorf("two shards of three: exit %d: %s\n%s", code, stderr, part)
	}
	other := filepath.Join(dir, "other.json")
	if _, stderr, code := run(t, append(slices.Clone(base[:len(base)-1]), "6", "--shard", "1/3", "--format", "json", "--out", other)...); code != 0 {
		t.Fatalf("other run: %s", stderr)
	}
	for _, c := range []struct {
		files []string
		want  string
	}{
		{[]string{shards[0], shards[0]}, "are both shard 0/3"},
		{[]string{shards[0], other}, "shards of different runs"},
	} {
		if _, stderr, code := run(t, append([]string{"merge"}, c.files...)...); code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("merge %v: exit %d, stderr %q, want %q", c.files, code, stderr, c.want)
		}
	}
	if _, stderr, code := run(t, append(base, "--shard", "0/4")...); code == 0 || !strings.Contains(stderr, "at most 3 shards") {
		t.Errorf("4 shards of 3 rotations: exit %d: %s", code, stderr)
	}
}

// --until-ci stops only between whole batches of --games, so its report is
// the report of a run of the games it played, whatever the workers.
func TestMultiUntilCI(t *testing.T) {
	base := []string{"sim", "--mode", "ffa", "moloch", "borgo", "hegemony", "--players", "random", "--seed", "3", "--format", "csv"}
	got, stderr, code := run(t, append(base, "--games", "6", "--until-ci", "0.15", "--workers", "2")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	recs := tidyCSV(t, "until-ci", got, multiCols, multiNums, true)
	games := recs[1][slices.Index(multiCols, "games")]
	n, _ := strconv.Atoi(games)
	if n <= 6 || n%6 != 0 {
		t.Fatalf("--until-ci 0.15 from 6 games played %s, want more, in batches of 6", games)
	}
	for _, rec := range recs[1:] {
		lo, _ := strconv.ParseFloat(rec[slices.Index(multiCols, "lo")], 64)
		hi, _ := strconv.ParseFloat(rec[slices.Index(multiCols, "hi")], 64)
		if rec[slices.Index(multiCols, "group")] == "army" && (hi-lo)/2 >= 0.15 {
			t.Errorf("stopped with %q wider than 0.15", rec)
		}
	}
	plain, _, _ := run(t, append(base, "--games", games, "--workers", "1")...)
	if plain != got {
		t.Errorf("--until-ci's report\n%s\ndiffers from a run of %s games\n%s", got, games, plain)
	}
}

// --mode teams --leaders A,B gives each team its card, shared by the
// allies: the games play through (random players use the cards at random,
// greedy ones as they judge), the report names the cards, and a mode
// without leaders refuses the flag before any game.
func TestMultiTeamLeaders(t *testing.T) {
	for _, players := range []string{"random", "greedy"} {
		out, stderr, code := run(t, "sim", "--mode", "teams", "moloch", "borgo", "hegemony", "outpost", "--leaders", "dywersant,medyk",
			"--players", players, "--games", "8", "--format", "csv")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", players, code, stderr)
		}
		recs := tidyCSV(t, players, out, multiCols, multiNums, true)
		if got := recs[1][slices.Index(multiCols, "leaders")]; got != "Dywersant/Medyk" {
			t.Errorf("%s: leaders %q, want Dywersant/Medyk", players, got)
		}
	}
	out, _, _ := run(t, "sim", "--mode", "teams", "moloch", "borgo", "hegemony", "outpost", "--leaders", "taktyk", "--players", "random", "--games", "8")
	if !strings.Contains(out, "leader Taktyk for Moloch+Borgo, leader Taktyk for Hegemony+Outpost") {
		t.Errorf("the table does not name the teams' leaders:\n%s", out)
	}
	if _, stderr, code := run(t, "sim", "--mode", "points", "moloch", "borgo", "hegemony", "--leaders", "medyk", "--games", "6"); code == 0 ||
		!strings.Contains(stderr, "not in --mode points") {
		t.Errorf("--leaders with --mode points: exit %d: %s", code, stderr)
	}
}

// Bad values of the flags a multiplayer run reads are clear errors before
// any game (exit 2, no report on standard output).
func TestMultiBadFlags(t *testing.T) {
	base := []string{"sim", "--mode", "ffa", "moloch", "borgo", "hegemony", "--games", "12"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--shard", "3/3"}, "--shard \"3/3\""},
		{[]string{"--shard", "x"}, "--shard \"x\""},
		{[]string{"--until-ci", "0.7"}, "--until-ci 0.7"},
		{[]string{"--format", "pdf"}, "unknown format"},
		{[]string{"--leaders", "nobody"}, "--leaders"},
		{[]string{"--record-losses", "20"}, "--record-losses 20: the run plays only 12 games"},
		{[]string{"--record-losses", "2", "--shard", "0/2"}, "--record-losses and --shard do not mix"},
		{[]string{"--record", "20"}, "--record 20"},
	} {
		out, stderr, code := run(t, append(slices.Clone(base), c.args...)...)
		if code != 2 || out != "" || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "panic") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 naming %q", c.args, code, out, stderr, c.want)
		}
	}
}

// sim --mode --record writes the traces of the run's first games, which
// replay checks event for event in every mode (leaders shared in the teams
// mode); a trace changed is a mismatch (exit 1), and the replay page
// draws every seat (its HQ on every board, its tokens, its colour).
func TestMultiRecordReplay(t *testing.T) {
	for _, c := range []struct {
		args []string
		hqs  int
	}{
		{[]string{"--mode", "ffa", "moloch", "borgo", "hegemony"}, 3},
		{[]string{"--mode", "points", "moloch", "borgo", "hegemony", "outpost"}, 4},
		{[]string{"--mode", "one-vs-team", "moloch", "borgo", "hegemony"}, 3},
		{[]string{"--mode", "teams", "moloch", "borgo", "hegemony", "outpost", "--leaders", "dywersant,taktyk"}, 4},
	} {
		dir := t.TempDir()
		args := append([]string{"sim", "--games", "6", "--players", "random", "--record", "2", "--record-dir", dir}, c.args...)
		if _, stderr, code := run(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		for _, f := range []string{"game-0001.jsonl", "game-0002.jsonl"} {
			path := filepath.Join(dir, f)
			out, stderr, code := run(t, "replay", "--quiet", path)
			if code != 0 || !strings.Contains(out, "replay ok") || strings.Count(out[strings.Index(out, "HQ "):], "-") != c.hqs-1 {
				t.Errorf("%v %s: exit %d: %s%s", c.args, f, code, out, stderr)
			}
		}
		path := filepath.Join(dir, "game-0001.jsonl")
		page, stderr, code := run(t, "replay", "--format", "html", path)
		if code != 0 {
			t.Errorf("%v: html page of a multiplayer trace: exit %d: %s", c.args, code, stderr)
		}
		// Every seat's HQ on every board, its tokens drawn, its colour named.
		legend := []string{"Blue: player 1", "red: player 2", "green: player 3", "gold: player 4"}[:c.hqs]
		hqs := regexp.MustCompile(`"hq":\[(\d+(,\d+)*)\]`).FindAllStringSubmatch(page, -1)
		if len(hqs) == 0 || !strings.Contains(page, `"p":3,`) || !strings.Contains(page, strings.Join(legend, ", ")+";") ||
			!strings.Contains(page, "<th>mode</th>") && !strings.Contains(page, ">mode<") {
			t.Errorf("%v: the page lacks player 3's tokens, the legend %q or the mode", c.args, legend)
		}
		for _, m := range hqs {
			if n := strings.Count(m[1], ",") + 1; n != c.hqs {
				t.Fatalf("%v: a board with %d HQs, want %d: %s", c.args, n, c.hqs, m[0])
			}
		}
		if strings.Contains(page, "http://") || strings.Contains(page, "https://") || strings.Contains(page, "<script src") {
			t.Errorf("%v: the page refers to the network", c.args)
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(raw), "\n")
		i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, `"e":"act"`) && strings.Contains(l, `"p":3`) })
		if i < 0 {
			t.Fatalf("%v: no action of player 3 in the trace", c.args)
		}
		lines[i] = strings.Replace(lines[i], `"p":3`, `"p":2`, 1)
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, stderr, code := run(t, "replay", "--quiet", path); code != 1 || !strings.Contains(stderr, "differs") {
			t.Errorf("%v: a changed trace: exit %d: %s", c.args, code, stderr)
		}
	}
}

// TestMultiTokenFigures: the report of sim --mode ffa and --mode teams has
// each army's per-token figures, as the two-player report has them: in
// JSON under "tokens", one list per army with the two-player field names;
// in the table (and Markdown, HTML) a table of its tokens and one of what
// their steps did, no line of them wider than 80 columns.
func TestMultiTokenFigures(t *testing.T) {
	for _, args := range [][]string{
		{"--mode", "ffa", "moloch", "vegas", "hegemony", "--games", "6"},
		{"--mode", "teams", "moloch", "borgo", "hegemony", "outpost", "--games", "8"},
	} {
		base := append([]string{"sim", "--players", "random", "--seed", "4"}, args...)
		js, stderr, code := run(t, append(base, "--format", "json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		var r struct {
			Armies []string           `json:"armies"`
			Games  int                `json:"games"`
			Tokens [][]map[string]any `json:"tokens"`
		}
		dec := json.NewDecoder(strings.NewReader(js))
		dec.UseNumber()
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		if len(r.Tokens) != len(r.Armies) {
			t.Fatalf("%v: %d token lists for %d armies", args, len(r.Tokens), len(r.Armies))
		}
		for a, toks := range r.Tokens {
			moved := 0
			for _, tk := range toks {
				for _, f := range []string{"copies", "games", "played_in", "played", "score_when", "survived", "dealt", "step_wounds",
					"step_removed", "healed", "tokens_moved", "kept_alive", "moves", "rotations", "status_turns"} {
					if _, ok := tk[f]; !ok {
						t.Fatalf("%v: army %s's token lacks %q: %v", args, r.Armies[a], f, tk)
					}
				}
				if g, _ := tk["games"].(json.Number).Int64(); int(g) != r.Games {
					t.Errorf("%v: army %s: a token over %d games, the run played %d", args, r.Armies[a], g, r.Games)
				}
				n, _ := tk["moves"].(json.Number).Int64()
				d, _ := tk["dealt"].(json.Number).Int64()
				moved += int(n + d)
			}
			if moved == 0 {
				t.Errorf("%v: army %s's tokens dealt and moved nothing", args, r.Armies[a])
			}
		}
		table, _, _ := run(t, base...)
		i := strings.Index(table, "\nTokens: played in")
		if i < 0 || !strings.Contains(table, "Moloch's tokens over") || !strings.Contains(table, "what Moloch's tokens' steps did, per game:") {
			t.Fatalf("%v: the table has no token figures:\n%s", args, table)
		}
		for _, l := range strings.Split(table[i:], "\n") {
			if len([]rune(l)) > 80 {
				t.Errorf("%v: a token line of %d columns: %q", args, len([]rune(l)), l)
			}
		}
		md, _, _ := run(t, append(base, "--format", "markdown")...)
		if !strings.Contains(md, "## Tokens") || !strings.Contains(md, "| token | copies | played in | share when played | dealt/game | survived |") {
			t.Errorf("%v: markdown lacks the token tables", args)
		}
	}
}
