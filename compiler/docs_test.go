package compiler

import (
	"os"
	"regexp"
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
