package card

import (
	"bytes"
	"compress/zlib"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// The PDF of the print sheets is their SVG pages (print.go) rendered as
// vector PDF: this file reads the small part of SVG the card draws
// (rect, polygon, polyline, line, circle, path with M L H V C Q A Z, text,
// and g with translate, scale, rotate and matrix) and writes each element
// as PDF path and text operators, so a page looks the same in a browser
// and in a PDF reader and no drawing is written twice. Text is set in the
// core fonts Helvetica and Helvetica-Bold, which every reader has, so no
// font is embedded. An element or attribute it does not know is an error,
// never silently left out.

// PDF writes the sheets, fronts and backs in print order, as one PDF.
func (s *Sheets) PDF(w io.Writer) error {
	var pages [][]byte
	for i := range s.PageCount() {
		content, err := svgToPDF(s.PageSVG(i))
		if err != nil {
			return fmt.Errorf("page %d: %w", i+1, err)
		}
		pages = append(pages, content)
	}
	return writePDF(w, pages, s.Paper, s.Card.Army+" - print-and-play tokens")
}

// ptPerMM converts the pages' millimetres to PDF points.
const ptPerMM = 72 / 25.4

// style is what an SVG element inherits from its group.
type style struct {
	fill, stroke       string
	strokeWidth        float64
	lineJoin           string
	fontSize           float64
	bold               bool
	anchor, paintOrder string
}

// painter turns one SVG page into a PDF content stream.
type painter struct {
	out    bytes.Buffer
	styles []style
	// text collects the characters of the open <text> element, set at
	// textX, textY.
	text         *strings.Builder
	textX, textY float64
}

// svgToPDF renders a page's SVG as a PDF content stream in points, the
// page's top-left corner at the SVG's origin.
func svgToPDF(page string) ([]byte, error) {
	p := &painter{styles: []style{{fill: "#000", stroke: "none", strokeWidth: 1, fontSize: 16}}}
	dec := xml.NewDecoder(strings.NewReader(page))
	depth := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if p.text != nil {
				return nil, fmt.Errorf("<%s> inside <text>", t.Name.Local)
			}
			if err := p.start(t, depth); err != nil {
				return nil, fmt.Errorf("<%s>: %w", t.Name.Local, err)
			}
			depth++
		case xml.EndElement:
			depth--
			if err := p.end(t); err != nil {
				return nil, fmt.Errorf("</%s>: %w", t.Name.Local, err)
			}
		case xml.CharData:
			if p.text != nil {
				p.text.Write(t)
			}
		}
	}
	return p.out.Bytes(), nil
}

// ignored are attributes that draw nothing: names for readers and tests.
var ignored = map[string]bool{"class": true, "role": true, "aria-label": true, "font-family": true}

// geometry are the attributes an element's own shape uses, read by its
// case in start.
var geometry = map[string][]string{
	"svg":      {"xmlns", "width", "height", "viewBox"},
	"g":        {"transform"},
	"rect":     {"x", "y", "width", "height", "transform"},
	"polygon":  {"points", "transform"},
	"polyline": {"points", "transform"},
	"line":     {"x1", "y1", "x2", "y2", "transform"},
	"circle":   {"cx", "cy", "r", "transform"},
	"path":     {"d", "transform"},
	"text":     {"x", "y", "transform"},
}

