package card

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
)

// rasterDPI is the resolution the PDF is rendered at in the tests: a
// 40 mm token is 157.5 pixels there.
const rasterDPI = 100

func mmToPx(mm float64) float64 { return mm / 25.4 * rasterDPI }

// rasterize renders a PDF to one PNG a page with poppler's pdftoppm.
func rasterize(t *testing.T, pdf []byte) []*image.RGBA {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "sheets.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftoppm", "-r", fmt.Sprint(rasterDPI), "-png", in, filepath.Join(dir, "page")).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "page-*.png"))
	// pdftoppm pads the page numbers to the width of the last.
	var pages []*image.RGBA
	for i := 1; i <= len(files); i++ {
		var name string
		for _, f := range files {
			base := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "page-"), ".png")
			if strings.TrimLeft(base, "0") == fmt.Sprint(i) {
				name = f
			}
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		rgba, ok := img.(*image.RGBA)
		if !ok {
			rgba = image.NewRGBA(img.Bounds())
			draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
		}
		pages = append(pages, rgba)
	}
	return pages
}

func needPdftoppm(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm (poppler-utils) is not installed: the PDF sheets are not rasterised; apt-get install poppler-utils")
	}
}

// dark says whether a pixel is ink rather than paper.
func dark(img *image.RGBA, x, y int) bool {
	c := img.RGBAAt(x, y)
	return (int(c.R)+int(c.G)+int(c.B))/3 < 160
}

// inked is the share of pixels in a square of half-side h around (x, y)
// that are not white paper.
func inked(img *image.RGBA, x, y, h int) float64 {
	n, ink := 0, 0
	for yy := y - h; yy <= y+h; yy++ {
		for xx := x - h; xx <= x+h; xx++ {
			n++
			if c := img.RGBAAt(xx, yy); c.R < 245 || c.G < 245 || c.B < 245 {
				ink++
			}
		}
	}
	return float64(ink) / float64(n)
}

// TestPDFRasterised: the PDF of every embedded army (and of an army with
// Structures), rendered by pdftoppm at 100 dpi, has its pages at the
// paper's size, a token (front or back) wherever the layout put one and
// blank paper in the page's free places, every token of the army (a
// Structure's part once) on the fronts, and each token measures its size
// flat to flat, cut line to cut line.
func TestPDFRasterised(t *testing.T) {
	needPdftoppm(t)
	cards := printCards(t)
	names := armies.Names()
	if testing.Short() {
		names = names[:1]
	}
	names = append(names, "fort")
	for _, name := range names {
		c, ok := cards[name]
		if !ok {
			t.Fatalf("no embedded army %s", name)
		}
		sizes := []struct {
			paper Paper
			mm    float64
		}{{Papers[0], DefaultHexMM}, {Papers[1], 30}}
		if name != names[0] {
			sizes = sizes[:1] // Letter and another size: one army is enough
		}
		for _, tc := range sizes {
			s, err := c.Layout(tc.paper, tc.mm)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := s.PDF(&buf); err != nil {
				t.Fatal(err)
			}
			pages := rasterize(t, buf.Bytes())
			if len(pages) != s.PageCount() {
				t.Fatalf("%s: %d pages rendered, %d laid out", name, len(pages), s.PageCount())
			}
			all, err := s.slots()
			if err != nil {
				t.Fatal(err)
			}
			a := s.Apothem()
			tokens := 0
			for i, img := range pages {
				what := fmt.Sprintf("%s %s %g mm page %d", name, tc.paper.Name, tc.mm, i+1)
				if w, h := img.Bounds().Dx(), img.Bounds().Dy(); math.Abs(float64(w)-mmToPx(tc.paper.W)) > 1 || math.Abs(float64(h)-mmToPx(tc.paper.H)) > 1 {
					t.Errorf("%s: %d × %d px, want %.0f × %.0f", what, w, h, mmToPx(tc.paper.W), mmToPx(tc.paper.H))
				}
				used := len(s.Pages[i/2])
				for k, sl := range all {
					x := sl.X
					if i%2 == 1 {
						x = tc.paper.W - x
					}
					px, py := int(mmToPx(x)), int(mmToPx(sl.Y))
					share := inked(img, px, py, int(mmToPx(a/2)))
					if k >= used {
						if share > 0.001 {
							t.Errorf("%s: free place %d is %.0f%% inked", what, k, 100*share)
						}
						continue
					}
					if share < 0.5 {
						t.Errorf("%s: token %d (%s) is %.0f%% inked: not drawn", what, k, c.Rows[sl.Row].Token, 100*share)
						continue
					}
					if i%2 == 0 {
						tokens++
					}
					// Flat to flat: from the gap above the token down to
					// the first ink, and from the gap below up.
					top := int(mmToPx(sl.Y - a - gapMM/2))
					for top < py && !dark(img, px, top) {
						top++
					}
					bottom := int(mmToPx(sl.Y + a + gapMM/2))
					for bottom > py && !dark(img, px, bottom) {
						bottom--
					}
					size := float64(bottom - top + 1)
					if math.Abs(size-mmToPx(tc.mm)) > 2 {
						t.Errorf("%s: token %d (%s) is %.0f px flat to flat, want %.1f (%g mm at %d dpi)", what, k, c.Rows[sl.Row].Token, size, mmToPx(tc.mm), tc.mm, rasterDPI)
					}
				}
			}
			parts := 0
			for _, r := range c.Rows {
				if r.part {
					parts++
				}
			}
			if tokens != c.Total+parts {
				t.Errorf("%s %s: %d tokens seen on the fronts, the army has %d and %d Structure parts", name, tc.paper.Name, tokens, c.Total, parts)
			}
		}
	}
}

