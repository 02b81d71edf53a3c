package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// n shards merged give exactly the report of one run with the same seed.
func TestShardsMergeToOneRun(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full.json")
	if _, stderr, code := run(t, "sim", "moloch", "moloch", "--games", "30", "--seed", "5", "--format", "json", "--out", full); code != 0 {
		t.Fatalf("full run: %s", stderr)
	}
	var shards []string
	for i := 0; i < 4; i++ {
		f := filepath.Join(dir, "shard"+string(rune('0'+i))+".json")
		if _, stderr, code := run(t, "sim", "moloch", "moloch", "--games", "30", "--seed", "5", "--format", "json", "--shard", string(rune('0'+i))+"/4", "--out", f); code != 0 {
			t.Fatalf("shard %d: %s", i, stderr)
		}
		shards = append(shards, f)
	}
	merged := filepath.Join(dir, "merged.json")
	if _, stderr, code := run(t, append([]string{"merge", "--format", "json", "--out", merged}, shards...)...); code != 0 {
		t.Fatalf("merge: %s", stderr)
	}
	a, _ := os.ReadFile(full)
	b, _ := os.ReadFile(merged)
	var ja, jb map[string]any
	json.Unmarshal(a, &ja)
	json.Unmarshal(b, &jb)
	if string(a) != string(b) {
		t.Errorf("merged shards differ from one run:\n%s\nvs\n%s", a, b)
	}
	// The same shard twice is refused.
	if _, stderr, code := run(t, "merge", shards[0], shards[0]); code == 0 || !strings.Contains(stderr, "in both results") {
		t.Errorf("overlapping shards merged: %d %s", code, stderr)
	}
}

func TestSimWorkersDoNotChangeResults(t *testing.T) {
	one, _, _ := run(t, "sim", "moloch", "moloch", "--games", "16", "--workers", "1", "--format", "json")
	three, _, _ := run(t, "sim", "moloch", "moloch", "--games", "16", "--workers", "3", "--format", "json")
	if one == "" || one != three {
		t.Error("--workers changed the report")
	}
}

func TestSimReportsNamePlayersAndIntervals(t *testing.T) {
	out, stderr, code := run(t, "sim", "moloch", "moloch", "--games", "10", "--players", "greedy,random")
	if code != 0 {
		t.Fatal(stderr)
	}
	for _, want := range []string{"Moloch (greedy) vs Moloch (random)", "wins / draws / losses", "first player's win rate", "%, "} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if stderr != "" {
		t.Errorf("stderr is not a terminal, yet something was written: %q", stderr)
	}
}

func TestSimBadFlags(t *testing.T) {
	cases := [][]string{
		{"sim", "moloch", "moloch", "--players", "genius"},
		{"sim", "moloch", "moloch", "--format", "xml"},
		{"sim", "moloch", "moloch", "--shard", "4/4"},
		{"sim", "moloch", "moloch", "--games", "0"},
		{"sim", "moloch", "moloch", "--until-ci", "0.7"},
		{"sim", "moloch"},
		{"sim", "moloch", "nosuch"},
		{"sim", "moloch", "moloch", "--set", "moloch/Nobody.count=1"},
		{"merge", "/no/such.json"},
		{"sweep", "moloch/Gauss Cannon.initiative=3..1", "--vs", "moloch"},
		{"importance", "moloch"},
	}
	for _, c := range cases {
		if _, stderr, code := run(t, c...); code == 0 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q", c, code, stderr)
		}
	}
}

func TestSweepAndImportance(t *testing.T) {
	// The greedy player: the rows' layout does not depend on who plays.
	out, stderr, code := run(t, "sweep", "moloch/Gauss Cannon.initiative=1..2", "--vs", "moloch", "--games", "6", "--players", "greedy", "--format", "csv")
	if code != 0 {
		t.Fatal(stderr)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[1], "Moloch,Gauss Cannon,initiative,1,Moloch,") || !strings.HasPrefix(lines[2], "Moloch,Gauss Cannon,initiative,2,") {
		t.Errorf("sweep csv:\n%s", out)
	}
	out, stderr, code = run(t, "importance", "moloch", "--vs", "moloch", "--games", "4", "--players", "greedy", "--format", "csv")
	if code != 0 {
		t.Fatal(stderr)
	}
	if !strings.Contains(out, ",Gauss Cannon,") || strings.Contains(out, ",HQ,") {
		t.Errorf("importance csv:\n%s", out)
	}
}

