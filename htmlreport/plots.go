package htmlreport

import (
	"fmt"
	"math"
	"strings"
)

// Cell is one cell of a heat map: the row's win rate against the column
// with its 95% interval. Significant is false for a rate not significantly
// away from 50%, which the map draws muted so the eye goes to the others.
type Cell struct {
	OK          bool // false: no match played (drawn empty)
	Rate        float64
	Lo, Hi      float64
	Significant bool
	Tip         string // the tooltip
}

// Heatmap draws a matrix of win rates in colours diverging around 50%:
// blue where the row wins, red where it loses, each cell with its rate and
// its interval.
func Heatmap(rows, cols []string, cells [][]Cell, label string) *SVG {
	// Sized so that the eight armies' map (862 units) still shows its
	// smallest text (the intervals, 13 units) at MinTextPx in an 800 px
	// window; more armies make the figure scroll sideways there.
	const cw, ch, left, top = 84.0, 46.0, 130.0, 100.0
	// Room on the right for the last column's slanted label and for the
	// key's caption, however few the columns.
	s := NewSVG(math.Max(720, left+cw*float64(len(cols))+60), top+ch*float64(len(rows))+36, label)
	s.MinText = MinTextPx
	s.Open("g", A("class", "heatmap"))
	for j, c := range cols {
		x := left + cw*float64(j) + cw/2
		s.Text(x, top-8, clip(c, 16), A("transform", fmt.Sprintf("rotate(-35 %s %s)", Num(x), Num(top-8))), A("font-size", 13.0))
	}
	for i, r := range rows {
		y := top + ch*float64(i)
		s.Text(left-8, y+ch/2+5, clip(r, 15), A("text-anchor", "end"), A("font-size", 13.0))
		for j := range cols {
			x := left + cw*float64(j)
			var c Cell
			if i < len(cells) && j < len(cells[i]) {
				c = cells[i][j]
			}
			class := "cell"
			if !c.OK {
				s.Elem("rect", A("class", "cell empty"), A("x", x), A("y", y), A("width", cw-2), A("height", ch-2), A("fill", "#fafafa"), A("stroke", "#ddd"))
				continue
			}
			fill, ink := Diverging(c.Rate), "#111"
			if !c.Significant {
				class, fill, ink = "cell muted", mix(fill, "#eeeeee", 0.75), "#666"
			}
			s.Open("g", A("class", class))
			if c.Tip != "" {
				s.Title(c.Tip)
			}
			s.Elem("rect", A("x", x), A("y", y), A("width", cw-2), A("height", ch-2), A("fill", fill))
			s.Text(x+cw/2-1, y+19, fmt.Sprintf("%.1f%%", 100*c.Rate), A("text-anchor", "middle"), A("font-size", 15.0), A("fill", ink))
			s.Text(x+cw/2-1, y+37, rangeText(c.Lo, c.Hi), A("class", "interval"), A("text-anchor", "middle"), A("font-size", 13.0), A("fill", ink))
			s.Close()
		}
	}
	// The key: the colour scale from 0% to 100%.
	ky := top + ch*float64(len(rows)) + 10
	for k := 0; k <= 10; k++ {
		s.Elem("rect", A("class", "key"), A("x", left+float64(k)*18), A("y", ky), A("width", 18.0), A("height", 12.0), A("fill", Diverging(float64(k)/10)))
	}
	s.Text(left+11*18+8, ky+11, "row's win rate 0% → 100%; pale: not significant", A("font-size", 13.0), A("fill", "#555"))
	s.Close()
	return s
}

// rangeText is an interval in whole points, or in tenths where whole
// points would print it as one point ("99.6–100.0", not "100–100").
func rangeText(lo, hi float64) string {
	if s := fmt.Sprintf("%.0f–%.0f", 100*lo, 100*hi); fmt.Sprintf("%.0f", 100*lo) != fmt.Sprintf("%.0f", 100*hi) {
		return s
	}
	return fmt.Sprintf("%.1f–%.1f", 100*lo, 100*hi)
}

