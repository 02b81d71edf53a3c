package compiler

import (
	"strings"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
)

// This file holds the small readers that pull typed values out of the
// generic syntax tree, each reporting a positioned error when the value is
// not what the statement wants.

func stmtPos(s *dsl.Stmt) diag.Pos   { return dsl.Position(s.Pos) }
func groupPos(g *dsl.Group) diag.Pos { return dsl.Position(g.Pos) }
func valuePos(v *dsl.Value) diag.Pos { return dsl.Position(v.Pos) }

// intValue reads v as a whole number in [lo, hi].
func (c *compiler) intValue(v *dsl.Value, what string, lo, hi int) (int, bool) {
	if v.Key != nil {
		c.errs.Errorf(valuePos(v), "%s: expected a number, found %s", what, v.Describe())
		return 0, false
	}
	n, ok := v.Int()
	if !ok {
		if v.Num != nil {
			c.errs.Errorf(valuePos(v), "%s: %s is not a usable number", what, *v.Num)
		} else {
			c.errs.Errorf(valuePos(v), "%s: expected a number, found %s", what, v.Describe())
		}
		return 0, false
	}
	if n < lo || n > hi {
		c.errs.Errorf(valuePos(v), "%s %d is out of range (%d to %d)", what, n, lo, hi)
		return 0, false
	}
	return n, true
}

// stringValue reads v as a quoted string.
func (c *compiler) stringValue(v *dsl.Value, what string) (string, bool) {
	if v.Str == nil || v.Key != nil {
		c.errs.Errorf(valuePos(v), "%s: expected a quoted string, found %s", what, v.Describe())
		return "", false
	}
	return *v.Str, true
}

// readTable, when set (by TestVocabularyTables), is told each word table
// the compiler reads a word from, so that the test can check Vocabulary
// lists every one: a table added without it would be accepted words that
// no vocabulary test asks a scenario of.
var readTable func(what string, words []string)

// wordValue reads v as one of the given words (case-insensitive) and
// suggests the closest one when it is not.
func (c *compiler) wordValue(v *dsl.Value, what string, words []string) (string, bool) {
	if readTable != nil {
		readTable(what, words)
	}
	if v.Ident == nil || v.Key != nil {
		c.errs.Add(diag.Error, valuePos(v), "one of: "+strings.Join(words, ", "), "%s: expected a word, found %s", what, v.Describe())
		return "", false
	}
	for _, w := range words {
		if strings.EqualFold(w, *v.Ident) {
			return w, true
		}
	}
	c.unknown(valuePos(v), what, *v.Ident, words)
	return "", false
}

// unknown reports an unknown word with a suggestion when one is close.
func (c *compiler) unknown(p diag.Pos, what, word string, words []string) {
	if readTable != nil {
		readTable(what, words)
	}
	hint := diag.Suggest(word, words)
	if hint == "" && len(words) <= 30 { // every action word fits
		hint = "expected one of: " + strings.Join(words, ", ")
	}
	c.errs.Add(diag.Error, p, hint, "unknown %s %q", what, word)
}

// single returns the only value of a group, reporting extra values.
func (c *compiler) single(g *dsl.Group, what string) *dsl.Value {
	if len(g.Values) > 1 {
		c.errs.Errorf(valuePos(g.Values[1]), "%s takes one value here; unexpected %s (separate items with commas)", what, g.Values[1].Describe())
	}
	return g.Values[0]
}

// noColon reports a colon where a statement takes none.
func (c *compiler) noColon(s *dsl.Stmt) {
	if s.Colon {
		p := stmtPos(s)
		if len(s.Clauses) > 0 {
			p = groupPos(s.Clauses[0])
		}
		c.errs.Errorf(p, "%q takes no \": ...\" part", s.Word)
	}
}

// noBody reports a block where a statement takes none.
func (c *compiler) noBody(s *dsl.Stmt) {
	if s.Body != nil {
		c.errs.Errorf(dsl.Position(s.Body.Pos), "%q takes no { } block", s.Word)
	}
}

// plain checks that a statement is `word args` only.
func (c *compiler) plain(s *dsl.Stmt) {
	c.noColon(s)
	c.noBody(s)
}

// argCount checks the number of comma-separated arguments.
func (c *compiler) argCount(s *dsl.Stmt, lo, hi int, what string) bool {
	n := len(s.Args)
	switch {
	case n < lo:
		c.errs.Errorf(stmtPos(s), "%q needs %s", s.Word, what)
		return false
	case hi >= 0 && n > hi:
		c.errs.Errorf(groupPos(s.Args[hi]), "%q takes %s; unexpected extra argument", s.Word, what)
		return false
	}
	return true
}
