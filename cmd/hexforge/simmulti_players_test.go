package main

import (
	"strings"
	"testing"

	"github.com/hexforge/hexforge/player"
)

// A multiplayer run plays the default player, or any searching player
// (mcts too), on every seat, and says which.
func TestSimModePlayers(t *testing.T) {
	out, errOut, code := run(t, "sim", "--mode", "ffa", "moloch", "borgo", "hegemony", "--games", "6", "--seed", "2")
	if code != 0 {
		t.Fatalf("default player: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "players "+player.Default) {
		t.Errorf("the report does not name the default player:\n%s", out)
	}
	out, errOut, code = run(t, "sim", "--mode", "one-vs-team", "moloch", "borgo", "hegemony", "--games", "6", "--players", "search:4")
	if code != 0 || !strings.Contains(out, "players search:4") {
		t.Errorf("search:4: exit %d: %s\n%s", code, errOut, out)
	}
	// mcts plays max^n with more than two players (player/mctsvalues.go).
	out, errOut, code = run(t, "sim", "--mode", "ffa", "moloch", "borgo", "hegemony", "--games", "6", "--players", "mcts:4")
	if code != 0 || !strings.Contains(out, "players mcts:4") {
		t.Errorf("mcts:4 in a multiplayer run: exit %d, %q\n%s", code, errOut, out)
	}
}
