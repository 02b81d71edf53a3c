package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/htmlreport"
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
	if u := htmlreport.URLs(page); len(u) > 0 {
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
}

// A command with no page refuses --format html at once (before any game)
// and does not offer it in its help; sim and merge offer it.
func TestHTMLOnlyWhereWritten(t *testing.T) {
	for _, args := range [][]string{
		{"importance", "moloch", "--vs", "borgo", "--format", "html"},
		{"sweep", "moloch", "--vs", "borgo", "--format", "html"},
	} {
		_, stderr, code := run(t, args...)
		if code == 0 || !strings.Contains(stderr, `unknown format "html"`) {
			t.Errorf("%v: exit %d, %s", args, code, stderr)
		}
		help, _, _ := run(t, args[0], "--help")
		if strings.Contains(help, "html") {
			t.Errorf("%s --help offers html", args[0])
		}
	}
	for _, c := range []string{"sim", "merge"} {
		if help, _, _ := run(t, c, "--help"); !strings.Contains(help, "html") {
			t.Errorf("%s --help does not offer html", c)
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
	if u := htmlreport.URLs(string(raw)); len(u) > 0 || !strings.Contains(string(raw), `id="pieces"`) {
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
