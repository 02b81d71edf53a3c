package htmlreport

import (
	"fmt"
	"math"
)

// BandDot is one row of a band plot: a value with its interval, drawn in
// its own colour (a verdict's) and, when Mark is set, with its label in
// bold (the army a report is about, among the others).
type BandDot struct {
	Label     string
	X, Lo, Hi float64
	Text      string // the value as printed beside the row
	Colour    string // "" for the plots' blue
	Mark      bool
}

// Verdict colours of the band plot: inside the band, above it, below it,
// not decided.
const (
	ColourInside    = "#1b7837"
	ColourAbove     = "#2166ac"
	ColourBelow     = "#b2182b"
	ColourUndecided = "#777777"
)

// BandPlot draws a dot plot whose reference is the band [lo, hi], shaded
// (a fair band of win rates), or a dashed line when lo == hi (0 for
// ratings). The axis always shows the whole band. It is a dot plot (class
// dotplot), so the pages' tests of plots hold for it.
func BandPlot(dots []BandDot, lo, hi float64, axis, label string) *SVG {
	const left, right, rowH, top, plotW = 180.0, 190.0, 30.0, 12.0, 490.0
	s := NewSVG(left+plotW+right, top+rowH*float64(len(dots))+50, label)
	s.Fill, s.MinText = true, MinTextPx
	a, b := lo, hi
	for _, d := range dots {
		a, b = math.Min(a, math.Min(d.Lo, d.X)), math.Max(b, math.Max(d.Hi, d.X))
	}
	a, b, ticks := Axis(a, b, 6)
	x := func(v float64) float64 { return left + plotW*(v-a)/(b-a) }
	bottom := top + rowH*float64(len(dots))
	s.Open("g", A("class", "dotplot"))
	if hi > lo {
		s.Elem("rect", A("class", "fairband"), A("x", x(lo)), A("y", top), A("width", x(hi)-x(lo)), A("height", bottom-top), A("fill", "#d9f0d3"))
	}
	for _, t := range ticks {
		s.Elem("line", A("class", "grid"), A("x1", x(t)), A("x2", x(t)), A("y1", top), A("y2", bottom), A("stroke", "#e4e4e4"))
		s.Text(x(t), bottom+16, Num(t), A("text-anchor", "middle"), A("font-size", 13.0), A("fill", "#555"))
	}
	if hi > lo {
		s.Elem("line", A("class", "ref"), A("x1", x((lo+hi)/2)), A("x2", x((lo+hi)/2)), A("y1", top), A("y2", bottom), A("stroke", "#999"), A("stroke-dasharray", "4 3"))
	} else {
		s.Elem("line", A("class", "ref"), A("x1", x(lo)), A("x2", x(lo)), A("y1", top), A("y2", bottom), A("stroke", "#999"), A("stroke-dasharray", "4 3"))
	}
	s.Text(left+plotW/2, bottom+38, axis, A("text-anchor", "middle"), A("font-size", 13.0))
	for i, d := range dots {
		y := top + rowH*float64(i) + rowH/2
		col := d.Colour
		if col == "" {
			col = ColourAbove
		}
		class := "dot"
		attrs := []Attr{A("text-anchor", "end"), A("font-size", 13.0)}
		if d.Mark {
			class = "dot mark"
			attrs = append(attrs, A("font-weight", "bold"))
		}
		s.Open("g", A("class", class))
		s.Title(fmt.Sprintf("%s: %s", d.Label, d.Text))
		s.Text(left-8, y+5, clip(d.Label, 20), attrs...)
		s.Elem("line", A("class", "interval"), A("x1", x(d.Lo)), A("x2", x(d.Hi)), A("y1", y), A("y2", y), A("stroke", col), A("stroke-width", 3.0))
		s.Elem("circle", A("cx", x(d.X)), A("cy", y), A("r", 5.0), A("fill", col))
		s.Text(left+plotW+10, y+5, d.Text, A("font-size", 13.0))
		s.Close()
	}
	s.Close()
	return s
}
