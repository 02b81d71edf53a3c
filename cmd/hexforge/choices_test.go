package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/hexforge/hexforge/study"
)

// choices refuses what it cannot do before any game: ten million games a
// matchup come back at once.
func TestChoicesFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"moloch", "--games", "10000000"}, "give at least one opponent with --vs"},
		{[]string{"moloch", "--vs", "borgo", "--games", "10000000", "--players", "greedy,random"}, "plays one player on both seats"},
		{[]string{"moloch", "--vs", "borgo", "--games", "10000000", "--ask", "genius"}, "--ask: "},
		{[]string{"moloch", "--vs", "all", "--vs", "borgo", "--games", "10000000"}, "--vs all is every embedded army but ARMY"},
		{[]string{"moloch", "--vs", "borgo", "--games", "10000000", "--until-ci", "0.02"}, "--until-ci"},
		{[]string{"moloch", "--vs", "borgo", "--games", "10000000", "--shard", "0/2"}, "--shard"},
		{[]string{"moloch", "--vs", "nosuch", "--games", "10000000"}, "nosuch"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, stderr, code := runCtx(t, ctx, append([]string{"choices"}, c.args...)...)
		cancel()
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr lacks %q:\n%s", c.args, code, c.want, stderr)
		}
	}
}

// choices --vs all asks about every embedded army but ARMY, and its JSON
// names the players and counts the decisions.
func TestChoicesJSON(t *testing.T) {
	stdout, stderr, code := run(t, "choices", "moloch", "--vs", "all", "--games", "2", "--players", "greedy", "--ask", "random", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var c study.Choices
	if err := json.Unmarshal([]byte(stdout), &c); err != nil {
		t.Fatal(err)
	}
	if c.Player != "greedy" || c.Asked != "random" || c.Games != 2 || c.Decisions == 0 || len(c.Actions) == 0 || len(c.Opponents) != 7 {
		t.Errorf("%s asked %s, %d games, %d decisions, %d actions, opponents %v", c.Player, c.Asked, c.Games, c.Decisions, len(c.Actions), c.Opponents)
	}
	for _, o := range c.Opponents {
		if o == "Moloch" {
			t.Errorf("--vs all holds Moloch itself: %v", c.Opponents)
		}
	}
}