// importance and sweep say before the first game how many games they can
// play; after the reference's first games how long the most and the
// fewest would take at their pace; after each look how many variants are
// decided and about how many games and how long are still expected. They
// refuse a bad --margin before any work.
func TestStudiesStateTheirGames(t *testing.T) {
	_, stderr, code := run(t, "importance", "moloch", "--vs", "borgo", "--games", "160", "--players", "random", "--format", "json")
	// 23 arms (the army and 22 variants) × 1 opponent × 160, at least the
	// first look of 10 pairs each.
	if code != 0 || !strings.Contains(stderr, "plays at most 3680 games (the army and 22 variants × 1 opponent × 160), at least 460") {
		t.Errorf("importance: exit %d, stderr %q", code, stderr)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^the army's first 20 games: [0-9.]+ (ms|s) a game on this machine now;\n  at that pace at most about [0-9.]+ (ms|s|min|h), at least about [0-9.]+ (ms|s|min|h) \(estimates\)$`),
		regexp.MustCompile(`(?m)^look 1 of 4 \(20 games each\): [0-9]+ of 22 variants decided(, [0-9]+ stopped as futile)?;\n  about [0-9]+ games expected in all, about [0-9.]+ (ms|s|min|h) more \(estimates\)$`),
		regexp.MustCompile(`(?m)^look 3 of 4 \(80 games each\)`),
	} {
		if !want.MatchString(stderr) {
			t.Errorf("importance: stderr lacks %s:\n%s", want, stderr)
		}
	}
	if expected := regexp.MustCompile(`about ([0-9]+) games expected in all`).FindAllStringSubmatch(stderr, -1); len(expected) != 3 {
		t.Errorf("importance: %d expectations, want one after each look but the last:\n%s", len(expected), stderr)
	} else {
		for _, e := range expected {
			if n, _ := strconv.Atoi(e[1]); n < 460 || n > 3680 {
				t.Errorf("importance: %d games expected, outside the fewest and the most it can play", n)
			}
		}
	}
	_, stderr, code = run(t, "sweep", "moloch/Gauss Cannon.initiative=1..2", "--vs", "moloch", "--games", "6", "--players", "random", "--early-stop=false")
	if code != 0 || !strings.Contains(stderr, "plays 12 games (2 values × 1 opponent × 6)") ||
		!regexp.MustCompile(`the first value's first 6 games: [0-9.]+ (ms|s) a game on this machine now;\n  at that pace the whole study takes about [0-9.]+ (ms|s|min|h) \(an estimate\)\n`).MatchString(stderr) ||
		strings.Contains(stderr, "look") {
		t.Errorf("sweep: exit %d, stderr %q", code, stderr)
	}
	for _, bad := range []string{"-1", "50", "NaN"} {
		_, stderr, code = run(t, "importance", "moloch", "--vs", "borgo", "--margin", bad)
		if code == 0 || !strings.Contains(stderr, "--margin") || strings.Contains(stderr, "plays") {
			t.Errorf("--margin %s: exit %d, stderr %q", bad, code, stderr)
		}
	}
}

// A huge run stopped by Ctrl-C (a cancelled context) stops at once, writes
// its partial report, says "interrupted", exits 130 and leaves no temporary
// file.
func TestSimInterruptedExits130(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, stderr, code := runCtx(t, ctx, "sim", "moloch", "borgo", "--games", "10000000", "--players", "random", "--format", "json", "--out", out)
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("stopping took %v", took)
	}
	if code != 130 || !strings.Contains(stderr, "interrupted") {
		t.Fatalf("exit %d, stderr %q; want 130 and interrupted", code, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(b), `"partial": true`) {
		t.Fatalf("partial report not written: %v %.200s", err, b)
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, ".hexforge-*.tmp")); len(tmp) > 0 {
		t.Fatalf("temporary files left: %v", tmp)
	}
}
