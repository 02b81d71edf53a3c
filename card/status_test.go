package card

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/compiler"
)

// TestStatusAndObserverWords: a card names the status a give step gives
// (with and without a selector), lists the army's statuses with what they
// do and when they end (text, Markdown and JSON), and says what each
// observer watches and does.
func TestStatusAndObserverWords(t *testing.T) {
	src := `army "A" {
    size 5
    status "Burning" {
        on turn_start: damage 1 unit=self
        until healed, turns 2
    }
    hq "HQ" { edge all: melee 1 }
    warrior "Stalker" {
        initiative 2
        edge N: melee 1
        on placed: give "Burning"
        when placed enemy adjacent once: net unit=event
    }
    module "Watcher" {
        link N: melee +1
        when destroyed friend kind=hq linked: draw 1
    }
    instant "Battle" { count 2; on play: battle }
}
`
	res := compiler.CompileSource("a.army", []byte(src))
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags)
	}
	c := New(res.Armies[0])
	var text, md, js, page bytes.Buffer
	if err := c.HTML(&page); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.String(), "<li><b>Burning</b>: at the start") {
		t.Errorf("the HTML card lists no Burning status")
	}
	if err := c.Text(&text, false); err != nil {
		t.Fatal(err)
	}
	if err := c.Text(&md, true); err != nil {
		t.Fatal(err)
	}
	if err := c.JSON(&js); err != nil {
		t.Fatal(err)
	}
	burning := `Burning: at the start of its owner's turn: 1 wound to itself; ends after 2 of its owner's turns or when it is healed`
	for _, tc := range []struct{ what, out, want string }{
		{"text", text.String(), "Statuses:\n  " + burning},
		{"markdown", md.String(), "- **Burning**: " + strings.TrimPrefix(burning, "Burning: ")},
	} {
		if !strings.Contains(tc.out, tc.want) {
			t.Errorf("%s card lacks %q:\n%s", tc.what, tc.want, tc.out)
		}
	}
	var got struct {
		Statuses []StatusCard `json:"statuses"`
	}
	if err := json.Unmarshal(js.Bytes(), &got); err != nil || len(got.Statuses) != 1 || got.Statuses[0].Name != "Burning" {
		t.Errorf("JSON statuses %+v (%v)", got.Statuses, err)
	}
	abilities := func(tok string) string {
		for _, r := range c.Rows {
			if r.Token == tok {
				return strings.Join(r.Abilities, " | ")
			}
		}
		return ""
	}
	for tok, want := range map[string]string{
		"Stalker": `When placed: "Burning" goes on an enemy unit | When an enemy unit next to it is placed (once a turn): net the unit of the event`,
		"Watcher": `link N: melee +1 | When an own HQ on a link of it is destroyed: its owner draws 1 token more`,
	} {
		if got := abilities(tok); got != want {
			t.Errorf("%s:\n got %s\nwant %s", tok, got, want)
		}
	}
}
