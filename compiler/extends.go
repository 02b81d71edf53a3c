package compiler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
)

// Variants: `army "Name" extends "base" { ... }` starts from another army
// and changes it. The change is made on the syntax tree, before compiling, so
// a variant is checked exactly like a written-out army and every diagnostic
// points at the line that caused it, in the variant or in its base.
//
// Inside a variant's block:
//   - army statements (notes, size) replace the base's; alias adds names;
//   - `remove "Token"` drops a token of the base;
//   - a token with a base token's name changes that token: each statement
//     replaces the base's statement of the same word (count, initiative,
//     toughness, trait, notes), except edge and link, which replace only the
//     directions they name, on, which replaces the base's abilities of the
//     same event, and alias and uncertain, which add;
//   - a token with a new name is added.

// Resolver finds the source of a base army named in `extends`: an embedded
// army's short name or a path (relative paths are relative to the file that
// names them). It returns the file name to report and the source text.
type Resolver func(ref, fromFile string) (file string, src []byte, err error)

// Options control compilation.
type Options struct {
	Resolve Resolver // how `extends` finds a base; nil: extends is an error
	depth   int
}

// maxExtendsDepth bounds chains of variants (and catches cycles).
const maxExtendsDepth = 8

// CompileWith parses and compiles one source file with options.
func CompileWith(filename string, src []byte, opts Options) Result {
	f, err := dsl.Parse(filename, src)
	syntax, isList := err.(diag.List)
	if err != nil && (!isList || f == nil) {
		if isList {
			return Result{Diags: syntax, Sources: map[string][]byte{filename: src}}
		}
		return Result{Diags: diag.List{{Severity: diag.Error, Pos: diag.Pos{File: filename}, Message: err.Error()}}}
	}
	res := compileFile(filename, f, opts)
	res.Sources[filename] = src
	if len(syntax) > 0 {
		// The tree is partial: the syntax errors come with the semantic
		// errors of what did parse, and no army is usable.
		res.Diags = append(syntax, res.Diags...)
		res.Diags.Sort()
		res.Armies = nil
		res.Leaders = nil
	}
	return res
}

// extends handles `army "Name" extends "base"`: it returns the army
// statement to compile (the merged one for a variant, s itself otherwise),
// or nil after reporting an error.
func (c *compiler) extends(s *dsl.Stmt) *dsl.Stmt {
	if len(s.Args) == 0 || len(s.Args[0].Values) < 2 {
		return s
	}
	vals := s.Args[0].Values
	if vals[1].Ident == nil || !strings.EqualFold(*vals[1].Ident, "extends") {
		return s
	}
	if len(vals) != 3 || vals[2].Str == nil {
		c.errs.Errorf(valuePos(vals[1]), "extends needs the base army in quotes: army \"Name\" extends \"base\" { ... }, the base being an embedded army's short name or a path to an .army file")
		return nil
	}
	ref := *vals[2].Str
	refPos := valuePos(vals[2])
	if c.opts.Resolve == nil {
		c.errs.Errorf(refPos, "extends is not available here (no army resolver)")
		return nil
	}
	if c.opts.depth >= maxExtendsDepth {
		c.errs.Errorf(refPos, "army extends chain is more than %d deep (is there a cycle?)", maxExtendsDepth)
		return nil
	}
	baseFile, baseSrc, err := c.opts.Resolve(ref, c.file)
	if err != nil {
		c.errs.Errorf(refPos, "cannot load base army %q: %v", ref, err)
		return nil
	}
	c.sources[baseFile] = baseSrc
	f, err := dsl.Parse(baseFile, baseSrc)
	if err != nil {
		c.errs.Errorf(refPos, "base army %q does not parse", ref)
		if l, ok := err.(diag.List); ok {
			c.errs = append(c.errs, l...)
		}
		return nil
	}
	// The base may itself be a variant: resolve it with one more level.
	sub := &compiler{file: baseFile, opts: c.opts, sources: c.sources}
	sub.opts.depth++
	var base *dsl.Stmt
	for _, st := range f.Stmts {
		if strings.EqualFold(st.Word, "army") {
			base = sub.extends(st)
			break
		}
	}
	c.errs = append(c.errs, sub.errs...)
	if base == nil {
		if len(sub.errs) == 0 {
			c.errs.Errorf(refPos, "base %q holds no army", ref)
		}
		return nil
	}
	if s.Body == nil || base.Body == nil {
		c.errs.Errorf(stmtPos(s), "a variant needs a { } block (it may be empty)")
		return nil
	}
	merged := *s
	merged.Args = []*dsl.Group{{Pos: s.Args[0].Pos, Values: vals[:1]}}
	merged.Body = &dsl.Block{Pos: s.Body.Pos, EndPos: s.Body.EndPos, Close: "}", Stmts: c.mergeArmy(base.Body.Stmts, s.Body.Stmts)}
	return &merged
}

