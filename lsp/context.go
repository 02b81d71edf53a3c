package lsp

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hexforge/hexforge/compiler"
	"go.lsp.dev/protocol"
)

// A statement's words before the cursor say what may follow it: after
// `edge all:` an edge feature, after `on ` an event, after the event's
// colon a step the engine runs at that event, after a step its qualifiers
// and named values, after `where=` the places. The words come from the
// compiler's tables (compiler.Vocabulary and compiler/grammar.go), so a
// word the compiler learns is offered where it accepts it.

// lexeme is one word, string or punctuation mark of a statement.
type lexeme struct {
	text  string // the word as written; a string's contents without quotes
	str   bool   // a quoted string
	punct byte   // ':', ',', '=' or 0 for a word or a string
}

// lexStmt splits a statement's text before the cursor (no comment, no
// unfinished string) into its lexemes.
func lexStmt(s string) []lexeme {
	var out []lexeme
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '#': // a comment runs to the line's end
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return out
			}
			i += j
		case r == '"':
			n := wordLen(s[i:])
			body := s[i+1 : i+n]
			body = strings.TrimSuffix(body, `"`)
			out = append(out, lexeme{text: body, str: true})
			i += n
		case r == ':' || r == ',' || r == '=':
			out = append(out, lexeme{punct: byte(r)})
			i += size
		case isWordRune(r) || r == '-' || r == '+':
			n := wordLen(s[i:])
			out = append(out, lexeme{text: s[i : i+n]})
			i += n
		default:
			i += size
		}
	}
	return out
}

// word reports whether a lexeme is a word (not a string or punctuation).
func (l lexeme) word() bool { return l.punct == 0 && !l.str }

// lower is a word in lower case, "" for anything else.
func (l lexeme) lower() string {
	if !l.word() {
		return ""
	}
	return strings.ToLower(l.text)
}

// offer is what completion offers at a place in a statement: words of the
// language, named values (inserted with their =), and token names, quoted
// unless the cursor is in a string.
type offer struct {
	words  []kindWords
	named  []string // named values: label "where="
	tokens bool     // token names
	// statuses are the army's statuses, where one is named (give "…").
	statuses []string
}

// kindWords are words of one kind (the vocabulary's name for it).
type kindWords struct {
	kind  string
	words []string
}

func (o *offer) add(kind string, words ...string) {
	o.words = append(o.words, kindWords{kind, words})
}

