package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestMergeRefusesMixedRuns: shards of different runs are never added up.
// Shard 0/2 of a base run is merged with shard 1/2 of a run that differs in
// one field; merge must refuse, naming the field and both files. Given one
// shard alone, merge marks the report partial and says pairs are missing.
func TestMergeRefusesMixedRuns(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../armies/borgo.army")
	if err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(dir, "mine.army")
	if err := os.WriteFile(mine, src, 0o644); err != nil {
		t.Fatal(err)
	}
	base := []string{"sim", "moloch", mine, "--games", "8", "--players", "random", "--format", "json"}
	shard := func(name, which string, extra ...string) string {
		t.Helper()
		out := filepath.Join(dir, name)
		args := append(append(append([]string{}, base...), "--shard", which, "--out", out), extra...)
		if _, stderr, code := run(t, args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, stderr)
		}
		return out
	}
	first := shard("first.json", "0/2")
	for _, tc := range []struct {
		name  string
		extra []string
		edit  bool // edit the army file between the shards
		want  string
	}{
		{"seed", []string{"--seed", "9"}, false, "seed"},
		{"players", []string{"--players", "random,greedy"}, false, "cannot merge"},
		{"games", []string{"--games", "10"}, false, "games differ"},
		{"max-actions", []string{"--max-actions", "500"}, false, "max_actions"},
		{"start", []string{"--start", "alternative"}, false, "start"},
		{"reinforcements", []string{"--reinforcements"}, false, "reinforcements"},
		{"override", []string{"--set", "moloch/Hybrid.initiative=1"}, false, "different matches"},
		{"edited army", nil, true, "army_hashes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.edit {
				edited := strings.Replace(string(src), "size 35", "size 35 # edited\n", 1)
				edited = strings.Replace(edited, "initiative 3", "initiative 2", 1)
				if edited == string(src) {
					t.Fatal("test set-up: the edit changed nothing")
				}
				os.WriteFile(mine, []byte(edited), 0o644)
				defer os.WriteFile(mine, src, 0o644)
			}
			second := shard("second-"+tc.name+".json", "1/2", tc.extra...)
			_, stderr, code := run(t, "merge", first, second)
			if code == 0 || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, filepath.Base(first)) || !strings.Contains(stderr, filepath.Base(second)) {
				t.Errorf("merge of a run differing in %s: exit %d, want an error naming %q and both files:\n%s", tc.name, code, tc.want, stderr)
			}
		})
	}
	// One shard alone: partial, with the missing pairs said, and exit 1
	// (TestMergeIncomplete: 0 with --allow-partial).
	stdout, stderr, code := run(t, "merge", first, "--format", "json")
	if code != 1 || !strings.Contains(stderr, "pairs missing") || !strings.Contains(stdout, `"partial": true`) {
		t.Errorf("merge of one shard of two: exit %d, want 1, a partial report and a missing-pairs note:\n%s\n%s", code, stderr, stdout)
	}
	// Both shards of the same run: accepted, whole.
	second := shard("second.json", "1/2")
	stdout, stderr, code = run(t, "merge", first, second, "--format", "json")
	if code != 0 || strings.Contains(stdout, `"partial"`) {
		t.Errorf("merge of both shards: exit %d or marked partial:\n%s\n%s", code, stderr, stdout)
	}
}

// TestUntilCIAddsBatches: --until-ci adds batch after batch of the same run
// (at least three here), which merge's refusals must not stop.
func TestUntilCIAddsBatches(t *testing.T) {
	stdout, stderr, code := run(t, "sim", "moloch", "borgo", "--players", "random", "--games", "4", "--until-ci", "0.2", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, `"pairs":`) || strings.Contains(stdout, `"pairs": 2,`) || strings.Contains(stdout, `"pairs": 4,`) {
		t.Errorf("--until-ci 0.2 stopped after one or two batches:\n%.400s", stdout)
	}
}

