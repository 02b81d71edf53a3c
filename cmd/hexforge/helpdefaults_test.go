package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hexforge/hexforge/player"
)

// everyCommand is root and every command under it.
func everyCommand(root *cobra.Command) []*cobra.Command {
	out := []*cobra.Command{root}
	for _, c := range root.Commands() {
		out = append(out, everyCommand(c)...)
	}
	return out
}

var (
	// statedDefault is a default a flag's usage states in words:
	// "(default: the first two ...)", "(default NAME.army; ...)".
	statedDefault = regexp.MustCompile(`\(default:? ([^;)]*)`)
	// byDefault is a Long text's "--early-stop, on by default" or
	// "--games 40 by default": the flag, then what it is unless given.
	byDefault = regexp.MustCompile(`--([a-z][a-z-]*)(?:[ =]([^ ,;()]+))?[^.;]*?\b(on|off)? ?by default`)
	// playerNamed is "the greedy player" and the like: a help text that
	// names the player a run uses.
	playerNamed = regexp.MustCompile(`\b(random|greedy|search|plan|race|mcts|wide|fit|quick)(:[0-9]+)? player\b`)
)

// TestHelpDefaults reads every command's help against its flags: the
// default cobra shows for a flag is the value the flag holds when not
// given; a default a flag's usage states in words is for a flag whose
// value is worked out (pflag shows none: its default is the zero value),
// never a second, different default; a Long text's "--flag ... by
// default" agrees with the flag; and a help text that names the player a
// run uses names the real default (sim --help said the quick round robin
// used the greedy player; it plays race:8).
func TestHelpDefaults(t *testing.T) {
	root := newRoot()
	root.InitDefaultHelpCmd()
	checked, byDefaults := 0, 0
	for _, c := range everyCommand(root) {
		name := c.CommandPath()
		check := func(f *pflag.Flag) {
			checked++
			if got := f.Value.String(); got != f.DefValue {
				t.Errorf("%s --%s: help shows the default %q, the flag holds %q", name, f.Name, f.DefValue, got)
			}
			if m := statedDefault.FindStringSubmatch(f.Usage); m != nil && !zeroDefault(f) {
				t.Errorf("%s --%s: the usage states the default %q, and cobra adds %q", name, f.Name, m[1], f.DefValue)
			}
		}
		c.LocalFlags().VisitAll(check)
		c.InheritedFlags().VisitAll(check)
		for _, m := range byDefault.FindAllStringSubmatch(c.Long, -1) {
			byDefaults++
			f := c.Flags().Lookup(m[1])
			if f == nil {
				t.Errorf("%s: its help says --%s is %q by default, and it has no such flag", name, m[1], m[2]+m[3])
				continue
			}
			want := m[2]
			switch m[3] {
			case "on":
				want = "true"
			case "off":
				want = "false"
			}
			if want != f.DefValue {
				t.Errorf("%s: its help says --%s is %q by default; the flag's default is %q", name, m[1], want, f.DefValue)
			}
		}
		texts := []string{c.Short, c.Long}
		c.Flags().VisitAll(func(f *pflag.Flag) { texts = append(texts, f.Usage) })
		for _, text := range texts {
			for _, m := range playerNamed.FindAllString(strings.Join(strings.Fields(text), " "), -1) {
				if m != player.Default+" player" {
					t.Errorf("%s: its help names %q; the default player is %s", name, m, player.Default)
				}
			}
		}
	}
	if checked < 100 || byDefaults < 2 {
		t.Errorf("only %d flags and %d \"by default\" statements read: the walk misses commands", checked, byDefaults)
	}
	// The defaults sim works out when --games is not given are stated in
	// its help: the quick round robin's and a sequential test's.
	out, _, _ := run(t, "sim", "--help")
	out = strings.Join(strings.Fields(out), " ")
	for _, want := range []string{
		strconv.Itoa(quickGames) + " games a matchup unless --games is given",
		"after at most --games games (" + strconv.Itoa(seqMaxGames) + " unless --games is given)",
		"the default player (" + player.Default + ")",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("sim --help does not say %q", want)
		}
	}
}

// zeroDefault says whether a flag's default is its type's zero value,
// which pflag does not show.
func zeroDefault(f *pflag.Flag) bool {
	switch f.DefValue {
	case "", "0", "false", "[]", "0s", "<nil>":
		return true
	}
	return false
}
