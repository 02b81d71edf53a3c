package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestEveryListedFormatIsWritten: for every command with a --format flag,
// each format its --help lists is written (exit 0, some output), and a
// format it does not list is refused, naming it. A new command with
// --format and no case here fails the test, so none can list a format it
// refuses.
func TestEveryListedFormatIsWritten(t *testing.T) {
	dir := t.TempDir()
	shard := filepath.Join(dir, "shard.json")
	if _, stderr, code := run(t, "sim", "moloch", "borgo", "--games", "2", "--format", "json", "--out", shard); code != 0 {
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
		"sim":        {"moloch", "borgo", "--games", "2"},
		"merge":      {shard},
		"importance": {"moloch", "--vs", "borgo", "--games", "2"},
		"sweep":      {"moloch/Gauss Cannon.count=1..2", "--vs", "borgo", "--games", "2"},
		"ladder":     {"moloch", "borgo", "--games", "1", "--levels", "random,greedy"},
		"card":       {"moloch"},
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
		for _, format := range formats {
			stdout, stderr, code := run(t, append([]string{c.Name(), "--format", format}, base...)...)
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

var snakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

var numberText = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?%?$`)

// textKeys hold text that may read as a number: a sweep's value is the
// override as written (a field need not be a number), and a card's
// initiative_words is what it prints ("3", or "2, 1 + agony"; the numbers
// are in initiatives).
var textKeys = map[string]bool{"value": true, "initiative_words": true}

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
	run(t, "sim", "moloch", "borgo", "--games", "2", "--shard", "0/2", "--format", "json", "--out", shard)
	for _, args := range [][]string{
		{"sim", "moloch", "borgo", "--games", "2"},
		{"sim", "moloch", "borgo", "vegas", "--games", "2"},
		{"merge", shard},
		{"importance", "moloch", "--vs", "borgo", "--games", "2"},
		{"sweep", "moloch/Gauss Cannon.count=1..2", "--vs", "borgo", "--games", "2"},
		{"ladder", "moloch", "borgo", "--games", "1", "--levels", "random,greedy"},
		{"card", "moloch"},
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

// TestDocsCiteNoMachinePaths: the docs, the README and the armies cite the rulebooks by title and edition, never by where a file lay
// on someone's machine (a home directory, a download, a PDF's path).
func TestDocsCiteNoMachinePaths(t *testing.T) {
	machine := regexp.MustCompile(`/home/|/Users/|/root/|/mnt/|(^|[\s"'(])[A-Z]:\\[A-Za-z]|Downloads/|\.pdf\b`)
	err := filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "../.." || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		switch filepath.Ext(path) {
		case ".md", ".army", ".json", ".yaml", ".yml": // what cites; code may show a path as an example
		default:
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for n, l := range strings.Split(string(b), "\n") {
			if m := machine.FindString(l); m != "" {
				t.Errorf("%s:%d names a machine's path (%q): %s", path, n+1, m, strings.TrimSpace(l))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	rules, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rules), "Neuroshima Hex 3.0") {
		t.Error("docs/rules.md does not cite the rulebook by title and edition (Neuroshima Hex 3.0)")
	}
}

// TestEditorsGuide: docs/editors.md tells Neovim and Helix users how to
// start hexforge lsp, as the issue asked besides the VS Code extension.
func TestEditorsGuide(t *testing.T) {
	b, err := os.ReadFile("../../docs/editors.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Neovim", "## Helix", "hexforge", "lsp"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("docs/editors.md lacks %q", want)
		}
	}
}

// TestWatchValidatesGames: watch refuses a --games out of range as a
// flag, before it prints its start line or watches anything.
func TestWatchValidatesGames(t *testing.T) {
	for _, g := range []string{"0", "-4", "1000000000000"} {
		stdout, stderr, code := run(t, "watch", "testdata/clean.army", "--vs", "borgo", "--games", g)
		if code == 0 || !strings.Contains(stderr, "--games") || strings.Contains(stdout, "watching") {
			t.Errorf("--games %s: exit %d\nstdout %s\nstderr %s", g, code, stdout, stderr)
		}
	}
}

// TestArmyNamesOneWay: a report names each army by its name in the army
// file (Moloch), whether the command was given the short name (moloch) or
// a path, never the one in one place and the other elsewhere.
func TestArmyNamesOneWay(t *testing.T) {
	for _, ref := range []string{"moloch", "../../armies/moloch.army"} {
		for _, args := range [][]string{
			{"sim", ref, "borgo", "--games", "2"},
			{"sim", ref, "borgo", "vegas", "--games", "2"},
			{"importance", ref, "--vs", "borgo", "--games", "2"},
			{"sweep", ref + "/Gauss Cannon.count=1..2", "--vs", "borgo", "--games", "2"},
			{"sweep", ref + "/Gauss Cannon.count=1..2", "--vs", "borgo", "--games", "2", "--format", "csv"},
			{"ladder", ref, "borgo", "--games", "1", "--levels", "random,greedy"},
			{"diff", ref, "borgo", "--sim", "--vs", "vegas", "--games", "2"},
			{"card", ref},
		} {
			stdout, stderr, code := run(t, args...)
			if code != 0 {
				t.Errorf("%v: exit %d\n%s", args, code, stderr)
				continue
			}
			if !strings.Contains(stdout, "Moloch") || strings.Contains(stdout, "moloch") || strings.Contains(stdout, ".army") {
				t.Errorf("%v: the report does not name Moloch one way:\n%.800s", args, stdout)
			}
		}
	}
}

// TestWrongArgumentsSayUsage: a wrong number of arguments says what the
// command takes, not only cobra's count.
func TestWrongArgumentsSayUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"new"}, "usage: hexforge new NAME"},
		{[]string{"replay", "a", "b"}, "usage: hexforge replay TRACE"},
		{[]string{"diff", "moloch"}, "usage: hexforge diff A B"},
		{[]string{"dump"}, "usage: hexforge dump FILE|ARMY"},
	} {
		_, stderr, code := run(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, "arg(s), received") {
			t.Errorf("%v: exit %d\n%s", c.args, code, stderr)
		}
	}
}

// TestTokenDidYouMean: a misspelt token in --set or a sweep gets a
// did-you-mean, as a misspelt army does; the sweep's error names the
// argument the user wrote, not a --set they never gave.
func TestTokenDidYouMean(t *testing.T) {
	_, stderr, code := run(t, "sim", "moloch", "borgo", "--set", "moloch/Gaus Cannon.initiative=3", "--games", "10000000")
	if code != 2 || !strings.Contains(stderr, `has no token "Gaus Cannon" (did you mean "Gauss Cannon"?)`) {
		t.Errorf("--set: exit %d\n%s", code, stderr)
	}
	_, stderr, code = run(t, "sweep", "moloch/Gauss.count=1..2", "--vs", "borgo", "--games", "10000000")
	if code != 2 || !strings.Contains(stderr, `sweep "moloch/Gauss.count=1..2": army "Moloch" has no token "Gauss" (did you mean "Gauss Cannon"?)`) || strings.Contains(stderr, "--set") {
		t.Errorf("sweep: exit %d\n%s", code, stderr)
	}
}
