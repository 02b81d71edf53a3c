package diag

import (
	"bytes"
	"strings"
	"testing"
)

func TestRenderCaret(t *testing.T) {
	src := []byte("line one\n\tżółw meele 1\n")
	l := List{{Severity: Error, Pos: Pos{File: "f", Line: 2, Column: 6}, Message: "unknown", Hint: `did you mean "melee"?`}}
	var b bytes.Buffer
	l.Render(&b, map[string][]byte{"f": src})
	want := "f:2:6: error: unknown (did you mean \"melee\"?)\n     żółw meele 1\n         ^\n"
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}
}

func TestSortAndErr(t *testing.T) {
	var l List
	l.Warnf(Pos{File: "a", Line: 3, Column: 1}, "w")
	l.Errorf(Pos{File: "a", Line: 1, Column: 5}, "e")
	l.Sort()
	if l[0].Message != "e" || l[1].Message != "w" {
		t.Errorf("not sorted by position: %v", l)
	}
	if l.Err() == nil {
		t.Error("a list with an error is not an error")
	}
	if (List{l[1]}).Err() != nil {
		t.Error("a list of warnings is an error")
	}
}

func TestSuggest(t *testing.T) {
	words := []string{"melee", "ranged", "armor", "net", "reflect", "piercing"}
	cases := map[string]string{
		"meele":  `did you mean "melee"?`,
		"ranegd": `did you mean "ranged"?`,
		"reflec": `did you mean "reflect"?`,
		"xyzzy":  "",
		"armro":  `did you mean "armor"?`, // a transposition is one edit
	}
	for in, want := range cases {
		if got := Suggest(in, words); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSuggestOnlySlips: a suggestion is offered for a slip, never for
// another word that happens to share most letters.
func TestSuggestOnlySlips(t *testing.T) {
	for _, tc := range []struct {
		in    string
		words []string
		want  string
	}{
		{"return_to_hand", []string{"return_to_deck", "replace"}, ""},
		{"retrun_to_deck", []string{"return_to_deck", "replace"}, `did you mean "return_to_deck"?`},
		{"WN", []string{"N", "NE", "SE", "S", "SW", "NW", "all"}, `did you mean "NW"?`},
		{"damge", []string{"damage", "destroy"}, `did you mean "damage"?`},
	} {
		if got := Suggest(tc.in, tc.words); got != tc.want {
			t.Errorf("Suggest(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if d := Distance("wn", "nw"); d != 1 {
		t.Errorf("Distance(wn, nw) = %d, want 1", d)
	}
}

// TestPrintable: escape sequences and other controls are shown escaped;
// newlines, tabs and Polish letters pass.
func TestPrintable(t *testing.T) {
	var b strings.Builder
	w := Printable(&b)
	in := "Gauss \x1b[2J\x1b]0;owned\x07 Cannon\r\tŁowca\u009b\n"
	if n, err := w.Write([]byte(in)); err != nil || n != len(in) {
		t.Fatalf("Write = %d, %v", n, err)
	}
	want := `Gauss \x1b[2J\x1b]0;owned\x07 Cannon\x0d` + "\tŁowca" + `\u009b` + "\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}
