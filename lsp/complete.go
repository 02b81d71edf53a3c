package lsp

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/card"
	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/dsl"
	"github.com/hexforge/hexforge/rules"
	"go.lsp.dev/protocol"
)

// Keywords are the words that shape a file, beyond the vocabulary of the
// compiler's tables: the top-level statement, variants, and the statements
// of army and token blocks. The editor grammar colours exactly these as
// keywords (its test checks it).
func Keywords() []string {
	v := compiler.Vocabulary()
	words := append([]string{"army", "extends", "remove", "leader"}, v["army statement"]...)
	words = append(words, v["token statement"]...)
	words = append(words, v["structure statement"]...)
	slices.Sort(words)
	return slices.Compact(words)
}

// Directions are the words naming the sides of a hex in edge and link.
func Directions() []string {
	return append(slices.Clone(rules.DirNames[:]), "all")
}

// word is a completion word that does not depend on the document, with
// the kinds of word it is ("keyword", "direction", the vocabulary's kinds).
type word struct {
	item  protocol.CompletionItem
	kinds []string
}

// vocabulary is every completion word that does not depend on the
// document, computed once.
var vocabulary = sync.OnceValue(func() []word {
	kinds := map[string][]string{}
	for _, w := range Keywords() {
		kinds[w] = append(kinds[w], "keyword")
	}
	for _, w := range Directions() {
		kinds[w] = append(kinds[w], "direction")
	}
	v := compiler.Vocabulary()
	for _, k := range slices.Sorted(maps.Keys(v)) {
		if k == "army statement" || k == "token statement" || k == "top-level statement" || k == "leader statement" || slices.Contains(compiler.ExpressionKinds, k) {
			continue
		}
		for _, w := range v[k] {
			if !slices.Contains(kinds[w], k) {
				kinds[w] = append(kinds[w], k)
			}
		}
	}
	var words []word
	for _, w := range slices.Sorted(maps.Keys(kinds)) {
		kind := protocol.CompletionItemKindValue
		switch kinds[w][0] {
		case "keyword":
			kind = protocol.CompletionItemKindKeyword
		case "direction":
			kind = protocol.CompletionItemKindEnumMember
		}
		words = append(words, word{protocol.CompletionItem{Label: w, Kind: kind, Detail: strings.Join(kinds[w], ", ")}, kinds[w]})
	}
	return words
})

// statementWords are the words that start a statement at a block depth:
// army and leader at the top, the army statements in an army's block (a leader's in a
// leader's), the status statements in a status's, the structure
// statements in a structure's (block: the word that opened the block), the
// token statements in a token's or a structure part's.
func statementWords(depth int, block string) []string {
	v := compiler.Vocabulary()
	switch {
	case depth == 0:
		return v["top-level statement"]
	case depth == 1 && block == "leader":
		return v["leader statement"]
	case depth == 1:
		return append(slices.Clone(v["army statement"]), "remove")
	case block == "status":
		return v["status statement"]
	case block == "structure":
		return v["structure statement"]
	}
	return v["token statement"]
}

// complete lists the words that fit at a position: in a comment nothing;
// at the start of a statement the statements of the block it is in; in the
// string after extends the embedded armies, after a variant's remove the
// base army's tokens, in a string naming a token the document's token
// names, in another string (notes, alias) nothing;
// elsewhere what the statement's words before the cursor say may follow
// (contextual), or where they do not tell, the language's words, the
// directions and the token names in quotes.
func complete(d *document, p protocol.Position, loader armies.Loader) []protocol.CompletionItem {
	items := []protocol.CompletionItem{}
	if int(p.Line) >= len(d.text.starts) {
		return items
	}
	off := d.text.offset(p)
	at := scan(d.text.body[:off])
	if at.inComment {
		return items
	}
	if at.stmtStart {
		for _, w := range statementWords(at.depth, at.block) {
			items = append(items, protocol.CompletionItem{Label: w, Kind: protocol.CompletionItemKindKeyword, Detail: "statement"})
		}
		return items
	}
	if at.inString && afterExtends(d.text.body[d.text.starts[p.Line]:off]) {
		for _, name := range armies.Names() {
			items = append(items, protocol.CompletionItem{Label: name, Kind: protocol.CompletionItemKindModule, Detail: "embedded army"})
		}
		return items
	}
	// The statement's words before the cursor, without the word (or the
	// string) being typed.
	before := d.text.body[at.stmt:off]
	if at.inString {
		before = before[:strings.LastIndexByte(before, '"')]
	} else {
		before = strings.TrimRightFunc(before, isWordRune)
	}
	stmt := lexStmt(before)
	if at.depth == 1 && len(stmt) > 0 && stmt[0].lower() == "remove" {
		// A variant removes tokens of its base: the base's names, which
		// the variant's own compile no longer lists once removed.
		return offer{tokens: true}.items(baseTokenNames(d, loader), at.inString)
	}
	if givesStatus(stmt, !at.inString) {
		// give "Status": in its string, or right after an unquoted give,
		// where the status is the one word that may follow.
		return offer{statuses: statusNames(d)}.items(nil, at.inString)
	}
	if at.inString {
		if !namesToken(stmt) {
			return items // notes, alias, an army's name: free text
		}
		return offer{tokens: true}.items(tokenNames(d), true)
	}
	if o, ok := contextual(stmt, at.depth, at.block); ok {
		return o.items(tokenNames(d), false)
	}
	for _, name := range tokenNames(d) {
		items = append(items, protocol.CompletionItem{Label: name, Kind: protocol.CompletionItemKindReference, Detail: "token", InsertText: `"` + name + `"`})
	}
	for _, w := range vocabulary() {
		// Statement words are offered where statements start; extends
		// follows an army's name.
		if !slices.Equal(w.kinds, []string{"keyword"}) || w.item.Label == "extends" {
			items = append(items, w.item)
		}
	}
	return items
}

