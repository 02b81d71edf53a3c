package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/htmlreport/htmltest"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/study"
)

// sim --format html writes one self-contained page naming the command that
// made it; a round robin's page has one heat map cell per pairing.
func TestSimHTML(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "rr.html")
	if _, stderr, code := run(t, "sim", "moloch", "borgo", "hegemony", "--games", "4", "--seed", "3", "--format", "html", "--out", out); code != 0 {
		t.Fatalf("sim: %s", stderr)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	page := string(raw)
	if u := htmltest.URLs(page); len(u) > 0 {
		t.Errorf("the page names URLs: %v", u)
	}
	cells := strings.Count(page, `<g class="cell">`) + strings.Count(page, `<g class="cell muted">`)
	if cells != 9 {
		t.Errorf("%d heat map cells, want 9", cells)
	}
	for _, want := range []string{"hexforge sim moloch borgo hegemony --format html --games 4 --out ", "--seed 3", `class="dotplot"`, "<!DOCTYPE html>"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	match, stderr, code := run(t, "sim", "moloch", "borgo", "--games", "4", "--format", "html")
	if code != 0 || !strings.Contains(match, `class="dotplot"`) || !strings.Contains(match, "<dd>hexforge sim moloch borgo --format html --games 4</dd>") {
		t.Errorf("match page: %d %s\n%s", code, stderr, match)
	}
	// A rule variant changes every figure: the page names it.
	variant, stderr, code := run(t, "sim", "moloch", "borgo", "--games", "2", "--reinforcements", "--format", "html")
	if code != 0 || !strings.Contains(variant, "<dt>rules</dt><dd>Reinforcements</dd>") || strings.Contains(match, "<dt>rules</dt>") {
		t.Errorf("variant page: %d %s", code, stderr)
	}
}

// Every report command offers html in its help, and an unknown format is
// refused at once, before any game.
func TestHTMLOnlyWhereWritten(t *testing.T) {
	for _, c := range []string{"sim", "merge", "importance", "sweep", "ladder", "replay"} {
		if help, _, _ := run(t, c, "--help"); !strings.Contains(help, "html") {
			t.Errorf("%s --help does not offer html", c)
		}
	}
	for _, args := range [][]string{
		{"ladder", "moloch", "borgo", "--format", "pdf"},
		{"sim", "moloch", "borgo", "--format", "pdf"},
		{"importance", "moloch", "--vs", "borgo", "--format", "pdf"},
	} {
		if _, stderr, code := run(t, args...); code == 0 || !strings.Contains(stderr, `unknown format "pdf"`) {
			t.Errorf("%v: exit %d, %s", args, code, stderr)
		}
	}
	// An --out that cannot be written is refused as a flag, before any game
	// (ladder) or before the trace is read (replay).
	for _, args := range [][]string{
		{"ladder", "moloch", "borgo", "--format", "html", "--out", "/no/such/dir/l.html"},
		{"replay", "missing.jsonl", "--format", "html", "--out", "/no/such/dir/g.html"},
	} {
		if _, stderr, code := run(t, args...); code == 0 || !strings.Contains(stderr, "/no/such/dir does not exist") {
			t.Errorf("%v: exit %d, %s", args, code, stderr)
		}
	}
}

// The ladder's page: a line per matchup over the levels, with bands when
// there are few; its structure is pinned.
func TestLadderHTML(t *testing.T) {
	ms := []study.LadderMatch{{A: "Moloch", B: "Borgo", Seed: 1, Verdict: "stable", Reason: "r", Levels: []study.LadderLevel{
		{Player: "random", Pairs: 10, WinRate: 0.5, Interval: [2]float64{0.4, 0.6}},
		{Player: "greedy", Pairs: 10, WinRate: 0.6, Interval: [2]float64{0.5, 0.7}},
	}}}
	var b strings.Builder
	if err := study.WriteLadder(&b, ms, nil, report.HTML, "random,greedy", "hexforge ladder moloch borgo --format html"); err != nil {
		t.Fatal(err)
	}
	goldenSkeleton(t, "ladder.skeleton", b.String())
	if u := htmltest.URLs(b.String()); len(u) > 0 || strings.Count(b.String(), `class="band"`) != 1 {
		t.Errorf("URLs %v, or not one band", u)
	}
}

func goldenSkeleton(t *testing.T, name, page string) {
	t.Helper()
	got := htmltest.Skeleton(page)
	checkGolden(t, filepath.Join("testdata", name), got)
}

// The study pages, from fixed rows (no games): importance as bars sorted
// from the largest drop, sweep as lines with a band; their structure is
// pinned and they name no URL.
func TestStudyHTML(t *testing.T) {
	var b strings.Builder
	rows := []study.ImportanceRow{
		{Without: "Scout", WinRate: 0.5, Interval: [2]float64{0.4, 0.6}, Change: -0.01, ChangeCI: [2]float64{-0.05, 0.03}, PHolm: 0.8},
		{Without: "Gauss Cannon", WinRate: 0.3, Interval: [2]float64{0.25, 0.35}, Change: -0.2, ChangeCI: [2]float64{-0.25, -0.15}, PHolm: 0.001, Significant: true},
	}
	var base sim.Tally
	base.Wins, base.Losses = 6, 4
	g, _ := player.Parse("greedy")
	greedy := [2]player.Spec{g, g}
	imp := &study.Importance{Army: "Moloch", Opponents: []string{"Borgo"}, Players: greedy, Seed: 1, Games: 10, Base: base, Rows: rows}
	if err := imp.Write(&b, report.HTML, "hexforge importance moloch --vs borgo --format html"); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	goldenSkeleton(t, "importance.skeleton", page)
	if i, j := strings.Index(page, ">Gauss Cannon</text>"), strings.Index(page, ">Scout</text>"); i < 0 || j < i {
		t.Error("the largest drop is not first")
	}
	if strings.Count(page, `<g class="bar muted">`) != 1 || strings.Count(page, `<g class="bar">`) != 1 {
		t.Error("want one strong bar and one muted")
	}
	b.Reset()
	sw := []study.SweepRow{
		{Value: "1", Cells: []study.SweepCell{{Opponent: "Borgo", WinRate: 0.4, Interval: [2]float64{0.3, 0.5}}, {Opponent: "Outpost", WinRate: 0.5, Interval: [2]float64{0.4, 0.6}}}, WinRate: 0.45, Interval: [2]float64{0.38, 0.52}},
		{Value: "2", Cells: []study.SweepCell{{Opponent: "Borgo", WinRate: 0.5, Interval: [2]float64{0.4, 0.6}}, {Opponent: "Outpost", WinRate: 0.6, Interval: [2]float64{0.5, 0.7}}}, WinRate: 0.55, Interval: [2]float64{0.48, 0.62}, Change: 0.1, ChangeCI: [2]float64{0.02, 0.18}, Significant: true},
	}
	swp := &study.Sweep{Army: "moloch", Token: "Gauss Cannon", Field: "initiative", Opponents: []string{"Borgo", "Outpost"}, Players: greedy, Seed: 1, Games: 10, Rows: sw}
	if err := swp.Write(&b, report.HTML, ""); err != nil {
		t.Fatal(err)
	}
	goldenSkeleton(t, "sweep.skeleton", b.String())
	if n := strings.Count(b.String(), `class="band"`); n != 1 {
		t.Errorf("%d interval bands, want 1 (all opponents)", n)
	}
	for _, p := range []string{page, b.String()} {
		if u := htmltest.URLs(p); len(u) > 0 {
			t.Errorf("a page names URLs: %v", u)
		}
	}
	// And from the command line, with a few games.
	dir := t.TempDir()
	for _, args := range [][]string{
		{"importance", "moloch", "--vs", "borgo", "--games", "2", "--format", "html", "--out", filepath.Join(dir, "imp.html")},
		{"sweep", "moloch/Gauss Cannon.initiative=1..2", "--vs", "borgo", "--games", "2", "--format", "html", "--out", filepath.Join(dir, "sweep.html")},
	} {
		if _, stderr, code := run(t, args...); code != 0 {
			t.Errorf("%v: %s", args, stderr)
			continue
		}
		raw, err := os.ReadFile(args[len(args)-1])
		if err != nil || !strings.Contains(string(raw), "<dd>hexforge "+args[0]) {
			t.Errorf("%v: page without its command (%v)", args, err)
		}
	}
}

// replay --format html checks the game and writes a page stepping through
// it; a bad format or --out without html is refused before the trace is
// even read.
func TestReplayHTML(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "game.jsonl")
	if _, stderr, code := run(t, "play", "moloch", "borgo", "--seed", "7", "--trace", game); code != 0 {
		t.Fatalf("play: %s", stderr)
	}
	page := filepath.Join(dir, "game.html")
	out, stderr, code := run(t, "replay", game, "--format", "html", "--out", page)
	if code != 0 || !strings.Contains(out, "replay ok") || strings.Contains(out, "-- turn") {
		t.Fatalf("replay: %d %s %s", code, out, stderr)
	}
	raw, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if u := htmltest.URLs(string(raw)); len(u) > 0 || !strings.Contains(string(raw), `id="pieces"`) {
		t.Errorf("page: URLs %v", u)
	}
	for _, args := range [][]string{
		{"replay", "missing.jsonl", "--format", "pdf"},
		{"replay", "missing.jsonl", "--out", page},
	} {
		if _, stderr, code := run(t, args...); code == 0 || strings.Contains(stderr, "missing.jsonl") {
			t.Errorf("%v: exit %d, %s (want the flag refused before the file is read)", args, code, stderr)
		}
	}
}
