package card

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/compiler"
)

// termBuf is a buffer that says it shows on a terminal width columns wide,
// as the CLI's standard output does (report.WithWidth).
type termBuf struct {
	bytes.Buffer
	width int
}

func (b *termBuf) Width() int { return b.width }

// TestCardFitsTheTerminal: on a terminal 100 columns wide the Moloch card
// (about 150 columns in full) fits; with no terminal, and in Markdown, it
// is exactly the full card.
func TestCardFitsTheTerminal(t *testing.T) {
	a := molochArmy(t)
	var full bytes.Buffer
	if err := New(a).Text(&full, false); err != nil {
		t.Fatal(err)
	}
	if w := textWidth(full.Bytes()); w <= 100 {
		t.Fatalf("the full card is %d columns: this test needs one wider than the terminal", w)
	}
	narrow := &termBuf{width: 100}
	if err := New(a).Text(narrow, false); err != nil {
		t.Fatal(err)
	}
	if w := textWidth(narrow.Bytes()); w > 100 {
		t.Errorf("on a 100-column terminal the card is %d columns wide:\n%s", w, narrow.String())
	}
	for _, tok := range a.Tokens {
		// A long name may wrap onto two lines: its first word is there.
		if first := strings.Fields(tok.Name)[0]; !strings.Contains(narrow.String(), first) {
			t.Errorf("token %q lost from the narrow card", tok.Name)
		}
	}
	wide := &termBuf{width: 1000}
	New(a).Text(wide, false)
	if wide.String() != full.String() {
		t.Error("a card that fits the terminal was changed")
	}
	var md bytes.Buffer
	mdNarrow := &termBuf{width: 60}
	New(a).Text(&md, true)
	New(a).Text(mdNarrow, true)
	if md.String() != mdNarrow.String() {
		t.Error("the Markdown card was narrowed")
	}
}

// TestEveryCardFitsTheTerminal: the card of every embedded army fits a
// terminal 80, 100 and 120 columns wide (Beasts' and Borgo's long
// abilities once made theirs 105 to 107 columns at 100; at 80 Moloch's was
// 95 until the Polish names and kinds went under the tokens' names), every
// token still named on it, in English and Polish, with its kind.
func TestEveryCardFitsTheTerminal(t *testing.T) {
	for _, name := range armies.Names() {
		l, err := armies.Loader{}.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, width := range []int{80, 100, 120} {
			narrow := &termBuf{width: width}
			if err := New(l.Army).Text(narrow, false); err != nil {
				t.Fatal(err)
			}
			if w := textWidth(narrow.Bytes()); w > width {
				t.Errorf("%s on a %d-column terminal: the card is %d columns wide:\n%s", name, width, w, narrow.String())
			}
			for _, tok := range l.Army.Tokens {
				if first := strings.Fields(tok.Name)[0]; !strings.Contains(narrow.String(), first) {
					t.Errorf("%s at %d: token %q lost from the card", name, width, tok.Name)
				}
			}
			for _, r := range New(l.Army).Rows {
				if p := strings.Fields(r.Polish); len(p) > 0 && !strings.Contains(narrow.String(), p[0]) {
					t.Errorf("%s at %d: the Polish name %q lost from the card", name, width, r.Polish)
				}
				if !strings.Contains(narrow.String(), r.Kind) {
					t.Errorf("%s at %d: the kind %q lost from the card", name, width, r.Kind)
				}
			}
		}
	}
}

// longWordArmy has an ability with a word (a condition's
// `if="most_ranged(friend`) longer than the abilities column an
// 80-column card gave it, which cut it as `if="most_ranged(frien` over
// `d`.
const longWordArmy = `army "Long" {
    size 3
    hq "HQ" { edge all: melee 1 }
    warrior "Archer" {
        initiative 2
        edge N: melee 1 if="most_ranged(friend adjacent) >= 1"
        edge S: ranged 1
    }
    instant "Battle" { on play: battle }
}
`

// TestCardKeepsWordsWhole: at 80 and 100 columns no word of a card is cut
// (each text column is as wide as its longest word, the other giving up
// what it can spare), for every embedded army, the gallery's and one with
// a long condition, and the card's table still fits.
func TestCardKeepsWordsWhole(t *testing.T) {
	res := compiler.CompileSource("long.army", []byte(longWordArmy))
	if len(res.Diags) > 0 {
		t.Fatal(res.Diags)
	}
	cards := map[string]*Card{"long": New(res.Armies[0])}
	refs := armies.Names()
	gallery, _ := filepath.Glob("../armies/testdata/gallery/*.army")
	for _, ref := range append(refs, gallery...) {
		l, err := armies.Loader{}.Load(ref)
		if err != nil {
			t.Fatal(err)
		}
		cards[ref] = New(l.Army)
	}
	for name, c := range cards {
		words := map[string]bool{}
		for _, r := range c.Rows {
			for _, cell := range r.cells("\n") {
				for _, w := range strings.Fields(cell) {
					words[strings.Trim(w, "()")] = true
				}
			}
		}
		// The headers' words, upper-cased and short.
		for _, w := range strings.Fields(strings.ToUpper(strings.Join(header, " ") + " init tough (polish)")) {
			words[strings.Trim(w, "()")] = true
		}
		for _, width := range []int{80, 100} {
			narrow := &termBuf{width: width}
			if err := c.Text(narrow, false); err != nil {
				t.Fatal(err)
			}
			for _, l := range strings.Split(narrow.String(), "\n") {
				if !strings.ContainsAny(l, "│┌├└") {
					continue // the statuses under the table are prose, which the CLI wraps
				}
				if w := textWidth([]byte(l)); w > width {
					t.Errorf("%s at %d: a line of the card is %d columns wide", name, width, w)
				}
				for _, cell := range strings.Split(l, "│")[1:] {
					for _, w := range strings.Fields(cell) {
						if !words[strings.Trim(w, "()")] {
							t.Errorf("%s at %d: %q is a piece of a word:\n%s", name, width, w, narrow.String())
						}
					}
				}
			}
		}
	}
}
