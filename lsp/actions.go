package lsp

import (
	"regexp"
	"strconv"
	"strings"

	"go.lsp.dev/protocol"
)

// A did-you-mean hint of the compiler (diag.Suggest: did you mean
// "melee"?, or a direction's did you mean NE or SE?) becomes a quick fix
// for each word it suggests, replacing the word the message names.

var (
	didYouMean = regexp.MustCompile(`^did you mean (.+)\?$`)
	quoted     = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
)

// codeActions are the quick fixes of the document's did-you-mean
// diagnostics on the lines of r.
func codeActions(d *document, r protocol.Range) []protocol.CodeAction {
	out := []protocol.CodeAction{}
	shown := diagnostics(d) // shown[i] is the editor's form of d.res.Diags[i]
	for i, x := range d.res.Diags {
		if i >= len(shown) {
			break
		}
		m := didYouMean.FindStringSubmatch(x.Hint)
		if m == nil || x.Pos.File != d.name() || x.Pos.Line < 1 {
			continue
		}
		line := x.Pos.Line - 1
		if uint32(line) < r.Start.Line || uint32(line) > r.End.Line {
			continue
		}
		wrong, at, ok := misspelt(d.text.line(line), byteCol(d.text.line(line), x.Pos.Column), x.Message)
		if !ok {
			continue
		}
		where := protocol.Range{Start: d.text.position(line, at), End: d.text.position(line, at+len(wrong))}
		for _, s := range strings.Split(m[1], " or ") {
			word := s
			if u, err := strconv.Unquote(s); err == nil {
				word = u
			}
			out = append(out, protocol.CodeAction{
				Title:       "Change " + strconv.Quote(wrong) + " to " + strconv.Quote(word),
				Kind:        protocol.QuickFix,
				Diagnostics: []protocol.Diagnostic{shown[i]},
				IsPreferred: !strings.Contains(m[1], " or "),
				Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{
					d.uri: {{Range: where, NewText: word}},
				}},
			})
		}
	}
	return out
}

// misspelt finds on a line, at or after byte from, the word a message
// quotes as unknown (unknown edge feature "meele"): the first quoted word
// of the message written there as a whole word. A named value's
// diagnostic is at its key (where=slef), so the word may come later.
func misspelt(line string, from int, msg string) (string, int, bool) {
	best, bestAt := "", -1
	for _, q := range quoted.FindAllString(msg, -1) {
		w, err := strconv.Unquote(q)
		if err != nil || w == "" {
			continue
		}
		for i := from; i <= len(line)-len(w); {
			j := strings.Index(line[i:], w)
			if j < 0 {
				break
			}
			at := i + j
			whole := (at == 0 || !isWordByte(line[at-1])) && (at+len(w) == len(line) || !isWordByte(line[at+len(w)]))
			if whole {
				if bestAt < 0 || at < bestAt {
					best, bestAt = w, at
				}
				break
			}
			i = at + 1
		}
	}
	return best, bestAt, bestAt >= 0
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
