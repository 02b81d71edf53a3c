package htmlreport

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestAxis(t *testing.T) {
	for _, c := range []struct {
		lo, hi   float64
		from, to float64
	}{
		{4.7, 82.9, 0, 100},      // a sweep's band: the axis ends at a tick above it
		{-79.3, 89.7, -100, 100}, // importance's whiskers
		{-306, 253, -400, 300},
		{50, 50, 49, 51}, // nothing to show: one each way
		{0, 100, 0, 100},
		{0.2, 0.37, 0.2, 0.4},
	} {
		from, to, ticks := Axis(c.lo, c.hi, 6)
		if math.Abs(from-c.from) > 1e-9 || math.Abs(to-c.to) > 1e-9 {
			t.Errorf("Axis(%v, %v) = [%v, %v], want [%v, %v]", c.lo, c.hi, from, to, c.from, c.to)
		}
		if len(ticks) < 2 || math.Abs(ticks[0]-from) > 1e-9 || math.Abs(ticks[len(ticks)-1]-to) > 1e-9 {
			t.Errorf("Axis(%v, %v): ticks %v do not run from end to end", c.lo, c.hi, ticks)
		}
	}
}

var (
	numRE    = regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?`)
	attrRE   = regexp.MustCompile(`([a-z0-9-]+)="([^"]*)"`)
	elemRE   = regexp.MustCompile(`<(line|polygon|polyline|circle|rect)([^>]*)/>`)
	fontRE   = regexp.MustCompile(`font-size="([0-9.]+)"`)
	minWRE   = regexp.MustCompile(`min-width: ([0-9.]+)px`)
	viewBoxW = regexp.MustCompile(`<svg viewBox="0 0 ([0-9.]+) `)
)

// extent is the range of the coordinates (x or y) of an SVG's elements of
// a class ("" for those with none): for a polygon or polyline every point,
// for a rect both edges.
func extent(svg, axis, class string) (lo, hi float64, n int) {
	lo, hi = math.Inf(1), math.Inf(-1)
	add := func(v float64) { lo, hi, n = math.Min(lo, v), math.Max(hi, v), n+1 }
	for _, m := range elemRE.FindAllStringSubmatch(svg, -1) {
		attrs := map[string]string{}
		for _, a := range attrRE.FindAllStringSubmatch(m[2], -1) {
			attrs[a[1]] = a[2]
		}
		if attrs["class"] != class {
			continue
		}
		f := func(k string) float64 { v, _ := strconv.ParseFloat(attrs[k], 64); return v }
		switch m[1] {
		case "line":
			add(f(axis + "1"))
			add(f(axis + "2"))
		case "circle":
			add(f("c" + axis))
		case "rect":
			size := map[string]string{"x": "width", "y": "height"}[axis]
			add(f(axis))
			add(f(axis) + f(size))
		case "polygon", "polyline":
			for _, p := range strings.Fields(attrs["points"]) {
				xy := numRE.FindAllString(p, 2)
				k := 0
				if axis == "y" {
					k = 1
				}
				v, _ := strconv.ParseFloat(xy[k], 64)
				add(v)
			}
		}
	}
	return lo, hi, n
}

