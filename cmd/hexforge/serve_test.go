package main

import (
	"testing"

	"github.com/hexforge/hexforge/player"
)

// TestServeFlags: bad flags are refused before anything starts.
func TestServeFlags(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "testdata/clean.army", "--addr", "nowhere"},
		{"serve", "testdata/clean.army", "--games", "0"},
		{"serve", "testdata/clean.army", "--vs", "atlantis"},
		{"serve", "testdata/missing.army"},
	} {
		if _, stderr, code := run(t, args...); code == 0 || stderr == "" {
			t.Errorf("%v: exit %d, want a clear error", args, code)
		}
	}
}

// greedyBoth is the greedy player on both sides: the cheap player for tests
// of the commands' plumbing, where the player's strength is not the point.
var greedyBoth = [2]player.Spec{{Kind: player.Greedy}, {Kind: player.Greedy}}
