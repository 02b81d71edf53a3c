package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A small ladder's whole report is compared with a golden file: the levels,
// their intervals from pair scores and the verdict.
func TestLadderGolden(t *testing.T) {
	for _, c := range []struct{ name, format string }{{"ladder.golden", "table"}, {"ladder-json.golden", "json"}} {
		out, stderr, code := run(t, "ladder", "moloch", "borgo", "--games", "4", "--levels", "random,greedy", "--format", c.format, "--workers", "2")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		golden := filepath.Join("testdata", c.name)
		checkGolden(t, golden, out)
	}
}

func TestLadderWorkersDoNotChangeResults(t *testing.T) {
	one, _, _ := run(t, "ladder", "moloch", "borgo", "--games", "3", "--levels", "random,greedy", "--workers", "1", "--format", "json")
	three, _, _ := run(t, "ladder", "moloch", "borgo", "--games", "3", "--levels", "random,greedy", "--workers", "3", "--format", "json")
	if one == "" || one != three {
		t.Error("--workers changed the ladder")
	}
}

// Bad flags are refused before any game is played.
func TestLadderBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"ladder", "moloch", "borgo", "--levels", "random,wizard"}, `unknown player "wizard"`},
		{[]string{"ladder", "moloch", "borgo", "--format", "markdown"}, `unknown format "markdown"`},
		{[]string{"ladder", "moloch", "borgo", "--games", "0"}, "--games 0"},
		{[]string{"ladder", "moloch"}, "give two armies"},
		{[]string{"ladder", "moloch", "borgo", "--all"}, "--all"},
	} {
		_, stderr, code := run(t, c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, stderr, c.want)
		}
	}
}

// Every sim report names the players that produced it: the table's title
// line, JSON's "players" field and CSV's player_a and player_b columns.
func TestSimReportsNamePlayersInEveryFormat(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "moloch", "borgo", "--players", "random,greedy"}, "Moloch (random) vs Borgo (greedy)"},
		{[]string{"sim", "moloch", "borgo", "--players", "random,greedy", "--format", "csv"}, "\nMoloch,Borgo,random,greedy,"},
		{[]string{"sim", "moloch", "borgo", "--players", "random,greedy", "--format", "json"}, "\"players\": [\n    \"random\",\n    \"greedy\"\n  ]"},
		{[]string{"sim", "moloch", "borgo", "hegemony", "--players", "random"}, "players: random on both sides"},
		{[]string{"sim", "moloch", "borgo", "hegemony", "--players", "random", "--format", "csv"}, "\nBorgo,Hegemony,random,random,"},
		{[]string{"sim", "moloch", "borgo", "hegemony", "--players", "random", "--format", "json"}, "\"players\": \"random\""},
	} {
		out, stderr, code := run(t, append(c.args, "--games", "2")...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d %s; output lacks %q:\n%.600s", c.args, code, stderr, c.want, out)
		}
	}
}