// Every band, line, dot, whisker and bar lies within the axis: between
// the first tick's grid line and the last's (a sweep's band ran past the
// last tick), whatever the values.
func TestPlotsStayInsideTheirAxes(t *testing.T) {
	nan := math.NaN()
	plots := []struct {
		name    string
		svg     *SVG
		axis    string   // the value axis: x for dots and bars, y for lines
		classes []string // the classes of what carries a value
	}{
		{"sweep", Lines([]string{"1", "2", "3"}, []Series{
			{Name: "all", Y: []float64{25, 25, 50}, Lo: []float64{4.7, 4.7, 17.1}, Hi: []float64{74.3, 74.3, 82.9}},
			{Name: "vs Borgo", Y: []float64{50, 50, 50}}, {Name: "vs Hegemony", Y: []float64{0, 0, 50}}}, 50, "x", "y", "s"),
			"y", []string{"band", "", "ref"}},
		{"ladder with a gap", Lines([]string{"random", "greedy", "race:8"}, []Series{
			{Name: "a", Y: []float64{nan, 91, 99.5}, Lo: []float64{nan, 80, 97}, Hi: []float64{nan, 97, 100}}}, 50, "x", "y", "l"),
			"y", []string{"band", ""}},
		{"flat", Lines([]string{"1", "2"}, []Series{{Name: "a", Y: []float64{50, 50}, Lo: []float64{50, 50}, Hi: []float64{50, 50}}}, 50, "x", "y", "f"),
			"y", []string{"band", ""}},
		{"ratings", DotPlot([]Dot{{Label: "a", X: 86, Lo: -82, Hi: 253}, {Label: "b", X: -85, Lo: -306, Hi: 82}}, 0, "Elo", "r"),
			"x", []string{"interval", "", "ref"}},
		{"win rates", DotPlot([]Dot{{Label: "a", X: 25, Lo: 4.7, Hi: 74.3}}, 50, "%", "w"),
			"x", []string{"interval", "", "ref"}},
		{"importance", Bars([]Bar{{Label: "a", X: 0, Lo: -79.3, Hi: 79.3}, {Label: "b", X: 50, Lo: -69, Hi: 89.7}, {Label: "c", X: -3.2, Lo: -6.1, Hi: -0.4}}, "points", "i"),
			"x", []string{"interval", "", "ref"}},
	}
	for _, p := range plots {
		svg := p.svg.String()
		lo, hi, n := extent(svg, p.axis, "grid")
		if n < 4 {
			t.Errorf("%s: %d grid line ends", p.name, n)
			continue
		}
		for _, class := range p.classes {
			a, b, m := extent(svg, p.axis, class)
			if m == 0 {
				t.Errorf("%s: nothing of class %q drawn", p.name, class)
			}
			if a < lo-1e-6 || b > hi+1e-6 {
				t.Errorf("%s: %q runs over %s %v..%v, outside the ticks' %v..%v", p.name, class, p.axis, a, b, lo, hi)
			}
		}
	}
}

// A plot is drawn no narrower than shows its smallest text at MinTextPx,
// and the plots that should use the page's width fill it.
func TestPlotsReadableAndWide(t *testing.T) {
	cells := [][]Cell{{{OK: true, Rate: 0.5, Lo: 0.1, Hi: 0.9}}}
	names := []string{"Moloch", "Borgo", "Hegemony", "Outpost", "Steel Police", "Beasts", "Smart", "Vegas"}
	for _, c := range []struct {
		name string
		svg  *SVG
		fill bool
	}{
		{"heat map", Heatmap(names, names, cells, "h"), false},
		{"dots", DotPlot([]Dot{{Label: "a", X: 1, Lo: 0, Hi: 2}}, 0, "x", "d"), true},
		{"bars", Bars([]Bar{{Label: "a", X: 1, Lo: 0, Hi: 2}}, "x", "b"), true},
		{"lines", Lines([]string{"1", "2"}, []Series{{Name: "a", Y: []float64{1, 2}}}, 0, "x", "y", "l"), true},
	} {
		svg := c.svg.String()
		head := svg[:strings.Index(svg, ">")]
		minFont := math.Inf(1)
		for _, m := range fontRE.FindAllStringSubmatch(svg, -1) {
			f, _ := strconv.ParseFloat(m[1], 64)
			minFont = math.Min(minFont, f)
		}
		w, _ := strconv.ParseFloat(viewBoxW.FindStringSubmatch(head)[1], 64)
		mw := minWRE.FindStringSubmatch(head)
		if mw == nil {
			t.Errorf("%s: no min-width: %s", c.name, head)
			continue
		}
		px, _ := strconv.ParseFloat(mw[1], 64)
		if got := minFont * px / w; got < MinTextPx-1e-9 {
			t.Errorf("%s: at its narrowest (%v px) its %v-unit text is %.2f px", c.name, px, minFont, got)
		}
		if strings.Contains(head, `width="100%"`) != c.fill {
			t.Errorf("%s: fills the width %v, want %v: %s", c.name, !c.fill, c.fill, head)
		}
	}
	// The eight armies' matrix still fits an 800 px window's page (768 px)
	// without scrolling.
	s := Heatmap(names, names, cells, "h").String()
	px, _ := strconv.ParseFloat(minWRE.FindStringSubmatch(s)[1], 64)
	if px > 760 {
		t.Errorf("the eight armies' heat map needs %v px", px)
	}
}
