package lsp

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestSemanticTokens: through a client, the strings naming a token are
// classes (its declaration declares), an ability's event is an event, and
// a step is a function where a step goes, not move as a link effect nor
// net as an edge feature.
func TestSemanticTokens(t *testing.T) {
	c := start(t)
	src := strings.NewReplacer(
		"        edge all: melee 1\n", "        edge all: melee 1\n        link all: move +1\n",
		"        edge N: ranged 1\n", "        edge N: ranged 1\n        edge S: net\n",
	).Replace(navArmy)
	u := c.open(filepath.Join(t.TempDir(), "nav.army"), src)
	if got := c.published(u); len(got) != 0 {
		t.Fatalf("source: %+v", got)
	}
	var res protocol.SemanticTokens
	c.call(protocol.MethodSemanticTokensFull, &protocol.SemanticTokensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}, &res)
	if len(res.Data)%5 != 0 {
		t.Fatalf("%d numbers, not five a token", len(res.Data))
	}
	lines := strings.Split(src, "\n")
	var got []string
	var line, char uint32
	for i := 0; i < len(res.Data); i += 5 {
		if res.Data[i] != 0 {
			char = 0
		}
		line += res.Data[i]
		char += res.Data[i+1]
		l := lines[line]
		// The tests' lines are ASCII: a UTF-16 unit is a byte.
		text := l[char : char+res.Data[i+2]]
		kind := string(semanticLegend.TokenTypes[res.Data[i+3]])
		if res.Data[i+4] == 1 {
			kind += "+declaration"
		}
		got = append(got, text+" "+kind)
	}
	want := []string{
		`"HQ" class+declaration`, "own_turn event", `"Runner" class`, "net function",
		`"Runner" class+declaration`, "placed event", "push function", `"Scout" class`,
		`"Scout" class+declaration`, "placed event", "push function", `"Runner" class`, "push function", `"Zwiadowca" class`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("semantic tokens:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
