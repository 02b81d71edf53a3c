package main

import (
	"strings"
	"testing"
)

// TestWatchValidatesGames: watch refuses a --games out of range as a
// flag, before it prints its start line or watches anything.
func TestWatchValidatesGames(t *testing.T) {
	for _, g := range []string{"0", "-4", "1000000000000"} {
		stdout, stderr, code := run(t, "watch", "testdata/clean.army", "--vs", "borgo", "--games", g)
		if code == 0 || !strings.Contains(stderr, "--games") || strings.Contains(stdout, "watching") {
			t.Errorf("--games %s: exit %d\nstdout %s\nstderr %s", g, code, stdout, stderr)
		}
	}
}

// TestArmyNamesOneWay: a report names each army by its name in the army
// file (Moloch), whether the command was given the short name (moloch) or
// a path, never the one in one place and the other elsewhere. The greedy
// player plays: names do not depend on who plays.
func TestArmyNamesOneWay(t *testing.T) {
	for _, ref := range []string{"moloch", "../../armies/moloch.army"} {
		for _, args := range [][]string{
			{"sim", ref, "borgo", "--games", "2", "--players", "greedy"},
			{"sim", ref, "borgo", "vegas", "--games", "2", "--players", "greedy"},
			{"importance", ref, "--vs", "borgo", "--games", "2", "--players", "greedy"},
			{"sweep", ref + "/Gauss Cannon.count=1..2", "--vs", "borgo", "--games", "2", "--players", "greedy"},
			{"sweep", ref + "/Gauss Cannon.count=1..2", "--vs", "borgo", "--games", "2", "--players", "greedy", "--format", "csv"},
			{"ladder", ref, "borgo", "--games", "1", "--levels", "random,greedy"},
			{"choices", ref, "--vs", "borgo", "--games", "2", "--players", "greedy", "--ask", "random"},
			{"diff", ref, "borgo", "--sim", "--vs", "vegas", "--games", "2", "--players", "greedy"},
			{"card", ref},
		} {
			stdout, stderr, code := run(t, args...)
			if code != 0 {
				t.Errorf("%v: exit %d\n%s", args, code, stderr)
				continue
			}
			if !strings.Contains(stdout, "Moloch") || strings.Contains(stdout, "moloch") || strings.Contains(stdout, ".army") {
				t.Errorf("%v: the report does not name Moloch one way:\n%.800s", args, stdout)
			}
		}
	}
}

// TestWrongArgumentsSayUsage: a wrong number of arguments says what the
// command takes, not only cobra's count.
func TestWrongArgumentsSayUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"new"}, "usage: hexforge new NAME"},
		{[]string{"replay", "a", "b"}, "usage: hexforge replay TRACE"},
		{[]string{"diff", "moloch"}, "usage: hexforge diff A B"},
		{[]string{"dump"}, "usage: hexforge dump FILE|ARMY"},
	} {
		_, stderr, code := run(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, "arg(s), received") {
			t.Errorf("%v: exit %d\n%s", c.args, code, stderr)
		}
	}
}

// TestTokenDidYouMean: a misspelt token in --set or a sweep gets a
// did-you-mean, as a misspelt army does; the sweep's error names the
// argument the user wrote, not a --set they never gave.
func TestTokenDidYouMean(t *testing.T) {
	_, stderr, code := run(t, "sim", "moloch", "borgo", "--set", "moloch/Gaus Cannon.initiative=3", "--games", "10000000")
	if code != 2 || !strings.Contains(stderr, `has no token "Gaus Cannon" (did you mean "Gauss Cannon"?)`) {
		t.Errorf("--set: exit %d\n%s", code, stderr)
	}
	_, stderr, code = run(t, "sweep", "moloch/Gauss.count=1..2", "--vs", "borgo", "--games", "10000000")
	if code != 2 || !strings.Contains(stderr, `sweep "moloch/Gauss.count=1..2": army "Moloch" has no token "Gauss" (did you mean "Gauss Cannon"?)`) || strings.Contains(stderr, "--set") {
		t.Errorf("sweep: exit %d\n%s", code, stderr)
	}
}