// Diverging is the colour of a rate: red below 50%, white-ish at 50%, blue
// above (ColorBrewer's RdBu ends), so the colour says who wins.
func Diverging(rate float64) string {
	if math.IsNaN(rate) {
		rate = 0.5
	}
	rate = math.Max(0, math.Min(1, rate))
	if rate < 0.5 {
		return mix("#b2182b", "#f7f7f7", rate/0.5)
	}
	return mix("#f7f7f7", "#2166ac", (rate-0.5)/0.5)
}

// mix is the colour t of the way from a to b (#rrggbb each).
func mix(a, b string, t float64) string {
	pa, pb := rgb(a), rgb(b)
	var out [3]int
	for i := range out {
		out[i] = int(math.Round(float64(pa[i]) + t*float64(pb[i]-pa[i])))
	}
	return fmt.Sprintf("#%02x%02x%02x", out[0], out[1], out[2])
}

func rgb(c string) [3]int {
	var v [3]int
	if len(c) == 7 {
		fmt.Sscanf(c[1:], "%02x%02x%02x", &v[0], &v[1], &v[2])
	}
	return v
}

// clip shortens a label to n runes.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// Dot is one row of a dot plot: a value with its interval.
type Dot struct {
	Label     string
	X, Lo, Hi float64
	Text      string // the value as printed beside the row
}

// DotPlot draws one row per dot, the dot at X and a bar from Lo to Hi, with
// a dashed line at ref (50% for win rates, 0 for ratings).
func DotPlot(dots []Dot, ref float64, axis string, label string) *SVG {
	const left, right, rowH, top, plotW = 180.0, 190.0, 30.0, 12.0, 490.0 // right: room for "56.0% [47.4%, 64.6%]"
	s := NewSVG(left+plotW+right, top+rowH*float64(len(dots))+50, label)
	s.Fill, s.MinText = true, MinTextPx
	lo, hi := ref, ref
	for _, d := range dots {
		lo, hi = math.Min(lo, math.Min(d.Lo, d.X)), math.Max(hi, math.Max(d.Hi, d.X))
	}
	lo, hi, ticks := Axis(lo, hi, 6)
	x := func(v float64) float64 { return left + plotW*(v-lo)/(hi-lo) }
	bottom := top + rowH*float64(len(dots))
	s.Open("g", A("class", "dotplot"))
	for _, t := range ticks {
		s.Elem("line", A("class", "grid"), A("x1", x(t)), A("x2", x(t)), A("y1", top), A("y2", bottom), A("stroke", "#e4e4e4"))
		s.Text(x(t), bottom+16, Num(t), A("text-anchor", "middle"), A("font-size", 13.0), A("fill", "#555"))
	}
	s.Elem("line", A("class", "ref"), A("x1", x(ref)), A("x2", x(ref)), A("y1", top), A("y2", bottom), A("stroke", "#999"), A("stroke-dasharray", "4 3"))
	s.Text(left+plotW/2, bottom+38, axis, A("text-anchor", "middle"), A("font-size", 13.0))
	for i, d := range dots {
		y := top + rowH*float64(i) + rowH/2
		s.Open("g", A("class", "dot"))
		s.Title(fmt.Sprintf("%s: %s", d.Label, d.Text))
		s.Text(left-8, y+5, clip(d.Label, 20), A("text-anchor", "end"), A("font-size", 13.0))
		s.Elem("line", A("class", "interval"), A("x1", x(d.Lo)), A("x2", x(d.Hi)), A("y1", y), A("y2", y), A("stroke", "#2166ac"), A("stroke-width", 3.0))
		s.Elem("circle", A("cx", x(d.X)), A("cy", y), A("r", 5.0), A("fill", "#0b3d75"))
		s.Text(left+plotW+10, y+5, d.Text, A("font-size", 13.0))
		s.Close()
	}
	s.Close()
	return s
}

