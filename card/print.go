package card

import (
	"fmt"
	"hash/fnv"
	"html"
	"math"
	"slices"
	"strings"
)

// Print-and-play sheets: every token of an army at real size, each repeated
// by its count (a Structure's part once, after them), with cut lines, on pages of A4 or Letter, each front page
// followed by its back page (the army's name on its colour) mirrored so a
// sheet printed on both sides (flipped on the long edge) has each back
// behind its front. The face of a token is the help card's drawing
// (Row.writeFace), scaled; a page is an SVG (PageSVG) and the whole a PDF
// (pdf.go renders the same SVG).
//
// Geometry on a page is in millimetres from its top-left corner. Tokens sit
// in a honeycomb of flat-topped hexagons: columns 1.5 radii apart, every
// other column half a hexagon lower, with a gap between neighbours so each
// token is cut out on its own.

// Paper is a page size.
type Paper struct {
	Name string
	W, H float64 // mm
}

// Papers are the page sizes a sheet is laid out on.
var Papers = []Paper{{"a4", 210, 297}, {"letter", 215.9, 279.4}}

// ParsePaper reads a page size's name ("a4", "letter").
func ParsePaper(name string) (Paper, error) {
	for _, p := range Papers {
		if strings.EqualFold(p.Name, name) {
			return p, nil
		}
	}
	return Paper{}, fmt.Errorf("unknown paper %q: use %s", name, PaperNames())
}

// PaperNames lists the page sizes' names for a message: "a4 or letter".
func PaperNames() string {
	var names []string
	for _, p := range Papers {
		names = append(names, p.Name)
	}
	return strings.Join(names, " or ")
}

// The token sizes a sheet accepts, flat to flat in mm: the box's tokens
// are about 40 mm; below 15 mm an edge's icons are not readable.
const (
	MinHexMM     = 15.0
	MaxHexMM     = 200.0
	DefaultHexMM = 40.0
)

// CheckHexSize says whether a token size (mm, flat to flat) is in range.
func CheckHexSize(mm float64) error {
	if math.IsNaN(mm) || mm < MinHexMM || mm > MaxHexMM {
		return fmt.Errorf("hex size %g mm is out of range: give %g to %g mm, flat to flat (the box's tokens are about %g)", mm, MinHexMM, MaxHexMM, DefaultHexMM)
	}
	return nil
}

const (
	marginMM = 10.0 // printers do not print to the edge
	headerMM = 12.0 // the page's title line and scale bar
	gapMM    = 2.0  // between neighbouring tokens
	scaleMM  = 50.0 // the scale bar's length: measure it to check the print is 1:1
	// cutMM is the width of a cut line; it is drawn on the token's outline,
	// outside its coloured border.
	cutMM = 0.25
	// borderOut is how far the face's border stroke reaches beyond its
	// hexagon (half its width, in the face's units): the cut runs there.
	borderOut = 2.5
)

// Slot is where one token is printed: the card's row and its centre on the
// page in mm.
type Slot struct {
	Row  int
	X, Y float64
}

// Sheets is an army's tokens laid out on pages.
type Sheets struct {
	Card  *Card
	Paper Paper
	HexMM float64 // flat to flat
	// Pages are the fronts; each is printed followed by its back.
	Pages [][]Slot
}

// Apothem is the centre-to-edge distance of a token in mm; Radius the
// centre-to-corner one.
func (s *Sheets) Apothem() float64 { return s.HexMM / 2 }

// Radius is the centre-to-corner distance of a token in mm.
func (s *Sheets) Radius() float64 { return s.HexMM / math.Sqrt(3) }

// Tokens is the number of tokens printed: every token its count, and each
// part of a Structure once (Parts).
func (s *Sheets) Tokens() int {
	n := 0
	for _, p := range s.Pages {
		n += len(p)
	}
	return n
}

// Parts is the number of Structures' parts printed: one of each (its
// count is 0: never drawn, set aside to be placed with its mate under
// --structures, so a table needs it beside the deck).
func (s *Sheets) Parts() int {
	n := 0
	for _, p := range s.Pages {
		for _, sl := range p {
			if s.Card.Rows[sl.Row].part {
				n++
			}
		}
	}
	return n
}

// printed is how many times row r is printed: its count, and a
// Structure's part (count 0) once.
func printed(r *Row) int {
	if r.part {
		return 1
	}
	return r.Count
}

