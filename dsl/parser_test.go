package dsl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/diag"
)

func TestParsePositions(t *testing.T) {
	src := "army \"Ćma\" {\n    warrior \"Łowca\" {\n        edge N, SW: ranged 1 piercing, armor\n        on placed cost=1: damage 1\n    }\n}\n"
	f, err := Parse("a.army", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	army := f.Stmts[0]
	if army.Word != "army" || *army.Args[0].Values[0].Str != "Ćma" {
		t.Fatalf("army statement parsed as %q %v", army.Word, army.Args)
	}
	tok := army.Body.Stmts[0]
	edge := tok.Body.Stmts[0]
	if edge.Word != "edge" || len(edge.Args) != 2 || len(edge.Clauses) != 2 {
		t.Fatalf("edge parsed as %+v", edge)
	}
	// Columns count characters: "ranged" starts at column 21.
	if p := edge.Clauses[0].Pos; p.Line != 3 || p.Column != 21 {
		t.Errorf("clause at %d:%d, want 3:21", p.Line, p.Column)
	}
	on := tok.Body.Stmts[1]
	if v := on.Args[0].Values[1]; v.Key == nil || *v.Key != "cost" || *v.Num != "1" {
		t.Errorf("named value parsed as %+v", v)
	}
	// Column after a Polish letter still counts characters.
	if p := tok.Args[0].Pos; p.Line != 2 || p.Column != 13 {
		t.Errorf("token name at %d:%d, want 2:13", p.Line, p.Column)
	}
}

func TestParseRejects(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"binary", "army \x00", "1:6: error: NUL byte"},
		{"invalid utf8", "army \"\xff\"", "1:7: error: invalid UTF-8"},
		{"deep nesting", "army \"x\" " + strings.Repeat("{", 20), "blocks nested more than 8 deep"},
		{"huge", strings.Repeat("#", MaxFileSize+1), "an army file may be at most"},
		{"unclosed string", "army \"x {\n}", "unexpected character"},
		{"stray colon", "army \"x\" { hq \"HQ\" : : }", "syntax error"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("a.army", []byte(c.src))
			if err == nil {
				t.Fatal("accepted")
			}
			if _, ok := err.(diag.List); !ok {
				t.Fatalf("error is %T, want diag.List", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not contain %q", err, c.want)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	f.Add("army \"x\" { hq \"HQ\" { edge all: melee 1 } }")
	f.Add("army \"x\" {\n hq \"HQ\" {\n  edge N: melee 1 edge S: \"a:b\" # c:\n }\n}")
	f.Add("army \"x\" {\n warrior \"w\" { on placed cost=1: damage 1 radius=1 }\n}")
	f.Add("army \"x\" {\n instant \"s\" { on play: enemy push every within=2 of=own_hq, own move 1 unit=target toward=nearest_enemy }\n}")
	f.Add("army \"x\" {\n status \"Burning\" {\n  effect: exposed +1 ranged, initiative -1\n  on turn_start: damage 1 at=self\n  until turns 2, healed\n }\n instant \"i\" { on play: give \"Burning\" radius=1 at=enemy_hq }\n}")
	// The gallery's fan armies use every concept of the language.
	gallery, _ := filepath.Glob("../armies/testdata/gallery/*.army")
	for _, file := range gallery {
		if raw, err := os.ReadFile(file); err == nil {
			f.Add(string(raw))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		_, _ = Parse("f.army", []byte(src))
	})
}

// TestParseRecovers: after a syntax error parsing goes on at the next
// line; every syntax error is reported, sorted, and the partial tree is
// returned with them.
func TestParseRecovers(t *testing.T) {
	src := "army \"A\" {\n    hq \"HQ\" {\n        edge N: melee 1 : armor\n    }\n    warrior \"W\" {\n        initiative 2\n        edge S: = melee 1\n    }\n}\n"
	f, err := Parse("r.army", []byte(src))
	l, ok := err.(diag.List)
	if !ok || len(l) != 2 || l[0].Pos.Line != 3 || l[1].Pos.Line != 7 {
		t.Fatalf("want syntax errors on lines 3 and 7, got %v", err)
	}
	if f == nil || len(f.Stmts) != 1 || len(f.Stmts[0].Body.Stmts) != 2 {
		t.Fatalf("want the partial tree (the army with its two tokens), got %+v", f)
	}
}

// TestParseSecondColon: a ":" after another ":" of its line, with a word
// after the first value before it, is two statements run together and is
// said to be; a stray colon, a colon in a string or a comment, is not.
func TestParseSecondColon(t *testing.T) {
	const runOn = `a second ":" on one line, as when two statements run together`
	for _, c := range []struct {
		line string
		col  int
		said bool
	}{
		{"edge N: melee 1 edge S: armor", 31, true},
		{"edge N: melee 1, armor trait S: x", 39, true},
		{"edge N: melee 1 : armor", 25, false},
		{"edge N: melee 1, : armor", 26, false},
		{"notes \"a: b\" edge S: armor", 0, false},
	} {
		src := "army \"A\" {\n    hq \"HQ\" {\n        " + c.line + "\n    }\n}\n"
		_, err := Parse("c.army", []byte(src))
		l, _ := err.(diag.List)
		if len(l) == 0 {
			if c.said {
				t.Errorf("%q: no error", c.line)
			}
			continue
		}
		if got := strings.Contains(l[0].Message, runOn); got != c.said || c.said && l[0].Pos.Column != c.col {
			t.Errorf("%q: %v at %d:%d; want run-on said: %v at column %d", c.line, l[0].Message, l[0].Pos.Line, l[0].Pos.Column, c.said, c.col)
		}
	}
}

// TestParseUnclosedBlock: a missing "}" is reported at the block left
// open, judged by the indentation of the "}" that closed the wrong block.
func TestParseUnclosedBlock(t *testing.T) {
	for src, want := range map[string]string{
		"army \"A\" {\n    hq \"HQ\" {\n        edge all: melee 1\n    }\n":                                         "1:10",
		"army \"A\" {\n    warrior \"W\" {\n        edge N: melee 1\n    warrior \"V\" {\n    }\n}\n":               "2:17",
		"army \"A\" {\n    warrior \"W\" {\n        edge N: melee 1\n    }\n    warrior \"V\" { edge S: armor\n}\n": "5:17",
	} {
		_, err := Parse("u.army", []byte(src))
		l, ok := err.(diag.List)
		if !ok || len(l) != 1 || !strings.Contains(l[0].Message, "block opened at "+want+" is never closed") {
			t.Errorf("%q: got %v, want the block opened at %s", src, err, want)
		}
	}
}
