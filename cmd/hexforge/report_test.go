package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/htmlreport/htmltest"
)

// report refuses bad flags before any game, each with a message naming
// the flag, and never panics.
func TestReportBadFlags(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "moloch", "--budget", "0"}, "--budget 0: want games from"},
		{[]string{"report", "moloch", "--budget", "1000000000"}, "--budget 1000000000"},
		{[]string{"report", "moloch", "--vs", "borgo", "--budget", "50"}, "the report needs at least"},
		{[]string{"report", "moloch", "--games", "100"}, "--games: report spends --budget"},
		{[]string{"report", "moloch", "--until-ci", "0.02"}, "--until-ci: report spends --budget"},
		{[]string{"report", "moloch", "--shard", "1/2"}, "--shard: report spends --budget"},
		{[]string{"report", "moloch", "--fair-band", "55-45"}, "--fair-band \"55-45\""},
		{[]string{"report", "moloch", "--fair-band", ""}, "--fair-band: want LO-HI"},
		{[]string{"report", "moloch", "--alpha", "0.7"}, "--alpha 0.7"},
		{[]string{"report", "moloch", "--knobs", "Nope"}, "Nope"},
		{[]string{"report", "moloch", "--knobs", "Juggernaut", "--balance=false"}, "--knobs: balance does not run in this report"},
		{[]string{"report", "moloch", "--vs", "all", "--vs", "borgo"}, "--vs all plays every embedded army"},
		{[]string{"report", "moloch", "--vs", "molloch"}, "molloch"},
		{[]string{"report", "moloch", "--format", "csv"}, "csv"},
		{[]string{"report", "moloch", "--players", "nobody"}, "nobody"},
		{[]string{"report", "moloch", "--workers", "-1"}, "--workers -1"},
		{[]string{"report", "moloch", "--out", filepath.Join(dir, "no", "such", "r.html")}, "--out"},
		{[]string{"report"}, "accepts 1 arg"},
	} {
		_, stderr, code := run(t, c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "panic") {
			t.Errorf("%v: exit %d, stderr %q; want an error with %q", c.args, code, stderr, c.want)
		}
	}
}

// A small report written as a page: every section with its figures, the
// print-and-play sheets beside it and linked, the plan stated before the
// first game; the JSON of the same run holds the same figures.
func TestReportPage(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "moloch report.html")
	args := []string{"report", "moloch", "--vs", "borgo", "--vs", "outpost", "--players", "greedy", "--budget", "300", "--seed", "5"}
	_, stderr, code := run(t, append(args, "--format", "html", "--out", out)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(stderr, "plays at most 300 games") && !strings.Contains(stderr, "plays at most") {
		t.Errorf("no plan before the first game: %q", stderr)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := os.ReadFile(filepath.Join(dir, "moloch report-sheets.pdf"))
	if err != nil || !strings.HasPrefix(string(pdf), "%PDF-") {
		t.Fatalf("no print sheets beside the page: %v", err)
	}
	stdout, stderr, code := run(t, append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("json: exit %d: %s", code, stderr)
	}
	var rep struct {
		Seed     uint64 `json:"seed"`
		Played   int    `json:"games_played"`
		FairBand struct {
			Opponents []struct {
				Opponent string  `json:"opponent"`
				Games    int     `json:"games"`
				WinRate  float64 `json:"win_rate"`
				Verdict  string  `json:"verdict"`
			} `json:"opponents"`
		} `json:"fair_band"`
		Field struct {
			Rank    int `json:"rank"`
			Ratings struct {
				Armies []struct{ Army string } `json:"armies"`
			} `json:"ratings"`
		} `json:"field"`
		Importance struct {
			Variants []struct{ Without string } `json:"variants"`
		} `json:"importance"`
		Commands struct {
			FairBand []string `json:"fair_band"`
		} `json:"commands"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Seed != 5 || rep.Played == 0 || len(rep.FairBand.Opponents) != 2 || rep.FairBand.Opponents[0].Games == 0 || len(rep.Field.Ratings.Armies) != 3 ||
		rep.Field.Rank == 0 || len(rep.Importance.Variants) == 0 || len(rep.Commands.FairBand) != 2 {
		t.Fatalf("json: %s", stdout)
	}
	html := string(page)
	// The page's structure from a fixed seed: every section, plot and table.
	goldenSkeleton(t, "report.skeleton", html)
	if u := htmltest.URLs(html); len(u) > 0 {
		t.Errorf("the page names URLs: %v", u)
	}
	if !strings.Contains(html, `<span class="w">--fair-band</span>`) {
		t.Error("the page lets a browser break --fair-band at its hyphen")
	}
	html = strings.NewReplacer(`<span class="w">`, "", "</span>", "").Replace(html) // the commands as text
	for _, want := range []string{
		`id="fair-band"`, `id="field"`, `id="importance"`, `id="balance"`, `id="card"`, `href="moloch%20report-sheets.pdf"`,
		"players greedy vs greedy", "seed 5",
		"hexforge sim moloch borgo --fair-band 45-55 --games ",
		rep.FairBand.Opponents[0].Verdict, rep.Importance.Variants[0].Without,
		"hexforge report moloch --budget 300",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// The section's command plays exactly the section's figures.
	c := strings.Fields(rep.Commands.FairBand[0])[1:]
	simOut, stderr, code := run(t, append(c, "--format", "json")...)
	if code != 0 {
		t.Fatalf("%v: %s", c, stderr)
	}
	var s struct {
		Tally struct{ Wins, Draws, Losses, Capped int } `json:"tally"`
	}
	if err := json.Unmarshal([]byte(simOut), &s); err != nil {
		t.Fatalf("%v: %v\n%.300s", c, err, simOut)
	}
	n := s.Tally.Wins + s.Tally.Draws + s.Tally.Losses
	rate := (float64(s.Tally.Wins) + float64(s.Tally.Draws)/2) / float64(max(1, n))
	if v := rep.FairBand.Opponents[0]; rate != v.WinRate || n+s.Tally.Capped != v.Games {
		t.Errorf("%v: %.4f in %d games; the report says %.4f in %d", c, rate, n+s.Tally.Capped, v.WinRate, v.Games)
	}
}

// report --goal field runs balance for the field: its section's goal, its
// reproducing command and each verification are the mean's.
func TestReportGoalField(t *testing.T) {
	args := []string{"report", "moloch", "--vs", "borgo", "--vs", "outpost", "--players", "random", "--budget", "3000", "--knobs", "Juggernaut", "--format", "json"}
	stdout, stderr, code := run(t, append(args, "--goal", "field")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Balance struct {
			Goal        string `json:"goal"`
			Suggestions []struct {
				Verification *struct {
					Field *struct{ Verdict string } `json:"field"`
				} `json:"verification"`
			} `json:"suggestions"`
		} `json:"balance"`
		Commands struct{ Balance string } `json:"commands"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	verified := 0
	for _, s := range rep.Balance.Suggestions {
		if v := s.Verification; v != nil {
			verified++
			if v.Field == nil || v.Field.Verdict == "" {
				t.Errorf("a verification without the field's test: %+v", v)
			}
		}
	}
	if rep.Balance.Goal != "the field" || !strings.HasSuffix(rep.Commands.Balance, " --goal field") || verified == 0 {
		t.Errorf("goal %q, command %q, %d verified", rep.Balance.Goal, rep.Commands.Balance, verified)
	}
	if _, stderr, code := run(t, append(args, "--goal", "fair")...); code == 0 || !strings.Contains(stderr, "--goal") {
		t.Errorf("--goal fair: exit %d: %s", code, stderr)
	}
}
