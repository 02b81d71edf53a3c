package main

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/study"
	"github.com/hexforge/hexforge/workbench"
)

// TestVariantFlagsRefusedFirst: ladder, watch and serve check --board and
// --leaders before any work (no game, no watcher, no listener): a bad
// value is a clear error and a non-zero exit.
func TestVariantFlagsRefusedFirst(t *testing.T) {
	for _, cmd := range [][]string{
		{"ladder", "smart", "vegas", "--games", "2", "--levels", "random"},
		{"watch", "testdata/clean.army", "--vs", "borgo"},
		{"serve", "testdata/clean.army", "--vs", "borgo", "--addr", "127.0.0.1:0"},
	} {
		for _, bad := range []struct{ flag, value, want string }{
			{"--board", "hexagon", `--board: unknown board "hexagon"`},
			{"--board", "testdata/clean.army", "a path ending in .board"},
			{"--leaders", "nobody", `--leaders: unknown leader "nobody"`},
			{"--leaders", "medyk,taktyk,dywersant", "give one leader"},
		} {
			args := append(append([]string{}, cmd...), bad.flag, bad.value)
			if _, stderr, code := run(t, args...); code == 0 || !strings.Contains(stderr, bad.want) {
				t.Errorf("%v: exit %d, stderr %q, want %q", args, code, stderr, bad.want)
			}
		}
	}
	if _, stderr, code := run(t, "ladder", "smart", "vegas", "moloch", "--games", "2", "--levels", "random", "--leaders", "medyk,none"); code == 0 || !strings.Contains(stderr, "round robin takes one leader") {
		t.Errorf("two leaders in a ladder of three armies: exit %d, stderr %q", code, stderr)
	}
}

// TestLadderBoardAndLeaders: ladder plays its levels on the --board and
// with the --leaders it names: the same seeds give other results than on
// the standard board, and the report names the board and the leaders.
func TestLadderBoardAndLeaders(t *testing.T) {
	levels := func(args ...string) ([]study.LadderLevel, study.LadderMatch, string) {
		t.Helper()
		base := []string{"ladder", "smart", "vegas", "--levels", "random,greedy", "--games", "3"}
		out, stderr, code := run(t, append(base, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", args, code, stderr)
		}
		if !strings.Contains(strings.Join(args, " "), "json") {
			return nil, study.LadderMatch{}, out
		}
		var r struct{ Ladder []study.LadderMatch }
		if err := json.Unmarshal([]byte(out), &r); err != nil || len(r.Ladder) != 1 {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		return r.Ladder[0].Levels, r.Ladder[0], out
	}
	std, m, _ := levels("--format", "json")
	if m.Board != "" || m.Leaders != nil {
		t.Errorf("the standard game names a board %q or leaders %v", m.Board, m.Leaders)
	}
	duel, m, _ := levels("--format", "json", "--board", "duel")
	if m.Board != "duel" || reflect.DeepEqual(std, duel) {
		t.Errorf("--board duel: board %q, the same levels as the standard board: %v", m.Board, duel)
	}
	led, m, _ := levels("--format", "json", "--leaders", "taktyk,dywersant")
	if !reflect.DeepEqual(m.Leaders, []string{"Taktyk", "Dywersant"}) || reflect.DeepEqual(std, led) {
		t.Errorf("--leaders: leaders %v, the same levels as without: %v", m.Leaders, led)
	}
	if _, _, out := levels("--board", "testdata/two-terminals.board", "--leaders", "medyk"); !strings.Contains(out, "at each, on the testdata/two-terminals.board board, leaders Medyk vs Medyk, 95% interval") {
		t.Errorf("the table's title names no board or leaders:\n%s", out)
	}
}

// TestWatchSimBoardAndLeaders: the quick simulation of watch and serve
// plays on their --board with their --leaders, and its line says so.
func TestWatchSimBoardAndLeaders(t *testing.T) {
	moloch, err := armies.Loader{}.Load("moloch")
	if err != nil {
		t.Fatal(err)
	}
	medyk, err := armies.Loader{}.LoadLeader("medyk")
	if err != nil {
		t.Fatal(err)
	}
	line := func(q workbench.Quick) string {
		var out bytes.Buffer
		q.Vs, q.Games, q.Players = []string{"borgo"}, 20, greedyBoth
		q.OnGood()(context.Background(), &out, "moloch.army", moloch.Army, nil)
		return strings.TrimSpace(out.String())
	}
	rate := func(s string) string { // "  vs Borgo: 62.5% [..." -> "62.5% [...]"
		_, after, _ := strings.Cut(s, ": ")
		before, _, _ := strings.Cut(after, " over ")
		return before
	}
	std := line(workbench.Quick{})
	duel := line(workbench.Quick{Board: position.Duel})
	led := line(workbench.Quick{Leaders: [2]*rules.Leader{medyk, nil}})
	if strings.Contains(std, "board") || strings.Contains(std, "leaders") {
		t.Errorf("the standard game's line names a board or leaders: %s", std)
	}
	if !strings.Contains(duel, "greedy games, on the duel board") || rate(duel) == rate(std) {
		t.Errorf("--board duel: %s\nstandard: %s", duel, std)
	}
	if !strings.Contains(led, "greedy games, leaders Medyk vs none") || rate(led) == rate(std) {
		t.Errorf("--leaders medyk,none: %s\nstandard: %s", led, std)
	}
}
