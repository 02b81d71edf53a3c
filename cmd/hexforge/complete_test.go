package main

import (
	"strings"
	"testing"

	"github.com/hexforge/hexforge/player"
)

// TestShellCompletion: cobra's hidden __complete command (what the
// generated bash/zsh/fish scripts call) offers army names for army
// arguments and --vs, token names and fields step by step for --set and
// sweep, and exactly the formats each command writes.
func TestShellCompletion(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
		not  []string
	}{
		{[]string{"sim", "mo"}, []string{"moloch"}, []string{"borgo"}},
		{[]string{"importance", "moloch", "--vs", "bo"}, []string{"borgo"}, nil},
		{[]string{"sim", "moloch", "--format", ""}, []string{"table", "markdown", "csv", "html", "json"}, nil},
		{[]string{"ladder", "vegas", "borgo", "--format", ""}, []string{"table", "json", "csv", "html"}, []string{"markdown"}},
		{[]string{"sim", "moloch", "--set", "mol"}, []string{"moloch/"}, nil},
		{[]string{"sim", "moloch", "--set", "moloch/Gau"}, []string{"moloch/Gauss Cannon."}, []string{"moloch/Hybrid."}},
		{[]string{"sweep", "moloch/Gauss Cannon.ini"}, []string{"moloch/Gauss Cannon.initiative="}, nil},
		{[]string{"sim", "moloch", "--players", ""}, []string{"greedy", "mcts:16", "search:64", "deep", "tree", "threat"}, nil},
		{[]string{"ladder", "vegas", "borgo", "--levels", ""}, []string{"race", "deep", "tree"}, nil},
		{[]string{"sim", "moloch", "--start", ""}, []string{"standard", "alternative"}, nil},
	} {
		out, stderr, code := run(t, append([]string{"__complete"}, tc.args...)...)
		lines := map[string]bool{}
		for _, l := range strings.Split(out, "\n") {
			lines[l] = true
		}
		for _, w := range tc.want {
			if !lines[w] {
				t.Errorf("%v: lacks %q (exit %d):\n%s%s", tc.args, w, code, out, stderr)
			}
		}
		for _, w := range tc.not {
			if lines[w] {
				t.Errorf("%v: offers %q", tc.args, w)
			}
		}
	}
}

// TestOneJSONStyle: dump and battle take --format json like every other
// command, --json staying as its alias with the same output; importance
// and sweep refuse --shard (their paired report cannot be merged) before
// any game, and do not list it.
func TestOneJSONStyle(t *testing.T) {
	for _, args := range [][]string{{"dump", "moloch"}, {"battle", "../../armies/testdata/signatures/moloch_clown.pos"}} {
		a, _, c1 := run(t, append(args, "--format", "json")...)
		b, _, c2 := run(t, append(args, "--json")...)
		if c1 != 0 || c2 != 0 || a != b || !strings.HasPrefix(strings.TrimSpace(a), "[") && !strings.HasPrefix(strings.TrimSpace(a), "{") {
			t.Errorf("%v: --format json (exit %d) and --json (exit %d) differ or are not JSON:\n%.200s", args, c1, c2, a)
		}
		if _, stderr, code := run(t, append(args, "--format", "xml")...); code == 0 || !strings.Contains(stderr, "use text or json") {
			t.Errorf("%v --format xml: exit %d\n%s", args, code, stderr)
		}
	}
	for _, args := range [][]string{{"importance", "moloch", "--vs", "borgo"}, {"sweep", "moloch/Hybrid.count=1..2", "--vs", "borgo"}} {
		if _, stderr, code := run(t, append(args, "--shard", "0/2")...); code == 0 || !strings.Contains(stderr, "runs whole") {
			t.Errorf("%v --shard: exit %d\n%s", args, code, stderr)
		}
		if help, _, _ := run(t, args[0], "--help"); strings.Contains(help, "--shard") {
			t.Errorf("%s --help lists --shard, which it refuses", args[0])
		}
	}
}

// Every player completion offers is one --players takes.
func TestPlayerCompletionsParse(t *testing.T) {
	for _, v := range playerValues {
		if _, err := player.Parse(v); err != nil {
			t.Errorf("completion %q: %v", v, err)
		}
	}
}
