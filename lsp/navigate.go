package lsp

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// The outline (document symbols) and the navigation between a token's
// declaration and the strings that name it: free_if="…", name="…" in a
// step, a selector, an observer or a placement rule, and a variant's
// remove "…".

// nameRef is a string of the document that names a token, or declares it.
type nameRef struct {
	name    string
	r       protocol.Range
	declare bool
}

// tokenRefs lists the strings of a parsed file that name or declare a
// token, in the order written.
func tokenRefs(t *text, f *dsl.File) []nameRef {
	var out []nameRef
	str := func(v *dsl.Value, declare bool) {
		start := v.Pos.Offset
		if v.Key != nil { // free_if="…": the string starts at its quote
			i := strings.IndexByte(t.body[start:], '"')
			if i < 0 {
				return
			}
			start += i
		}
		end := start + wordLen(t.body[start:])
		out = append(out, nameRef{name: *v.Str, r: protocol.Range{Start: t.positionAt(start), End: t.positionAt(end)}, declare: declare})
	}
	var walk func(sts []*dsl.Stmt, depth int)
	walk = func(sts []*dsl.Stmt, depth int) {
		for _, st := range sts {
			word := strings.ToLower(st.Word)
			for i, g := range slices.Concat(st.Args, st.Clauses) {
				for j, v := range g.Values {
					if v.Str == nil {
						continue
					}
					switch {
					case depth == 1 && i == 0 && j == 0 && (slices.Contains(rules.KindNames[:], word) || word == "part"):
						str(v, true)
					case depth == 1 && word == "remove" && v.Key == nil:
						str(v, false)
					case v.Key != nil && (strings.EqualFold(*v.Key, "free_if") || strings.EqualFold(*v.Key, "name")):
						str(v, false)
					}
				}
			}
			if st.Body != nil {
				d := depth + 1
				if word == "structure" {
					d = depth // a structure's parts are tokens of the army
				}
				walk(st.Body.Stmts, d)
			}
		}
	}
	for _, a := range f.Stmts {
		if a.Body != nil {
			walk(a.Body.Stmts, 1)
		}
	}
	return out
}

// refAt returns the token string under a position.
func refAt(refs []nameRef, p protocol.Position) (nameRef, bool) {
	for _, r := range refs {
		if inRange(r.r, p) {
			return r, true
		}
	}
	return nameRef{}, false
}

func inRange(r protocol.Range, p protocol.Position) bool {
	before := func(a, b protocol.Position) bool {
		return a.Line < b.Line || a.Line == b.Line && a.Character <= b.Character
	}
	return before(r.Start, p) && before(p, r.End)
}

// canonical returns the name of the token a string names in the parsed
// file: the token itself or one whose alias it is (case does not matter).
func canonical(f *dsl.File, name string) string {
	for _, a := range f.Stmts {
		if a.Body == nil {
			continue
		}
		for _, st := range tokenStmts(a.Body.Stmts) {
			n, _ := tokenName(st)
			if strings.EqualFold(n, name) {
				return n
			}
			if st.Body == nil {
				continue
			}
			for _, al := range st.Body.Stmts {
				if !strings.EqualFold(al.Word, "alias") {
					continue
				}
				for _, g := range al.Args {
					for _, v := range g.Values {
						if v.Str != nil && strings.EqualFold(*v.Str, name) {
							return n
						}
					}
				}
			}
		}
	}
	return name
}