// TestPDFRefusesWhatItCannotDraw: an element, attribute, colour or path
// command the renderer does not know is an error, never left out.
func TestPDFRefusesWhatItCannotDraw(t *testing.T) {
	page := func(body string) string {
		return `<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10">` + body + `</svg>`
	}
	if _, err := svgToPDF(page(`<g transform="translate(1,2) rotate(30,0,-62) scale(0.5)"><path d="M0,-11 L10,-7.5 Q6.5,10 0,12.5 A13,13 0 0 0 13,-5 Z" fill="#444"/><text x="0" y="1" text-anchor="middle" font-weight="bold" fill="#fff" stroke="#000" paint-order="stroke">A(b)</text></g>`)); err != nil {
		t.Fatalf("what the card draws: %v", err)
	}
	for _, body := range []string{
		`<ellipse cx="1" cy="1" rx="1" ry="2"/>`,
		`<rect x="0" y="0" width="1" height="1" opacity="0.5"/>`,
		`<rect x="0" y="0" width="1" height="1" fill="red"/>`,
		`<path d="m0,0 l1,1"/>`,
		`<g transform="skewX(10)"/>`,
		`<line x1="a" y1="0" x2="1" y2="1" stroke="#000"/>`,
		`<svg viewBox="0 0 1 1"/>`,
	} {
		if _, err := svgToPDF(page(body)); err == nil {
			t.Errorf("%s: drawn", body)
		}
	}
}

// TestPDFDeterministic: the same sheets give the same bytes, a PDF whose
// pages are the layout's.
func TestPDFDeterministic(t *testing.T) {
	c := embeddedCards(t)["borgo"]
	s, err := c.Layout(Papers[0], DefaultHexMM)
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := s.PDF(&a); err != nil {
		t.Fatal(err)
	}
	if err := s.PDF(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two PDFs of the same sheets differ")
	}
	pdf := a.String()
	if !strings.HasPrefix(pdf, "%PDF-1.4") || !strings.HasSuffix(pdf, "%%EOF\n") || strings.Count(pdf, "/Type /Page ") != s.PageCount() {
		t.Errorf("not a PDF of %d pages", s.PageCount())
	}
}

// TestArcCurves: an arc's curves end where the arc does and pass through
// its far point: a half circle of radius 13 from (-13, 0) to (13, 0)
// sweeping through (0, 13).
func TestArcCurves(t *testing.T) {
	cs := arcCurves(-13, 0, 13, 13, 0, false, false, 13, 0)
	if len(cs) != 2 {
		t.Fatalf("%d curves", len(cs))
	}
	end := cs[len(cs)-1]
	if math.Abs(end[4]-13) > 1e-9 || math.Abs(end[5]) > 1e-9 {
		t.Errorf("ends at (%g, %g)", end[4], end[5])
	}
	if mid := cs[0]; math.Abs(mid[4]) > 1e-9 || math.Abs(math.Abs(mid[5])-13) > 1e-9 {
		t.Errorf("half way at (%g, %g), want (0, ±13)", mid[4], mid[5])
	}
}