// Bar is one row of a bar chart: a change with its interval.
type Bar struct {
	Label       string
	X, Lo, Hi   float64
	Significant bool // false: drawn muted
	Text        string
}

// Bars draws one horizontal bar per row from 0 to X with its interval as a
// whisker, red below 0 and blue above; rows whose change is not
// significant are muted. The rows are drawn in the order given.
func Bars(bars []Bar, axis, label string) *SVG {
	const left, right, rowH, top, plotW = 190.0, 180.0, 28.0, 12.0, 490.0
	s := NewSVG(left+plotW+right, top+rowH*float64(len(bars))+50, label)
	s.Fill, s.MinText = true, MinTextPx
	lo, hi := 0.0, 0.0
	for _, b := range bars {
		lo, hi = math.Min(lo, math.Min(b.Lo, b.X)), math.Max(hi, math.Max(b.Hi, b.X))
	}
	lo, hi, ticks := Axis(lo, hi, 6)
	x := func(v float64) float64 { return left + plotW*(v-lo)/(hi-lo) }
	bottom := top + rowH*float64(len(bars))
	s.Open("g", A("class", "bars"))
	for _, t := range ticks {
		s.Elem("line", A("class", "grid"), A("x1", x(t)), A("x2", x(t)), A("y1", top), A("y2", bottom), A("stroke", "#e4e4e4"))
		s.Text(x(t), bottom+16, Num(t), A("text-anchor", "middle"), A("font-size", 13.0), A("fill", "#555"))
	}
	s.Text(left+plotW/2, bottom+38, axis, A("text-anchor", "middle"), A("font-size", 13.0))
	for i, b := range bars {
		y := top + rowH*float64(i)
		fill := "#2166ac"
		if b.X < 0 {
			fill = "#b2182b"
		}
		class := "bar"
		if !b.Significant {
			class, fill = "bar muted", mix(fill, "#eeeeee", 0.7)
		}
		s.Open("g", A("class", class))
		s.Title(b.Label + ": " + b.Text)
		s.Text(left-8, y+rowH/2+5, clip(b.Label, 22), A("text-anchor", "end"), A("font-size", 13.0))
		x0, x1 := math.Min(x(0), x(b.X)), math.Max(x(0), x(b.X))
		s.Elem("rect", A("x", x0), A("y", y+5), A("width", math.Max(x1-x0, 1)), A("height", rowH-10), A("fill", fill))
		s.Elem("line", A("class", "interval"), A("x1", x(b.Lo)), A("x2", x(b.Hi)), A("y1", y+rowH/2), A("y2", y+rowH/2), A("stroke", "#333"), A("stroke-width", 1.5))
		s.Text(left+plotW+10, y+rowH/2+5, b.Text, A("font-size", 13.0))
		s.Close()
	}
	s.Elem("line", A("class", "ref"), A("x1", x(0)), A("x2", x(0)), A("y1", top), A("y2", bottom), A("stroke", "#666"))
	s.Close()
	return s
}

// Series is one line of a line plot: a value per x with its interval.
type Series struct {
	Name   string
	Y      []float64
	Lo, Hi []float64 // nil: no band
}

// seriesColours tell the lines apart; the first (banded) line is the
// darkest.
var seriesColours = []string{"#0b3d75", "#d95f02", "#7570b3", "#1b9e77", "#e7298a", "#66a61e", "#a6761d", "#666666"}

