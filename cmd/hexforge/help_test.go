package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hexforge/hexforge/docs"
)

// hexforge help dsl and its topics print docs/dsl.md's sections (package
// docs renders them), within 80 columns; a command's name still gives the
// command's help; an unknown topic is an error that lists the topics.
func TestHelpDSL(t *testing.T) {
	for _, c := range []struct {
		args  []string
		topic string // the docs.Help topic printed; "" for a command's help
		want  string
	}{
		{[]string{"help", "dsl"}, "dsl", "Topics of the army language"},
		{[]string{"help", "events"}, "events", "Events and actions\n"},
		{[]string{"help", "steps"}, "steps", "Events and actions\n"},
		{[]string{"help", "selectors"}, "selectors", "Selectors\n"},
		{[]string{"help", "dsl", "selectors"}, "selectors", "Selectors\n"},
		{[]string{"help", "dsl", "leaders"}, "leaders", "Leaders\n"},
		{[]string{"help", "dsl", "all"}, "all", "Board files\n"},
		{[]string{"help", "leaders"}, "", "Usage:\n  hexforge leaders"},
		{[]string{"help", "sim"}, "", "Usage:\n  hexforge sim"},
	} {
		out, stderr, code := run(t, c.args...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d, stderr %q, out lacks %q:\n%.300s", c.args, code, stderr, c.want, out)
			continue
		}
		if c.topic != "" {
			if want, _ := docs.Help(c.topic); out != want {
				t.Errorf("%v: not docs/dsl.md's %q section as package docs renders it", c.args, c.topic)
			}
			for i, l := range strings.Split(out, "\n") {
				if n := utf8.RuneCountInString(l); n > 80 {
					t.Errorf("%v line %d is %d columns: %s", c.args, i+1, n, l)
				}
			}
		}
	}
	for _, args := range [][]string{{"help", "evnets"}, {"help", "dsl", "evnets"}, {"help", "dsl", "events", "x"}} {
		_, stderr, code := run(t, args...)
		if code == 0 || !strings.Contains(stderr, "evnets") && !strings.Contains(stderr, "events x") || !strings.Contains(stderr, "  selectors    Selectors") ||
			args[len(args)-1] == "evnets" && !strings.Contains(stderr, `(did you mean "events"?)`) {
			t.Errorf("%v: exit %d, want non-zero and the topics listed:\n%s", args, code, stderr)
		}
		noPanic(t, strings.Join(args, " "), stderr)
	}
}
