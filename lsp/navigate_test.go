package lsp

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// navArmy names its tokens from abilities: Runner from the HQ's free_if,
// the Scout by its alias from a selector's name=.
const navArmy = `army "Nav" {
    size 3
    hq "HQ" {
        initiative 0
        toughness 20
        edge all: melee 1
        on own_turn cost=1 free_if="Runner": net markers=1
    }
    warrior "Runner" {
        count 1
        initiative 2
        toughness 1
        edge N: melee 1
        on placed: push name="Scout" away=self
    }
    warrior "Scout" {
        alias "Zwiadowca"
        count 1
        initiative 3
        toughness 1
        edge N: ranged 1
        on placed: push name="Runner" away=self, push name="Zwiadowca" away=self optional
    }
}
`

func docPos(c *client, u protocol.DocumentURI, p protocol.Position) protocol.TextDocumentPositionParams {
	return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: p}
}

// strAt is the range of the n-th occurrence (from 0) of the quoted name on
// its line, quotes included, as the server reports a token's string.
func strAt(t *testing.T, src, name string, n int) protocol.Range {
	t.Helper()
	q := `"` + name + `"`
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		for j := 0; ; {
			k := strings.Index(l[j:], q)
			if k < 0 {
				break
			}
			if n == 0 {
				start := protocol.Position{Line: uint32(i), Character: uint32(units(l[:j+k]))}
				end := start
				end.Character += uint32(units(q))
				return protocol.Range{Start: start, End: end}
			}
			n--
			j += k + 1
		}
	}
	t.Fatalf("no %s in the source", q)
	return protocol.Range{}
}

// TestSymbols: the outline is the army, its tokens and their abilities.
func TestSymbols(t *testing.T) {
	c := start(t)
	u := c.open(filepath.Join(t.TempDir(), "nav.army"), navArmy)
	if got := c.published(u); len(got) != 0 {
		t.Fatalf("navArmy: %+v", got)
	}
	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}, &syms)
	var got []string
	var walk func(ss []protocol.DocumentSymbol, depth int)
	walk = func(ss []protocol.DocumentSymbol, depth int) {
		for _, s := range ss {
			got = append(got, strings.Repeat(".", depth)+s.Name+" ("+s.Detail+")")
			if !inRange(s.Range, s.SelectionRange.Start) || !inRange(s.Range, s.SelectionRange.End) {
				t.Errorf("%s: selection %+v outside its range %+v", s.Name, s.SelectionRange, s.Range)
			}
			walk(s.Children, depth+1)
		}
	}
	walk(syms, 0)
	want := []string{
		"Nav (army)",
		".HQ (hq)", "..on own_turn cost=1 free_if=\"Runner\" (ability)",
		".Runner (warrior)", "..on placed (ability)",
		".Scout (warrior)", "..on placed (ability)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("symbols:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(syms) == 1 && len(syms[0].Children) == 3 {
		runner := syms[0].Children[1]
		if runner.SelectionRange != strAt(t, navArmy, "Runner", 1) || runner.Range.Start.Line != 8 || runner.Range.End.Line != 14 {
			t.Errorf("Runner: range %+v selection %+v, want lines 8-14 and its name", runner.Range, runner.SelectionRange)
		}
	}
}

