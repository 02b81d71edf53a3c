package study

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
)

// shardFiles plays the two shards of a short match of two official armies
// and writes their JSON results (as sim --shard i/2 --format json does).
func shardFiles(t *testing.T) [2]string {
	t.Helper()
	var a [2]*armies.Loaded
	for i, name := range []string{"moloch", "borgo"} {
		l, err := armies.Loader{}.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		a[i] = l
	}
	greedy := player.Spec{Kind: player.Greedy}
	var files [2]string
	for i := range 2 {
		m := &sim.Match{A: a[0].Army, B: a[1].Army, Players: [2]player.Spec{greedy, greedy}, Seed: 1, Pairs: 4, Shard: sim.Shard{I: i, N: 2}}
		s, err := m.RunSummary(context.Background(), 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := report.Write(&buf, report.Report{Match: s}, report.JSON); err != nil {
			t.Fatal(err)
		}
		files[i] = filepath.Join(t.TempDir(), []string{"first.json", "second.json"}[i])
		if err := os.WriteFile(files[i], buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// tamper rewrites a result's JSON through edit.
func tamper(t *testing.T, file, to string, edit func(map[string]any)) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	edit(v)
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMergeRefusesTamperedCounts: every count of a shard is checked
// against the pairs it covers, so a tampered or damaged shard is refused,
// naming its file and the count, instead of adding "1000162 games" or
// overflowing a sum of 2^63−1 wins to a negative count.
func TestMergeRefusesTamperedCounts(t *testing.T) {
	files := shardFiles(t)
	if m, err := Merge(files[:], MergeOptions{}); err != nil || m.Match.Games() != 8 || len(m.Warnings) != 0 {
		t.Fatalf("the untampered shards: %v, %+v", err, m)
	}
	field := func(v map[string]any, path ...string) map[string]any {
		for _, p := range path {
			v = v[p].(map[string]any)
		}
		return v
	}
	add := func(v map[string]any, key string, n float64) { v[key] = v[key].(float64) + n }
	for _, tc := range []struct {
		name string
		edit func(map[string]any)
		want string
	}{
		{"a million more wins", func(v map[string]any) { add(field(v, "tally"), "wins", 1e6) }, "tally counts 1000004 games"},
		{"wins of 2^63−1", func(v map[string]any) { field(v, "tally")["wins"] = json.Number("9223372036854775807") }, "tally counts"},
		{"a win moved to the first seat", func(v map[string]any) {
			add(field(v, "first_seat"), "losses", -1)
			add(field(v, "first_seat"), "draws", 1)
		}, "first_seat counts"},
		{"a pair beyond the run", func(v map[string]any) { v["game_pairs"] = []any{[]any{2, 3}, []any{9, 9}} }, "game_pairs names pair 9"},
		{"more pairs than covered", func(v map[string]any) {
			p := field(v, "tally")["pairs"].([]any)
			p[0] = p[0].(float64) + 5
		}, "pair counts"},
		{"a token in more games", func(v map[string]any) {
			tok := v["tokens"].([]any)[0].([]any)[0].(map[string]any)
			add(tok, "games", 2)
		}, "the result covers 4 games"},
		{"turns of a million games", func(v map[string]any) { add(v, "turns_sum", math.MaxInt32) }, "turns_sum"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := filepath.Join(t.TempDir(), "tampered.json")
			tamper(t, files[1], bad, tc.edit)
			m, err := Merge([]string{files[0], bad}, MergeOptions{})
			if err == nil {
				t.Fatalf("merged a tampered shard: %d games, tally %+v", m.Match.Games(), m.Match.Tally)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "tampered.json") {
				t.Errorf("error %q; want %q and the file's name", err, tc.want)
			}
		})
	}
}
