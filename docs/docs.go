// Package docs is the army language reference the binary prints:
// docs/dsl.md itself, embedded, so that `hexforge help dsl` and the page
// are one text and cannot drift apart (compiler/docs_test.go ties the page
// to the compiler's word tables in turn). It splits the page into topics
// by its headings and renders a topic for a terminal of 80 columns.
package docs

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
)

//go:embed dsl.md
var dslSource string

// Topic is a part of the language reference a designer asks for by name:
// `hexforge help NAME` prints the section under Heading with every
// subsection in it.
type Topic struct {
	Name    string
	Aliases []string
	Heading string // the heading's text in docs/dsl.md, without the #s
}

// Topics are the named parts of the reference, in the page's order. Every
// heading of the page is one of them or inside one (TestEveryHeadingHasATopic),
// so a new section is asked for by name or fails the test.
var Topics = []Topic{
	{"shape", []string{"syntax", "statements"}, "Shape of the language"},
	{"army", nil, "Army"},
	{"tokens", []string{"kinds"}, "Tokens"},
	{"token", nil, "Token statements"},
	{"directions", nil, "Directions"},
	{"edges", []string{"edge"}, "Edge features"},
	{"links", []string{"link", "modules"}, "Link effects"},
	{"traits", []string{"trait"}, "Traits"},
	{"immunities", []string{"immunity"}, "Immunities"},
	{"placement", []string{"place", "facing"}, "Placement rules"},
	{"expiry", []string{"until", "foundations"}, "Foundations that expire"},
	{"events", []string{"steps", "actions", "on"}, "Events and actions"},
	{"allowances", []string{"limits", "groups"}, "Allowances"},
	{"triggers", []string{"if"}, "Trigger conditions (if=)"},
	{"selectors", []string{"selector", "targets"}, "Selectors"},
	{"statuses", []string{"status", "give"}, "Statuses"},
	{"observers", []string{"when"}, "Observers"},
	{"conditions", []string{"expressions", "values"}, "Conditions and computed values"},
	{"attacks", []string{"strike", "attack"}, "Attacks outside a battle"},
	{"leaders", []string{"leader"}, "Leaders"},
	{"structures", []string{"structure"}, "Structures (`--structures`)"},
	{"layout", []string{"format", "starter"}, "Layout and a starting file"},
	{"diagnostics", []string{"errors"}, "Diagnostics"},
	{"example", nil, "A complete army"},
	{"gallery", nil, "The gallery"},
	{"fan", nil, "A fan army with the fan primitives"},
	{"variants", []string{"extends", "variant"}, "Variants"},
	{"boards", []string{"board"}, "Board files"},
}

// section is a heading of the page and its lines (the heading's included),
// up to the next heading of its level or above.
type section struct {
	level   int
	heading string
	lines   []string
}

// sections splits the page at its headings; a "#" line inside a code
// block is an army file's comment, not a heading.
func sections(src string) []section {
	var out []section
	fence := false
	for _, l := range strings.Split(strings.TrimRight(src, "\n"), "\n") {
		if strings.HasPrefix(l, "```") {
			fence = !fence
		}
		if lvl := headingLevel(l); !fence && lvl > 0 {
			out = append(out, section{level: lvl, heading: strings.TrimSpace(l[lvl:])})
		}
		if len(out) > 0 {
			out[len(out)-1].lines = append(out[len(out)-1].lines, l)
		}
	}
	return out
}

// headingLevel is the number of #s of a Markdown heading line, 0 for
// any other line.
func headingLevel(l string) int {
	n := len(l) - len(strings.TrimLeft(l, "#"))
	if n == 0 || n > 6 || !strings.HasPrefix(l[n:], " ") {
		return 0
	}
	return n
}

// lookup finds a topic by its name or an alias, case-insensitively.
func lookup(name string) (Topic, bool) {
	name = strings.ToLower(name)
	for _, t := range Topics {
		if t.Name == name || slices.Contains(t.Aliases, name) {
			return t, true
		}
	}
	return Topic{}, false
}

// IsTopic says whether name is a topic of the reference (or "dsl" itself).
func IsTopic(name string) bool {
	_, ok := lookup(name)
	return ok || strings.EqualFold(name, "dsl")
}

// Width is the terminal width the reference is rendered for.
const Width = 80

// Help is `hexforge help dsl [TOPIC]` and `hexforge help TOPIC`: for no
// topic (or "dsl"), the page's introduction and its shape section then
// the list of topics; for "all", the whole page; else the topic's section.
// An unknown topic is an error that lists the topics.
func Help(topic string) (string, error) {
	secs := sections(dslSource)
	var lines []string
	switch t, ok := lookup(topic); {
	case topic == "" || strings.EqualFold(topic, "dsl"):
		// The title and introduction, then the shape of a statement: what
		// every other topic assumes.
		for _, s := range secs {
			if s.level == 1 || s.heading == "Shape of the language" {
				lines = append(lines, s.lines...)
			}
		}
		return Render(lines, Width) + "\n" + TopicList(), nil
	case strings.EqualFold(topic, "all"):
		return Render(strings.Split(strings.TrimRight(dslSource, "\n"), "\n"), Width), nil
	case ok:
		for i, s := range secs {
			if s.heading != t.Heading {
				continue
			}
			lines = append(lines, s.lines...)
			for _, sub := range secs[i+1:] {
				if sub.level <= s.level {
					break
				}
				lines = append(lines, sub.lines...)
			}
			return Render(lines, Width), nil
		}
		return "", fmt.Errorf("internal error: topic %q names the heading %q, which docs/dsl.md does not have", t.Name, t.Heading)
	}
	return "", fmt.Errorf("no help topic %q\n%s", topic, TopicList())
}

// TopicList is the topics by name with their headings, one a line.
func TopicList() string {
	var b strings.Builder
	b.WriteString("Topics of the army language (hexforge help TOPIC; hexforge help dsl all\nprints the whole reference, which is docs/dsl.md):\n")
	for _, t := range Topics {
		fmt.Fprintf(&b, "  %-12s %s\n", t.Name, strings.ReplaceAll(t.Heading, "`", ""))
	}
	return b.String()
}
