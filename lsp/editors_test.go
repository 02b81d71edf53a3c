package lsp

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
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
		for k, c := range r.Captures {
			check(fmt.Sprintf("%s/captures/%s", where, k), c)
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

// scopeOf colours line as VS Code's TextMate engine does, to the extent
// the grammar needs: at each place the rule whose match starts first wins
// (the earlier rule on a tie), a match's captures are coloured by their
// names or read with their own patterns, and a begin/end rule (a string)
// runs to its end. It returns the innermost scope of each byte ("" where
// no rule matched).
func scopeOf(t *testing.T, g grammar, line string) []string {
	t.Helper()
	scopes := make([]string, len(line))
	paint := func(from, to int, name string) {
		if name != "" {
			for i := from; i < to; i++ {
				scopes[i] = name
			}
		}
	}
	var expand func(rs []rule) []rule
	expand = func(rs []rule) []rule {
		var out []rule
		for _, r := range rs {
			if name, ok := strings.CutPrefix(r.Include, "#"); ok {
				out = append(out, expand([]rule{g.Repository[name]})...)
				continue
			}
			if r.Match == "" && r.Begin == "" {
				out = append(out, expand(r.Patterns)...)
				continue
			}
			out = append(out, r)
		}
		return out
	}
	var run func(rs []rule, from, to int)
	run = func(rs []rule, from, to int) {
		rs = expand(rs)
		for pos := from; pos < to; {
			best, bestAt := -1, to
			var bestM []int
			for i, r := range rs {
				re := r.Match
				if re == "" {
					re = r.Begin
				}
				m := regexp.MustCompile(re).FindStringSubmatchIndex(line[pos:to])
				if m != nil && pos+m[0] < bestAt {
					best, bestAt, bestM = i, pos+m[0], m
				}
			}
			if best < 0 {
				return
			}
			r := rs[best]
			for k := range bestM {
				if bestM[k] >= 0 {
					bestM[k] += pos
				}
			}
			end := bestM[1]
			if r.Begin != "" {
				// A string: to its end, its escapes inside.
				e := regexp.MustCompile(r.End).FindStringIndex(line[end:to])
				stop := to
				if e != nil {
					stop = end + e[1]
				}
				paint(bestM[0], stop, r.Name)
				end = stop
			} else {
				paint(bestM[0], bestM[1], r.Name)
				for k, c := range r.Captures {
					n, err := strconv.Atoi(k)
					if err != nil || 2*n+1 >= len(bestM) || bestM[2*n] < 0 {
						t.Fatalf("capture %q of %q", k, r.Match)
					}
					paint(bestM[2*n], bestM[2*n+1], c.Name)
					if len(c.Patterns) > 0 {
						run(c.Patterns, bestM[2*n], bestM[2*n+1])
					}
				}
			}
			if end == pos {
				end++ // an empty match: move on
			}
			pos = end
		}
	}
	run(g.Patterns, 0, len(line))
	return scopes
}

// TestGrammarScopesStepWords: the grammar colours move, net, push, pull
// and discard as steps only where they are steps (after an ability's
// colon, or on a line continuing its steps); in an edge, link, global or
// trait statement, as cost=discard, in a string or a comment they are
// what they are there.
func TestGrammarScopesStepWords(t *testing.T) {
	var g grammar
	readJSON(t, "syntaxes/army.tmLanguage.json", &g)
	const (
		step    = "support.function.action.army"
		feature = "support.constant.army"
		str     = "string.quoted.double.army"
		comment = "comment.line.number-sign.army"
		keyword = "keyword.other.army"
	)
	for _, tc := range []struct {
		line string
		n    int // the word's occurrence, from 0
		word string
		want string
	}{
		{"        edge S: net", 0, "net", feature},
		{"        edge N, NE: melee 1, net # a net edge", 0, "net", feature},
		{"        edge N, NE: melee 1, net # a net edge", 1, "net", comment},
		{"        link all: move +1", 0, "move", feature},
		{"        link N: grant push", 0, "push", feature},
		{"        global friend: move +1", 0, "move", feature},
		{"        trait push, heavy", 0, "push", feature},
		{"        trait pull if=\"count(enemy adjacent) >= 2\"", 0, "pull", feature},
		{"        on play: net every adjacent", 0, "net", step},
		{"        on turn_start: move 1 unit=self toward=nearest_enemy", 0, "move", step},
		{"        on placed: enemy push, pull in_line", 0, "push", step},
		{"            pull in_line", 0, "pull", step}, // a continuation line
		{"        on own_turn cost=discard: discard 1", 0, "discard", feature},
		{"        on own_turn cost=discard: discard 1", 1, "discard", step},
		{`    instant "Net" { on play: net }`, 0, "Net", str},
		{`    instant "Net" { on play: net }`, 0, "net", step},
		{`    warrior "W" { edge N: net; on placed: push }`, 0, "net", feature},
		{`    warrior "W" { edge N: net; on placed: push }`, 0, "push", step},
		{`    warrior "W" { edge N: net }  # then push`, 0, "push", comment},
		{`        when moved friend: move 1 unit=event`, 1, "move", step},
		// Statement words inside a statement: an effect's word as the
		// effect, any other as the statement word it is.
		{"        link all: initiative +1", 0, "link", keyword},
		{"        link all: initiative +1", 0, "initiative", feature},
		{"        link N, NE: melee +1, toughness +1", 0, "toughness", feature},
		{"        edge N: link", 0, "link", keyword},
		{"        edge N: melee 1, link # not an edge feature", 0, "link", keyword},
		{`    hq "HQ" { edge all: melee 1; link all: initiative +1 }`, 0, "link", keyword},
		{"        initiative 2", 0, "initiative", keyword},
	} {
		scopes := scopeOf(t, g, tc.line)
		at := -1
		for i, from := 0, 0; i <= tc.n; i++ {
			k := strings.Index(tc.line[from:], tc.word)
			if k < 0 {
				t.Fatalf("%q has no %q number %d", tc.line, tc.word, tc.n)
			}
			at = from + k
			from = at + len(tc.word)
		}
		if got := scopes[at]; got != tc.want {
			t.Errorf("%q: %s (number %d) is %q, want %q", tc.line, tc.word, tc.n, got, tc.want)
		}
	}
}

// TestKeywordsAsEffects: the grammar's list of statement words that are
// coloured as effects inside a statement is exactly the keywords that are
// also a word of an effect kind (link, global, standing, status effect).
func TestKeywordsAsEffects(t *testing.T) {
	var g grammar
	readJSON(t, "syntaxes/army.tmLanguage.json", &g)
	v := compiler.Vocabulary()
	var want []string
	for kind, ws := range v {
		if !strings.HasSuffix(kind, "effect") {
			continue
		}
		for _, w := range ws {
			if slices.ContainsFunc(Keywords(), func(k string) bool { return strings.EqualFold(k, w) }) {
				want = append(want, strings.ToLower(w))
			}
		}
	}
	want = slices.Compact(slices.Sorted(slices.Values(want)))
	m := alternation.FindStringSubmatch(g.Repository["keywords-as-effects"].Match)
	if m == nil {
		t.Fatal("no keywords-as-effects rule of the form (?i)\\b(?:a|b)\\b")
	}
	got := strings.Split(m[1], "|")
	slices.Sort(got)
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("keywords-as-effects lists %v, want %v", got, want)
	}
}

// TestStepWordsAsFeatures: the grammar's list of steps' words in another
// role is exactly the actions that are also a word of another kind of
// the vocabulary (outside expressions, which are strings).
func TestStepWordsAsFeatures(t *testing.T) {
	var g grammar
	readJSON(t, "syntaxes/army.tmLanguage.json", &g)
	v := compiler.Vocabulary()
	var want []string
	for kind, ws := range v {
		if kind == "action" || kind == "computed step" || slices.Contains(compiler.ExpressionKinds, kind) {
			continue // a computed step is a step (one that takes a computed amount)
		}
		for _, w := range ws {
			if slices.Contains(v["action"], w) {
				want = append(want, w)
			}
		}
	}
	want = slices.Compact(slices.Sorted(slices.Values(want)))
	m := alternation.FindStringSubmatch(g.Repository["step-words-as-features"].Match)
	if m == nil {
		t.Fatal("no step-words-as-features rule of the form (?i)\\b(?:a|b)\\b")
	}
	got := strings.Split(m[1], "|")
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("step-words-as-features lists %v, want %v", got, want)
	}
}
