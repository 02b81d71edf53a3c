package diag

import (
	"bytes"
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
	}
	for in, want := range cases {
		if got := Suggest(in, words); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}