func (p *painter) start(t xml.StartElement, depth int) error {
	name := t.Name.Local
	own, ok := geometry[name]
	if !ok {
		return errors.New("an element the PDF renderer does not draw")
	}
	if name == "svg" && depth > 0 {
		return errors.New("a nested <svg>")
	}
	st := p.styles[len(p.styles)-1]
	attr := map[string]string{}
	for _, a := range t.Attr {
		k := a.Name.Local
		if a.Name.Space == "xmlns" || ignored[k] {
			continue
		}
		if contains(own, k) {
			attr[k] = a.Value
			continue
		}
		if err := st.set(k, a.Value); err != nil {
			return err
		}
	}
	p.styles = append(p.styles, st)
	fmt.Fprint(&p.out, "q\n")
	if name == "svg" {
		// The page: millimetres from the top-left corner, y down.
		var w, h float64
		if _, err := fmt.Sscanf(attr["viewBox"], "0 0 %g %g", &w, &h); err != nil {
			return fmt.Errorf("viewBox %q: %w", attr["viewBox"], err)
		}
		p.cm(ptPerMM, 0, 0, -ptPerMM, 0, h*ptPerMM)
		return nil
	}
	if tr, ok := attr["transform"]; ok {
		if err := p.transform(tr); err != nil {
			return err
		}
	}
	n, err := numbers(attr, own)
	if err != nil {
		return err
	}
	switch name {
	case "g":
	case "rect":
		fmt.Fprintf(&p.out, "%s %s %s %s re\n", pn(n["x"]), pn(n["y"]), pn(n["width"]), pn(n["height"]))
		p.paint(st)
	case "polygon", "polyline":
		pts, err := parseNumbers(attr["points"])
		if err != nil || len(pts)%2 != 0 || len(pts) < 4 {
			return fmt.Errorf("points %q", attr["points"])
		}
		for i := 0; i < len(pts); i += 2 {
			op := "l"
			if i == 0 {
				op = "m"
			}
			fmt.Fprintf(&p.out, "%s %s %s\n", pn(pts[i]), pn(pts[i+1]), op)
		}
		if name == "polygon" {
			p.out.WriteString("h\n")
		}
		p.paint(st)
	case "line":
		fmt.Fprintf(&p.out, "%s %s m %s %s l\n", pn(n["x1"]), pn(n["y1"]), pn(n["x2"]), pn(n["y2"]))
		p.paint(style{stroke: st.stroke, strokeWidth: st.strokeWidth, fill: "none", lineJoin: st.lineJoin}) // a line is never filled
	case "circle":
		p.circle(n["cx"], n["cy"], n["r"])
		p.paint(st)
	case "path":
		if err := p.path(attr["d"]); err != nil {
			return err
		}
		p.paint(st)
	case "text":
		p.text, p.textX, p.textY = &strings.Builder{}, n["x"], n["y"]
	}
	return nil
}

func (p *painter) end(t xml.EndElement) error {
	st := p.styles[len(p.styles)-1]
	if t.Name.Local == "text" && p.text != nil {
		p.setText(st, p.textX, p.textY, p.text.String())
		p.text = nil
	}
	p.styles = p.styles[:len(p.styles)-1]
	p.out.WriteString("Q\n")
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// shapeless are the attributes of an element's shape that are not one
// number each.
var shapeless = map[string]bool{"points": true, "d": true, "transform": true}

// numbers reads the element's numeric attributes (x, r, ...); one left out
// is 0, as in SVG.
func numbers(attr map[string]string, own []string) (map[string]float64, error) {
	out := map[string]float64{}
	for _, k := range own {
		v, ok := attr[k]
		if !ok || shapeless[k] {
			continue
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil, fmt.Errorf("%s=%q is not a number", k, v)
		}
		out[k] = f
	}
	return out, nil
}

// set reads one inherited presentation attribute into the style.
func (st *style) set(k, v string) error {
	num := func() (float64, error) {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return 0, fmt.Errorf("%s=%q is not a number", k, v)
		}
		return f, nil
	}
	var err error
	switch k {
	case "fill":
		st.fill = v
		_, _, err = color(v)
	case "stroke":
		st.stroke = v
		_, _, err = color(v)
	case "stroke-width":
		st.strokeWidth, err = num()
	case "stroke-linejoin":
		if v != "round" && v != "miter" && v != "bevel" {
			err = fmt.Errorf("stroke-linejoin %q", v)
		}
		st.lineJoin = v
	case "font-size":
		st.fontSize, err = num()
	case "font-weight":
		if v != "bold" && v != "normal" {
			err = fmt.Errorf("font-weight %q", v)
		}
		st.bold = v == "bold"
	case "text-anchor":
		if v != "start" && v != "middle" && v != "end" {
			err = fmt.Errorf("text-anchor %q", v)
		}
		st.anchor = v
	case "paint-order":
		if v != "stroke" && v != "normal" {
			err = fmt.Errorf("paint-order %q", v)
		}
		st.paintOrder = v
	default:
		err = fmt.Errorf("attribute %s=%q the PDF renderer does not know", k, v)
	}
	return err
}

