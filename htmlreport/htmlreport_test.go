package htmlreport

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/htmlreport/htmltest"
	"github.com/hexforge/hexforge/internal/golden"
)

// Golden compares got with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	golden.Check(t, path, []byte(got))
}

func TestNum(t *testing.T) {
	for x, want := range map[float64]string{0: "0", 1.5: "1.5", 2.345: "2.35", -0.001: "0", 100: "100", -3.1: "-3.1"} {
		if got := Num(x); got != want {
			t.Errorf("Num(%v) = %q, want %q", x, got, want)
		}
	}
	var zero float64
	if got := Num(zero / zero); got != "0" {
		t.Errorf("Num(NaN) = %q, want 0", got)
	}
}

// A label from a stranger's army file cannot break out of the markup, and
// a bad element or attribute name is dropped rather than written.
func TestSVGEscapesAndStaysWellFormed(t *testing.T) {
	s := NewSVG(10, 10, `a"b`)
	s.Open("g", A("class", `x"><script>`))
	s.Text(1, 2, "<b>&")
	s.Elem("rect", A("bad name", 1.0), A("width", 3))
	s.Elem("bad>", A("x", 1))
	got := s.String() // the g is left open: String closes it
	for _, want := range []string{`aria-label="a&#34;b"`, `class="x&#34;&gt;&lt;script&gt;"`, `&lt;b&gt;&amp;`, `<rect width="3"/>`, "</g>\n</svg>\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "bad") || strings.Contains(got, "<script") {
		t.Errorf("bad name or script written:\n%s", got)
	}
	s.Close()
	s.Close() // one Close too many does nothing
}

func TestDiverging(t *testing.T) {
	if Diverging(0) != "#b2182b" || Diverging(1) != "#2166ac" || Diverging(0.5) != "#f7f7f7" || Diverging(-3) != "#b2182b" {
		t.Errorf("ends: %s %s %s", Diverging(0), Diverging(1), Diverging(0.5))
	}
}

func samplePage() *Page {
	p := &Page{Title: "T <1>", Meta: [][2]string{{"command", "hexforge sim a b"}, {"seed", "1"}}}
	cells := [][]Cell{
		{{OK: true, Rate: 0.5, Lo: 0.4, Hi: 0.6}, {OK: true, Rate: 0.8, Lo: 0.7, Hi: 0.9, Significant: true, Tip: "a vs b"}},
		{{OK: true, Rate: 0.2, Lo: 0.1, Hi: 0.3, Significant: true}, {}},
	}
	p.Heading("Matchups")
	p.Figure(Heatmap([]string{"a", "b"}, []string{"a", "b"}, cells, "m"))
	p.Figure(DotPlot([]Dot{{Label: "a", X: 30, Lo: -10, Hi: 70, Text: "+30"}, {Label: "b", X: -30, Lo: -70, Hi: 10, Text: "-30"}}, 0, "Elo", "r"))
	p.Figure(Bars([]Bar{{Label: "x", X: -5, Lo: -8, Hi: -2, Significant: true, Text: "-5"}, {Label: "y", X: 1, Lo: -2, Hi: 4, Text: "+1"}}, "points", "b"))
	p.Figure(Lines([]string{"1", "2", "3"}, []Series{{Name: "all", Y: []float64{40, 50, 60}, Lo: []float64{35, 45, 55}, Hi: []float64{45, 55, 65}}, {Name: "vs a", Y: []float64{42, 48, 61}}}, 50, "x", "y", "l"))
	p.Table("c", []string{"k", "v"}, [][]string{{"x", "1.5"}})
	p.Raw(TokenTable([]string{"token", "n"}, [][]string{{"Gauss", "2"}}, []string{"warrior"}, nil))
	// Two tables showing the same drawing, one showing another.
	gauss, clown := Icon{ViewBox: "-10 -10 20 20", Body: "<circle r=\"9\"/>\n"}, Icon{ViewBox: "-10 -10 20 20", Body: "<rect width=\"9\"/>\n"}
	p.Raw(TokenTable([]string{"token", "n"}, [][]string{{"Gauss", "2"}, {"Clown", "1"}}, nil, []string{p.Use(gauss, "token"), p.Use(clown, "token")}))
	p.Raw(TokenTable([]string{"token", "n"}, [][]string{{"Gauss", "2"}}, nil, []string{p.Use(gauss, "token")}))
	return p
}

func TestPageStructure(t *testing.T) {
	var b strings.Builder
	if err := samplePage().Write(&b); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	checkGolden(t, "sample.skeleton", htmltest.Skeleton(page))
	if u := htmltest.URLs(page); len(u) > 0 {
		t.Errorf("the page names URLs: %v", u)
	}
	// Three cells drawn (one muted), one empty; the key's eleven swatches.
	if n := strings.Count(page, `class="cell muted"`); n != 1 {
		t.Errorf("%d muted cells, want 1", n)
	}
	if n := strings.Count(page, `class="cell empty"`); n != 1 {
		t.Errorf("%d empty cells, want 1", n)
	}
	if n := strings.Count(page, `class="key"`); n != 11 {
		t.Errorf("%d key swatches, want 11", n)
	}
	// Each drawing once, at the top, and shown where it is used.
	if n := strings.Count(page, "<symbol "); n != 2 {
		t.Errorf("%d symbols, want 2 (one per distinct drawing)", n)
	}
	if n := strings.Count(page, `<use href="#s1"/>`); n != 2 || !strings.Contains(page, `<symbol id="s1" viewBox="-10 -10 20 20">`+"\n<circle r=\"9\"/>") {
		t.Errorf("the first drawing: %d uses, want 2, and its symbol", n)
	}
	if strings.Index(page, `<svg class="symbols"`) > strings.Index(page, "<h1>") {
		t.Error("the symbols are not written before the page's content")
	}
	if !strings.Contains(page, "<title>T &lt;1&gt;</title>") {
		t.Error("title not escaped")
	}
}

// A heat-map cell's interval prints in whole points unless that would
// print it as one point.
func TestRangeText(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{{0.243, 0.918, "24–92"}, {0.996, 1, "99.6–100.0"}, {0, 0.004, "0.0–0.4"}} {
		if got := rangeText(c.lo, c.hi); got != c.want {
			t.Errorf("rangeText(%v, %v) = %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
}
