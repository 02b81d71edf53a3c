package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hexforge/hexforge/report"
)

// parens are the asides of a --format flag's help ("csv (one tidy table)").
var parens = regexp.MustCompile(`\([^)]*\)`)

// formatsOf reads the formats a --format flag's help lists ("output
// format: table, markdown, csv, html (one page) or json").
func formatsOf(usage string) []string {
	_, list, ok := strings.Cut(usage, "format:")
	if !ok {
		return nil
	}
	list = parens.ReplaceAllString(list, "")
	var out []string
	for _, f := range strings.FieldsFunc(strings.ReplaceAll(list, " or ", ","), func(r rune) bool { return r == ',' }) {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

var snakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

var numberText = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?%?$`)

// textKeys hold text that may read as a number: a sweep's value is the
// override as written (a field need not be a number), and a card's
// initiative_words is what it prints ("3", or "2, 1 + agony"; the numbers
// are in initiatives).
var textKeys = map[string]bool{"value": true, "initiative_words": true}

// TestEveryListedFormatIsWritten: for every command with a --format flag,
// each format its --help lists is written (exit 0, some output), and a
// format it does not list is refused, naming it. A new command with
// --format and no case here fails the test, so none can list a format it
// refuses. The greedy player plays: a format does not depend on who plays.
func TestEveryListedFormatIsWritten(t *testing.T) {
	dir := t.TempDir()
	shard := filepath.Join(dir, "shard.json")
	if _, stderr, code := run(t, "sim", "moloch", "borgo", "--games", "2", "--players", "greedy", "--format", "json", "--out", shard); code != 0 {
		t.Fatal(stderr)
	}
	trace := filepath.Join(dir, "game.jsonl")
	if _, stderr, code := run(t, "play", "moloch", "borgo", "--trace", trace); code != 0 {
		t.Fatal(stderr)
	}
	rr := filepath.Join(dir, "rr.json")
	if _, stderr, code := run(t, "sim", "--all", "--games", "2", "--players", "greedy", "--format", "json", "--out", rr); code != 0 {
		t.Fatal(stderr)
	}
	args := map[string][]string{
		"agree":      {rr, rr},
		"sim":        {"moloch", "borgo", "--games", "2", "--players", "greedy"},
		"merge":      {shard},
		"importance": {"moloch", "--vs", "borgo", "--games", "2", "--players", "greedy"},
		"balance":    {"../../study/testdata/balance/weak-borgo.army", "--vs", "borgo", "--players", "greedy", "--budget", "200", "--knobs", "Net Fighter.count"},
		"sweep":      {"moloch/Gauss Cannon.count=1..2", "--vs", "borgo", "--games", "2", "--players", "greedy"},
		"ladder":     {"moloch", "borgo", "--games", "1", "--levels", "random,greedy"},
		"choices":    {"moloch", "--vs", "borgo", "--games", "2", "--players", "greedy", "--ask", "random"},
		"card":       {"moloch"},
		"report":     {"moloch", "--vs", "borgo", "--players", "greedy", "--budget", "100"},
		"dump":       {"moloch"},
		"battle":     {"../../armies/testdata/signatures/moloch_clown.pos"},
		"replay":     {trace},
	}
	for _, c := range newRoot().Commands() {
		f := c.Flags().Lookup("format")
		if f == nil {
			continue
		}
		base, ok := args[c.Name()]
		if !ok {
			t.Errorf("%s has --format and no case in this test", c.Name())
			continue
		}
		formats := formatsOf(f.Usage)
		if len(formats) < 2 {
			t.Errorf("%s --format lists %q", c.Name(), formats)
		}
		// Completion offers the formats the flag accepts: the help must
		// list the same.
		if accepted := f.Value.(*report.FormatFlag).Names(); !slices.Equal(formats, accepted) {
			t.Errorf("%s --format lists %q in its help and accepts %q", c.Name(), formats, accepted)
		}
		for _, format := range formats {
			args := append([]string{c.Name(), "--format", format}, base...)
			if c.Name() == "card" && format == "print" {
				// Pages go to files; standard output says where.
				args = append(args, "--out", filepath.Join(dir, "sheets.svg"))
			}
			stdout, stderr, code := run(t, args...)
			if code != 0 || stdout == "" {
				t.Errorf("%s --format %s, listed in its help: exit %d\n%s", c.Name(), format, code, stderr)
			}
		}
		// Refused before any work: with ten million games a run that
		// played first would not come back.
		bad := append([]string{c.Name(), "--format", "xml"}, base...)
		for i := range bad {
			if bad[i] == "--games" {
				bad[i+1] = "10000000"
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, stderr, code := runCtx(t, ctx, bad...)
		cancel()
		if code == 0 || !strings.Contains(stderr, `unknown format "xml"`) {
			t.Errorf("%s --format xml: exit %d\n%s", c.Name(), code, stderr)
		}
	}
}

// jsonKeys collects the object keys of a decoded JSON value, and the
// values that are strings holding a number ("0.52": a number written as
// text).
func jsonKeys(v any, keys map[string]bool, numText *[]string) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			keys[k] = true
			if s, ok := e.(string); ok && !textKeys[k] && numberText.MatchString(s) {
				*numText = append(*numText, k+": "+s)
			}
			jsonKeys(e, keys, numText)
		}
	case []any:
		for _, e := range x {
			if s, ok := e.(string); ok && numberText.MatchString(s) {
				*numText = append(*numText, s)
			}
			jsonKeys(e, keys, numText)
		}
	}
}

// TestJSONKeysSnakeCaseNumbersNumbers: every JSON report's keys are
// snake_case, and no number is written as a string.
func TestJSONKeysSnakeCaseNumbersNumbers(t *testing.T) {
	dir := t.TempDir()
	shard := filepath.Join(dir, "shard.json")
	run(t, "sim", "moloch", "borgo", "--games", "2", "--players", "greedy", "--shard", "0/2", "--format", "json", "--out", shard)
	for _, args := range [][]string{ // the greedy player: keys do not depend on who plays
		{"sim", "moloch", "borgo", "--games", "2", "--players", "greedy"},
		{"sim", "moloch", "borgo", "vegas", "--games", "2", "--players", "greedy"},
		{"merge", "--allow-partial", shard},
		{"importance", "moloch", "--vs", "borgo", "--games", "2", "--players", "greedy"},
		{"sweep", "moloch/Gauss Cannon.count=1..2", "--vs", "borgo", "--games", "2", "--players", "greedy"},
		{"ladder", "moloch", "borgo", "--games", "1", "--levels", "random,greedy"},
		{"card", "moloch"},
		{"report", "moloch", "--vs", "borgo", "--vs", "outpost", "--players", "greedy", "--budget", "200"},
		{"dump", "moloch"},
		{"battle", "../../armies/testdata/signatures/moloch_clown.pos"},
	} {
		stdout, stderr, code := run(t, append(args, "--format", "json")...)
		if code != 0 {
			t.Errorf("%v: exit %d\n%s", args, code, stderr)
			continue
		}
		var v any
		if err := json.Unmarshal([]byte(stdout), &v); err != nil {
			t.Errorf("%v: not JSON: %v", args, err)
			continue
		}
		keys, numText := map[string]bool{}, []string{}
		jsonKeys(v, keys, &numText)
		for k := range keys {
			if !snakeCase.MatchString(k) {
				t.Errorf("%v: key %q is not snake_case", args, k)
			}
		}
		if len(numText) > 0 {
			t.Errorf("%v: numbers written as strings: %q", args, numText)
		}
	}
}