// Layout lays out the tokens of card c on pages of paper, each token
// hexMM flat to flat.
func (c *Card) Layout(paper Paper, hexMM float64) (*Sheets, error) {
	if err := CheckHexSize(hexMM); err != nil {
		return nil, err
	}
	s := &Sheets{Card: c, Paper: paper, HexMM: hexMM}
	slots, err := s.slots()
	if err != nil {
		return nil, err
	}
	var page []Slot
	for i := range c.Rows {
		for range printed(&c.Rows[i]) {
			if len(page) == len(slots) {
				s.Pages, page = append(s.Pages, page), nil
			}
			sl := slots[len(page)]
			sl.Row = i
			page = append(page, sl)
		}
	}
	if len(page) > 0 {
		s.Pages = append(s.Pages, page)
	}
	return s, nil
}

// slots are the places on one page, top row first, left to right.
func (s *Sheets) slots() ([]Slot, error) {
	a, r := s.Apothem(), s.Radius()
	left, top := marginMM, marginMM+headerMM
	w, h := s.Paper.W-2*marginMM, s.Paper.H-2*marginMM-headerMM
	if 2*r > w || 2*a > h {
		return nil, fmt.Errorf("a %g mm token (%.1f mm corner to corner) does not fit on %s paper (%.1f × %.1f mm inside the margins and title): give a smaller --hex-size",
			s.HexMM, 2*r, s.Paper.Name, w, h)
	}
	// Neighbours' centres are 2a apart in a tight honeycomb: f spreads
	// them by the gap.
	f := (2*a + gapMM) / (2 * a)
	cols := int((w-2*r)/(1.5*r*f)) + 1
	// Centred across the page, so the backs, mirrored, fall on the same
	// columns.
	left += (w - 2*r - float64(cols-1)*1.5*r*f) / 2
	var out []Slot
	for row := 0; ; row++ {
		added := false
		for col := 0; col < cols; col++ {
			y := top + a + float64(row)*2*a*f
			if col%2 == 1 {
				y += a * f
			}
			if y+a > top+h {
				continue
			}
			out = append(out, Slot{X: left + r + float64(col)*1.5*r*f, Y: y})
			added = true
		}
		if !added {
			break
		}
	}
	slices.SortStableFunc(out, func(p, q Slot) int {
		if p.Y != q.Y {
			if p.Y < q.Y {
				return -1
			}
			return 1
		}
		return 0
	})
	return out, nil
}

// faceScale is the factor from the face's units (hexR = 90) to mm: the
// border's outer edge, where the cut runs, is the token's size.
func (s *Sheets) faceScale() float64 { return s.HexMM / (2 * (apothem + borderOut)) }

// PageCount is the number of pages printed: each front and its back.
func (s *Sheets) PageCount() int { return 2 * len(s.Pages) }