// namesToken reports whether the string after a statement's words names
// a token: free_if="…", name="…", or a token's own name.
func namesToken(stmt []lexeme) bool {
	switch n := len(stmt); {
	case n >= 2 && stmt[n-1].punct == '=':
		key := stmt[n-2].lower()
		return key == "free_if" || key == "name"
	case n == 1:
		w := stmt[0].lower()
		return slices.Contains(rules.KindNames[:], w) || w == "part"
	}
	return false
}

// givesStatus reports whether what follows a statement's words is the
// status a give step gives: a string in on placed: give "…", or with
// next, the word after a bare give (on placed: give |), before its status.
func givesStatus(stmt []lexeme, next bool) bool {
	colon := slices.IndexFunc(stmt, func(l lexeme) bool { return l.punct == ':' })
	if colon < 0 {
		return false
	}
	clause, step := clauseOf(stmt[colon+1:])
	if step != "give" {
		return false
	}
	return !next || clause[len(clause)-1].lower() == "give"
}

// statusNames are the names of the statuses the document declares.
func statusNames(d *document) []string {
	names := declared(d, func(st *dsl.Stmt) (string, bool) {
		if strings.EqualFold(st.Word, "status") && len(st.Args) > 0 && len(st.Args[0].Values) > 0 && st.Args[0].Values[0].Str != nil {
			return *st.Args[0].Values[0].Str, true
		}
		return "", false
	})
	slices.Sort(names)
	return slices.Compact(names)
}

// declared parses the document as it stands (it may not compile) and
// returns the name of each statement of an army's body that names
// something, as name says.
func declared(d *document, name func(*dsl.Stmt) (string, bool)) []string {
	f, _ := dsl.Parse(d.name(), []byte(d.text.src))
	return bodyNames(nil, f, name)
}

// bodyNames appends to names the name of each statement of f's army
// bodies that names something, as name says (f may be nil: a file that
// did not parse).
func bodyNames(names []string, f *dsl.File, name func(*dsl.Stmt) (string, bool)) []string {
	if f == nil {
		return names
	}
	for _, a := range f.Stmts {
		if a.Body == nil {
			continue
		}
		for _, st := range a.Body.Stmts {
			if n, ok := name(st); ok {
				names = append(names, n)
			}
		}
	}
	return names
}