// isStructure reports whether s declares a structure.
func isStructure(s *dsl.Stmt) bool { return strings.EqualFold(s.Word, "structure") }

// isStatus reports whether s declares a status: a named declaration, which
// a variant replaces, adds or removes by name as a token.
func isStatus(s *dsl.Stmt) bool { return strings.EqualFold(s.Word, "status") }

func isTokenDecl(s *dsl.Stmt) bool {
	_, ok := kindByWord(strings.ToLower(s.Word))
	return ok
}

// declName is the quoted name of a token declaration ("" when malformed).
func declName(s *dsl.Stmt) string {
	if len(s.Args) == 0 || len(s.Args[0].Values) == 0 || s.Args[0].Values[0].Str == nil {
		return ""
	}
	return *s.Args[0].Values[0].Str
}

func (c *compiler) mergeArmy(base, changes []*dsl.Stmt) []*dsl.Stmt {
	out := append([]*dsl.Stmt(nil), base...)
	// find looks for a token, or a structure, of the base by name: both are
	// named declarations, which a variant changes or removes by name.
	find := func(name string) int {
		for i, st := range out {
			if (isTokenDecl(st) || isStructure(st) || isStatus(st)) && strings.EqualFold(declName(st), name) {
				return i
			}
		}
		return -1
	}
	for _, ch := range changes {
		word := strings.ToLower(ch.Word)
		switch {
		case word == "remove":
			c.plain(ch)
			if !c.argCount(ch, 1, -1, "token names in quotes") {
				continue
			}
			for _, g := range ch.Args {
				name, ok := c.stringValue(c.single(g, "remove"), "remove")
				if !ok {
					continue
				}
				i := find(name)
				if i < 0 {
					c.errs.Add(diag.Error, groupPos(g), diag.Suggest(name, baseNames(out)), "remove: the base army has no token %q", name)
					continue
				}
				out = append(out[:i], out[i+1:]...)
			}
		case isTokenDecl(ch):
			i := find(declName(ch))
			if i < 0 || declName(ch) == "" {
				out = append(out, ch)
				continue
			}
			if isStructure(out[i]) {
				c.errs.Errorf(stmtPos(ch), "%q is a structure in the base army; a variant cannot make it %s (remove it and add a new token)", declName(ch), describeKind(mustKind(ch.Word)))
				continue
			}
			if !strings.EqualFold(out[i].Word, ch.Word) {
				c.errs.Errorf(stmtPos(ch), "%q is %s in the base army; a variant cannot make it %s (remove it and add a new token)", declName(ch), describeKind(mustKind(out[i].Word)), describeKind(mustKind(ch.Word)))
				continue
			}
			if ch.Body == nil || out[i].Body == nil {
				out[i] = ch
				continue
			}
			merged := *out[i]
			merged.Body = &dsl.Block{Pos: out[i].Body.Pos, EndPos: out[i].Body.EndPos, Close: "}", Stmts: mergeToken(out[i].Body.Stmts, ch.Body.Stmts)}
			out[i] = &merged
		case isStructure(ch):
			// A structure of the base's name is replaced whole (its parts
			// are one Structure's faces); a new name adds one.
			if i := find(declName(ch)); i >= 0 && declName(ch) != "" && isStructure(out[i]) {
				out[i] = ch
				continue
			} else if i >= 0 && declName(ch) != "" {
				c.errs.Errorf(stmtPos(ch), "%q is %s in the base army; a variant cannot make it a structure (remove it and add a new structure)", declName(ch), describeKind(mustKind(out[i].Word)))
				continue
			}
			out = append(out, ch)
		case isStatus(ch):
			// A status of the base's name is replaced whole; a new name adds one.
			i := slices.IndexFunc(out, func(st *dsl.Stmt) bool {
				return isStatus(st) && declName(st) != "" && strings.EqualFold(declName(st), declName(ch))
			})
			if i >= 0 {
				out[i] = ch
				continue
			}
			out = append(out, ch)
		case word == "alias":
			out = append(out, ch)
		default:
			out = replaceWord(out, ch)
		}
	}
	return out
}