// color reads an SVG colour: #rgb, #rrggbb, none, white or black; ok is
// false for none.
func color(v string) (rgb [3]float64, ok bool, err error) {
	switch v {
	case "none":
		return rgb, false, nil
	case "white":
		v = "#fff"
	case "black":
		v = "#000"
	}
	h := strings.TrimPrefix(v, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	n, perr := strconv.ParseUint(h, 16, 32)
	if !strings.HasPrefix(v, "#") || len(h) != 6 || perr != nil {
		return rgb, false, fmt.Errorf("colour %q", v)
	}
	for i := range rgb {
		rgb[i] = float64(n>>(16-8*i)&0xff) / 255
	}
	return rgb, true, nil
}

// setColors sets the fill and stroke colours and line style of st; it says
// which are painted.
func (p *painter) setColors(st style) (fill, stroke bool) {
	if c, ok, _ := color(st.fill); ok {
		fmt.Fprintf(&p.out, "%s %s %s rg\n", pn(c[0]), pn(c[1]), pn(c[2]))
		fill = true
	}
	if c, ok, _ := color(st.stroke); ok && st.strokeWidth > 0 {
		fmt.Fprintf(&p.out, "%s %s %s RG %s w\n", pn(c[0]), pn(c[1]), pn(c[2]), pn(st.strokeWidth))
		stroke = true
	}
	switch st.lineJoin {
	case "round":
		p.out.WriteString("1 j\n")
	case "bevel":
		p.out.WriteString("2 j\n")
	}
	return fill, stroke
}

// paint fills and strokes the path just built (SVG fills an open
// polyline too, as if closed, and so does PDF).
func (p *painter) paint(st style) {
	fill, stroke := p.setColors(st)
	switch {
	case fill && stroke:
		p.out.WriteString("B\n")
	case fill:
		p.out.WriteString("f\n")
	case stroke:
		p.out.WriteString("S\n")
	default:
		p.out.WriteString("n\n")
	}
}

func (p *painter) cm(a, b, c, d, e, f float64) {
	fmt.Fprintf(&p.out, "%s %s %s %s %s %s cm\n", pn(a), pn(b), pn(c), pn(d), pn(e), pn(f))
}

// transform applies an SVG transform list: translate, scale, rotate (about
// the origin or a point) and matrix, leftmost outermost as in SVG.
func (p *painter) transform(list string) error {
	rest := strings.TrimSpace(list)
	for rest != "" {
		open := strings.IndexByte(rest, '(')
		closeAt := strings.IndexByte(rest, ')')
		if open < 0 || closeAt < open {
			return fmt.Errorf("transform %q", list)
		}
		fn := strings.TrimSpace(rest[:open])
		args, err := parseNumbers(rest[open+1 : closeAt])
		if err != nil {
			return fmt.Errorf("transform %q: %w", list, err)
		}
		rest = strings.TrimLeft(rest[closeAt+1:], " ,")
		switch {
		case fn == "translate" && (len(args) == 1 || len(args) == 2):
			args = append(args, 0)
			p.cm(1, 0, 0, 1, args[0], args[1])
		case fn == "scale" && (len(args) == 1 || len(args) == 2):
			if len(args) == 1 {
				args = append(args, args[0])
			}
			p.cm(args[0], 0, 0, args[1], 0, 0)
		case fn == "rotate" && (len(args) == 1 || len(args) == 3):
			a := args[0] * math.Pi / 180
			cos, sin := math.Cos(a), math.Sin(a)
			if len(args) == 3 {
				p.cm(1, 0, 0, 1, args[1], args[2])
			}
			p.cm(cos, sin, -sin, cos, 0, 0)
			if len(args) == 3 {
				p.cm(1, 0, 0, 1, -args[1], -args[2])
			}
		case fn == "matrix" && len(args) == 6:
			p.cm(args[0], args[1], args[2], args[3], args[4], args[5])
		default:
			return fmt.Errorf("transform %s(%d numbers) the PDF renderer does not know", fn, len(args))
		}
	}
	return nil
}

// parseNumbers reads numbers separated by commas or spaces.
func parseNumbers(s string) ([]float64, error) {
	var out []float64
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' }) {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", f)
		}
		out = append(out, x)
	}
	return out, nil
}

