package lsp

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/compiler"
)

// The VS Code extension in editors/vscode is not Go, but its files are
// data a test can read: they must be valid JSON, name each other
// correctly, and the grammar must colour exactly the words the compiler
// knows, so that the two cannot drift apart.

const vscodeDir = "../editors/vscode"

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(vscodeDir, name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s is not valid JSON: %v", name, err)
	}
}

// grammar is the part of a TextMate grammar the tests read.
type grammar struct {
	ScopeName  string          `json:"scopeName"`
	Patterns   []rule          `json:"patterns"`
	Repository map[string]rule `json:"repository"`
}

type rule struct {
	Include  string          `json:"include"`
	Name     string          `json:"name"`
	Match    string          `json:"match"`
	Begin    string          `json:"begin"`
	End      string          `json:"end"`
	Patterns []rule          `json:"patterns"`
	Captures map[string]rule `json:"captures"`
}

func TestVSCodeExtension(t *testing.T) {
	var pkg struct {
		Main        string `json:"main"`
		Contributes struct {
			Languages []struct {
				ID            string   `json:"id"`
				Extensions    []string `json:"extensions"`
				Configuration string   `json:"configuration"`
			} `json:"languages"`
			Grammars []struct {
				Language, ScopeName, Path string
			} `json:"grammars"`
		} `json:"contributes"`
	}
	readJSON(t, "package.json", &pkg)
	var g grammar
	if len(pkg.Contributes.Grammars) != 1 || len(pkg.Contributes.Languages) != 1 {
		t.Fatalf("package.json contributes %d grammars and %d languages, want one of each", len(pkg.Contributes.Grammars), len(pkg.Contributes.Languages))
	}
	gr, lang := pkg.Contributes.Grammars[0], pkg.Contributes.Languages[0]
	readJSON(t, gr.Path, &g)
	if gr.ScopeName != g.ScopeName || gr.Language != lang.ID || !slices.Contains(lang.Extensions, ".army") {
		t.Errorf("package.json grammar %+v, language %+v: they must name each other, the grammar's scope %q and .army", gr, lang, g.ScopeName)
	}
	var conf struct {
		Comments struct{ LineComment string } `json:"comments"`
	}
	readJSON(t, lang.Configuration, &conf)
	if conf.Comments.LineComment != "#" {
		t.Errorf("language configuration: line comment %q, want #", conf.Comments.LineComment)
	}
	js, err := os.ReadFile(filepath.Join(vscodeDir, pkg.Main))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), "'lsp'") {
		t.Errorf("%s does not start hexforge lsp", pkg.Main)
	}

	// Every include names a rule, and every regular expression compiles
	// (the grammar keeps to what Go's RE2 and VS Code's Oniguruma share).
	var check func(where string, r rule)
	check = func(where string, r rule) {
		if name, ok := strings.CutPrefix(r.Include, "#"); ok {
			if _, ok := g.Repository[name]; !ok {
				t.Errorf("%s includes %s, which the repository lacks", where, r.Include)
			}
		}
		for _, re := range []string{r.Match, r.Begin, r.End} {
			if _, err := regexp.Compile(re); re != "" && err != nil {
				t.Errorf("%s: %v", where, err)
			}
		}
		for i, p := range r.Patterns {
			check(fmt.Sprintf("%s/patterns/%d", where, i), p)
		}
	}
	for i, p := range g.Patterns {
		check(fmt.Sprintf("patterns/%d", i), p)
	}
	for name, r := range g.Repository {
		check(name, r)
	}
}

// alternation reads the words of a match written (?i)\b(?:a|b|c)\b.
var alternation = regexp.MustCompile(`\(\?:([^()]*)\)`)

// TestGrammarWords checks that the grammar colours the compiler's words:
// each word list of the grammar is exactly its share of the vocabulary, and
// every word of the vocabulary is in one of them.
func TestGrammarWords(t *testing.T) {
	var g grammar
	readJSON(t, "syntaxes/army.tmLanguage.json", &g)
	v := compiler.Vocabulary()
	want := map[string][]string{
		"keywords":     Keywords(),
		"directions":   Directions(),
		"events":       v["event"],
		"actions":      v["action"],
		"named-values": v["named value"],
	}
	// words: every other word of the vocabulary, not coloured above.
	taken := map[string]bool{}
	for _, ws := range want {
		for _, w := range ws {
			taken[strings.ToLower(w)] = true
		}
	}
	var rest []string
	for _, kind := range slices.Sorted(maps.Keys(v)) {
		if slices.Contains(compiler.ExpressionKinds, kind) {
			continue // written inside a quoted expression, which the grammar colours as a string
		}
		for _, w := range v[kind] {
			if !taken[strings.ToLower(w)] {
				rest = append(rest, w)
			}
		}
	}
	want["words"] = rest
	for name, ws := range want {
		r, ok := g.Repository[name]
		if !ok {
			t.Errorf("grammar has no %q rule", name)
			continue
		}
		m := alternation.FindStringSubmatch(r.Match)
		if m == nil {
			t.Errorf("grammar rule %q: match %q is not (?i)\\b(?:word|word)\\b", name, r.Match)
			continue
		}
		got := strings.Split(m[1], "|")
		wantSet := slices.Compact(slices.Sorted(slices.Values(ws)))
		slices.Sort(got)
		if !slices.Equal(got, wantSet) {
			t.Errorf("grammar rule %q lists\n  %s\nwant (from the compiler's vocabulary)\n  %s", name, strings.Join(got, "|"), strings.Join(wantSet, "|"))
		}
	}
}
