package diag

import "strings"

// Clip shortens a word quoted in a message: a line of garbage is named,
// not repeated in full.
func Clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return s
}

// FirstLine is the first line of s, for an error quoted inside a
// one-line diagnostic.
func FirstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