// kappa places the control points of a quarter circle drawn as one cubic
// Bézier curve.
const kappa = 0.5522847498

func (p *painter) circle(cx, cy, r float64) {
	k := kappa * r
	fmt.Fprintf(&p.out, "%s %s m\n", pn(cx+r), pn(cy))
	fmt.Fprintf(&p.out, "%s %s %s %s %s %s c\n", pn(cx+r), pn(cy+k), pn(cx+k), pn(cy+r), pn(cx), pn(cy+r))
	fmt.Fprintf(&p.out, "%s %s %s %s %s %s c\n", pn(cx-k), pn(cy+r), pn(cx-r), pn(cy+k), pn(cx-r), pn(cy))
	fmt.Fprintf(&p.out, "%s %s %s %s %s %s c\n", pn(cx-r), pn(cy-k), pn(cx-k), pn(cy-r), pn(cx), pn(cy-r))
	fmt.Fprintf(&p.out, "%s %s %s %s %s %s c\nh\n", pn(cx+k), pn(cy-r), pn(cx+r), pn(cy-k), pn(cx+r), pn(cy))
}

// path draws an SVG path's absolute commands M L H V C Q A Z (a repeated
// command's letter may be left out, and pairs after M are lines).
func (p *painter) path(d string) error {
	toks, err := pathTokens(d)
	if err != nil {
		return err
	}
	var x, y, sx, sy float64
	cmd := byte(0)
	for i := 0; i < len(toks); {
		if toks[i].cmd != 0 {
			cmd = toks[i].cmd
			i++
			if cmd == 'Z' {
				p.out.WriteString("h\n")
				x, y = sx, sy
				continue
			}
		}
		n := map[byte]int{'M': 2, 'L': 2, 'H': 1, 'V': 1, 'C': 6, 'Q': 4, 'A': 7}[cmd]
		if n == 0 || i+n > len(toks) {
			return fmt.Errorf("path %q: command %q", d, cmd)
		}
		a := make([]float64, n)
		for k := range a {
			if toks[i+k].cmd != 0 {
				return fmt.Errorf("path %q: %c needs %d numbers", d, cmd, n)
			}
			a[k] = toks[i+k].num
		}
		i += n
		switch cmd {
		case 'M':
			fmt.Fprintf(&p.out, "%s %s m\n", pn(a[0]), pn(a[1]))
			x, y, sx, sy = a[0], a[1], a[0], a[1]
			cmd = 'L'
		case 'L', 'H', 'V':
			switch cmd {
			case 'L':
				x, y = a[0], a[1]
			case 'H':
				x = a[0]
			default:
				y = a[0]
			}
			fmt.Fprintf(&p.out, "%s %s l\n", pn(x), pn(y))
		case 'C':
			fmt.Fprintf(&p.out, "%s %s %s %s %s %s c\n", pn(a[0]), pn(a[1]), pn(a[2]), pn(a[3]), pn(a[4]), pn(a[5]))
			x, y = a[4], a[5]
		case 'Q':
			// A quadratic curve is the cubic with its control points
			// two thirds of the way to the quadratic's.
			c1x, c1y := x+2.0/3*(a[0]-x), y+2.0/3*(a[1]-y)
			c2x, c2y := a[2]+2.0/3*(a[0]-a[2]), a[3]+2.0/3*(a[1]-a[3])
			fmt.Fprintf(&p.out, "%s %s %s %s %s %s c\n", pn(c1x), pn(c1y), pn(c2x), pn(c2y), pn(a[2]), pn(a[3]))
			x, y = a[2], a[3]
		case 'A':
			for _, c := range arcCurves(x, y, a[0], a[1], a[2], a[3] != 0, a[4] != 0, a[5], a[6]) {
				fmt.Fprintf(&p.out, "%s %s %s %s %s %s c\n", pn(c[0]), pn(c[1]), pn(c[2]), pn(c[3]), pn(c[4]), pn(c[5]))
			}
			x, y = a[5], a[6]
		}
	}
	return nil
}