// TestDefinitionAndReferences: from a string naming a token (by its name
// or an alias) to the token's declaration, and from either to every string
// that names it.
func TestDefinitionAndReferences(t *testing.T) {
	c := start(t)
	u := c.open(filepath.Join(t.TempDir(), "nav.army"), navArmy)
	c.published(u)
	inside := func(r protocol.Range) protocol.Position { p := r.Start; p.Character += 2; return p }
	for _, tc := range []struct {
		name string
		from protocol.Range
		decl protocol.Range
		refs []protocol.Range // without the declaration
	}{
		{"free_if", strAt(t, navArmy, "Runner", 0), strAt(t, navArmy, "Runner", 1), []protocol.Range{strAt(t, navArmy, "Runner", 0), strAt(t, navArmy, "Runner", 2)}},
		{"the declaration", strAt(t, navArmy, "Runner", 1), strAt(t, navArmy, "Runner", 1), []protocol.Range{strAt(t, navArmy, "Runner", 0), strAt(t, navArmy, "Runner", 2)}},
		{"an alias", strAt(t, navArmy, "Zwiadowca", 1), strAt(t, navArmy, "Scout", 1), []protocol.Range{strAt(t, navArmy, "Scout", 0), strAt(t, navArmy, "Zwiadowca", 1)}},
	} {
		var locs []protocol.Location
		c.call(protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{TextDocumentPositionParams: docPos(c, u, inside(tc.from))}, &locs)
		if len(locs) != 1 || locs[0].URI != u || locs[0].Range != tc.decl {
			t.Errorf("%s: definition %+v, want %+v", tc.name, locs, tc.decl)
		}
		for _, decl := range []bool{false, true} {
			locs = nil
			c.call(protocol.MethodTextDocumentReferences, &protocol.ReferenceParams{TextDocumentPositionParams: docPos(c, u, inside(tc.from)),
				Context: protocol.ReferenceContext{IncludeDeclaration: decl}}, &locs)
			want := slices.Clone(tc.refs)
			if decl {
				want = append(want, tc.decl)
			}
			var got []protocol.Range
			for _, l := range locs {
				got = append(got, l.Range)
			}
			less := func(a, b protocol.Range) int {
				return int(a.Start.Line)*1000 + int(a.Start.Character) - int(b.Start.Line)*1000 - int(b.Start.Character)
			}
			slices.SortFunc(got, less)
			slices.SortFunc(want, less)
			if !slices.Equal(got, want) {
				t.Errorf("%s: references (declaration %v) %+v, want %+v", tc.name, decl, got, want)
			}
		}
	}
	// Off a token's string: nothing.
	var locs []protocol.Location
	c.call(protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{TextDocumentPositionParams: docPos(c, u, protocol.Position{Line: 5, Character: 10})}, &locs)
	if len(locs) != 0 {
		t.Errorf("definition on edge: %+v, want none", locs)
	}

	// A variant's remove "…" goes to the token in its base's file.
	dir := t.TempDir()
	base := filepath.Join(dir, "base.army")
	if err := os.WriteFile(base, []byte(navArmy), 0o644); err != nil {
		t.Fatal(err)
	}
	variant := "army \"V\" extends \"base.army\" {\n    size 2\n    remove \"Scout\"\n}\n"
	v := c.open(filepath.Join(dir, "v.army"), variant)
	c.published(v)
	locs = nil
	c.call(protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{TextDocumentPositionParams: docPos(c, v, inside(strAt(t, variant, "Scout", 0)))}, &locs)
	if len(locs) != 1 || locs[0].URI != uri.File(base) || locs[0].Range != strAt(t, navArmy, "Scout", 1) {
		t.Errorf("definition of a base's token: %+v, want %s at %+v", locs, uri.File(base), strAt(t, navArmy, "Scout", 1))
	}
}

// TestDefinitionInEmbeddedBase: a variant of an embedded army goes to its
// base's token in a file the server writes for the editor to open (the
// embedded source, read-only, under its cache directory), the same file
// every time; with no cache directory it gives none, as before.
func TestDefinitionInEmbeddedBase(t *testing.T) {
	cache := t.TempDir()
	src, _ := armies.Source("outpost")
	variant := "army \"V\" extends \"outpost\" {\n    remove \"Commando\"\n}\n"
	for _, tc := range []struct {
		name  string
		cache string
	}{{"cache", cache}, {"the same file again", cache}, {"no cache", ""}} {
		c := startServer(t, &Server{version: "test", cache: tc.cache})
		v := c.open(filepath.Join(t.TempDir(), "v.army"), variant)
		c.published(v)
		var locs []protocol.Location
		from := strAt(t, variant, "Commando", 0)
		from.Start.Character += 2
		c.call(protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{TextDocumentPositionParams: docPos(c, v, from.Start)}, &locs)
		if tc.cache == "" {
			if len(locs) != 0 {
				t.Errorf("%s: %+v, want none", tc.name, locs)
			}
			continue
		}
		if len(locs) != 1 || locs[0].Range != strAt(t, string(src), "Commando", 0) {
			t.Fatalf("%s: %+v, want the declaration at %+v", tc.name, locs, strAt(t, string(src), "Commando", 0))
		}
		file := uri.URI(locs[0].URI).Filename()
		if dir, _ := filepath.Rel(cache, file); !strings.HasSuffix(dir, string(filepath.Separator)+"outpost.army") || strings.Count(dir, string(filepath.Separator)) != 1 {
			t.Errorf("%s: %s is not cache/DIGEST/outpost.army", tc.name, file)
		}
		got, err := os.ReadFile(file)
		if err != nil || !bytes.Equal(got, src) {
			t.Errorf("%s: %s does not hold the embedded source: %v", tc.name, file, err)
		}
		if fi, err := os.Stat(file); err != nil || fi.Mode().Perm()&0o222 != 0 {
			t.Errorf("%s: %s is writable (%v)", tc.name, file, err)
		}
	}
	if files, _ := filepath.Glob(filepath.Join(cache, "*", "*")); len(files) != 1 {
		t.Errorf("cache holds %v, want the one file", files)
	}
}