// tokenStmts are an army block's token statements, a structure's parts
// among them.
func tokenStmts(sts []*dsl.Stmt) []*dsl.Stmt {
	var out []*dsl.Stmt
	for _, st := range sts {
		if _, ok := tokenName(st); ok {
			out = append(out, st)
		} else if strings.EqualFold(st.Word, "structure") && st.Body != nil {
			for _, p := range st.Body.Stmts {
				if strings.EqualFold(p.Word, "part") && len(p.Args) > 0 && len(p.Args[0].Values) > 0 && p.Args[0].Values[0].Str != nil {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// references lists where the token named at p is declared and named in
// the document.
func references(d *document, p protocol.Position, declaration bool) []protocol.Location {
	out := []protocol.Location{}
	f, _ := dsl.Parse(d.name(), []byte(d.text.src))
	if f == nil {
		return out
	}
	refs := tokenRefs(d.text, f)
	at, ok := refAt(refs, p)
	if !ok {
		return out
	}
	name := canonical(f, at.name)
	for _, r := range refs {
		if (declaration || !r.declare) && strings.EqualFold(canonical(f, r.name), name) {
			out = append(out, protocol.Location{URI: d.uri, Range: r.r})
		}
	}
	return out
}

// definition returns where the token named at p is declared: in the
// document, or for a variant's token of its base, in the base's file; an
// embedded base is written to a file under cache (embeddedFile) for the
// editor to open ("" gives no location in an embedded base).
func definition(d *document, p protocol.Position, loader armies.Loader, cache string) []protocol.Location {
	out := []protocol.Location{}
	f, _ := dsl.Parse(d.name(), []byte(d.text.src))
	if f == nil {
		return out
	}
	at, ok := refAt(tokenRefs(d.text, f), p)
	if !ok {
		return out
	}
	if loc, ok := declaredIn(d.uri, d.text, f, at.name); ok {
		return append(out, loc)
	}
	from, src := d.name(), d.text.src
	for range 8 { // a chain of variants, bounded against a cycle
		m := extendsRef.FindStringSubmatch(src)
		if m == nil || d.path == "" && armies.IsPath(m[1]) {
			break
		}
		name, base, err := loader.Resolve(m[1], from)
		if err != nil {
			break
		}
		file := name
		if !armies.IsPath(m[1]) && cache != "" {
			if file, err = embeddedFile(cache, name, base); err != nil {
				break
			}
		}
		if !filepath.IsAbs(file) {
			break
		}
		bf, _ := dsl.Parse(name, base)
		if bf == nil {
			break
		}
		if loc, ok := declaredIn(uri.File(file), newText(string(base)), bf, at.name); ok {
			return append(out, loc)
		}
		from, src = name, string(base)
	}
	return out
}

// embeddedFile is the file an embedded army's source (named name, e.g.
// armies/moloch.army) is written to for the editor to open, the source
// having no file of its own: cache/<the first 16 hex digits of its
// SHA-256>/moloch.army, written once (through a temporary file, so a
// reader never sees half of it) and read-only, since an edit there
// changes no army. The digest keeps the sources of two hexforge versions
// apart: a file there is never stale.
func embeddedFile(cache, name string, src []byte) (string, error) {
	sum := sha256.Sum256(src)
	dir := filepath.Join(cache, hex.EncodeToString(sum[:8]))
	file := filepath.Join(dir, path.Base(name))
	if have, err := os.ReadFile(file); err == nil && bytes.Equal(have, src) {
		return file, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, ".embedded-*")
	if err != nil {
		return "", err
	}
	_, err = tmp.Write(src)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o444)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return "", fmt.Errorf("writing the embedded army %s for the editor: %w", name, err)
	}
	return file, nil
}

// declaredIn finds the declaration of a token (by name or alias) in a
// parsed file.
func declaredIn(u protocol.DocumentURI, t *text, f *dsl.File, name string) (protocol.Location, bool) {
	name = canonical(f, name)
	for _, r := range tokenRefs(t, f) {
		if r.declare && strings.EqualFold(r.name, name) {
			return protocol.Location{URI: u, Range: r.r}, true
		}
	}
	return protocol.Location{}, false
}

// symbols is the document's outline: each army (and leader) with its
// tokens, statuses and structures, each token with its abilities (on,
// when).
func symbols(d *document) []protocol.DocumentSymbol {
	out := []protocol.DocumentSymbol{}
	f, _ := dsl.Parse(d.name(), []byte(d.text.src))
	if f == nil {
		return out
	}
	for _, a := range f.Stmts {
		s, ok := symbol(d.text, a, protocol.SymbolKindModule)
		if !ok {
			continue
		}
		if a.Body != nil {
			s.Children = children(d.text, a.Body.Stmts)
		}
		out = append(out, s)
	}
	return out
}

// children are the symbols of an army's (or a structure's) block.
func children(t *text, sts []*dsl.Stmt) []protocol.DocumentSymbol {
	var out []protocol.DocumentSymbol
	for _, st := range sts {
		word := strings.ToLower(st.Word)
		kind := protocol.SymbolKindClass
		switch {
		case slices.Contains(rules.KindNames[:], word) || word == "part":
		case word == "status" || word == "structure":
			kind = protocol.SymbolKindStruct
		case word == "on" || word == "when":
			kind = protocol.SymbolKindEvent
		default:
			continue
		}
		s, ok := symbol(t, st, kind)
		if !ok {
			continue
		}
		if st.Body != nil && kind != protocol.SymbolKindEvent {
			s.Children = children(t, st.Body.Stmts)
		}
		out = append(out, s)
	}
	return out
}

// symbol is the outline entry of a statement: a declaration's name and
// kind word, or an ability's words before its colon (on placed cost=1).
func symbol(t *text, st *dsl.Stmt, kind protocol.SymbolKind) (protocol.DocumentSymbol, bool) {
	start := st.Pos.Offset
	end := stmtEnd(t.body, st)
	r := protocol.Range{Start: t.positionAt(start), End: t.positionAt(end)}
	if kind == protocol.SymbolKindEvent {
		head := t.body[start:end]
		if i := strings.IndexAny(head, ":{\n"); i >= 0 {
			head = head[:i]
		}
		head = strings.Join(strings.Fields(head), " ")
		sel := protocol.Range{Start: r.Start, End: t.positionAt(start + len(st.Word))}
		return protocol.DocumentSymbol{Name: head, Kind: kind, Detail: "ability", Range: r, SelectionRange: sel}, true
	}
	if len(st.Args) == 0 || len(st.Args[0].Values) == 0 || st.Args[0].Values[0].Str == nil {
		return protocol.DocumentSymbol{}, false
	}
	v := st.Args[0].Values[0]
	sel := protocol.Range{Start: t.positionAt(v.Pos.Offset), End: t.positionAt(v.Pos.Offset + wordLen(t.body[v.Pos.Offset:]))}
	detail := strings.ToLower(st.Word)
	if len(st.Args[0].Values) >= 3 && st.Args[0].Values[1].Ident != nil && st.Args[0].Values[2].Str != nil {
		detail += " extends " + *st.Args[0].Values[2].Str
	}
	return protocol.DocumentSymbol{Name: *v.Str, Kind: kind, Detail: detail, Range: r, SelectionRange: sel}, true
}

// stmtEnd is the byte offset just past a statement: past its block's
// closing brace, or past its last value (a key=value's value, a string's
// closing quote).
func stmtEnd(body string, st *dsl.Stmt) int {
	if st.Body != nil {
		end := st.Body.EndPos.Offset
		if end < len(body) && body[end] == '}' {
			end++
		}
		return min(end, len(body))
	}
	end := st.Pos.Offset + len(st.Word)
	for _, g := range slices.Concat(st.Args, st.Clauses) {
		for _, v := range g.Values {
			o := v.Pos.Offset
			if v.Key != nil {
				o += len(*v.Key) + 1
				for o < len(body) && (body[o] == ' ' || body[o] == '=') {
					o++
				}
			}
			end = max(end, o+wordLen(body[o:]))
		}
	}
	return min(end, len(body))
}