// TestMergeEqualsUnsharded: the shards of a run, merged, are that run's
// report byte for byte, for a match and for a round robin (with armies named
// the same way in both, and two players so the row/column line must agree),
// in JSON and in the table a person reads.
func TestMergeEqualsUnsharded(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		n    int
	}{
		{"match", []string{"sim", "moloch", "borgo", "--games", "6", "--players", "random"}, 3},
		{"round robin", []string{"sim", "moloch", "borgo", "vegas", "--games", "4", "--players", "greedy,random"}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var shards []string
			for i := range tc.n {
				out := filepath.Join(dir, fmt.Sprintf("%s-%d.json", strings.ReplaceAll(tc.name, " ", "-"), i))
				args := append(append([]string{}, tc.args...), "--format", "json", "--shard", fmt.Sprintf("%d/%d", i, tc.n), "--out", out)
				if _, stderr, code := run(t, args...); code != 0 {
					t.Fatalf("%v: exit %d\n%s", args, code, stderr)
				}
				shards = append(shards, out)
			}
			for _, format := range []string{"json", "table"} {
				whole, stderr, code := run(t, append(append([]string{}, tc.args...), "--format", format)...)
				if code != 0 {
					t.Fatalf("unsharded run: exit %d\n%s", code, stderr)
				}
				merged, stderr, code := run(t, append(append([]string{"merge"}, shards...), "--format", format)...)
				if code != 0 {
					t.Fatalf("merge: exit %d\n%s", code, stderr)
				}
				if merged != whole {
					t.Errorf("%s: merged shards differ from the unsharded run:\n--- unsharded\n%s\n--- merged\n%s", format, whole, merged)
				}
			}
		})
	}
}

