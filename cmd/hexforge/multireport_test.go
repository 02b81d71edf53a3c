package main

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/htmlreport"
)

var (
	multiCols = []string{"mode", "players", "board", "seed", "games", "seatings", "rotation", "group", "name", "seat",
		"share_games", "share", "lo", "hi", "shared", "capped", "mean_turns", "partial"}
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
		"games per seating: 1", "team Moloch+Borgo", "seat 4", "draws between the sides", "95% normal intervals"} {
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
	if u := htmlreport.URLs(p); len(u) > 0 {
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
