package lsp

import (
	"slices"
	"strings"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/dsl"
	"go.lsp.dev/protocol"
)

// Semantic tokens colour what the grammar cannot tell by a word alone:
// a string that names a token (its declaration, free_if="…", name="…",
// remove "…"), an ability's event (on placed, when destroyed), and a step
// where a step goes, so that move in `link all: move +1` or net in
// `edge N: net` is not coloured as a step.

// semanticLegend are the token types the server sends, by index, and its
// one modifier.
var semanticLegend = protocol.SemanticTokensLegend{
	TokenTypes:     []protocol.SemanticTokenTypes{protocol.SemanticTokenClass, protocol.SemanticTokenEvent, protocol.SemanticTokenFunction},
	TokenModifiers: []protocol.SemanticTokenModifiers{protocol.SemanticTokenModifierDeclaration},
}

const (
	semClass = iota
	semEvent
	semFunction
)

// semanticOptions is the semantic tokens capability (the protocol
// package's type has no legend).
type semanticOptions struct {
	Legend protocol.SemanticTokensLegend `json:"legend"`
	Full   bool                          `json:"full"`
}

// semToken is one coloured range on a line.
type semToken struct {
	r         protocol.Range
	typ       int
	declaring bool
}

// semanticTokens are the document's coloured ranges, encoded as the
// protocol asks: five numbers each, line and start relative to the one
// before.
func semanticTokens(d *document) *protocol.SemanticTokens {
	out := &protocol.SemanticTokens{Data: []uint32{}}
	f, _ := dsl.Parse(d.name(), []byte(d.text.src))
	if f == nil {
		return out
	}
	var toks []semToken
	for _, r := range tokenRefs(d.text, f) {
		toks = append(toks, semToken{r.r, semClass, r.declare})
	}
	sides := compiler.Vocabulary()["side"]
	word := func(v *dsl.Value, typ int) {
		if v.Ident != nil && v.Key == nil {
			toks = append(toks, semToken{r: d.text.rangeAt(v.Pos.Line, v.Pos.Column), typ: typ})
		}
	}
	var walk func(sts []*dsl.Stmt)
	walk = func(sts []*dsl.Stmt) {
		for _, st := range sts {
			if w := strings.ToLower(st.Word); w == "on" || w == "when" {
				if len(st.Args) > 0 && len(st.Args[0].Values) > 0 {
					word(st.Args[0].Values[0], semEvent)
				}
				for _, g := range st.Clauses {
					vals := g.Values
					if len(vals) > 1 && vals[0].Ident != nil && slices.Contains(sides, strings.ToLower(*vals[0].Ident)) {
						vals = vals[1:]
					}
					if _, _, ok := compiler.StepWords(strings.ToLower(identOf(vals[0]))); ok {
						word(vals[0], semFunction)
					}
				}
			}
			if st.Body != nil {
				walk(st.Body.Stmts)
			}
		}
	}
	walk(f.Stmts)
	slices.SortFunc(toks, func(a, b semToken) int {
		if a.r.Start.Line != b.r.Start.Line {
			return int(a.r.Start.Line) - int(b.r.Start.Line)
		}
		return int(a.r.Start.Character) - int(b.r.Start.Character)
	})
	var line, char uint32
	for _, t := range toks {
		if t.r.Start.Line != t.r.End.Line || t.r.End.Character <= t.r.Start.Character {
			continue
		}
		if t.r.Start.Line != line {
			char = 0
		}
		mods := uint32(0)
		if t.declaring {
			mods = 1
		}
		out.Data = append(out.Data, t.r.Start.Line-line, t.r.Start.Character-char, t.r.End.Character-t.r.Start.Character, uint32(t.typ), mods)
		line, char = t.r.Start.Line, t.r.Start.Character
	}
	return out
}

// identOf is a value's word, "" for anything else.
func identOf(v *dsl.Value) string {
	if v.Ident == nil || v.Key != nil {
		return ""
	}
	return *v.Ident
}
