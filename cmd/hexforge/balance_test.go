package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every bad balance command line is refused with a message naming what is
// wrong, a non-zero exit and no game played (each would otherwise play
// for minutes: the budget is 10 million games).
func TestBalanceBadFlags(t *testing.T) {
	dir := t.TempDir()
	notJournal := filepath.Join(dir, "x.jsonl")
	os.WriteFile(notJournal, []byte("{\"kind\": \"something else\"}\n"), 0o644)
	army := "../../study/testdata/balance/weak-borgo.army"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"balance", army}, "--vs"},
		{[]string{"balance", army, "--vs", "borgo", "--band", "55-45"}, "--band"},
		{[]string{"balance", army, "--vs", "borgo", "--band", "x"}, "--band"},
		{[]string{"balance", army, "--vs", "borgo", "--budget", "5"}, "--budget"},
		{[]string{"balance", army, "--vs", "borgo", "--verify", "0"}, "--verify"},
		{[]string{"balance", army, "--vs", "borgo", "--alpha", "0.7"}, "--alpha"},
		{[]string{"balance", army, "--vs", "borgo", "--games", "100"}, "--budget"},
		{[]string{"balance", army, "--vs", "borgo", "--shard", "0/2"}, "--journal"},
		{[]string{"balance", army, "--vs", "borgo", "--shard", "2/2", "--journal", filepath.Join(dir, "j")}, "--shard"},
		{[]string{"balance", army, "--vs", "borgo", "--knobs", "Net Fightr"}, "Net Fighter"},
		{[]string{"balance", army, "--vs", "borgo", "--budget", "300"}, "too small"},
		{[]string{"balance", army, "--vs", "borgo", "--journal", filepath.Join(dir, "j"), "--journal", notJournal}, "not a balance journal"},
		{[]string{"balance", army, "--vs", "nowhere"}, "nowhere"},
		{[]string{"balance", "moloch", "--vs", "borgo", "--set", "moloch/Hybrid.count=3"}, "variant file"},
		{[]string{"balance", army, "--vs", "borgo", "--format", "csv"}, "csv"},
		{[]string{"balance", army, "--vs", "borgo", "--goal", "fair"}, "--goal"},
	} {
		args := append(c.args, "--players", "greedy", "--budget", "10000000")
		if c.args[len(c.args)-2] == "--budget" {
			args = append(c.args, "--players", "greedy")
		}
		_, stderr, code := run(t, args...)
		if code == 0 || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "panic") {
			t.Errorf("%v: exit %d, want an error naming %q:\n%s", c.args, code, c.want, stderr)
		}
	}
}