func mustKind(w string) rules.Kind {
	k, _ := kindByWord(strings.ToLower(w))
	return k
}

func baseNames(stmts []*dsl.Stmt) []string {
	var out []string
	for _, st := range stmts {
		if isTokenDecl(st) || isStructure(st) {
			out = append(out, declName(st))
		}
	}
	return out
}

// replaceWord drops the statements with ch's word and appends ch.
func replaceWord(stmts []*dsl.Stmt, ch *dsl.Stmt) []*dsl.Stmt {
	var out []*dsl.Stmt
	for _, st := range stmts {
		if !strings.EqualFold(st.Word, ch.Word) || isTokenDecl(st) || isStructure(st) || isStatus(st) {
			out = append(out, st)
		}
	}
	return append(out, ch)
}

func mergeToken(base, changes []*dsl.Stmt) []*dsl.Stmt {
	out := append([]*dsl.Stmt(nil), base...)
	for _, ch := range changes {
		switch w := strings.ToLower(ch.Word); w {
		case "alias", "uncertain":
			out = append(out, ch)
		case "edge", "link":
			out = append(dropDirs(out, w, dirsOf(ch)), ch)
		case "on":
			ev := eventOf(ch)
			var kept []*dsl.Stmt
			for _, st := range out {
				if !strings.EqualFold(st.Word, "on") || !strings.EqualFold(eventOf(st), ev) {
					kept = append(kept, st)
				}
			}
			out = append(kept, ch)
		case "trait", "traits":
			var kept []*dsl.Stmt
			for _, st := range out {
				if w := strings.ToLower(st.Word); w != "trait" && w != "traits" {
					kept = append(kept, st)
				}
			}
			out = append(kept, ch)
		default:
			out = replaceWord(out, ch)
		}
	}
	return out
}

func eventOf(s *dsl.Stmt) string {
	if len(s.Args) == 0 || s.Args[0].Values[0].Ident == nil {
		return ""
	}
	return *s.Args[0].Values[0].Ident
}

// dirsOf is the set of directions an edge or link statement names (unknown
// words are left for the compiler to report).
func dirsOf(s *dsl.Stmt) rules.DirSet {
	var set rules.DirSet
	for _, g := range s.Args {
		v := g.Values[0]
		if v.Ident == nil {
			continue
		}
		if strings.EqualFold(*v.Ident, "all") {
			set = rules.AllDirs
		} else if d, ok := rules.ParseDir(*v.Ident); ok {
			set |= 1 << d
		}
	}
	return set
}

// dropDirs removes the directions in drop from the word's statements,
// rewriting `all` into the directions that remain.
func dropDirs(stmts []*dsl.Stmt, word string, drop rules.DirSet) []*dsl.Stmt {
	var out []*dsl.Stmt
	for _, st := range stmts {
		if !strings.EqualFold(st.Word, word) {
			out = append(out, st)
			continue
		}
		have := dirsOf(st)
		keep := have &^ drop
		if keep == have {
			out = append(out, st)
			continue
		}
		if keep == 0 {
			continue
		}
		cp := *st
		cp.Args = nil
		for d := rules.N; d <= rules.NW; d++ {
			if keep.Has(d) {
				name := d.String()
				cp.Args = append(cp.Args, &dsl.Group{Pos: st.Pos, Values: []*dsl.Value{{Pos: lexer.Position(st.Pos), Ident: &name}}})
			}
		}
		out = append(out, &cp)
	}
	return out
}