// TestMergeBalanceJournals: merge given balance journals writes one
// journal with each match whole, the shards' slices summed; a shard's
// slice missing exits 1 unless --allow-partial; --format is refused, and
// a report among journals is refused naming it. (study's
// TestBalanceResumeAndShards resumes a real run from such a merge.)
func TestMergeBalanceJournals(t *testing.T) {
	dir := t.TempDir()
	head := `{"kind":"hexforge balance journal","tally":{"wins":0,"draws":0,"losses":0,"capped":0,"pairs":[0,0,0,0,0],"seats":[[0,0,0],[0,0,0],[0,0,0]]}}` + "\n"
	entry := func(shard string, wins, losses int) string {
		return fmt.Sprintf(`{"key":"k1","a":"Warband","b":"Borgo","shard":%q,"tally":{"wins":%d,"draws":0,"losses":%d,"capped":0,"pairs":[0,0,0,0,0],"seats":[[0,0,0],[0,0,0],[0,0,0]]}}`+"\n", shard, wins, losses)
	}
	write := func(name, body string) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	s0 := write("s0.jsonl", head+entry("0/2", 3, 1))
	s1 := write("s1.jsonl", head+entry("1/2", 1, 3))
	out, stderr, code := run(t, "merge", s0, s1)
	if code != 0 {
		t.Fatalf("merge of two shards: exit %d\n%s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.Contains(lines[1], `"wins":4,"draws":0,"losses":4`) || strings.Contains(lines[1], "shard") {
		t.Errorf("merge of two shards wrote:\n%s", out)
	}
	if _, stderr, code := run(t, "merge", s0); code != 1 || !strings.Contains(stderr, "incomplete") {
		t.Errorf("one shard of two: exit %d\n%s", code, stderr)
	}
	if _, _, code := run(t, "merge", s0, "--allow-partial"); code != 0 {
		t.Errorf("one shard of two with --allow-partial: exit %d", code)
	}
	if _, stderr, code := run(t, "merge", s0, s1, "--format", "json"); code == 0 || !strings.Contains(stderr, "--format") {
		t.Errorf("--format with journals: exit %d\n%s", code, stderr)
	}
	// A whole match given beside its shards must be their sum.
	if _, _, code := run(t, "merge", s0, s1, write("whole.jsonl", head+entry("", 4, 4))); code != 0 {
		t.Errorf("a whole match equal to its shards' sum: exit %d", code)
	}
	if _, stderr, code := run(t, "merge", s0, s1, write("other.jsonl", head+entry("", 5, 3))); code == 0 || !strings.Contains(stderr, "other.jsonl") {
		t.Errorf("a whole match unlike its shards' sum: exit %d\n%s", code, stderr)
	}
	report := write("report.json", `{"a":"Moloch"}`)
	if _, stderr, code := run(t, "merge", s0, report); code == 0 || !strings.Contains(stderr, "report.json") {
		t.Errorf("a report among journals: exit %d\n%s", code, stderr)
	}
}

// TestMergeFirst: the first shards of a run, merged with --first, are the
// run of the games they hold, byte for byte (a pair's games depend only on
// the seed and its index); shards that are not the first, or not the same
// in every match, are refused, and without --first the same shards are a
// partial run (exit 1).
func TestMergeFirst(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"match", []string{"sim", "moloch", "borgo", "--players", "random", "--seed", "4"}},
		{"round robin", []string{"sim", "moloch", "borgo", "vegas", "--players", "greedy,random", "--seed", "4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			shard := func(i int) string {
				out := filepath.Join(dir, fmt.Sprintf("%s-%d.json", strings.ReplaceAll(tc.name, " ", "-"), i))
				args := append(append([]string{}, tc.args...), "--games", "12", "--format", "json", "--shard", fmt.Sprintf("%d/6", i), "--out", out)
				if _, stderr, code := run(t, args...); code != 0 {
					t.Fatalf("%v: exit %d\n%s", args, code, stderr)
				}
				return out
			}
			s0, s1, s2 := shard(0), shard(1), shard(2)
			for _, format := range []string{"json", "table"} {
				whole, stderr, code := run(t, append(append([]string{}, tc.args...), "--games", "4", "--format", format)...)
				if code != 0 {
					t.Fatalf("run of 4 games: exit %d\n%s", code, stderr)
				}
				merged, stderr, code := run(t, "merge", s0, s1, "--first", "--format", format)
				if code != 0 {
					t.Fatalf("merge --first: exit %d\n%s", code, stderr)
				}
				if merged != whole {
					t.Errorf("%s: shards 0 and 1 of 6 (12 games) differ from the run of 4 games:\n--- run\n%s\n--- merged\n%s", format, whole, merged)
				}
			}
			if _, stderr, code := run(t, "merge", s1, s2, "--first"); code == 0 || !strings.Contains(stderr, "not the first pairs of the run") {
				t.Errorf("shards 1 and 2 with --first: exit %d, %q; want a refusal", code, stderr)
			}
			if _, stderr, code := run(t, "merge", s0, s1); code != 1 || !strings.Contains(stderr, "partial") {
				t.Errorf("shards 0 and 1 without --first: exit %d, %q; want a partial report, exit 1", code, stderr)
			}
			// Shard 0 stopped by Ctrl-C before its first game: its games
			// are not the run's, whatever pairs it holds.
			stopped := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+"-stopped.json")
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, stderr, code := runCtx(t, ctx, append(append([]string{}, tc.args...), "--games", "12", "--format", "json", "--shard", "0/6", "--out", stopped)...); code != 130 {
				t.Fatalf("interrupted shard: exit %d, want 130: %s", code, stderr)
			}
			if _, stderr, code := run(t, "merge", stopped, s1, "--first"); code == 0 || !strings.Contains(stderr, "a shard stopped early") {
				t.Errorf("a stopped shard with --first: exit %d, %q; want a refusal", code, stderr)
			}
		})
	}
}