// baseTokenNames are the names of the tokens of the army a variant
// extends (and of its own base, when it is a variant too), read from the
// base's file as check would find it.
func baseTokenNames(d *document, loader armies.Loader) []string {
	var names []string
	from, src := d.name(), d.text.src
	for range 8 { // a chain of variants, bounded against a cycle
		m := extendsRef.FindStringSubmatch(src)
		if m == nil {
			break
		}
		if d.path == "" && armies.IsPath(m[1]) {
			break // an unsaved buffer's base by path is not found (compile says so)
		}
		name, base, err := loader.Resolve(m[1], from)
		if err != nil {
			break
		}
		f, _ := dsl.Parse(name, base)
		if f == nil {
			break
		}
		names = bodyNames(names, f, tokenName)
		from, src = name, string(base)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// extendsRef finds the base a file's army extends.
var extendsRef = regexp.MustCompile(`(?i)\bextends\s*"([^"\n]+)"`)

// afterExtends reports whether a line's text before the cursor, which is
// in a string, is `army "Name" extends "…`: the base army is named there.
func afterExtends(line string) bool {
	i := strings.LastIndexByte(line, '"')
	if i < 0 {
		return false
	}
	before := strings.TrimRight(line[:i], " \t")
	return len(before) >= len("extends") && strings.EqualFold(before[len(before)-len("extends"):], "extends")
}

// place is what the text before the cursor says about where it is.
type place struct {
	depth     int    // how many blocks are open
	inString  bool   // inside a string
	inComment bool   // inside a comment
	stmtStart bool   // at the first word of a statement (or before it)
	block     string // the first word of the statement whose block the cursor is in, lower case
	stmt      int    // the byte offset where the statement at the cursor starts (its continuation lines included)
}

// scan reads the text before the cursor the way the lexer does (strings and
// comments end at the line's end) to tell where the cursor is.
func scan(prefix string) place {
	var at place
	start := 0          // where the current statement starts
	cont := false       // the line continues a list after a trailing ','
	var last byte       // the last character of code, not space or comment
	var blocks []string // the first word of each open block's statement
	for i := 0; i < len(prefix); i++ {
		c := prefix[i]
		if !at.inComment && !at.inString && c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '#' {
			last = c
		}
		switch {
		case c == '\n':
			at.inString, at.inComment = false, false
			start = i + 1
			cont = last == ',' // blank and comment lines between keep it
			if !cont {
				at.stmt = i + 1
			}
		case at.inComment:
		case at.inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				at.inString = false
			}
		case c == '"':
			at.inString = true
		case c == '#':
			at.inComment = true
		case c == '{' || c == '}' || c == ';':
			if c == '{' {
				at.depth++
				word := ""
				if f := strings.Fields(prefix[start:i]); len(f) > 0 {
					word = strings.ToLower(f[0])
				}
				blocks = append(blocks, word)
			} else if c == '}' {
				at.depth = max(at.depth-1, 0)
				if len(blocks) > 0 {
					blocks = blocks[:len(blocks)-1]
				}
			}
			start, cont = i+1, false
			at.stmt = i + 1
			last = 0
		}
	}
	if len(blocks) > 0 {
		at.block = blocks[len(blocks)-1]
	}
	if !at.inString && !at.inComment && !cont {
		// Only a word being typed since the statement's start.
		rest := strings.TrimLeft(prefix[start:], " \t")
		at.stmtStart = strings.IndexFunc(rest, func(r rune) bool { return !isWordRune(r) }) < 0
	}
	return at
}

// tokenNames are the names of the tokens the document declares, and of the
// tokens of the armies it last compiled to (a variant's base tokens too).
func tokenNames(d *document) []string {
	names := declared(d, tokenName)
	for _, a := range slices.Concat(d.res.Armies, d.good.Armies) {
		for _, t := range a.Tokens {
			names = append(names, t.Name)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// tokenName returns the name a token statement declares.
func tokenName(st *dsl.Stmt) (string, bool) {
	if !slices.Contains(rules.KindNames[:], strings.ToLower(st.Word)) || len(st.Args) == 0 {
		return "", false
	}
	v := st.Args[0].Values
	if len(v) == 0 || v[0].Str == nil {
		return "", false
	}
	return *v[0].Str, true
}

// hover shows the help-card words of the token at a position: the token
// whose block the position is in, or the token a string there names. The
// words come from the last version of the document that compiled, so that
// they stay while the designer types.
func hover(d *document, p protocol.Position, loader armies.Loader) *protocol.Hover {
	f, _ := dsl.Parse(d.name(), []byte(d.text.src))
	if f == nil {
		return nil
	}
	off := d.text.offset(p)
	for _, a := range f.Stmts {
		if a.Body == nil || len(a.Args) == 0 || len(a.Args[0].Values) == 0 || a.Args[0].Values[0].Str == nil {
			continue
		}
		if off < a.Pos.Offset || off > a.Body.EndPos.Offset {
			continue
		}
		army := findArmy(d, *a.Args[0].Values[0].Str)
		if army == nil {
			return nil
		}
		// A string under the cursor that names a token wins over the
		// block the cursor is in: free_if="Other" shows Other.
		if name, r, ok := stringAt(d, a, off); ok {
			if h := tokenHover(army, name, r); h != nil {
				return h
			}
			// A variant's remove "…" names a token its army no longer
			// has: the base's card shows it.
			if base := baseArmy(d, loader); base != nil {
				if h := tokenHover(base, name, r); h != nil {
					return h
				}
			}
		}
		for _, st := range a.Body.Stmts {
			name, ok := tokenName(st)
			if !ok || st.Body == nil || off < st.Pos.Offset || off > st.Body.EndPos.Offset {
				continue
			}
			return tokenHover(army, name, nil)
		}
		return nil
	}
	return nil
}

// baseArmy compiles the army the document's army extends, as check
// finds it; nil when there is none or it does not compile.
func baseArmy(d *document, loader armies.Loader) *rules.Army {
	m := extendsRef.FindStringSubmatch(d.text.src)
	if m == nil || d.path == "" && armies.IsPath(m[1]) {
		return nil
	}
	name, src, err := loader.Resolve(m[1], d.name())
	if err != nil {
		return nil
	}
	res := compiler.CompileWith(name, src, compiler.Options{Resolve: loader.Resolve})
	if len(res.Armies) == 0 {
		return nil
	}
	return res.Armies[0]
}

// findArmy returns the compiled army of a name from the document's last
// good compile.
func findArmy(d *document, name string) *rules.Army {
	for _, a := range slices.Concat(d.res.Armies, d.good.Armies) {
		if strings.EqualFold(a.Name, name) {
			return a
		}
	}
	return nil
}

// stringAt returns the string value of an army's block under the cursor
// and its range.
func stringAt(d *document, a *dsl.Stmt, off int) (string, *protocol.Range, bool) {
	var found *dsl.Value
	foundAt := 0 // the byte offset of its opening quote
	var walk func(sts []*dsl.Stmt)
	walk = func(sts []*dsl.Stmt) {
		for _, st := range sts {
			for _, g := range slices.Concat(st.Args, st.Clauses) {
				for _, v := range g.Values {
					if v.Str == nil || off < v.Pos.Offset {
						continue
					}
					start := v.Pos.Offset
					if v.Key != nil { // free_if="…": the string starts at its quote
						i := strings.IndexByte(d.text.body[start:], '"')
						if i < 0 {
							continue
						}
						start += i
					}
					if off <= start+wordLen(d.text.body[start:]) {
						found, foundAt = v, start
					}
				}
			}
			if st.Body != nil {
				walk(st.Body.Stmts)
			}
		}
	}
	walk(a.Body.Stmts)
	if found == nil {
		return "", nil, false
	}
	r := protocol.Range{Start: d.text.positionAt(foundAt), End: d.text.positionAt(foundAt + wordLen(d.text.body[foundAt:]))}
	return *found.Str, &r, true
}

// tokenHover renders the help-card row of a token as Markdown.
func tokenHover(a *rules.Army, name string, r *protocol.Range) *protocol.Hover {
	c := card.New(a)
	i := slices.IndexFunc(c.Rows, func(row card.Row) bool {
		return strings.EqualFold(row.Token, name) || slices.ContainsFunc(row.Aliases, func(al string) bool { return strings.EqualFold(al, name) })
	})
	if i < 0 {
		return nil
	}
	return &protocol.Hover{
		Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: cardMarkdown(c.Rows[i])},
		Range:    r,
	}
}

// cardMarkdown is a token's help-card row in the words of `hexforge card`.
func cardMarkdown(r card.Row) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**", escape(r.Token))
	if r.Polish != "" {
		fmt.Fprintf(&b, " (%s)", escape(r.Polish))
	}
	fmt.Fprintf(&b, " · %s × %d", r.Kind, r.Count)
	var stats []string
	if r.Initiative != "" {
		stats = append(stats, "initiative "+escape(r.Initiative))
	}
	if r.Toughness > 0 {
		stats = append(stats, fmt.Sprintf("toughness %d", r.Toughness))
	}
	if len(stats) > 0 {
		b.WriteString("\n\n" + strings.Join(stats, " · "))
	}
	list := func(title string, items []string) {
		if len(items) == 0 {
			return
		}
		fmt.Fprintf(&b, "\n\n%s:", title)
		for _, it := range items {
			b.WriteString("\n- " + escape(it))
		}
	}
	list("edges", r.Edges)
	list("abilities", r.Abilities)
	list("uncertain", r.Uncertain)
	return b.String()
}

// escape keeps a designer's text from being read as Markdown: its
// emphasis, code, link and HTML characters, and a leading list marker.
func escape(s string) string {
	var b strings.Builder
	for i, c := range s {
		if strings.ContainsRune("\\`*_[]<>#|~", c) || i == 0 && (c == '-' || c == '+') {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}
