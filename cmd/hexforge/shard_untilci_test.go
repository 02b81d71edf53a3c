package main

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// --shard with --until-ci: no shard stops on its own games; each plays its
// fixed part and records the target, and merge judges it on every game.
// The merged report is the unsharded run of --games byte for byte (the
// target is not in it), and merge says on standard error whether the
// target is met and, if not, how many games would meet it, a multiple of
// --games. Shards of different targets are refused.
func TestShardUntilCI(t *testing.T) {
	for _, c := range []struct {
		name string
		base []string
	}{
		{"two players", []string{"sim", "moloch", "borgo", "--games", "20", "--players", "random", "--seed", "4"}},
		{"ffa", []string{"sim", "--mode", "ffa", "moloch", "borgo", "hegemony", "--games", "12", "--players", "random", "--seed", "4"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			shard := func(name, which, target string) string {
				t.Helper()
				out := filepath.Join(dir, name)
				args := append(append([]string{}, c.base...), "--shard", which, "--until-ci", target, "--format", "json", "--out", out)
				if _, stderr, code := run(t, args...); code != 0 {
					t.Fatalf("%v: exit %d\n%s", args, code, stderr)
				}
				return out
			}
			s0, s1 := shard("s0.json", "0/2", "0.05"), shard("s1.json", "1/2", "0.05")
			whole, stderr, code := run(t, append(append([]string{}, c.base...), "--format", "json")...)
			if code != 0 {
				t.Fatalf("unsharded: %s", stderr)
			}
			merged, stderr, code := run(t, "merge", s0, s1, "--format", "json")
			if code != 0 || merged != whole {
				t.Errorf("merge: exit %d, or not the unsharded run of --games:\n%s", code, stderr)
			}
			m := regexp.MustCompile(`--until-ci 0.05: not met \(half-width [0-9.]+ over (\d+) games\);\n.*run the shards again with --games (\d+)`).FindStringSubmatch(stderr)
			if m == nil {
				t.Fatalf("merge does not judge --until-ci 0.05:\n%s", stderr)
			}
			played, _ := strconv.Atoi(m[1])
			need, _ := strconv.Atoi(m[2])
			if need <= played || need%played != 0 {
				t.Errorf("--games %d after %d games: want more, a multiple of the run's games", need, played)
			}
			for _, line := range strings.Split(stderr, "\n") {
				if len([]rune(line)) > 100 {
					t.Errorf("wider than 100 columns: %q", line)
				}
			}
			// A target the run meets is said to be met.
			m0, m1 := shard("m0.json", "0/2", "0.45"), shard("m1.json", "1/2", "0.45")
			if _, stderr, code := run(t, "merge", m0, m1); code != 0 || !strings.Contains(stderr, "--until-ci 0.45: met") {
				t.Errorf("merge of a met target: exit %d:\n%s", code, stderr)
			}
			// Shards of different targets are different runs.
			if _, stderr, code := run(t, "merge", s0, m1); code == 0 || !strings.Contains(stderr, "0.05") || !strings.Contains(stderr, "0.45") {
				t.Errorf("merge of two targets: exit %d, want a refusal naming both:\n%s", code, stderr)
			}
		})
	}
}
