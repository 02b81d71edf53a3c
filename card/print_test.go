package card

import (
	"encoding/xml"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/compiler"
)

// embeddedCards are the help cards of every embedded army.
func embeddedCards(t *testing.T) map[string]*Card {
	t.Helper()
	out := map[string]*Card{}
	for _, name := range armies.Names() {
		l, err := armies.Loader{}.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = New(l.Army)
	}
	return out
}

// structureSrc is an army with two Structures (no embedded army has one):
// their four parts have count 0, never drawn, and are printed once each.
const structureSrc = `army "Fort" {
    size 4
    hq "HQ" { edge all: melee 1 }
    warrior "Guard" {
        count 2
        initiative 2
        edge N: melee 1
    }
    instant "Battle" { on play: battle }
    structure "Bunker" {
        part "Bunker Gun" {
            initiative 2
            edge N: ranged 1
        }
        part "Bunker Hatch" {
            initiative 3
            edge N: melee 1
        }
    }
    structure "Walker" {
        part "Walker Cannon" { edge N: ranged 2 }
        part "Walker Legs" { edge S: armor }
    }
}
`

// structureCard is the help card of structureSrc.
func structureCard(t *testing.T) *Card {
	t.Helper()
	res := compiler.CompileSource("fort.army", []byte(structureSrc))
	if len(res.Diags) > 0 || len(res.Armies) != 1 {
		t.Fatal(res.Diags)
	}
	return New(res.Armies[0])
}

// printCards are the cards the sheets are tested on: every embedded army's
// and structureCard.
func printCards(t *testing.T) map[string]*Card {
	t.Helper()
	cards := embeddedCards(t)
	cards["fort"] = structureCard(t)
	return cards
}

// TestLayoutEveryToken: on both papers and at several sizes, every token
// of every embedded army (and of an army with Structures) is printed as
// many times as its count, a Structure's part once, each whole inside the
// margins and apart from its neighbours by the gap.
func TestLayoutEveryToken(t *testing.T) {
	for name, c := range printCards(t) {
		want, parts := 0, 0
		counts := map[int]int{}
		for i, r := range c.Rows {
			want += r.Count
			counts[i] = r.Count
			if r.part {
				counts[i] = 1
				parts++
			}
		}
		if want != c.Total {
			t.Fatalf("%s: counts sum to %d, the card says %d tokens", name, want, c.Total)
		}
		if name == "fort" && parts != 4 {
			t.Fatalf("fort: %d Structure parts on the card, want 4", parts)
		}
		want += parts
		for _, paper := range Papers {
			for _, mm := range []float64{25, DefaultHexMM, 60} {
				s, err := c.Layout(paper, mm)
				if err != nil {
					t.Fatalf("%s on %s at %g mm: %v", name, paper.Name, mm, err)
				}
				got := map[int]int{}
				a, r := s.Apothem(), s.Radius()
				for p, page := range s.Pages {
					if len(page) == 0 {
						t.Errorf("%s: page %d is empty", name, p)
					}
					for i, sl := range page {
						got[sl.Row]++
						if sl.X-r < marginMM-1e-9 || sl.X+r > paper.W-marginMM+1e-9 || sl.Y-a < marginMM+headerMM-1e-9 || sl.Y+a > paper.H-marginMM+1e-9 {
							t.Errorf("%s %s %g mm page %d: token at (%.1f, %.1f) leaves the margins", name, paper.Name, mm, p, sl.X, sl.Y)
						}
						for _, o := range page[:i] {
							// Hexagons whose centres are 2a+gap apart
							// or more are apart by the gap or more.
							if d := math.Hypot(sl.X-o.X, sl.Y-o.Y); d < 2*a+gapMM-1e-6 {
								t.Errorf("%s %s %g mm page %d: tokens %.1f mm apart, want %.1f", name, paper.Name, mm, p, d, 2*a+gapMM)
							}
						}
					}
				}
				if s.Tokens() != want || s.Parts() != parts {
					t.Errorf("%s %s %g mm: %d tokens printed (%d parts), want %d (%d)", name, paper.Name, mm, s.Tokens(), s.Parts(), want, parts)
				}
				for i, n := range counts {
					if got[i] != n {
						t.Errorf("%s %s %g mm: %s printed %d times, count %d", name, paper.Name, mm, c.Rows[i].Token, got[i], n)
					}
				}
			}
		}
	}
}

// TestLayoutUsesThePage: the default 40 mm tokens fill A4 as the box's
// sheets would: more than 20 a page, and smaller tokens more.
func TestLayoutUsesThePage(t *testing.T) {
	c := embeddedCards(t)["moloch"]
	per := func(mm float64) int {
		s, err := (&Sheets{Card: c, Paper: Papers[0], HexMM: mm}).slots()
		if err != nil {
			t.Fatal(err)
		}
		return len(s)
	}
	if n := per(40); n < 20 {
		t.Errorf("40 mm tokens: %d a page of A4", n)
	}
	if per(25) <= per(40) {
		t.Errorf("25 mm tokens: %d a page, 40 mm: %d", per(25), per(40))
	}
}

