package main

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/hexforge/hexforge/armies"
)

// pdfPage matches a page object of a PDF the browser writes (its page
// tree is /Type /Pages).
var pdfPage = regexp.MustCompile(`/Type\s*/Page\b`)

// TestHelpCardPrintsOnOnePage: the HTML help card of every embedded army,
// printed by Chromium on A4 and on Letter, is one page.
func TestHelpCardPrintsOnOnePage(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser prints every army's card: skipped under -short")
	}
	dir := t.TempDir()
	br := newBrowser(t, "file://"+dir)
	papers := []struct {
		name string
		w, h float64 // inches
	}{{"a4", 210 / 25.4, 297 / 25.4}, {"letter", 8.5, 11}}
	for _, army := range armies.Names() {
		out := filepath.Join(dir, army+".html")
		if _, stderr, code := run(t, "card", army, "--format", "html", "--out", out); code != 0 {
			t.Fatalf("card %s: %s", army, stderr)
		}
		if err := chromedp.Run(br.ctx, chromedp.Navigate("file://"+out)); err != nil {
			t.Fatal(err)
		}
		for _, p := range papers {
			var pdf []byte
			err := chromedp.Run(br.ctx, chromedp.ActionFunc(func(ctx context.Context) error {
				var err error
				pdf, _, err = page.PrintToPDF().WithPaperWidth(p.w).WithPaperHeight(p.h).Do(ctx)
				return err
			}))
			if err != nil {
				t.Fatalf("%s on %s: %v", army, p.name, err)
			}
			if n := len(pdfPage.FindAll(pdf, -1)); n != 1 {
				t.Errorf("the help card of %s prints on %d %s pages, want 1", army, n, p.name)
			}
		}
	}
	br.check(t)
}

// TestPrintSheetsAtOneToOne: a print sheet's SVG page opened in Chromium is
// the paper's size, and every token's cut line measures the --hex-size
// flat to flat, in CSS pixels (96 to the inch).
func TestPrintSheetsAtOneToOne(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser measures the sheets: skipped under -short")
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		paper  string
		mm     string
		w      float64 // the paper's width, mm
		sizeMM float64
	}{{"a4", "40", 210, 40}, {"letter", "32.5", 215.9, 32.5}} {
		out := filepath.Join(dir, tc.paper+".svg")
		if _, stderr, code := run(t, "card", "borgo", "--format", "print", "--paper", tc.paper, "--hex-size", tc.mm, "--out", out); code != 0 {
			t.Fatalf("%s", stderr)
		}
		first := strings.TrimSuffix(out, ".svg") + "-1.svg"
		b, err := os.ReadFile(first)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Count(string(b), `class="cut"`)
		br := newBrowser(t, "file://"+dir)
		var width float64
		var heights []float64
		if err := chromedp.Run(br.ctx, chromedp.Navigate("file://"+first),
			chromedp.Evaluate(`document.documentElement.getBoundingClientRect().width`, &width),
			chromedp.Evaluate(`[...document.querySelectorAll("polygon.cut")].map(p => p.getBoundingClientRect().height)`, &heights)); err != nil {
			t.Fatal(err)
		}
		px := func(mm float64) float64 { return mm / 25.4 * 96 }
		if math.Abs(width-px(tc.w)) > 0.5 {
			t.Errorf("%s: the page is %.1f px wide, want %.1f (%g mm)", tc.paper, width, px(tc.w), tc.w)
		}
		if want == 0 || len(heights) != want {
			t.Fatalf("%s: %d cut lines in the browser, %d in the file", tc.paper, len(heights), want)
		}
		// The bounding box is the cut line's geometry, its stroke left out.
		for i, h := range heights {
			if math.Abs(h-px(tc.sizeMM)) > 0.5 {
				t.Errorf("%s: token %d is %.2f px flat to flat, want %.2f (%g mm at 96 px an inch)", tc.paper, i, h, px(tc.sizeMM), tc.sizeMM)
			}
		}
		br.check(t)
	}
}
