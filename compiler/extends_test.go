package compiler

import (
	"fmt"
	"strings"
	"testing"
)

// memResolver serves base armies from memory.
func memResolver(files map[string]string) Resolver {
	return func(ref, from string) (string, []byte, error) {
		src, ok := files[ref]
		if !ok {
			return "", nil, fmt.Errorf("no such army")
		}
		return ref + ".army", []byte(src), nil
	}
}

const baseArmy = `army "Base" {
    size 5
    hq "HQ" {
        edge all: melee 1
        link all: ranged +1
    }
    warrior "Gunner" {
        count 2
        initiative 2
        edge N: ranged 1
        edge S: armor
    }
    warrior "Brute" {
        initiative 1
        edge all: melee 1
    }
    instant "Battle" { on play: battle }
}
`

func TestVariantChangesTokens(t *testing.T) {
	src := `army "Variant" extends "base" {
    warrior "Gunner" {
        initiative 3
        edge S: ranged 1, armor
    }
    warrior "Brute" {
        edge N: melee 2
    }
    remove "Battle"
    module "Scout" { link N: initiative +1 }
}
`
	res := CompileWith("variant.army", []byte(src), Options{Resolve: memResolver(map[string]string{"base": baseArmy})})
	if res.Diags.HasErrors() {
		t.Fatalf("errors: %v", res.Diags)
	}
	base := CompileSource("base.army", []byte(baseArmy)).Armies[0]
	got := strings.Join(Diff(base, res.Armies[0]), "\n")
	want := strings.Join([]string{
		`army name: "Base" -> "Variant"`,
		`~ "Gunner" initiative: 2 -> 3`,
		`~ "Gunner" edge S: armor -> ranged 1 armor`,
		`~ "Brute" edge N: melee 1 -> melee 2`,
		`- instant "Battle" x1 removed`,
		`+ module "Scout" x1 added`,
	}, "\n")
	if got != want {
		t.Errorf("diff:\n%s\nwant:\n%s", got, want)
	}
	// The HQ, untouched, keeps its aura; the total stays 5, so no warning.
	if len(res.Diags) != 0 {
		t.Errorf("unexpected diagnostics: %v", res.Diags)
	}
}

func TestVariantErrors(t *testing.T) {
	files := map[string]string{
		"base":  baseArmy,
		"loopa": `army "A" extends "loopb" { }`,
		"loopb": `army "B" extends "loopa" { }`,
	}
	cases := []struct{ src, want string }{
		{`army "V" extends "nope" { }`, `v.army:1:18: error: cannot load base army "nope": no such army`},
		{`army "V" extends "base" { remove "Gunnr" }`, `v.army:1:34: error: remove: the base army has no token "Gunnr" (did you mean "Gunner"?)`},
		{`army "V" extends "base" { module "Brute" { } }`, `v.army:1:27: error: "Brute" is a warrior in the base army; a variant cannot make it a module`},
		{`army "V" extends "loopa" { }`, `error: army extends chain is more than 8 deep`},
		{`army "V" extends base { }`, `v.army:1:10: error: extends needs the base army in quotes`},
		{`army "V" { remove "Gunner" }`, `v.army:1:12: error: remove is only for variants`},
		// An error in a variant's own token is reported at the variant's line.
		{"army \"V\" extends \"base\" {\n warrior \"Gunner\" { initiative 99 }\n}", `v.army:2:32: error: initiative 99 is out of range`},
	}
	for _, c := range cases {
		res := CompileWith("v.army", []byte(c.src), Options{Resolve: memResolver(files)})
		if !strings.Contains(res.Diags.Error(), c.want) {
			t.Errorf("%s\ngot:  %v\nwant: %s", c.src, res.Diags, c.want)
		}
	}
}

// TestDiffSpeaksTheDesignersWords: initiatives read "2, 1" (never Go's
// "[2 1]", which reads as 21) and abilities as on the help card.
func TestDiffSpeaksTheDesignersWords(t *testing.T) {
	src := func(ini, on string) []byte {
		return []byte("army \"A\" {\n    size 2\n    hq \"HQ\" { edge all: melee 1 }\n    warrior \"W\" {\n        initiative " + ini + "\n        edge N: melee 1\n" + on + "    }\n}\n")
	}
	a := CompileSource("a.army", src("3", ""))
	b := CompileSource("b.army", src("2, 1", "        on own_turn cost=discard if=adjacent_own_hq: heal 1\n"))
	if a.Diags.HasErrors() || b.Diags.HasErrors() {
		t.Fatal(a.Diags, b.Diags)
	}
	got := strings.Join(Diff(a.Armies[0], b.Armies[0]), "\n")
	for _, want := range []string{`"W" initiative: 3 -> 2, 1`, `on own_turn (costs 1 token of the hand, discarded) if adjacent_own_hq: heal 1`} {
		if !strings.Contains(got, want) {
			t.Errorf("diff lacks %q:\n%s", want, got)
		}
	}
}

// TestVariantSelectorNames: a variant's selectors name the tokens of the
// army it makes, its base's included; a misspelled name, or one the
// variant removed, would match none of them and is an error at its column.
func TestVariantSelectorNames(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"base token", `instant "Strike" { on play: damage 1 name="Brute" }`, ""},
		{"base token in count()", `warrior "Brute" { edge N: melee "count(friend name=Gunner adjacent)" }`, ""},
		{"misspelled", `instant "Strike" { on play: damage 1 name="Brutte" }`, `v.army:2:38: error: name="Brutte" is not a token of army "V": a selector picks units by the name of one of the army's tokens (did you mean "Brute"?)`},
		{"removed", "remove \"Brute\"\n" + `instant "Strike" { on play: damage 1 name="Brute" }`, `v.army:3:38: error: name="Brute" is not a token of army "V"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "army \"V\" extends \"base\" {\n" + c.body + "\n}"
			res := CompileWith("v.army", []byte(src), Options{Resolve: memResolver(map[string]string{"base": baseArmy})})
			got := res.Diags.Error()
			if c.want == "" && res.Diags.HasErrors() || !strings.Contains(got, c.want) {
				t.Errorf("%s\ngot:  %v\nwant: %q", src, got, c.want)
			}
		})
	}
}
