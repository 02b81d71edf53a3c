package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
)

// TestRoundRobinPageSize bounds the page of a round robin of the eight
// armies. Each army's tokens are drawn beside their figures in eight
// matches; carried inline every time the drawings made the page 1.57 MB,
// written once as SVG symbols it is 0.42 MB (docs/reports.md). The page's
// size hardly depends on the games: every token has its row in every match
// (random players and 2 games keep the test fast).
func TestRoundRobinPageSize(t *testing.T) {
	out := filepath.Join(t.TempDir(), "rr.html")
	if _, stderr, code := run(t, "sim", "--all", "--games", "2", "--players", "random", "--format", "html", "--out", out); code != 0 {
		t.Fatalf("sim --all: %s", stderr)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	page := string(raw)
	const limit = 550_000
	if len(page) > limit {
		t.Errorf("the round robin's page is %d bytes, more than %d", len(page), limit)
	}
	// Every token is drawn once, however many matches show it: at most one
	// symbol per token of the eight armies, each shown in the army's eight
	// matches (nine tables: the mirror has two).
	tokens := 0
	for _, name := range armies.Names() {
		l, err := armies.Loader{}.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		tokens += len(l.Army.Tokens)
	}
	symbols, uses := strings.Count(page, "<symbol "), strings.Count(page, "<use href=")
	if symbols == 0 || symbols > tokens || uses < 8*symbols {
		t.Errorf("%d drawings written for %d shown, want each token's drawing once (at most %d) and shown in its eight matches", symbols, uses, tokens)
	}
}
