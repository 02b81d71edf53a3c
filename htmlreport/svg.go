// Package htmlreport writes hexforge's HTML reports: one self-contained
// page each (inline CSS and SVG, no fetched script, font or image), built
// from plain data so that it depends on no other hexforge package and any
// report (sim, replay, studies) can use it. docs/reports.md says why the
// plots come from this small SVG writer rather than a plotting library.
package htmlreport

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
)

// Attr is one attribute of an SVG element.
type Attr struct{ Name, Value string }

// A makes an attribute; numbers are written with Num so that the same plot
// always gives the same bytes (golden tests compare them).
func A(name string, v any) Attr {
	switch x := v.(type) {
	case float64:
		return Attr{name, Num(x)}
	case int:
		return Attr{name, strconv.Itoa(x)}
	case string:
		return Attr{name, x}
	}
	return Attr{name, fmt.Sprint(v)}
}

// Num prints a coordinate with at most two decimals and no trailing zeros;
// NaN and infinities (which would make the SVG invalid) print as 0.
func Num(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "0"
	}
	s := strconv.FormatFloat(x, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" || s == "" {
		s = "0"
	}
	return s
}

// SVG builds one inline <svg> element. Open elements are closed by String,
// so a writer that stops early still gives well-formed markup.
type SVG struct {
	b     strings.Builder
	open  []string
	W, H  float64
	label string
	// Fill draws the SVG as wide as its figure, its height following (a
	// plot that should use the page's width); otherwise it is W CSS px
	// wide, narrower only when the page is.
	Fill bool
	// MinText, when set, is the smallest size in CSS px any of its text
	// may be drawn at: the SVG is never drawn narrower than that allows,
	// and on a narrow window its figure scrolls instead of shrinking the
	// text out of reading.
	MinText float64
	minFont float64 // the smallest font-size of its text, in user units
}

// MinTextPx is the smallest text the report pages draw, in CSS px: read
// at arm's length on a laptop, and at an 800 px window.
const MinTextPx = 11.0

// NewSVG starts an SVG of w×h user units; label is its accessible name.
func NewSVG(w, h float64, label string) *SVG {
	return &SVG{W: w, H: h, label: label}
}

func (s *SVG) attrs(attrs []Attr) {
	for _, a := range attrs {
		if !validName(a.Name) {
			continue // a bad name would break the markup; the attribute is dropped
		}
		s.b.WriteString(" " + a.Name + "=\"" + html.EscapeString(a.Value) + "\"")
	}
}

// validName accepts the attribute and element names the writer is meant
// for (letters, digits, '-', ':').
func validName(n string) bool {
	if n == "" {
		return false
	}
	for _, r := range n {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == ':') {
			return false
		}
	}
	return true
}

// Elem writes an empty element (<rect .../>).
func (s *SVG) Elem(name string, attrs ...Attr) {
	if !validName(name) {
		return
	}
	s.b.WriteString("<" + name)
	s.attrs(attrs)
	s.b.WriteString("/>\n")
}

// Open starts an element with children; Close ends the innermost one.
func (s *SVG) Open(name string, attrs ...Attr) {
	if !validName(name) {
		name = "g"
	}
	s.b.WriteString("<" + name)
	s.attrs(attrs)
	s.b.WriteString(">\n")
	s.open = append(s.open, name)
}

// Close ends the innermost open element (nothing when none is open).
func (s *SVG) Close() {
	if len(s.open) == 0 {
		return
	}
	s.b.WriteString("</" + s.open[len(s.open)-1] + ">\n")
	s.open = s.open[:len(s.open)-1]
}

// Text writes a text element at (x, y) with its content escaped.
func (s *SVG) Text(x, y float64, text string, attrs ...Attr) {
	for _, a := range attrs {
		if a.Name != "font-size" {
			continue
		}
		if f, err := strconv.ParseFloat(a.Value, 64); err == nil && f > 0 && (s.minFont == 0 || f < s.minFont) {
			s.minFont = f
		}
	}
	s.b.WriteString("<text")
	s.attrs(append([]Attr{A("x", x), A("y", y)}, attrs...))
	s.b.WriteString(">" + html.EscapeString(text) + "</text>\n")
}

// Title writes a <title> child: the tooltip of the element it is in.
func (s *SVG) Title(text string) {
	s.b.WriteString("<title>" + html.EscapeString(text) + "</title>\n")
}

// String is the whole <svg> element, every open element closed.
func (s *SVG) String() string {
	var out strings.Builder
	// No xmlns: an SVG inline in HTML needs none, and the page names no URL.
	size := fmt.Sprintf(" width=\"%s\" height=\"%s\"", Num(s.W), Num(s.H))
	var style []string
	if s.Fill {
		// The height follows from the viewBox. Not past 1.2 times its
		// size, where the text would outgrow the page's own.
		size = " width=\"100%\""
		style = append(style, "max-width: "+Num(math.Ceil(1.2*s.W))+"px")
	}
	if s.MinText > 0 && s.minFont > 0 {
		// Drawn w px wide, text of f units is f·w/W px tall.
		if w := math.Ceil(s.W * s.MinText / s.minFont); s.Fill || w < s.W {
			style = append(style, "min-width: "+Num(w)+"px")
		}
	}
	if len(style) > 0 {
		size += " style=\"" + strings.Join(style, "; ") + "\""
	}
	fmt.Fprintf(&out, "<svg viewBox=\"0 0 %s %s\"%s role=\"img\" aria-label=\"%s\">\n",
		Num(s.W), Num(s.H), size, html.EscapeString(s.label))
	out.WriteString(s.b.String())
	for i := len(s.open) - 1; i >= 0; i-- {
		out.WriteString("</" + s.open[i] + ">\n")
	}
	out.WriteString("</svg>\n")
	return out.String()
}

// HexPoints are the corners of a flat-topped hexagon of circumradius r
// centred on (cx, cy), as a points attribute: the help card's shape.
func HexPoints(cx, cy, r float64) string {
	var p []string
	for i := 0; i < 6; i++ {
		a := float64(i) * math.Pi / 3
		p = append(p, Num(cx+r*math.Cos(a))+","+Num(cy+r*math.Sin(a)))
	}
	return strings.Join(p, " ")
}

// tickStep is the round step (1, 2 or 5 times a power of ten) that cuts
// [lo, hi] into about n parts.
func tickStep(lo, hi float64, n int) float64 {
	raw := (hi - lo) / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5} {
		if m*mag >= raw {
			return m * mag
		}
	}
	return 10 * mag
}

// steps are from, from+step, ... up to hi.
func steps(from, hi, step float64) []float64 {
	var out []float64
	for v := from; v <= hi+step*1e-9; v += step {
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		out = append(out, v)
		if len(out) > 100 { // cannot happen with a step from tickStep; a guard all the same
			break
		}
	}
	return out
}

// Axis is the range of an axis that shows [lo, hi], widened to whole
// ticks: its first tick is its lower end and its last its upper end, so
// everything drawn (a band's edge, a whisker) lies between two ticks and
// never runs past the last. An empty range is widened by 1 each way.
func Axis(lo, hi float64, n int) (from, to float64, ticks []float64) {
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		lo, hi = 0, 1
	}
	if hi < lo {
		lo, hi = hi, lo
	}
	if hi-lo < 1e-9 {
		lo, hi = lo-1, hi+1
	}
	n = max(n, 1)
	step := tickStep(lo, hi, n)
	from, to = math.Floor(lo/step+1e-9)*step, math.Ceil(hi/step-1e-9)*step
	return from, to, steps(from, to, step)
}