// contextual says what may follow the statement words before the cursor
// (stmt, the word being typed left out) in a block opened by the
// statement word block, at depth. ok is false where the language's words
// are not told apart yet: the caller then offers them all.
func contextual(stmt []lexeme, depth int, block string) (o offer, ok bool) {
	if len(stmt) == 0 || !stmt[0].word() {
		return o, false
	}
	v := compiler.Vocabulary()
	head := stmt[0].lower()
	colon := slices.IndexFunc(stmt, func(l lexeme) bool { return l.punct == ':' })
	last := stmt[len(stmt)-1]
	if last.punct == '=' {
		// After key=: the words of that named value.
		if len(stmt) < 2 || !stmt[len(stmt)-2].word() {
			return o, true
		}
		key := stmt[len(stmt)-2].lower()
		if key == "name" || key == "free_if" {
			o.tokens = true
			return o, true
		}
		step := ""
		if colon >= 0 && colon < len(stmt)-2 {
			_, step = clauseOf(stmt[colon+1 : len(stmt)-2])
		}
		switch {
		case key == "if" && (head == "trait" || head == "edge" || head == "link" || head == "global"):
			// A standing effect's condition (compiler/expr.go).
			o.add("standing condition", v["standing condition"]...)
		default:
			o.add(key, compiler.NamedValueWords(step, key)...)
		}
		return o, true
	}
	if depth == 1 && block != "leader" {
		// The army's statements: only remove has words after it, a
		// token's name.
		if head == "remove" {
			o.tokens = true
		}
		return o, true
	}
	if colon < 0 {
		args := stmt[1:]
		switch head {
		case "edge", "link":
			o.add("direction", v["direction"]...)
		case "on":
			switch {
			case block == "leader":
				if len(args) == 0 {
					o.add("leader moment", v["leader moment"]...)
				}
			case block == "status":
				if len(args) == 0 {
					o.add("status event", v["status event"]...)
				}
			case len(args) == 0:
				o.add("event", v["event"]...)
			default:
				o.named = compiler.TriggerNamed()
			}
		case "when":
			if len(args) == 0 {
				o.add("observed event", v["observed event"]...)
			} else {
				o.add("observer qualifier", v["observer qualifier"]...)
				o.named = v["observer named value"]
			}
		case "trait":
			o.add("trait", v["trait"]...)
			if len(args) > 0 {
				o.named = v["trait named value"]
			}
		case "initiative":
			o.add("initiative kind", v["initiative kind"]...)
		case "place":
			if len(args) == 0 {
				o.add("place mode", v["place mode"]...)
			}
		case "facing":
			if len(args) == 0 {
				o.add("side", v["side"]...)
			}
		case "until":
			if block == "status" {
				o.add("status end", v["status end"]...)
			} else {
				o.add("foundation end", v["foundation end"]...)
			}
		case "global", "effect":
		case "count", "toughness", "size", "alias", "notes", "uncertain", "part":
		default:
			return o, false
		}
		return o, true
	}
	clause, _ := clauseOf(stmt[colon+1:])
	words := clause
	side := len(words) > 0 && slices.Contains(v["side"], words[0].lower())
	if side {
		words = words[1:]
	}
	switch head {
	case "edge":
		switch {
		case len(clause) == 0:
			o.add("edge feature", v["edge feature"]...)
		default:
			o.add("edge qualifier", compiler.EdgeQualifiers(clause[0].lower())...)
			if slices.Contains(v["conditional edge"], clause[0].lower()) {
				o.named = []string{"if"}
			}
		}
	case "link", "global":
		effects := v["link effect"]
		if head == "global" {
			effects = v["global effect"]
		}
		switch {
		case len(words) == 0:
			if !side {
				o.add("side", v["side"]...)
			}
			o.add(head+" effect", effects...)
		case words[0].lower() == "grant":
			o.add("granted trait", v["granted trait"]...)
		case words[0].lower() == "convert":
			o.add("conversion", v["conversion"]...)
		}
	case "on", "when":
		var steps []string
		switch {
		case head == "on" && block == "leader" && len(stmt) > 1:
			steps = compiler.LeaderSteps(stmt[1].lower())
		case head == "on" && block != "status" && len(stmt) > 1:
			steps = compiler.EventSteps(stmt[1].lower())
		}
		if steps == nil {
			steps = v["action"]
		}
		if len(words) == 0 {
			if !side {
				o.add("side", v["side"]...)
			}
			o.add("action", steps...)
			break
		}
		if quals, named, ok := compiler.StepWords(words[0].lower()); ok {
			if words[0].lower() == "attack" && len(words) == 1 {
				o.add("attack kind", v["attack kind"]...)
				break
			}
			o.add(words[0].lower()+" qualifier", quals...)
			o.named = named
		}
	case "place":
		o.add("place qualifier", v["place qualifier"]...)
		o.named = v["place named value"]
	case "facing":
		if len(clause) == 0 {
			o.add("facing", v["facing"]...)
		}
	case "effect":
		switch {
		case len(clause) == 0:
			o.add("status effect", v["status effect"]...)
		case clause[0].lower() == "exposed":
			o.add("exposed kind", v["exposed kind"]...)
		}
	case "trait":
		return o, false
	default:
		return o, false
	}
	return o, true
}

// clauseOf returns the clause (after the last comma) of a statement's
// part after its colon, and the step that clause begins with, past a side
// word.
func clauseOf(after []lexeme) ([]lexeme, string) {
	start := 0
	for i, l := range after {
		if l.punct == ',' {
			start = i + 1
		}
	}
	clause := after[start:]
	step := ""
	for _, l := range clause {
		if l.word() && !slices.Contains(compiler.Vocabulary()["side"], l.lower()) {
			step = l.lower()
			break
		}
	}
	return clause, step
}

// items renders an offer as completion items; inString says the cursor is
// in a string (a token name is then inserted without its quotes).
func (o offer) items(names []string, inString bool) []protocol.CompletionItem {
	items := []protocol.CompletionItem{}
	seen := map[string]bool{}
	for _, kw := range o.words {
		for _, w := range kw.words {
			if seen[w] {
				continue
			}
			seen[w] = true
			items = append(items, protocol.CompletionItem{Label: w, Kind: protocol.CompletionItemKindValue, Detail: kw.kind})
		}
	}
	for _, n := range o.named {
		items = append(items, protocol.CompletionItem{Label: n + "=", Kind: protocol.CompletionItemKindProperty, Detail: "named value"})
	}
	for _, st := range o.statuses {
		it := protocol.CompletionItem{Label: st, Kind: protocol.CompletionItemKindEnumMember, Detail: "status"}
		if !inString {
			it.InsertText = `"` + st + `"`
		}
		items = append(items, it)
	}
	if o.tokens {
		for _, name := range names {
			it := protocol.CompletionItem{Label: name, Kind: protocol.CompletionItemKindReference, Detail: "token"}
			if !inString {
				it.InsertText = `"` + name + `"`
			}
			items = append(items, it)
		}
	}
	return items
}