type pathToken struct {
	cmd byte
	num float64
}

// pathTokens splits a path's data into command letters and numbers; a
// relative (lower-case) command is refused: the card writes none.
func pathTokens(d string) ([]pathToken, error) {
	var out []pathToken
	for i := 0; i < len(d); {
		c := d[i]
		switch {
		case c == ' ' || c == ',' || c == '\n' || c == '\t':
			i++
		case strings.IndexByte("MLHVCQAZ", c) >= 0:
			out = append(out, pathToken{cmd: c})
			i++
		case c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9'):
			j := i + 1
			for j < len(d) && (d[j] == '.' || (d[j] >= '0' && d[j] <= '9') || d[j] == 'e' || ((d[j] == '-' || d[j] == '+') && d[j-1] == 'e')) {
				j++
			}
			f, err := strconv.ParseFloat(d[i:j], 64)
			if err != nil {
				return nil, fmt.Errorf("path %q: %q", d, d[i:j])
			}
			out = append(out, pathToken{num: f})
			i = j
		default:
			return nil, fmt.Errorf("path %q: %q the PDF renderer does not draw", d, c)
		}
	}
	return out, nil
}

// arcCurves are the cubic Bézier curves (control 1, control 2, end) of an
// SVG elliptical arc from (x1, y1) to (x2, y2), by the SVG specification's
// conversion to a centre and angles (its appendix on implementing arcs),
// split into pieces of at most a quarter turn.
func arcCurves(x1, y1, rx, ry, phiDeg float64, large, sweep bool, x2, y2 float64) [][6]float64 {
	if rx == 0 || ry == 0 || (x1 == x2 && y1 == y2) {
		return [][6]float64{{x1, y1, x2, y2, x2, y2}}
	}
	rx, ry = math.Abs(rx), math.Abs(ry)
	phi := phiDeg * math.Pi / 180
	cos, sin := math.Cos(phi), math.Sin(phi)
	dx, dy := (x1-x2)/2, (y1-y2)/2
	x1p, y1p := cos*dx+sin*dy, -sin*dx+cos*dy
	if l := x1p*x1p/(rx*rx) + y1p*y1p/(ry*ry); l > 1 {
		rx, ry = rx*math.Sqrt(l), ry*math.Sqrt(l)
	}
	num := rx*rx*ry*ry - rx*rx*y1p*y1p - ry*ry*x1p*x1p
	den := rx*rx*y1p*y1p + ry*ry*x1p*x1p
	coef := math.Sqrt(math.Max(0, num/den))
	if large == sweep {
		coef = -coef
	}
	cxp, cyp := coef*rx*y1p/ry, -coef*ry*x1p/rx
	cx, cy := cos*cxp-sin*cyp+(x1+x2)/2, sin*cxp+cos*cyp+(y1+y2)/2
	angle := func(ux, uy, vx, vy float64) float64 { return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy) }
	ux, uy := (x1p-cxp)/rx, (y1p-cyp)/ry
	vx, vy := (-x1p-cxp)/rx, (-y1p-cyp)/ry
	theta := angle(1, 0, ux, uy)
	delta := angle(ux, uy, vx, vy)
	if !sweep && delta > 0 {
		delta -= 2 * math.Pi
	} else if sweep && delta < 0 {
		delta += 2 * math.Pi
	}
	n := int(math.Ceil(math.Abs(delta)/(math.Pi/2) - 1e-9))
	step := delta / float64(n)
	t := 4.0 / 3 * math.Tan(step/4)
	onEllipse := func(ex, ey float64) (float64, float64) {
		return cx + rx*cos*ex - ry*sin*ey, cy + rx*sin*ex + ry*cos*ey
	}
	var out [][6]float64
	for i := range n {
		a1 := theta + float64(i)*step
		a2 := a1 + step
		c1x, c1y := onEllipse(math.Cos(a1)-t*math.Sin(a1), math.Sin(a1)+t*math.Cos(a1))
		c2x, c2y := onEllipse(math.Cos(a2)+t*math.Sin(a2), math.Sin(a2)-t*math.Cos(a2))
		ex, ey := onEllipse(math.Cos(a2), math.Sin(a2))
		out = append(out, [6]float64{c1x, c1y, c2x, c2y, ex, ey})
	}
	return out
}

