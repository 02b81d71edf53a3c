package docs

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// The embedded reference is docs/dsl.md as it is on disk: the binary's
// help and the page are one text.
func TestEmbeddedIsThePage(t *testing.T) {
	raw, err := os.ReadFile("dsl.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(raw) != dslSource {
		t.Error("the embedded reference differs from docs/dsl.md")
	}
}

// Every heading of the page is a topic or inside one, and every topic
// names a heading the page has: a new section is asked for by name, and a
// renamed one fails here rather than in a designer's terminal.
func TestEveryHeadingHasATopic(t *testing.T) {
	secs := sections(dslSource)
	covered := map[string]bool{}
	for _, tp := range Topics {
		found := false
		for i, s := range secs {
			if s.heading != tp.Heading {
				continue
			}
			found = true
			covered[s.heading] = true
			for _, sub := range secs[i+1:] {
				if sub.level <= s.level {
					break
				}
				covered[sub.heading] = true
			}
		}
		if !found {
			t.Errorf("topic %q names the heading %q, which docs/dsl.md does not have", tp.Name, tp.Heading)
		}
	}
	for _, s := range secs {
		if s.level > 1 && !covered[s.heading] {
			t.Errorf("the heading %q of docs/dsl.md is in no topic: add one to Topics", s.heading)
		}
	}
}

var codeSpan = regexp.MustCompile("`[^`]+`")

// Each topic (the whole page too) fits 80 columns and loses no word of
// its section: every code span of the section's prose and tables, and
// every line of its code blocks, is in the rendered text.
func TestTopicsFit80AndKeepEveryWord(t *testing.T) {
	names := []string{"", "dsl", "all"}
	for _, tp := range Topics {
		names = append(names, tp.Name)
		names = append(names, tp.Aliases...)
	}
	for _, name := range names {
		out, err := Help(name)
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		for i, l := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(l); n > Width {
				t.Errorf("%q line %d is %d columns: %s", name, i+1, n, l)
			}
		}
		flat := strings.ReplaceAll(strings.Join(strings.Fields(out), " "), ` \ `, " ")
		src := topicSource(t, name)
		fence := false
		for _, l := range src {
			if strings.HasPrefix(l, "```") {
				fence = !fence
				continue
			}
			if fence {
				// A code line is kept whole, its comment perhaps moved
				// above it.
				code := l
				if c := commentAt(l); c >= 0 {
					code = strings.TrimRight(l[:c], " ")
				}
				if code = strings.Join(strings.Fields(code), " "); !strings.Contains(flat, code) {
					t.Errorf("%q lost the code line %q", name, l)
				}
				continue
			}
			for _, span := range codeSpan.FindAllString(strings.ReplaceAll(l, `\|`, "|"), -1) {
				if !strings.Contains(flat, strings.Join(strings.Fields(span), " ")) {
					t.Errorf("%q lost %s (from %q)", name, span, l)
				}
			}
		}
	}
}

// topicSource is the page's lines a topic renders.
func topicSource(t *testing.T, name string) []string {
	t.Helper()
	secs := sections(dslSource)
	switch name {
	case "all":
		return strings.Split(dslSource, "\n")
	case "", "dsl":
		var out []string
		for _, s := range secs {
			if s.level == 1 || s.heading == "Shape of the language" {
				out = append(out, s.lines...)
			}
		}
		return out
	}
	tp, _ := lookup(name)
	var out []string
	for i, s := range secs {
		if s.heading == tp.Heading {
			out = append(out, s.lines...)
			for _, sub := range secs[i+1:] {
				if sub.level <= s.level {
					break
				}
				out = append(out, sub.lines...)
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("topic %q has no lines", name)
	}
	return out
}

// The topics a designer asks for first are there, by their words; an
// unknown one is an error that lists them.
func TestHelpTopics(t *testing.T) {
	for name, want := range map[string]string{
		"events":    "Events and actions",
		"steps":     "Events and actions",
		"selectors": "Selectors",
		"edges":     "Edge features",
		"dsl":       "The hexforge army language",
		"EVENTS":    "Events and actions",
	} {
		out, err := Help(name)
		if err != nil || !strings.HasPrefix(out, want+"\n") {
			t.Errorf("%q: %v; want the section %q first:\n%.200s", name, err, want, out)
		}
	}
	_, err := Help("evnets")
	if err == nil || !strings.Contains(err.Error(), `no help topic "evnets"`) || !strings.Contains(err.Error(), "  selectors    Selectors") {
		t.Errorf("unknown topic: %v", err)
	}
}

// The renderer's pieces: a table row becomes its term with the meaning
// under it and further columns named; a code line too wide has its
// comment moved above it; a bar escaped in a cell is a bar.
func TestRender(t *testing.T) {
	got := Render([]string{
		"## Title",
		"A **bold** word and `code`, [a link](x.md).",
		"",
		"| statement | meaning | example |",
		"|---|---|---|",
		"| `place only\\|never: selector` | where it goes | `place only: hq` |",
		"",
		"```",
		"    warrior \"A\" {   # " + strings.Repeat("long comment ", 6),
		"```",
	}, 40)
	want := "Title\n=====\n\nA bold word and `code`, a link.\n\n  `place only|never: selector`\n      where it goes\n      example: `place only: hq`\n\n" +
		"        # long comment long comment long\n        # comment long comment long\n        # comment long comment\n        warrior \"A\" {\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