// Diff lists what changed from army a to army b, token by token, in words:
// tokens added and removed, and for each changed token the fields that
// differ. It is what `hexforge diff` and `hexforge watch` print.
func Diff(a, b *rules.Army) []string {
	va, vb := View(a), View(b)
	var out []string
	if va.Name != vb.Name {
		out = append(out, fmt.Sprintf("army name: %q -> %q", va.Name, vb.Name))
	}
	if va.Total != vb.Total || va.Size != vb.Size {
		out = append(out, fmt.Sprintf("tokens: %d (size %d) -> %d (size %d)", va.Total, va.Size, vb.Total, vb.Size))
	}
	index := func(v ArmyView) map[string]TokenView {
		m := map[string]TokenView{}
		for _, t := range v.Tokens {
			m[strings.ToLower(t.Name)] = t
		}
		return m
	}
	ia, ib := index(va), index(vb)
	for _, t := range va.Tokens {
		u, ok := ib[strings.ToLower(t.Name)]
		if !ok {
			out = append(out, fmt.Sprintf("- %s %q x%d removed", t.Kind, t.Name, t.Count))
			continue
		}
		for _, f := range tokenFields(t) {
			g := fieldOf(u, f.name)
			if f.value != g {
				out = append(out, fmt.Sprintf("~ %q %s: %s -> %s", t.Name, f.name, orNone(f.value), orNone(g)))
			}
		}
	}
	for _, t := range vb.Tokens {
		if _, ok := ia[strings.ToLower(t.Name)]; !ok {
			out = append(out, fmt.Sprintf("+ %s %q x%d added", t.Kind, t.Name, t.Count))
		}
	}
	return out
}

type field struct{ name, value string }

func tokenFields(t TokenView) []field {
	// In the designer's words: "2, 1", not Go's "[2 1]" (which reads as 21).
	ini := t.InitiativeWords()
	fs := []field{
		{"kind", t.Kind},
		{"count", fmt.Sprint(t.Count)},
		{"initiative", ini},
		{"toughness", fmt.Sprint(t.Toughness)},
		{"traits", strings.Join(t.Traits, ", ")},
		{"effects", strings.Join(t.Effects, "; ")},
	}
	for _, d := range rules.DirNames {
		var s []string
		for _, e := range t.Edges {
			if e.Dir == d {
				if e.Melee > 0 {
					s = append(s, fmt.Sprintf("melee %d", e.Melee))
				}
				if e.Ranged > 0 {
					s = append(s, fmt.Sprintf("ranged %d", e.Ranged))
				}
				s = append(s, e.Flags...)
			}
		}
		fs = append(fs, field{"edge " + d, strings.Join(s, " ")})
	}
	var tr []string
	for _, x := range t.Triggers {
		tr = append(tr, x.Words())
	}
	return append(fs, field{"abilities", strings.Join(tr, "; ")})
}

func fieldOf(t TokenView, name string) string {
	for _, f := range tokenFields(t) {
		if f.name == name {
			return f.value
		}
	}
	return ""
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// ArmyTree is the syntax tree of an army of a file as it compiles: a
// variant merged with its bases (extends), the army named name or, with
// name "", the file's first. balance reads a token's statements from it to
// offer each number of the army as a --set; the army itself comes from
// CompileWith, which reports every mistake this does not.
func ArmyTree(filename string, src []byte, name string, opts Options) (*dsl.Stmt, error) {
	f, err := dsl.Parse(filename, src)
	if err != nil {
		return nil, err
	}
	c := &compiler{file: filename, opts: opts, sources: map[string][]byte{}}
	for _, s := range f.Stmts {
		if !strings.EqualFold(s.Word, "army") || name != "" && !strings.EqualFold(declName(s), name) {
			continue
		}
		merged := c.extends(s)
		if c.errs.HasErrors() || merged == nil {
			return nil, c.errs
		}
		return merged, nil
	}
	return nil, fmt.Errorf("%s: no army %q in the file", filename, name)
}
