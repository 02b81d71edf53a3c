package lsp

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/rules"
	"go.lsp.dev/protocol"
)

// contextArmy is a valid army with a line (LINE) in a warrior's block
// where each case of TestContextualCompletion types; | is the cursor.
const contextArmy = `army "T" {
    hq "HQ" {
        initiative 0
        toughness 20
        edge all: melee 1
    }
    warrior "Runner" {
        count 1
        LINE
    }
}
`

// completeAt opens src, whose | is the cursor, and returns the labels
// completion offers there and the items by label.
func completeAt(t *testing.T, c *client, name, src string) ([]string, map[string]protocol.CompletionItem) {
	t.Helper()
	i := strings.Index(src, "|")
	if i < 0 {
		t.Fatalf("no cursor in %q", src)
	}
	text := src[:i] + src[i+1:]
	lines := strings.Split(src[:i], "\n")
	pos := protocol.Position{Line: uint32(len(lines) - 1), Character: uint32(units(lines[len(lines)-1]))}
	u := c.open(name, text)
	c.published(u)
	var list protocol.CompletionList
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos,
	}}, &list)
	var labels []string
	items := map[string]protocol.CompletionItem{}
	for _, it := range list.Items {
		labels = append(labels, it.Label)
		items[it.Label] = it
	}
	return labels, items
}

// TestContextualCompletion: through a client, completion offers what the
// compiler accepts after the statement's words before the cursor, and only
// that: after `edge all:` the edge features (it offered 104 words, token
// names and directions among them), after `on` the events, after the
// event's colon the steps the engine runs at that event, after a step its
// qualifiers and named values, after key= that value's words, token names
// only where a token name goes.
func TestContextualCompletion(t *testing.T) {
	v := compiler.Vocabulary()
	named := func(words ...string) []string {
		var out []string
		for _, w := range words {
			out = append(out, w+"=")
		}
		return out
	}
	sides := v["side"]
	pushQ, pushN, _ := compiler.StepWords("push")
	for _, tc := range []struct {
		name, line string
		want       []string // exactly these (editors sort them by label)
	}{
		{"edge features", "edge all: |", v["edge feature"]},
		{"edge feature being typed", "edge N: me|", v["edge feature"]},
		{"second edge feature", "edge N: melee 1, |", v["edge feature"]},
		{"edge qualifiers", "edge N: ranged 1 |", append(compiler.EdgeQualifiers("ranged"), "if=")},
		{"directions", "edge |", v["direction"]},
		{"directions after a comma", "link N, |", v["direction"]},
		{"events", "on |", v["event"]},
		{"event being typed", "on pla|", v["event"]},
		{"trigger named values", "on own_turn |", named(compiler.TriggerNamed()...)},
		{"conditions", "on own_turn cost=1 if=|", rules.CondNames[1:]},
		{"steps at placed", "on placed: |", slices.Concat(sides, compiler.EventSteps("placed"))},
		{"steps at destroyed", "on destroyed: |", slices.Concat(sides, compiler.EventSteps("destroyed"))},
		{"second step", "on placed: push, |", slices.Concat(sides, compiler.EventSteps("placed"))},
		{"steps after a side word", "on placed: enemy |", compiler.EventSteps("placed")},
		{"step qualifiers and named values", "on placed: push |", append(pushQ, named(pushN...)...)},
		{"where", "on placed: damage 1 where=|", rules.WhereNames[:]},
		{"selector kind", "on placed: enemy push kind=|", v["selector kind"]},
		{"recover kind", "on placed: recover kind=|", v["recover kind"]},
		{"free_if names a token", "on own_turn cost=1 free_if=|", []string{"HQ", "Runner"}},
		{"selector name", "on placed: push name=|", []string{"HQ", "Runner"}},
		{"link effects", "link all: |", slices.Concat(sides, v["link effect"])},
		{"granted traits", "link all: grant |", v["granted trait"]},
		{"global effects", "global: |", slices.Concat(sides, v["global effect"])},
		{"traits", "trait |", v["trait"]},
		{"observed events", "when |", v["observed event"]},
		{"facing", "facing enemy: |", v["facing"]},
		{"place modes", "place |", v["place mode"]},
		{"nothing after count", "count |", nil},
		{"a string naming a token", "on own_turn cost=1 free_if=\"R|\": net", []string{"HQ", "Runner"}},
		{"recover name=", "on placed: recover name=\"|\"", []string{"HQ", "Runner"}},
		{"notes are free text", "notes \"|\"", nil},
		{"an alias is free text", "alias \"|\"", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := start(t)
			src := strings.Replace(contextArmy, "LINE", tc.line, 1)
			got, items := completeAt(t, c, filepath.Join(t.TempDir(), "a.army"), src)
			if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(tc.want))) || len(got) != len(tc.want) {
				t.Errorf("%q: %v\nwant %v", tc.line, got, tc.want)
			}
			inString := strings.Contains(tc.line, `"|`) || strings.Contains(tc.line, `"R|`)
			if it, ok := items["Runner"]; ok && (it.InsertText == `"Runner"`) == inString {
				t.Errorf("Runner inserts %q: quoted outside a string, bare in one", it.InsertText)
			}
		})
	}

	// A statement the language does not know tells nothing: every word,
	// the directions and the token names, quoted.
	c := start(t)
	got, items := completeAt(t, c, filepath.Join(t.TempDir(), "b.army"), strings.Replace(contextArmy, "LINE", "edgy N: |", 1))
	for _, w := range []string{"melee", "NW", "all", "push", "agony", "Runner"} {
		if !slices.Contains(got, w) {
			t.Errorf("after an unknown statement: lacks %q", w)
		}
	}
	if items["Runner"].InsertText != `"Runner"` || items["NW"].Detail != "direction" {
		t.Errorf("Runner %+v, NW %+v: want Runner quoted, NW a direction", items["Runner"], items["NW"])
	}
}

