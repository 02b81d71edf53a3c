// Package dsl is the army language: its lexer, grammar and syntax tree.
//
// The grammar is deliberately generic, in the manner of HCL: a file is a list
// of statements, and a statement is a word, optional comma-separated
// arguments, an optional colon followed by comma-separated clauses, and an
// optional block of nested statements:
//
//	army "Moloch" {
//	    warrior "Gauss Cannon" {
//	        count 1
//	        initiative 1
//	        edge SW: ranged 1 piercing
//	    }
//	}
//
// Which words exist and what their arguments mean is decided by the compiler,
// which can then report an unknown word with a "did you mean" instead of a
// bare syntax error. Every node carries its source position.
package dsl

import (
	"strconv"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/hexforge/hexforge/diag"
)

// File is one parsed source file.
type File struct {
	Stmts []*Stmt `parser:"( Newline | ';' | @@ )*"`
}

// Stmt is one statement: `word args : clauses { body }`.
type Stmt struct {
	Pos     lexer.Position
	Word    string   `parser:"@Ident"`
	Args    []*Group `parser:"( @@ ( ',' Newline* @@ )* )?"`
	Colon   bool     `parser:"( @':'"`
	Clauses []*Group `parser:"  @@ ( ',' Newline* @@ )* )?"`
	Body    *Block   `parser:"@@?"`
}

// Block is a braced list of statements.
type Block struct {
	Pos    lexer.Position
	Stmts  []*Stmt `parser:"'{' ( Newline | ';' | @@ )*"`
	EndPos lexer.Position
	Close  string `parser:"@'}'"`
}

// Group is a run of values between commas, e.g. `ranged 1 piercing`.
type Group struct {
	Pos    lexer.Position
	Values []*Value `parser:"@@+"`
}

// Value is a word, a number, a string, or a named value `key=value`.
type Value struct {
	Pos   lexer.Position
	Key   *string `parser:"( @Ident '=' )?"`
	Ident *string `parser:"( @Ident"`
	Num   *string `parser:"| @Number"`
	Str   *string `parser:"| @String )"`
}

// Position converts a parser position into a diagnostic position.
func Position(p lexer.Position) diag.Pos {
	return diag.Pos{File: p.Filename, Line: p.Line, Column: p.Column}
}

// IsIdent reports whether the value is a bare word.
func (v *Value) IsIdent() bool { return v.Ident != nil }

// Int returns the value as an integer, if it is a number.
func (v *Value) Int() (int, bool) {
	if v.Num == nil {
		return 0, false
	}
	n, err := strconv.Atoi(*v.Num)
	if err != nil {
		return 0, false
	}
	return n, true
}

// Text returns the value as it would be written (without its key).
func (v *Value) Text() string {
	switch {
	case v.Ident != nil:
		return *v.Ident
	case v.Num != nil:
		return *v.Num
	case v.Str != nil:
		return strconv.Quote(*v.Str)
	}
	return ""
}

// Describe names the sort of value, for messages.
func (v *Value) Describe() string {
	switch {
	case v.Key != nil:
		return "named value " + *v.Key + "=" + v.Text()
	case v.Ident != nil:
		return "word " + *v.Ident
	case v.Num != nil:
		return "number " + *v.Num
	case v.Str != nil:
		return "string " + strconv.Quote(*v.Str)
	}
	return "value"
}