func TestLayoutErrors(t *testing.T) {
	c := embeddedCards(t)["moloch"]
	for _, tc := range []struct {
		paper Paper
		mm    float64
		want  string
	}{
		{Papers[0], 190, "does not fit on a4"},
		{Paper{"postcard", 100, 148}, 90, "does not fit on postcard"},
		{Papers[0], 10, "out of range"},
		{Papers[1], math.NaN(), "out of range"},
		{Papers[0], 201, "out of range"},
	} {
		_, err := c.Layout(tc.paper, tc.mm)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s at %g mm: %v, want %q", tc.paper.Name, tc.mm, err, tc.want)
		}
	}
	if _, err := ParsePaper("a5"); err == nil || !strings.Contains(err.Error(), "a4 or letter") {
		t.Errorf("a5: %v", err)
	}
	if p, err := ParsePaper("Letter"); err != nil || p.Name != "letter" {
		t.Errorf("Letter: %v %v", p, err)
	}
}

var translateRE = regexp.MustCompile(`^translate\(([-0-9.]+),([-0-9.]+)\) scale\(([0-9.]+)\)$`)

// TestPageSVG: each page is well-formed SVG of the paper's size in mm; a
// front page has a token group per slot, each with its name and a cut line
// of the token's size, and its back the same tokens mirrored, a
// Structure's part marked as one.
func TestPageSVG(t *testing.T) {
	for _, c := range []*Card{embeddedCards(t)["moloch"], structureCard(t)} {
		pageSVG(t, c)
	}
}

func pageSVG(t *testing.T, c *Card) {
	for _, paper := range Papers {
		s, err := c.Layout(paper, DefaultHexMM)
		if err != nil {
			t.Fatal(err)
		}
		for i := range s.PageCount() {
			page := s.PageSVG(i)
			var root struct {
				Width  string `xml:"width,attr"`
				Height string `xml:"height,attr"`
				Groups []struct {
					Transform string `xml:"transform,attr"`
					Texts     []struct {
						Text string `xml:",chardata"`
					} `xml:"text"`
					Polygons []struct {
						Class  string `xml:"class,attr"`
						Points string `xml:"points,attr"`
					} `xml:"polygon"`
				} `xml:"g"`
			}
			if err := xml.Unmarshal([]byte(page), &root); err != nil {
				t.Fatalf("page %d: %v", i+1, err)
			}
			if root.Width != num(paper.W)+"mm" || root.Height != num(paper.H)+"mm" {
				t.Errorf("page %d: %s × %s", i+1, root.Width, root.Height)
			}
			slots := s.Pages[i/2]
			if len(root.Groups) != len(slots) {
				t.Fatalf("page %d: %d tokens drawn, %d laid out", i+1, len(root.Groups), len(slots))
			}
			for k, g := range root.Groups {
				m := translateRE.FindStringSubmatch(g.Transform)
				if m == nil {
					t.Fatalf("page %d: transform %q", i+1, g.Transform)
				}
				x, _ := strconv.ParseFloat(m[1], 64)
				y, _ := strconv.ParseFloat(m[2], 64)
				k2, _ := strconv.ParseFloat(m[3], 64)
				wantX := slots[k].X
				if i%2 == 1 {
					wantX = paper.W - wantX
				}
				if math.Abs(x-wantX) > 0.01 || math.Abs(y-slots[k].Y) > 0.01 {
					t.Errorf("page %d token %d at (%g, %g), want (%g, %g)", i+1, k, x, y, wantX, slots[k].Y)
				}
				// The cut line: a hexagon whose flat-to-flat size,
				// scaled, is the token's.
				cut := g.Polygons[len(g.Polygons)-1]
				if cut.Class != "cut" {
					t.Fatalf("page %d token %d: last polygon %q is not the cut line", i+1, k, cut.Class)
				}
				first := strings.Fields(cut.Points)[0] // the east corner: R, 0
				rx, _ := strconv.ParseFloat(strings.Split(first, ",")[0], 64)
				if got := rx * math.Sqrt(3) * k2; math.Abs(got-DefaultHexMM) > 0.05 {
					t.Errorf("page %d token %d: cut line %.2f mm flat to flat", i+1, k, got)
				}
				var texts []string
				for _, tx := range g.Texts {
					texts = append(texts, tx.Text)
				}
				row := &c.Rows[slots[k].Row]
				want := row.Token
				if i%2 == 1 {
					want = c.Army
					if row.part {
						want += "|Structure"
					}
				}
				if got := strings.Join(texts, "|"); got != want && (i%2 == 1 || !strings.Contains(got, want)) {
					t.Errorf("%s page %d token %d: texts %q, want %q", c.Army, i+1, k, texts, want)
				}
			}
		}
	}
}
