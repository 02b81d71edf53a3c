package main

import (
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/player"
)

// TestSimHelpNamesTheDefaultPlayer: sim's help says which player the
// no-argument round robin and --mode play, and it is the one they play:
// the --players flag's default, which is player.Default (issue 27: the
// help said "the greedy player" while both played race:8).
func TestSimHelpNamesTheDefaultPlayer(t *testing.T) {
	old := terminalWidth
	defer func() { terminalWidth = old }()
	terminalWidth = func(io.Writer) int { return 0 }
	help, stderr, code := run(t, "sim", "--help")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var sim = newRoot()
	c, _, err := sim.Find([]string{"sim"})
	if err != nil {
		t.Fatal(err)
	}
	def := c.Flags().Lookup("players").DefValue
	if def != player.Default {
		t.Errorf("--players defaults to %q, player.Default is %q", def, player.Default)
	}
	text := strings.Join(strings.Fields(help), " ")
	for _, want := range []string{
		"With no arguments it runs a quick round robin of the embedded armies,",
		"games a matchup unless --games is given, with the default player (" + def + ").",
		"With --mode (ffa, points, teams, one-vs-team) it plays 3 or 4 armies in one game (docs/rules.md, \"Three and four players\") with the --players player in every seat (" + def + " unless given)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("sim --help lacks %q", want)
		}
	}
	if m := regexp.MustCompile(`(?i)with the (greedy|random|search|plan|race|mcts) player`).FindString(text); m != "" {
		t.Errorf("sim --help names a player other than the default: %q", m)
	}
}
