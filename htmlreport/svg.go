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
}

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
	fmt.Fprintf(&out, "<svg viewBox=\"0 0 %s %s\" width=\"%s\" height=\"%s\" role=\"img\" aria-label=\"%s\">\n",
		Num(s.W), Num(s.H), Num(s.W), Num(s.H), html.EscapeString(s.label))
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

// Ticks are about n round values covering [lo, hi] (1, 2 or 5 times a
// power of ten apart), for an axis.
func Ticks(lo, hi float64, n int) []float64 {
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) || n < 1 {
		return nil
	}
	if hi < lo {
		lo, hi = hi, lo
	}
	if hi == lo {
		return []float64{lo}
	}
	raw := (hi - lo) / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for v := math.Ceil(lo/step) * step; v <= hi+step*1e-9; v += step {
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		out = append(out, v)
		if len(out) > 100 { // cannot happen with the step above; a guard all the same
			break
		}
	}
	return out
}
