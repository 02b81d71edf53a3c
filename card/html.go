package card

import (
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/htmlreport"
	"github.com/hexforge/hexforge/rules"
)

// The HTML card is one self-contained page: inline CSS, one inline SVG per
// token and one for the legend, no scripts, fonts or images fetched.
//
// Geometry: a flat-topped hexagon of circumradius hexR centred on the origin,
// so edge d (N, NE, ... NW, clockwise from the top) faces the angle
// -90+60d degrees. Edge icons are drawn in a local frame where the edge lies
// along y = -apothem and "outward" is up, then rotated by 60d degrees.

const (
	hexR    = 90.0
	apothem = hexR * 0.8660254037844386 // sqrt(3)/2
	iconY   = -62.0                     // centre line of the edge icons in the local frame
	rowMax  = 70.0                      // widest a row of icons may be before it is scaled down
)

const (
	colMelee   = "#b3261e"
	colRanged  = "#1f4e9c"
	colPierce  = "#6a1b9a"
	colArmor   = "#5f6368"
	colNet     = "#2e7d32"
	colLink    = "#e0a800"
	colReflect = "#00838f"
	colFriend  = "#ef6c00"
)

// HTML writes the card as a self-contained HTML page.
func (c *Card) HTML(w io.Writer) error {
	var b strings.Builder
	e := html.EscapeString
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	fmt.Fprintf(&b, "<title>%s — help card</title>\n", e(c.Army))
	b.WriteString("<style>\n" + css + "</style>\n</head>\n<body>\n")
	fmt.Fprintf(&b, "<h1>%s</h1>\n<p class=\"summary\">%s", e(c.Army), e(c.summary()))
	if len(c.Aliases) > 0 {
		fmt.Fprintf(&b, " · %s", e(strings.Join(c.Aliases, ", ")))
	}
	b.WriteString("</p>\n")
	if c.Notes != "" {
		fmt.Fprintf(&b, "<p class=\"notes\">%s</p>\n", e(c.Notes))
	}
	c.writeBody(&b)
	b.WriteString("</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// Body is the card's tokens, statuses and legend as markup for another
// page (the designer's report shows the card among its sections); the
// page adds BodyCSS to its style.
func (c *Card) Body() string {
	var b strings.Builder
	c.writeBody(&b)
	return b.String()
}

func (c *Card) writeBody(b *strings.Builder) {
	e := html.EscapeString
	b.WriteString("<div class=\"cards\">\n")
	for i := range c.Rows {
		c.Rows[i].writeHTML(b)
	}
	b.WriteString("</div>\n")
	if len(c.Statuses) > 0 {
		b.WriteString("<h2>Statuses</h2>\n<ul class=\"statuses\">\n")
		for _, st := range c.Statuses {
			fmt.Fprintf(b, "<li><b>%s</b>: %s</li>\n", e(st.Name), e(st.Words))
		}
		b.WriteString("</ul>\n")
	}
	writeLegend(b)
}

const css = `body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; margin: 16px; color: #222; background: #fff; }
h1 { margin: 0 0 4px 0; font-size: 24px; }
p.summary, p.notes { margin: 0 0 6px 0; color: #555; font-size: 13px; }
` + BodyCSS + `@media print { .card { page-break-inside: avoid; } }
/* On paper the card is one page (A4 or Letter): six tokens a row, small
   drawings and type, the legend shrunk. */
@page { margin: 8mm; }
@media print {
  body { margin: 0; font-size: 7pt; }
  h1 { font-size: 12pt; margin: 0; }
  p.summary, p.notes { font-size: 7pt; margin: 0 0 1mm 0; }
  .cards { grid-template-columns: repeat(6, 1fr); gap: 1.2mm; margin-top: 1mm; }
  .card { padding: 0.8mm 1mm; border-radius: 1.5mm; }
  .card svg { max-width: 19mm; }
  .card h2 { font-size: 7.5pt; margin: 0.3mm 0 0 0; }
  .card .pl, .card .meta { font-size: 6pt; margin: 0; }
  .card ul { font-size: 5.8pt; padding-left: 2.5mm; margin: 0.3mm 0 0 0; }
  h2 { font-size: 9pt; margin: 1.5mm 0 0.5mm 0; }
  ul.statuses { font-size: 6pt; margin: 0; }
  .legend-box { margin-top: 1.5mm; padding-top: 1mm; }
  .legend-box h2 { font-size: 8pt; margin: 0; }
  .legend-box svg { width: auto; max-width: 100%; height: 36mm; }
}
`

// BodyCSS is the style of Body on a screen: the token grid, each card and
// the legend.
const BodyCSS = `.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: 14px; margin-top: 12px; }
.card { border: 1px solid #ddd; border-radius: 8px; padding: 6px 8px 8px 8px; break-inside: avoid; }
.card svg { display: block; width: 100%; height: auto; max-width: 220px; margin: 0 auto; }
.card h2 { font-size: 15px; margin: 4px 0 0 0; }
.card .pl { font-style: italic; color: #555; font-size: 13px; }
.card .meta { font-size: 12px; color: #444; margin: 2px 0; }
.card ul { margin: 2px 0 0 0; padding-left: 16px; font-size: 12px; }
.card li.uncertain { color: #a8322b; }
.legend-box { margin-top: 20px; border-top: 1px solid #ddd; padding-top: 8px; }
.legend-box h2 { font-size: 16px; margin: 0 0 4px 0; }
.legend-box svg { display: block; max-width: 100%; height: auto; }
`

func (r *Row) writeHTML(b *strings.Builder) {
	e := html.EscapeString
	fmt.Fprintf(b, "<div class=\"card %s\">\n", e(r.Kind))
	r.writeSVG(b)
	fmt.Fprintf(b, "<h2>%s</h2>\n", e(r.Token))
	if r.Polish != "" {
		fmt.Fprintf(b, "<div class=\"pl\">%s</div>\n", e(r.Polish))
	}
	meta := fmt.Sprintf("%s × %d", r.Kind, r.Count)
	if r.Kind != "instant" {
		meta += fmt.Sprintf(" · initiative %s · toughness %d", r.Initiative, r.Toughness)
	}
	fmt.Fprintf(b, "<div class=\"meta\">%s</div>\n", e(meta))
	if len(r.Edges)+len(r.Abilities)+len(r.Uncertain) > 0 {
		b.WriteString("<ul>\n")
		for _, s := range r.Edges {
			fmt.Fprintf(b, "<li>%s</li>\n", e(s))
		}
		for _, s := range r.Abilities {
			fmt.Fprintf(b, "<li>%s</li>\n", e(s))
		}
		for _, s := range r.Uncertain {
			fmt.Fprintf(b, "<li class=\"uncertain\">uncertain: %s</li>\n", e(s))
		}
		b.WriteString("</ul>\n")
	}
	b.WriteString("</div>\n")
}

// hexPoints are the corners of the flat-topped hexagon of radius r.
func hexPoints(r float64) string {
	var p []string
	for i := 0; i < 6; i++ {
		a := float64(i) * math.Pi / 3
		p = append(p, fmt.Sprintf("%s,%s", num(r*math.Cos(a)), num(r*math.Sin(a))))
	}
	return strings.Join(p, " ")
}

// num prints a coordinate with at most two decimals and no trailing zeros.
func num(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

// tokenViewBox frames a token's drawing: its hexagon and the corners
// outside it.
const tokenViewBox = "-100 -92 200 184"

func (r *Row) writeSVG(b *strings.Builder) {
	// No xmlns: an SVG inline in HTML needs none, and pages that must not
	// name any address (the reports) embed this drawing too.
	fmt.Fprintf(b, "<svg class=\"token\" viewBox=\"%s\" role=\"img\" aria-label=\"%s\">\n", tokenViewBox, html.EscapeString(r.Token))
	r.writeDrawing(b)
	b.WriteString("</svg>\n")
}

// writeDrawing is the inside of a token's drawing: its face, and in the
// corners outside the hexagon the count and a mark on uncertain tokens.
func (r *Row) writeDrawing(b *strings.Builder) {
	col := r.writeFace(b)
	fmt.Fprintf(b, "<text x=\"-98\" y=\"-74\" font-size=\"20\" font-weight=\"bold\" fill=\"%s\">×%d</text>\n", col[0], r.Count)
	if len(r.Uncertain) > 0 {
		writeUncertain(b, 84, -80)
	}
}

// writeFace draws what is printed on the token itself, inside its hexagon
// of radius hexR centred on the origin: the help card's drawing and the
// print sheets' (print.go) are this one. It returns the kind's stroke and
// fill colours.
func (r *Row) writeFace(b *strings.Builder) [2]string {
	e := html.EscapeString
	// The kind's colours are the reports' (htmlreport), so a token looks
	// the same on its card and beside its figures.
	stroke, fill := htmlreport.KindColors(r.Kind)
	col := [2]string{stroke, fill}
	fmt.Fprintf(b, "<polygon points=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"5\" stroke-linejoin=\"round\"/>\n", hexPoints(hexR), col[1], col[0])
	t := r.tok
	for d := rules.N; d <= rules.NW; d++ {
		writeEdge(b, d, t.Edges[d])
	}
	// Centre: initiatives (or the instant's action), toughness below.
	if r.Kind == "instant" {
		// The steps it plays: "BATTLE", "MOVE + STRIKE".
		var ops []string
		if len(t.Triggers) > 0 {
			for _, ac := range t.Triggers[0].Actions {
				if op := strings.ReplaceAll(ac.Op.String(), "_", " "); !slices.Contains(ops, op) {
					ops = append(ops, op)
				}
			}
		}
		if len(ops) == 0 {
			ops = []string{"instant"}
		}
		word := strings.ToUpper(strings.Join(ops, " + "))
		size := 18
		if len(word) > 9 {
			size = 14
		}
		fmt.Fprintf(b, "<text x=\"0\" y=\"6\" text-anchor=\"middle\" font-size=\"%d\" font-weight=\"bold\" fill=\"%s\">%s</text>\n", size, col[0], e(word))
	} else if len(t.Initiative) == 0 && len(t.Effects) > 0 {
		// A module: what it gives its linked units, in the compiler's words
		// without the "link DIRS:" the edges already show.
		var lines []string
		for _, ef := range t.Effects {
			_, w, _ := strings.Cut(compiler.EffectString(ef), ": ")
			lines = append(lines, wrap(strings.ReplaceAll(w, "_", " "), 13)...)
		}
		size, widest := 14.0, 0
		for _, l := range lines {
			widest = max(widest, len(l))
		}
		if widest > 11 || len(lines) > 3 {
			size = 12
		}
		for i, l := range lines {
			y := -5 + (size+2)*(float64(i)-float64(len(lines)-1)/2) + size/3
			fmt.Fprintf(b, "<text x=\"0\" y=\"%s\" text-anchor=\"middle\" font-size=\"%s\" font-weight=\"bold\" fill=\"%s\">%s</text>\n",
				num(y), num(size), col[0], e(l))
		}
		writeToughness(b, 0, 26, int(t.Toughness))
	} else {
		fmt.Fprintf(b, "<circle cx=\"0\" cy=\"-5\" r=\"23\" fill=\"#fff\" stroke=\"%s\" stroke-width=\"2.5\"/>\n", col[0])
		ini := "–"
		if len(t.Initiative) > 0 {
			var s []string
			for _, n := range t.Initiative {
				s = append(s, fmt.Sprint(n))
			}
			ini = strings.Join(s, " ")
		}
		size := 30
		if len(ini) > 2 {
			size = 20
		}
		fmt.Fprintf(b, "<text x=\"0\" y=\"%d\" text-anchor=\"middle\" font-size=\"%d\" font-weight=\"bold\" fill=\"#222\">%s</text>\n", size/3-4, size, e(ini))
		if t.Agony {
			writeAgony(b, 0, -33)
		}
		writeToughness(b, 0, 26, int(t.Toughness))
	}
	return col
}

// wrap breaks text at spaces into lines of at most n bytes where it can.
func wrap(text string, n int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(text) {
		if cur != "" && len(cur)+1+len(w) > n {
			lines = append(lines, cur)
			cur = ""
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	return append(lines, cur)
}

// writeToughness draws the toughness on a shield whose top is at y-11.
// Two digits (an HQ's 20) are set smaller to fit the shield, and the
// shield is drawn a quarter larger, down from the same top, so that they
// read as large as one digit less a little: at 10 units they were 9.9 px
// on a page 1400 px wide (TestHTMLPagesReadable wants 11 or more).
func writeToughness(b *strings.Builder, x, y float64, n int) {
	size, scale := 13, 1.0
	if n >= 10 {
		size, scale = 10, 1.25
		y += 11 * (scale - 1)
	}
	transform := fmt.Sprintf("translate(%s,%s)", num(x), num(y))
	if scale != 1 {
		transform += fmt.Sprintf(" scale(%s)", num(scale))
	}
	fmt.Fprintf(b, "<g transform=\"%s\"><path d=\"M0,-11 L10,-7.5 L9,3 Q6.5,10 0,12.5 Q-6.5,10 -9,3 L-10,-7.5 Z\" fill=\"#444\"/>"+
		"<text x=\"0\" y=\"4.5\" text-anchor=\"middle\" font-size=\"%d\" font-weight=\"bold\" fill=\"#fff\">%d</text></g>\n",
		transform, size, n)
}

func writeAgony(b *strings.Builder, x, y float64) {
	fmt.Fprintf(b, "<text x=\"%s\" y=\"%s\" text-anchor=\"middle\" font-size=\"11\" font-weight=\"bold\" fill=\"#a8322b\">+agony</text>\n", num(x), num(y))
}

func writeUncertain(b *strings.Builder, x, y float64) {
	fmt.Fprintf(b, "<g transform=\"translate(%s,%s)\"><circle r=\"9\" fill=\"#a8322b\"/>"+
		"<text x=\"0\" y=\"5\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\" fill=\"#fff\">?</text></g>\n", num(x), num(y))
}

// icon is one symbol in the row of an edge, drawn centred on local x = 0.
type icon struct {
	width   float64
	draw    func(b *strings.Builder)
	upright bool // a sign to read (a digit, "!"): turned back upright on rotated edges
}

func melee() icon {
	return icon{width: 19, draw: func(b *strings.Builder) {
		fmt.Fprintf(b, "<polygon points=\"-9,-50 9,-50 0,-74\" fill=\"%s\"/>", colMelee)
	}}
}

func ranged(piercing bool) icon {
	c := colRanged
	if piercing {
		c = colPierce
	}
	return icon{width: 16, draw: func(b *strings.Builder) {
		fmt.Fprintf(b, "<line x1=\"0\" y1=\"-46\" x2=\"0\" y2=\"-64\" stroke=\"%s\" stroke-width=\"4\"/>", c)
		fmt.Fprintf(b, "<polygon points=\"-7.5,-61 7.5,-61 0,-74\" fill=\"%s\"/>", c)
		if piercing {
			fmt.Fprintf(b, "<polygon points=\"-7.5,-51 7.5,-51 0,-64\" fill=\"%s\"/>", c)
		}
	}}
}

func aimed() icon {
	return icon{width: 20, draw: func(b *strings.Builder) {
		fmt.Fprintf(b, "<circle cx=\"0\" cy=\"-61\" r=\"7.5\" fill=\"none\" stroke=\"%s\" stroke-width=\"2.2\"/>"+
			"<line x1=\"-10\" y1=\"-61\" x2=\"10\" y2=\"-61\" stroke=\"%[1]s\" stroke-width=\"1.8\"/>"+
			"<line x1=\"0\" y1=\"-71\" x2=\"0\" y2=\"-51\" stroke=\"%[1]s\" stroke-width=\"1.8\"/>", colRanged)
	}}
}

func netIcon() icon {
	return icon{width: 26, draw: func(b *strings.Builder) {
		fmt.Fprintf(b, "<g stroke=\"%s\" stroke-width=\"2.2\" fill=\"#c8e6c9\"><polygon points=\"0,-75 12,-61 0,-47 -12,-61\"/>"+
			"<line x1=\"-6\" y1=\"-68\" x2=\"6\" y2=\"-54\"/><line x1=\"6\" y1=\"-68\" x2=\"-6\" y2=\"-54\"/></g>", colNet)
	}}
}

func reflectIcon() icon {
	return icon{width: 20, draw: func(b *strings.Builder) {
		fmt.Fprintf(b, "<polyline points=\"-9,-74 0,-50 9,-74\" fill=\"none\" stroke=\"%s\" stroke-width=\"4\" stroke-linejoin=\"round\"/>", colReflect)
	}}
}

func friendlyFire() icon {
	return icon{width: 18, upright: true, draw: func(b *strings.Builder) {
		fmt.Fprintf(b, "<circle cx=\"0\" cy=\"-61\" r=\"8\" fill=\"%s\"/>"+
			"<line x1=\"0\" y1=\"-66.5\" x2=\"0\" y2=\"-60\" stroke=\"#fff\" stroke-width=\"2.4\"/><circle cx=\"0\" cy=\"-56.5\" r=\"1.5\" fill=\"#fff\"/>", colFriend)
	}}
}

// times repeats an icon for a strength; beyond three it is drawn once with
// the strength written beside it.
func times(n int, ic icon) []icon {
	if n <= 3 {
		out := make([]icon, n)
		for i := range out {
			out[i] = ic
		}
		return out
	}
	return []icon{ic, {width: 14, upright: true, draw: func(b *strings.Builder) {
		fmt.Fprintf(b, "<text x=\"0\" y=\"-55\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\" fill=\"#222\">%d</text>", n)
	}}}
}

// edgeIcons is the row of icons for what is printed on one edge.
func edgeIcons(e rules.Edge) []icon {
	var row []icon
	row = append(row, times(int(e.Melee), melee())...)
	if e.Flags&rules.MeleeHitsFriends != 0 && e.Melee > 0 {
		row = append(row, friendlyFire())
	}
	row = append(row, times(int(e.Ranged), ranged(e.Flags&rules.RangedPiercing != 0))...)
	if e.Flags&rules.RangedAimed != 0 {
		row = append(row, aimed())
	}
	if e.Flags&rules.Net != 0 {
		row = append(row, netIcon())
		if e.Flags&rules.NetHitsFriends != 0 {
			row = append(row, friendlyFire())
		}
	}
	if e.Flags&rules.Reflect != 0 {
		row = append(row, reflectIcon())
	}
	if e.Flags&rules.MeleeHitsFriends != 0 && e.Melee == 0 {
		row = append(row, friendlyFire())
	}
	return row
}

// writeEdge draws edge d: armor as a band along the edge, a link as a
// half-disc on it, the other features as a row of icons pointing outward.
func writeEdge(b *strings.Builder, d rules.Dir, e rules.Edge) {
	if e.Empty() {
		return
	}
	fmt.Fprintf(b, "<g class=\"edge %s\" transform=\"rotate(%d)\">", d, 60*int(d))
	writeEdgeLocal(b, e, 60*int(d))
	b.WriteString("</g>\n")
}

// writeEdgeLocal draws an edge in the local frame of an edge turned by
// angle degrees.
func writeEdgeLocal(b *strings.Builder, e rules.Edge, angle int) {
	if e.Flags&rules.Armor != 0 {
		fmt.Fprintf(b, "<polygon points=\"-44,-%[1]s 44,-%[1]s 40,-%[2]s -40,-%[2]s\" fill=\"%[3]s\"/>", num(apothem-2), num(apothem-9), colArmor)
	}
	if e.Flags&rules.Link != 0 {
		fmt.Fprintf(b, "<path d=\"M-13,-%[1]s A13,13 0 0 0 13,-%[1]s Z\" fill=\"%[2]s\" stroke=\"#8a6d00\" stroke-width=\"1\"/>", num(apothem-2), colLink)
	}
	row := edgeIcons(e)
	if len(row) == 0 {
		return
	}
	total := 0.0
	for _, ic := range row {
		total += ic.width
	}
	// With a link on the same edge the row moves inward, off the half-disc,
	// where the wedge is narrower.
	// Armor moves it less, just clear of the band.
	shift, max := 0.0, rowMax
	if e.Flags&rules.Link != 0 {
		shift, max = 11, rowMax*0.8
	} else if e.Flags&rules.Armor != 0 {
		shift, max = 5, rowMax*0.9
	}
	scale := math.Min(1, max/total)
	fmt.Fprintf(b, "<g transform=\"translate(0,%s) scale(%s) translate(0,%s)\">", num(iconY+shift), num(scale), num(-iconY))
	x := -total / 2
	for _, ic := range row {
		fmt.Fprintf(b, "<g transform=\"translate(%s,0)\">", num(x+ic.width/2))
		if ic.upright && angle%360 != 0 {
			fmt.Fprintf(b, "<g transform=\"rotate(%d,0,%s)\">", -angle, num(iconY))
			ic.draw(b)
			b.WriteString("</g>")
		} else {
			ic.draw(b)
		}
		b.WriteString("</g>")
		x += ic.width
	}
	b.WriteString("</g>")
}

// writeLegend draws one SVG explaining every symbol.
func writeLegend(b *strings.Builder) {
	type entry struct {
		label string
		draw  func(b *strings.Builder)
	}
	edge := func(e rules.Edge) func(b *strings.Builder) {
		return func(b *strings.Builder) {
			// the local frame puts the icons around y = iconY: centre them
			fmt.Fprintf(b, "<g transform=\"scale(0.75) translate(0,%s)\">", num(-iconY))
			fmt.Fprintf(b, "<line x1=\"-46\" y1=\"-%[1]s\" x2=\"46\" y2=\"-%[1]s\" stroke=\"#999\" stroke-width=\"2\"/>", num(apothem))
			writeEdgeLocal(b, e, 0)
			b.WriteString("</g>")
		}
	}
	entries := []entry{
		{"melee (one blade per strength)", edge(rules.Edge{Melee: 2})},
		{"ranged (one arrow per strength)", edge(rules.Edge{Ranged: 1})},
		{"piercing ranged: hits every enemy in the line", edge(rules.Edge{Ranged: 1, Flags: rules.RangedPiercing})},
		{"aimed ranged: picks its target in the line", edge(rules.Edge{Ranged: 1, Flags: rules.RangedAimed})},
		{"hits friends too (friendly fire)", edge(rules.Edge{Melee: 1, Flags: rules.MeleeHitsFriends})},
		{"armor: -1 to each ranged hit on this edge", edge(rules.Edge{Flags: rules.Armor})},
		{"net: the adjacent enemy cannot act", edge(rules.Edge{Flags: rules.Net})},
		{"link: module effects reach this way", edge(rules.Edge{Flags: rules.Link})},
		{"reflect: attacks bounce back", edge(rules.Edge{Flags: rules.Reflect})},
		{"initiative(s)", func(b *strings.Builder) {
			b.WriteString("<circle cx=\"0\" cy=\"0\" r=\"14\" fill=\"#fff\" stroke=\"#2f5d8f\" stroke-width=\"2\"/>" +
				"<text x=\"0\" y=\"6\" text-anchor=\"middle\" font-size=\"17\" font-weight=\"bold\" fill=\"#222\">2</text>")
		}},
		{"agony: also acts in the segment it dies in", func(b *strings.Builder) {
			// Larger than on a token: the legend is drawn smaller than the
			// cards, and its text must read at an 800 px window.
			b.WriteString("<g transform=\"scale(1.3)\">")
			writeAgony(b, 0, 3)
			b.WriteString("</g>")
		}},
		{"toughness: wounds it takes", func(b *strings.Builder) { writeToughness(b, 0, 0, 2) }},
		{"count in the army", func(b *strings.Builder) {
			b.WriteString("<text x=\"0\" y=\"6\" text-anchor=\"middle\" font-size=\"17\" font-weight=\"bold\" fill=\"#2f5d8f\">×2</text>")
		}},
		{"a fact marked uncertain", func(b *strings.Builder) { writeUncertain(b, 0, 0) }},
	}
	const rowH, colW, perCol = 40.0, 430.0, 7
	cols := (len(entries) + perCol - 1) / perCol
	width := colW * float64(cols)
	height := rowH*perCol + 46
	b.WriteString("<div class=\"legend-box\">\n<h2>Legend</h2>\n")
	fmt.Fprintf(b, "<svg class=\"legend\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" viewBox=\"0 0 %[1]s %[2]s\">\n", num(width), num(height))
	for i, en := range entries {
		x := 40 + colW*float64(i/perCol)
		y := 24 + rowH*float64(i%perCol)
		fmt.Fprintf(b, "<g transform=\"translate(%s,%s)\">", num(x), num(y))
		en.draw(b)
		b.WriteString("</g>")
		fmt.Fprintf(b, "<text x=\"%s\" y=\"%s\" font-size=\"14\" fill=\"#222\">%s</text>\n", num(x+50), num(y+5), html.EscapeString(en.label))
	}
	y := 24 + rowH*perCol
	x := 12.0
	for _, k := range rules.KindNames {
		stroke, fill := htmlreport.KindColors(k)
		c := [2]string{stroke, fill}
		fmt.Fprintf(b, "<polygon transform=\"translate(%s,%s)\" points=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2.5\"/>", num(x+12), num(y), hexPoints(11), c[1], c[0])
		fmt.Fprintf(b, "<text x=\"%s\" y=\"%s\" font-size=\"13\" fill=\"#222\">%s</text>\n", num(x+28), num(y+5), k)
		x += 120
	}
	b.WriteString("</svg>\n</div>\n")
}

// TokenIcons are the help card's drawings of army a's tokens, in the
// army's order, for other pages: the HTML reports put each beside a token's
// figures, and a page that shows a token many times (a round robin's
// matches) carries its drawing once (htmlreport.Page.Use).
func TokenIcons(a *rules.Army) []htmlreport.Icon {
	c := New(a)
	out := make([]htmlreport.Icon, len(c.Rows))
	for i, r := range c.Rows {
		var b strings.Builder
		r.writeDrawing(&b)
		out[i] = htmlreport.Icon{ViewBox: tokenViewBox, Body: b.String()}
	}
	return out
}