// TestCompletionRemove: in a variant, remove "…" offers the base army's
// tokens, also while the string is unfinished and the file does not
// compile, and those the variant already removed.
func TestCompletionRemove(t *testing.T) {
	c := start(t)
	for _, tc := range []struct{ name, src string }{
		{"unfinished string", "army \"V\" extends \"moloch\" {\n    remove \"|\n}\n"},
		{"after a removal", "army \"V\" extends \"moloch\" {\n    size 34\n    remove \"Clown\"\n    remove \"|\"\n}\n"},
		{"unquoted", "army \"V\" extends \"moloch\" {\n    remove |\n}\n"},
	} {
		got, items := completeAt(t, c, filepath.Join(t.TempDir(), "v.army"), tc.src)
		for _, w := range []string{"Clown", "Gauss Cannon", "HQ", "Battle"} {
			if !slices.Contains(got, w) {
				t.Errorf("%s: lacks the base's %q in %v", tc.name, w, got)
			}
		}
		if slices.Contains(got, "melee") || slices.Contains(got, "moloch") {
			t.Errorf("%s: offers words that are no token: %v", tc.name, got)
		}
		quoted := !strings.Contains(tc.src, `"|`)
		if it := items["Clown"]; (it.InsertText == `"Clown"`) != quoted {
			t.Errorf("%s: Clown inserts %q", tc.name, it.InsertText)
		}
	}
}

// TestCompletionStatusAndLeader: a status's effect offers the status
// effects (exposed its kinds), give "…" and a bare give the army's
// statuses (quoted there), and a
// leader's moment the steps a leader runs there (redraw alone at
// opponent_draw).
func TestCompletionStatusAndLeader(t *testing.T) {
	v := compiler.Vocabulary()
	const doc = `army "T" {
    hq "HQ" {
        initiative 0
        toughness 20
        edge all: melee 1
    }
    status "Marked" {
        EFFECT
        until battle_end
    }
    status "Slowed" {
        effect: initiative -1
        until turns 1
    }
    warrior "Runner" {
        count 1
        GIVE
    }
}
leader "Boss" {
    LEADER
}
`
	fill := func(effect, give, leader string) string {
		return strings.NewReplacer("EFFECT", effect, "GIVE", give, "LEADER", leader).Replace(doc)
	}
	c := start(t)
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"status effects", fill("effect: |", "", "on own_turn: draw 1"), v["status effect"]},
		{"exposed kinds", fill("effect: exposed +1 |", "", "on own_turn: draw 1"), v["exposed kind"]},
		{"give a status", fill("effect: exposed +1 ranged", `on placed: give "|"`, "on own_turn: draw 1"), []string{"Marked", "Slowed"}},
		{"give, unquoted", fill("effect: exposed +1 ranged", `on placed: give |`, "on own_turn: draw 1"), []string{"Marked", "Slowed"}},
		{"give, unquoted, a status typed", fill("effect: exposed +1 ranged", `on placed: friend give Mar|`, "on own_turn: draw 1"), []string{"Marked", "Slowed"}},
		{"leader moments", fill("effect: exposed +1 ranged", "", "on |"), v["leader moment"]},
		{"leader steps", fill("effect: exposed +1 ranged", "", "on own_turn: |"), slices.Concat(v["side"], compiler.LeaderSteps("own_turn"))},
		{"redraw alone", fill("effect: exposed +1 ranged", "", "on opponent_draw: |"), slices.Concat(v["side"], []string{"redraw"})},
	} {
		got, items := completeAt(t, c, filepath.Join(t.TempDir(), "s.army"), tc.src)
		if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(tc.want))) {
			t.Errorf("%s: %v\nwant %v", tc.name, got, tc.want)
		}
		// Outside a string the status goes in with its quotes.
		if it, ok := items["Marked"]; ok && strings.Contains(tc.name, "unquoted") != (it.InsertText == `"Marked"`) {
			t.Errorf("%s: Marked inserts %q", tc.name, it.InsertText)
		}
	}
	if steps := compiler.LeaderSteps("own_turn"); slices.Contains(steps, "return_to_deck") || slices.Contains(steps, "redraw") || !slices.Contains(steps, "pick_up") {
		t.Errorf("a leader's steps at own_turn: %v", steps)
	}
}
