package compiler

import (
	"strings"

	"github.com/hexforge/hexforge/dsl"
)

// splitRunOns finds the statements of a block run together on one line,
// `initiative 1 toughness 2`: the grammar reads them as one statement
// whose arguments hold another statement's word (words, the block's), and
// compiling it would say "initiative takes one value here", then report
// the second statement's colon, block or values as mistakes of the first,
// and miss the second statement itself (an HQ written after `size 1` on
// its line was "no HQ"). Each is reported once, at the second word, as
// what it is, and compiled as the statements the designer meant, so no
// error follows from it. No statement of these blocks takes another's
// word as an argument (a word of the first group, the statement's own
// first argument, is not looked at: `place only`, `on placed`).
func (c *compiler) splitRunOns(stmts []*dsl.Stmt, words []string) []*dsl.Stmt {
	var out []*dsl.Stmt
	for _, st := range stmts {
		for {
			first, rest := c.splitRunOn(st, words)
			out = append(out, first)
			if rest == nil {
				break
			}
			st = rest
		}
	}
	return out
}

// splitRunOn splits st before the first word of another statement among
// its arguments or its clauses, reporting it; rest is nil when st is one
// statement. The second statement takes the values after its word and
// every group after them (as its arguments: `edge N: melee 1 toughness 2`
// is `edge N: melee 1` and `toughness 2`), and the block.
func (c *compiler) splitRunOn(st *dsl.Stmt, words []string) (first, rest *dsl.Stmt) {
	groups := [][]*dsl.Group{st.Args}
	if !isWord(st.Word, clausesTakeStatementWords) {
		groups = append(groups, st.Clauses)
	}
	for part, gs := range groups {
		for gi, g := range gs {
			for vi, v := range g.Values {
				if vi == 0 || v.Ident == nil || v.Key != nil || !isWord(*v.Ident, words) {
					continue
				}
				c.errs.Errorf(valuePos(v), "%q starts another statement on the line of %q: put each statement on its own line (or end the first with ;)", *v.Ident, st.Word)
				cut := append(gs[:gi:gi], &dsl.Group{Pos: g.Pos, Values: g.Values[:vi]})
				first = &dsl.Stmt{Pos: st.Pos, Word: st.Word, Args: cut}
				rest = &dsl.Stmt{Pos: v.Pos, Word: *v.Ident, Body: st.Body}
				if tail := g.Values[vi+1:]; len(tail) > 0 {
					rest.Args = append(rest.Args, &dsl.Group{Pos: tail[0].Pos, Values: tail})
				}
				rest.Args = append(rest.Args, gs[gi+1:]...)
				if part == 0 {
					rest.Colon, rest.Clauses = st.Colon, st.Clauses
				} else {
					first.Args, first.Colon, first.Clauses = st.Args, true, cut
				}
				return first, rest
			}
		}
	}
	return st, nil
}

// clausesTakeStatementWords are the statements whose clauses hold words
// that are also token statements: `link N: initiative +1, toughness +1`.
var clausesTakeStatementWords = []string{"link", "global"}

// isWord says whether w is one of words, whose case does not matter.
func isWord(w string, words []string) bool {
	for _, x := range words {
		if strings.EqualFold(w, x) {
			return true
		}
	}
	return false
}