// setText sets one line of text at (x, y) on its baseline, anchored as
// the style says, upright in the page's y-down frame.
func (p *painter) setText(st style, x, y float64, text string) {
	text = pdfText(strings.TrimSpace(text))
	switch st.anchor {
	case "middle":
		x -= helvWidth(text, st.bold, st.fontSize) / 2
	case "end":
		x -= helvWidth(text, st.bold, st.fontSize)
	}
	font := "F1"
	if st.bold {
		font = "F2"
	}
	fill, stroke := p.setColors(st)
	var modes []int // text rendering modes: 0 fill, 1 stroke, 2 both
	switch {
	case fill && stroke && st.paintOrder == "stroke":
		modes = []int{1, 0} // the halo under the letters
	case fill && stroke:
		modes = []int{2}
	case fill:
		modes = []int{0}
	case stroke:
		modes = []int{1}
	}
	for _, m := range modes {
		fmt.Fprintf(&p.out, "BT /%s %s Tf %d Tr 1 0 0 -1 %s %s Tm (%s) Tj ET\n", font, pn(st.fontSize), m, pn(x), pn(y), pdfString(text))
	}
}

// pdfString escapes text for a PDF string literal.
func pdfString(s string) string {
	return strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`).Replace(s)
}

// pn prints a number for a content stream: at most three decimals.
func pn(x float64) string {
	s := strconv.FormatFloat(x, 'f', 3, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

// writePDF writes a PDF of pages (content streams) on paper: a catalog,
// the page tree, the two core fonts, the pages and their compressed
// streams, and the cross-reference table. Nothing in it depends on the
// time, so the same sheets give the same bytes.
func writePDF(w io.Writer, pages [][]byte, paper Paper, title string) error {
	var b bytes.Buffer
	var offsets []int
	obj := func(body string) {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", len(offsets), body)
	}
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	const firstPage = 6 // after the catalog, page tree, two fonts and info
	var kids []string
	for i := range pages {
		kids = append(kids, fmt.Sprintf("%d 0 R", firstPage+2*i))
	}
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(pages)))
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
	obj(fmt.Sprintf("<< /Title (%s) /Producer (hexforge) >>", pdfString(pdfText(title))))
	for i, content := range pages {
		var z bytes.Buffer
		zw := zlib.NewWriter(&z)
		if _, err := zw.Write(content); err != nil {
			return err
		}
		if err := zw.Close(); err != nil {
			return err
		}
		obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %s %s] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents %d 0 R >>",
			pn(paper.W*ptPerMM), pn(paper.H*ptPerMM), firstPage+2*i+1))
		obj(fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", z.Len(), z.Bytes()))
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R /Info 5 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	_, err := w.Write(b.Bytes())
	return err
}
