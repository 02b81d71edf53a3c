package armyfmt

import "unicode/utf8"

type kind int

const (
	tWord    kind = iota // identifier, number or string: printed as written
	tPunct               // { } : , = ;
	tComment             // '#' to the end of the line
	tNewline
)

type token struct {
	kind kind
	text string
}

func isPunct(r rune) bool {
	return r == '{' || r == '}' || r == ':' || r == ',' || r == '=' || r == ';'
}

// lex splits an army file that dsl.Parse accepted into tokens; whitespace
// is dropped, everything else (strings verbatim, comments) is kept.
func lex(src []byte) []token {
	var out []token
	s := string(src)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\n':
			out = append(out, token{tNewline, "\n"})
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '#':
			j := i
			for j < len(s) && s[j] != '\n' {
				j++
			}
			out = append(out, token{tComment, s[i:j]})
			i = j
		case c == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' && s[j] != '\n' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(s))
			out = append(out, token{tWord, s[i:j]})
			i = j
		case isPunct(rune(c)):
			out = append(out, token{tPunct, s[i : i+1]})
			i++
		default:
			j := i
			for j < len(s) {
				r, size := utf8.DecodeRuneInString(s[j:])
				if r == ' ' || r == '\t' || r == '\r' || r == '\n' || r == '#' || r == '"' || isPunct(r) {
					break
				}
				j += size
			}
			out = append(out, token{tWord, s[i:j]})
			i = j
		}
	}
	return out
}
