package diag

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// Printable wraps w so that control characters in what is written (an ESC
// starting a terminal escape sequence, a carriage return, a C1 control)
// come out escaped as \x1b or \u009b instead of acting on the terminal.
// Newlines and tabs pass. It is for text a person reads: token names and
// notes come from army files written by strangers (docs/security.md).
func Printable(w io.Writer) io.Writer { return printable{w} }

type printable struct{ w io.Writer }

func (p printable) Write(b []byte) (int, error) {
	clean := true
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if isControl(r) {
			clean = false
			break
		}
		i += n
	}
	if clean {
		return p.w.Write(b)
	}
	out := make([]byte, 0, len(b)+16)
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		switch {
		case r < 0x80 && isControl(r):
			out = fmt.Appendf(out, `\x%02x`, r)
		case isControl(r):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	if _, err := p.w.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}

func isControl(r rune) bool {
	return (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f || (r >= 0x80 && r <= 0x9f)
}

// Unwrap is the writer underneath, for a caller that must draw on the
// terminal itself (the progress bar's \r) and escapes its own text.
func (p printable) Unwrap() io.Writer { return p.w }
