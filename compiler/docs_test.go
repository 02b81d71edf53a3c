package compiler

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The complete armies in docs/dsl.md and the example in README.md must compile
// cleanly: documentation that does not compile teaches mistakes.
func TestDocsExamplesCompile(t *testing.T) {
	cases := []struct {
		file  string
		fence *regexp.Regexp
	}{
		{"../docs/dsl.md", regexp.MustCompile("(?s)```army\n(.*?)```")},
		{"../README.md", regexp.MustCompile("(?s)```\n(army .*?)```")},
	}
	for _, c := range cases {
		raw, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		all := c.fence.FindAllSubmatch(raw, -1)
		if all == nil {
			t.Fatalf("%s: no army example found", c.file)
		}
		for _, m := range all {
			res := CompileSource(c.file, m[1])
			if len(res.Diags) > 0 || (len(res.Armies) != 1 && len(res.Leaders) == 0) { // an army, or leader cards
				t.Errorf("%s example: %d armies, diagnostics:\n%v", c.file, len(res.Armies), res.Diags)
			}
		}
	}
}

// TestDocsListEveryWord: every word the compiler accepts (Vocabulary, its
// word tables) is in docs/dsl.md as code, a code span or a code block:
// the page is the language reference, and `hexforge help dsl` prints it
// (package docs embeds it), so a word added to a table without its line
// in the page fails here instead of being a word no help mentions.
func TestDocsListEveryWord(t *testing.T) {
	raw, err := os.ReadFile("../docs/dsl.md")
	if err != nil {
		t.Fatal(err)
	}
	code := map[string]bool{}
	var all strings.Builder // every piece of code, for the operators
	word := regexp.MustCompile(`[\p{L}_][\p{L}\p{N}_]*`)
	add := func(s string) {
		all.WriteString(s + "\n")
		for _, w := range word.FindAllString(s, -1) {
			code[strings.ToLower(w)] = true
		}
	}
	for _, m := range regexp.MustCompile("(?s)```[a-z]*\n(.*?)```").FindAllStringSubmatch(string(raw), -1) {
		add(m[1])
	}
	for _, m := range regexp.MustCompile("`([^`\n]+)`").FindAllStringSubmatch(string(raw), -1) {
		add(m[1])
	}
	var kinds []string
	for k := range Vocabulary() {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	n := 0
	for _, k := range kinds {
		for _, w := range Vocabulary()[k] {
			n++
			if !code[strings.ToLower(w)] && (word.MatchString(w) || !strings.Contains(all.String(), w)) {
				t.Errorf("%s %q is not in docs/dsl.md (as code): document it there, which hexforge help dsl prints", k, w)
			}
		}
	}
	if n < 200 {
		t.Errorf("only %d words in the vocabulary: the test reads the wrong tables", n)
	}
}
