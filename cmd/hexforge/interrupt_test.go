package main

import (
	"context"
	"encoding/csv"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestEveryRunInterrupted: every command that plays games, stopped by
// Ctrl-C (here before its first game), writes its report marked partial in
// every format it has, says "interrupted" and exits 130. ladder exited 0,
// and sweep's table and diff's lines were not marked.
func TestEveryRunInterrupted(t *testing.T) {
	all := []string{"table", "markdown", "csv", "json", "html"}
	for _, c := range []struct {
		name    string
		args    []string
		formats []string
	}{
		{"sim", []string{"sim", "moloch", "borgo", "--games", "20"}, all},
		{"sim --all", []string{"sim", "moloch", "borgo", "hegemony", "--games", "20"}, all},
		{"sim --mode", []string{"sim", "--mode", "ffa", "moloch", "borgo", "hegemony", "--games", "12"}, all},
		{"importance", []string{"importance", "moloch", "--vs", "borgo", "--games", "20"}, all},
		{"sweep", []string{"sweep", "moloch/Hybrid.count=0..2", "--vs", "borgo", "--games", "20"}, all},
		{"ladder", []string{"ladder", "moloch", "borgo", "--games", "10", "--levels", "random,greedy"}, []string{"table", "csv", "json", "html"}},
		{"ladder --vs", []string{"ladder", "moloch", "--vs", "borgo", "--vs", "vegas", "--games", "10", "--levels", "random,greedy"}, []string{"table", "csv", "json", "html"}},
		{"choices", []string{"choices", "moloch", "--vs", "borgo", "--games", "20", "--players", "greedy"}, []string{"table", "markdown", "json"}},
		{"diff", []string{"diff", "moloch", "borgo", "--sim", "--vs", "hegemony", "--games", "20"}, []string{""}},
	} {
		for _, format := range c.formats {
			t.Run(c.name+" "+format, func(t *testing.T) {
				ctx, cancel := context.WithCancel(context.Background())
				cancel() // Ctrl-C before the first game
				args := c.args
				if format != "" {
					args = append(slices.Clone(args), "--format", format)
				}
				stdout, stderr, code := runCtx(t, ctx, args...)
				if code != 130 || !strings.Contains(stderr, "interrupted") {
					t.Fatalf("exit %d, want 130 and 'interrupted':\n%s", code, stderr)
				}
				if !markedPartial(t, format, stdout) {
					t.Errorf("the report is not marked partial:\n%s", stdout)
				}
				// A multiplayer run says how much of it finished, not
				// shares of zero games.
				if c.name == "sim --mode" && (format == "table" || format == "markdown") &&
					(!strings.Contains(strings.Join(strings.Fields(stdout), " "), "0 of 12 games finished, 0 of 6 seatings played in full") || strings.Contains(stdout, "0.0 [")) {
					t.Errorf("the partial multiplayer report does not say what finished:\n%s", stdout)
				}
			})
		}
	}
}

// markedPartial reads a report's mark: a "partial" column true on every
// row of a CSV table, "partial": true in JSON, the page's "partial" line
// in HTML, and "PARTIAL" or "partial:" in the text formats.
func markedPartial(t *testing.T, format, out string) bool {
	t.Helper()
	switch format {
	case "csv":
		rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil || len(rows) < 2 {
			t.Logf("csv: %v, %d rows", err, len(rows))
			return false
		}
		col := slices.Index(rows[0], "partial")
		for _, r := range rows[1:] {
			if col < 0 || r[col] != "true" {
				return false
			}
		}
		return true
	case "json":
		return strings.Contains(out, `"partial": true`)
	case "html":
		return strings.Contains(out, "<dt>partial</dt>")
	}
	return strings.Contains(out, "PARTIAL") || strings.Contains(out, "(partial:")
}

// TestMergeIncomplete: a merge missing a shard writes its report marked
// partial and exits 1, unless --allow-partial accepts it; all the shards
// exit 0.
func TestMergeIncomplete(t *testing.T) {
	dir := t.TempDir()
	var shards []string
	for _, i := range []string{"0", "1"} {
		f := filepath.Join(dir, "shard"+i+".json")
		if _, stderr, code := run(t, "sim", "moloch", "borgo", "--games", "4", "--players", "greedy", "--shard", i+"/2", "--format", "json", "--out", f); code != 0 {
			t.Fatalf("shard %s: exit %d\n%s", i, code, stderr)
		}
		shards = append(shards, f)
	}
	stdout, stderr, code := run(t, "merge", shards[0], "--format", "json")
	if code != 1 || !strings.Contains(stderr, "incomplete") || !strings.Contains(stdout, `"partial": true`) {
		t.Errorf("one shard of two: exit %d, want 1, 'incomplete' and a report marked partial:\n%s\n%s", code, stderr, stdout)
	}
	if _, stderr, code := run(t, "merge", shards[0], "--allow-partial"); code != 0 {
		t.Errorf("one shard of two with --allow-partial: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := run(t, "merge", shards[0], shards[1]); code != 0 || strings.Contains(stderr, "incomplete") {
		t.Errorf("both shards: exit %d\n%s", code, stderr)
	}
}