// PageSVG is page i (0-based) of the print: even pages are fronts, odd
// pages their backs.
func (s *Sheets) PageSVG(i int) string {
	front, back := s.Pages[i/2], i%2 == 1
	var b strings.Builder
	e := html.EscapeString
	p := s.Paper
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%smm\" height=\"%smm\" viewBox=\"0 0 %[1]s %[2]s\" font-family=\"Helvetica, Arial, sans-serif\">\n", num(p.W), num(p.H))
	fmt.Fprintf(&b, "<rect x=\"0\" y=\"0\" width=\"%s\" height=\"%s\" fill=\"#fff\"/>\n", num(p.W), num(p.H))
	side := "fronts"
	if back {
		side = "backs"
	}
	title := fmt.Sprintf("%s: tokens %d mm flat to flat, page %d of %d (%s). Print at actual size (100%%); the bar is %g mm.",
		s.Card.Army, int(math.Round(s.HexMM)), i+1, s.PageCount(), side, scaleMM)
	fmt.Fprintf(&b, "<text x=\"%s\" y=\"%s\" font-size=\"3.2\" fill=\"#222\">%s</text>\n", num(marginMM), num(marginMM+4), e(title))
	// The scale bar, with its ends ticked.
	y := marginMM + 8
	x0, x1 := p.W-marginMM-scaleMM, p.W-marginMM
	fmt.Fprintf(&b, "<polyline points=\"%s,%s %[1]s,%[3]s %[4]s,%[3]s %[4]s,%[2]s\" fill=\"none\" stroke=\"#000\" stroke-width=\"0.3\"/>\n",
		num(x0), num(y-1.5), num(y), num(x1))
	fmt.Fprintf(&b, "<text x=\"%s\" y=\"%s\" text-anchor=\"middle\" font-size=\"2.5\" fill=\"#222\">%g mm</text>\n", num((x0+x1)/2), num(y-1), scaleMM)
	k := s.faceScale()
	cutR := (apothem + borderOut) / apothem * hexR
	stroke, fill := armyColors(s.Card.Army)
	for _, sl := range front {
		x := sl.X
		if back {
			x = p.W - sl.X // behind its front when flipped on the long edge
		}
		fmt.Fprintf(&b, "<g transform=\"translate(%s,%s) scale(%s)\">\n", num(x), num(sl.Y), numK(k))
		row := &s.Card.Rows[sl.Row]
		if back {
			writeBack(&b, s.Card.Army, stroke, fill, row.part)
		} else {
			row.writeFace(&b)
			writeName(&b, row.Token)
		}
		fmt.Fprintf(&b, "<polygon class=\"cut\" points=\"%s\" fill=\"none\" stroke=\"#000\" stroke-width=\"%s\"/>\n</g>\n", hexPoints(cutR), numK(cutMM/k))
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// numK prints a scale with four decimals: two are too few for a factor
// that multiplies a whole token.
func numK(x float64) string {
	s := strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.4f", x), "0"), ".")
	return s
}

// nameY is the baseline of a token's name on its face, between the
// toughness shield and the icons of the south edge.
const nameY = 45.0

// writeName prints a token's name on its face, in letters that fit the
// width of the hexagon there.
func writeName(b *strings.Builder, name string) {
	const widest = 104.0 // the hexagon is ~125 wide at nameY; clear of its border
	size := 10.0
	if w := helvWidth(name, true, size); w > widest {
		size *= widest / w
	}
	// A white halo keeps it readable where an edge's icons come near.
	fmt.Fprintf(b, "<text x=\"0\" y=\"%s\" text-anchor=\"middle\" font-size=\"%s\" font-weight=\"bold\" fill=\"#222\" stroke=\"#fff\" stroke-width=\"2.5\" stroke-linejoin=\"round\" paint-order=\"stroke\">%s</text>\n",
		num(nameY), num(size), html.EscapeString(name))
}

// writeBack draws the back of a token: the army's name on its colour, and
// on a Structure's part the word Structure below it, so the parts are
// told from the draw pile's tokens face down.
func writeBack(b *strings.Builder, army, stroke, fill string, part bool) {
	fmt.Fprintf(b, "<polygon points=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"5\" stroke-linejoin=\"round\"/>\n", hexPoints(hexR), fill, stroke)
	fmt.Fprintf(b, "<polygon points=\"%s\" fill=\"none\" stroke=\"#fff\" stroke-width=\"2\"/>\n", hexPoints(hexR-14))
	const widest = 120.0
	size := 24.0
	if w := helvWidth(army, true, size); w > widest {
		size *= widest / w
	}
	fmt.Fprintf(b, "<text x=\"0\" y=\"%s\" text-anchor=\"middle\" font-size=\"%s\" font-weight=\"bold\" fill=\"#fff\">%s</text>\n",
		num(size/3), num(size), html.EscapeString(army))
	if part {
		fmt.Fprintf(b, "<text x=\"0\" y=\"%s\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\" fill=\"#fff\">Structure</text>\n", num(size/3+26))
	}
}

// armyColors are the stroke and fill of an army's backs: a hue drawn from
// its name, so every army has its own and the same on every print.
func armyColors(army string) (stroke, fill string) {
	h := fnv.New32a()
	h.Write([]byte(army))
	hue := float64(h.Sum32()%360) / 360
	return hsl(hue, 0.55, 0.22), hsl(hue, 0.5, 0.38)
}

// hsl is a colour as #rrggbb.
func hsl(h, s, l float64) string {
	q := l + s - l*s
	if l < 0.5 {
		q = l * (1 + s)
	}
	p := 2*l - q
	ch := func(t float64) int {
		t -= math.Floor(t)
		var v float64
		switch {
		case t < 1.0/6:
			v = p + (q-p)*6*t
		case t < 0.5:
			v = q
		case t < 2.0/3:
			v = p + (q-p)*(2.0/3-t)*6
		default:
			v = p
		}
		return int(math.Round(v * 255))
	}
	return fmt.Sprintf("#%02x%02x%02x", ch(h+1.0/3), ch(h), ch(h-1.0/3))
}