// Lines draws each series as a line over the x values (evenly spaced, as
// a range of settings is), a series with intervals with a shaded band, and
// a dashed line at ref. A value that is NaN (a setting with no games) draws
// no point: the line and its band break there.
func Lines(xs []string, series []Series, ref float64, xAxis, yAxis, label string) *SVG {
	const left, right, top, plotW, plotH, legendH = 70.0, 200.0, 14.0, 590.0, 300.0, 20.0
	// Tall enough for the legend too: a ladder may have a line per matchup.
	s := NewSVG(left+plotW+right, math.Max(top+plotH+56, top+legendH*float64(len(series))+8), label)
	s.Fill, s.MinText = true, MinTextPx
	lo, hi := ref, ref
	for _, se := range series {
		for i, y := range se.Y {
			if math.IsNaN(y) {
				continue
			}
			lo, hi = math.Min(lo, y), math.Max(hi, y)
			if i < len(se.Lo) && i < len(se.Hi) {
				lo, hi = math.Min(lo, se.Lo[i]), math.Max(hi, se.Hi[i])
			}
		}
	}
	lo, hi, ticks := Axis(lo, hi, 6)
	n := len(xs)
	x := func(i int) float64 {
		if n <= 1 {
			return left + plotW/2
		}
		return left + plotW*float64(i)/float64(n-1)
	}
	y := func(v float64) float64 { return top + plotH*(hi-v)/(hi-lo) }
	s.Open("g", A("class", "lines"))
	for _, t := range ticks {
		s.Elem("line", A("class", "grid"), A("x1", left), A("x2", left+plotW), A("y1", y(t)), A("y2", y(t)), A("stroke", "#e4e4e4"))
		s.Text(left-8, y(t)+5, Num(t), A("text-anchor", "end"), A("font-size", 13.0), A("fill", "#555"))
	}
	for i, v := range xs {
		s.Text(x(i), top+plotH+20, clip(v, 10), A("text-anchor", "middle"), A("font-size", 13.0), A("fill", "#555"))
	}
	s.Text(left+plotW/2, top+plotH+44, xAxis, A("text-anchor", "middle"), A("font-size", 13.0))
	s.Text(16, top+plotH/2, yAxis, A("text-anchor", "middle"), A("font-size", 13.0), A("transform", fmt.Sprintf("rotate(-90 16 %s)", Num(top+plotH/2))))
	s.Elem("line", A("class", "ref"), A("x1", left), A("x2", left+plotW), A("y1", y(ref)), A("y2", y(ref)), A("stroke", "#999"), A("stroke-dasharray", "4 3"))
	for k, se := range series {
		col := seriesColours[k%len(seriesColours)]
		m := min(len(se.Y), n)
		if m == 0 {
			continue
		}
		s.Open("g", A("class", "series"))
		s.Title(se.Name)
		width := 1.5
		if k == 0 {
			width = 3
		}
		// Each run of values that are not NaN is drawn on its own.
		for a := 0; a < m; {
			if math.IsNaN(se.Y[a]) {
				a++
				continue
			}
			b := a
			for b < m && !math.IsNaN(se.Y[b]) {
				b++
			}
			if len(se.Lo) >= m && len(se.Hi) >= m {
				var pts []string
				for i := a; i < b; i++ {
					pts = append(pts, Num(x(i))+","+Num(y(se.Hi[i])))
				}
				for i := b - 1; i >= a; i-- {
					pts = append(pts, Num(x(i))+","+Num(y(se.Lo[i])))
				}
				s.Elem("polygon", A("class", "band"), A("points", strings.Join(pts, " ")), A("fill", col), A("fill-opacity", 0.15))
			}
			var pts []string
			for i := a; i < b; i++ {
				pts = append(pts, Num(x(i))+","+Num(y(se.Y[i])))
			}
			s.Elem("polyline", A("points", strings.Join(pts, " ")), A("fill", "none"), A("stroke", col), A("stroke-width", width))
			for i := a; i < b; i++ {
				s.Elem("circle", A("cx", x(i)), A("cy", y(se.Y[i])), A("r", 3.0), A("fill", col))
			}
			a = b
		}
		ly := top + 14 + legendH*float64(k)
		s.Elem("rect", A("class", "legend"), A("x", left+plotW+16), A("y", ly-10), A("width", 12.0), A("height", 12.0), A("fill", col))
		s.Text(left+plotW+34, ly, clip(se.Name, 20), A("font-size", 13.0))
		s.Close()
	}
	s.Close()
	return s
}