// TestCodeActions: each did-you-mean diagnostic has a quick fix that puts
// the suggested word in place of the misspelt one; applying them all
// leaves a file that compiles.
func TestCodeActions(t *testing.T) {
	c := start(t)
	src := strings.NewReplacer(
		"edge all: melee 1", "edge all: meele 1",
		"push name=\"Scout\" away=self", "push name=\"Scout\" away=self kidn=warrior",
		`free_if="Runner"`, `free_if="Runer"`,
		"edge N: ranged 1", "edge E: ranged 1",
	).Replace(navArmy)
	u := c.open(filepath.Join(t.TempDir(), "typos.army"), src)
	diags := c.published(u)
	for round, want := range [][]string{
		{`Change "meele" to "melee"`, `Change "kidn" to "kind"`, `Change "E" to "NE"`, `Change "E" to "SE"`, `Change "Runer" to "Runner"`},
	} {
		var actions []protocol.CodeAction
		c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u},
			Range:        protocol.Range{End: protocol.Position{Line: 100}},
			Context:      protocol.CodeActionContext{Diagnostics: diags},
		}, &actions)
		var titles []string
		var edits []protocol.TextEdit
		for _, a := range actions {
			titles = append(titles, a.Title)
			if a.Kind != protocol.QuickFix || len(a.Diagnostics) != 1 || a.Edit == nil || len(a.Edit.Changes[u]) != 1 {
				t.Fatalf("%q: %+v, want a quick fix of one diagnostic with one edit", a.Title, a)
			}
			if !slices.ContainsFunc(diags, func(d protocol.Diagnostic) bool {
				return d.Message == a.Diagnostics[0].Message && d.Range == a.Diagnostics[0].Range
			}) {
				t.Errorf("%q fixes %+v, which is not a published diagnostic", a.Title, a.Diagnostics[0])
			}
			if a.Title != `Change "E" to "SE"` { // one of a direction's two fixes
				edits = append(edits, a.Edit.Changes[u][0])
			}
		}
		slices.Sort(titles)
		slices.Sort(want)
		if !slices.Equal(titles, want) {
			t.Fatalf("round %d: code actions %q, want %q (diagnostics %+v)", round, titles, want, diags)
		}
		// The fixes applied from the end, so that earlier ranges hold.
		slices.SortFunc(edits, func(a, b protocol.TextEdit) int {
			return int(b.Range.Start.Line)*1000 + int(b.Range.Start.Character) - int(a.Range.Start.Line)*1000 - int(a.Range.Start.Character)
		})
		for _, e := range edits {
			src = applyEdit(t, src, e)
		}
		c.notify(protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: int32(round + 2)},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: src}},
		})
		diags = c.published(u)
	}
	if len(diags) != 0 {
		t.Errorf("after the fixes: %+v\n%s", diags, src)
	}
	want := strings.Replace(navArmy, "edge N: ranged 1", "edge NE: ranged 1", 1)
	if want = strings.Replace(want, `push name="Scout" away=self`, `push name="Scout" away=self kind=warrior`, 1); src != want {
		t.Errorf("the fixed file:\n%s\nwant:\n%s", src, want)
	}

	// Only the fixes of the lines the editor asks about.
	bad := strings.Replace(navArmy, "meele", "meele", 1)
	bad = strings.Replace(strings.Replace(bad, "edge all: melee 1", "edge all: meele 1", 1), "edge N: melee 1", "edge N: mele 1", 1)
	u = c.open(filepath.Join(t.TempDir(), "two.army"), bad)
	c.published(u)
	var actions []protocol.CodeAction
	line := strAt(t, bad, "Runner", 1).Start.Line + 4 // Runner's edge N
	c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u},
		Range:        protocol.Range{Start: protocol.Position{Line: line, Character: 3}, End: protocol.Position{Line: line, Character: 3}},
	}, &actions)
	if len(actions) != 1 || actions[0].Title != `Change "mele" to "melee"` {
		t.Errorf("code actions on line %d: %+v, want the one fix there", line, actions)
	}
}