// TestMergeRoundRobin: a round robin's matches played one at a time (sim A
// B, the same seed and games), merged with --round-robin in its order, are
// the round robin, byte for byte; without the flag they are refused as
// different matches.
func TestMergeRoundRobin(t *testing.T) {
	dir := t.TempDir()
	armies := []string{"moloch", "borgo", "vegas"}
	common := []string{"--games", "4", "--players", "greedy,random", "--seed", "6"}
	var files []string
	for i, a := range armies {
		for _, b := range armies[i:] {
			out := filepath.Join(dir, a+"-"+b+".json")
			args := append(append([]string{"sim", a, b}, common...), "--format", "json", "--out", out)
			if _, stderr, code := run(t, args...); code != 0 {
				t.Fatalf("%v: exit %d\n%s", args, code, stderr)
			}
			files = append(files, out)
		}
	}
	for _, format := range []string{"json", "table"} {
		whole, stderr, code := run(t, append(append([]string{"sim"}, armies...), append(common, "--format", format)...)...)
		if code != 0 {
			t.Fatalf("round robin: exit %d\n%s", code, stderr)
		}
		merged, stderr, code := run(t, append(append([]string{"merge"}, files...), "--round-robin", "--format", format)...)
		if code != 0 {
			t.Fatalf("merge --round-robin: exit %d\n%s", code, stderr)
		}
		if merged != whole {
			t.Errorf("%s: the matches merged differ from the round robin:\n--- round robin\n%s\n--- merged\n%s", format, whole, merged)
		}
	}
	if _, stderr, code := run(t, append([]string{"merge"}, files...)...); code == 0 || !strings.Contains(stderr, "different matches") {
		t.Errorf("without --round-robin: exit %d, %q; want a refusal", code, stderr)
	}
	// A match of another seed, another --games or other rules of an army
	// is not a match of this round robin.
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "borgo", "vegas", "--games", "4", "--players", "greedy,random", "--seed", "7"}, "seed (6 vs 7)"},
		{[]string{"sim", "borgo", "vegas", "--games", "6", "--players", "greedy,random", "--seed", "6"}, "games (2 vs 3 pairs)"},
	} {
		other := filepath.Join(dir, "other.json")
		if _, stderr, code := run(t, append(tc.args, "--format", "json", "--out", other)...); code != 0 {
			t.Fatalf("%v: exit %d\n%s", tc.args, code, stderr)
		}
		mixed := append(slices.Clone(files[:len(files)-2]), other, files[len(files)-1])
		if _, stderr, code := run(t, append(append([]string{"merge"}, mixed...), "--round-robin")...); code == 0 || !strings.Contains(strings.ToLower(stderr), strings.ToLower(tc.want)) {
			t.Errorf("%v among the matches: exit %d, %q; want a refusal naming %q", tc.args, code, stderr, tc.want)
		}
	}
	// An army file edited between two matches: one name, two armies.
	src, err := os.ReadFile("../../armies/borgo.army")
	if err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(dir, "mine.army")
	play := func(out string, armies ...string) string {
		t.Helper()
		out = filepath.Join(dir, out)
		if _, stderr, code := run(t, append(append([]string{"sim"}, armies...), append(common, "--format", "json", "--out", out)...)...); code != 0 {
			t.Fatalf("%v: exit %d\n%s", armies, code, stderr)
		}
		return out
	}
	os.WriteFile(mine, src, 0o644)
	before := play("mine-1.json", "moloch", mine)
	edited := strings.Replace(string(src), "initiative 3", "initiative 2", 1)
	if edited == string(src) {
		t.Fatal("test set-up: the edit changed nothing")
	}
	os.WriteFile(mine, []byte(edited), 0o644)
	after := play("mine-2.json", mine, "vegas")
	if _, stderr, code := run(t, "merge", before, after, "--round-robin"); code == 0 || !strings.Contains(stderr, "Borgo's rules or leader differ from another match's") {
		t.Errorf("an army edited between matches: exit %d, %q; want a refusal", code, stderr)
	}
}
