package main

import (
	"strings"
	"testing"
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
		{[]string{"ladder", "vegas", "borgo", "--format", ""}, []string{"table", "json", "html"}, []string{"csv"}},
		{[]string{"sim", "moloch", "--set", "mol"}, []string{"moloch/"}, nil},
		{[]string{"sim", "moloch", "--set", "moloch/Gau"}, []string{"moloch/Gauss Cannon."}, []string{"moloch/Hybrid."}},
		{[]string{"sweep", "moloch/Gauss Cannon.ini"}, []string{"moloch/Gauss Cannon.initiative="}, nil},
		{[]string{"sim", "moloch", "--players", ""}, []string{"greedy", "mcts:16", "search:64"}, nil},
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
