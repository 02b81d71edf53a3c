package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// smallestText opens every folded section and measures, for each piece of
// text a reader sees, the size it is drawn at in CSS px (an SVG text's
// font-size times its scale on screen). Decorative drawings (aria-hidden:
// the token pictures beside their names) and tooltips are left out.
const smallestText = `(function () {
  document.querySelectorAll('details').forEach(function (d) { d.open = true; });
  var out = {n: 0, bad: [], min: 1e9, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth};
  var w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    var t = w.currentNode, e = t.parentElement;
    if (!t.textContent.trim() || e.closest('symbol, [aria-hidden="true"], script, style, title') || !e.checkVisibility()) continue;
    var px = parseFloat(getComputedStyle(e).fontSize);
    if (e instanceof SVGElement) { var m = e.getScreenCTM(); px *= Math.sqrt(m.a * m.a + m.b * m.b); }
    out.n++;
    out.min = Math.min(out.min, px);
    if (px < 10.95) out.bad.push(e.tagName + ' ' + px.toFixed(1) + 'px "' + t.textContent.trim().slice(0, 30) + '"');
  }
  return JSON.stringify(out);
})()`

// insideAxes says what of a plot's values (bands, lines, dots, whiskers,
// bars) runs past its first or last tick's grid line, on the axis the
// values are read on.
const insideAxes = `(function () {
  var out = [];
  document.querySelectorAll('g.lines, g.dotplot, g.bars').forEach(function (g) {
    var vertical = g.classList.contains('lines');
    var span = function (e) { var b = e.getBBox(); return vertical ? [b.y, b.y + b.height] : [b.x, b.x + b.width]; };
    var lo = 1e9, hi = -1e9;
    g.querySelectorAll('line.grid').forEach(function (l) { var s = span(l); lo = Math.min(lo, s[0]); hi = Math.max(hi, s[1]); });
    var values = g.querySelectorAll('polygon.band, polyline, circle, line.interval, line.ref, g.bar > rect');
    if (values.length === 0) out.push(g.getAttribute('class') + ': nothing drawn');
    values.forEach(function (e) {
      var s = span(e), r = e.tagName === 'circle' ? +e.getAttribute('r') : 0;
      if (s[0] + r < lo - 0.5 || s[1] - r > hi + 0.5) out.push(g.getAttribute('class') + ' ' + e.tagName + '.' + (e.getAttribute('class') || '') + ' over ' + s.map(Math.round) + ', ticks ' + [Math.round(lo), Math.round(hi)]);
    });
  });
  return out.join('; ');
})()`

// TestHTMLPagesReadable opens each report page (all but the replay and
// serve pages, which have their own tests) in headless Chromium: in an
// 800 px window no text a reader sees is drawn below 11 CSS px and no page
// scrolls sideways; the heat map's intervals of the eight armies lie in
// their cells; a token table's cells keep their text on one line; every
// plotted value stays between its axis's end ticks; and
// in a 1400 px window the sweep's and importance's plots use the page's
// width. With -screenshots DIR it leaves each page at both widths.
func TestHTMLPagesReadable(t *testing.T) {
	if testing.Short() {
		t.Skip("plays about 150 quick games and opens a browser")
	}
	dir := t.TempDir()
	rr := filepath.Join(dir, "rr.json")
	if _, stderr, code := run(t, "sim", "--all", "--games", "2", "--players", "random", "--format", "json", "--out", rr); code != 0 {
		t.Fatalf("sim --all --format json: %s", stderr)
	}
	pages := []struct {
		name string
		args []string
	}{
		{"agree", []string{"agree", rr, rr}},
		{"roundrobin", []string{"sim", "--all", "--games", "2", "--players", "random"}},
		{"match", []string{"sim", "moloch", "borgo", "--games", "4", "--players", "random"}},
		{"importance", []string{"importance", "hegemony", "--vs", "borgo", "--games", "2", "--players", "random"}},
		{"sweep", []string{"sweep", "moloch/Gauss Cannon.initiative=1..4", "--vs", "borgo", "--vs", "hegemony", "--games", "2", "--players", "random"}},
		{"balance", []string{"balance", "../../study/testdata/balance/weak-borgo.army", "--vs", "borgo", "--vs", "hegemony", "--players", "greedy", "--budget", "600", "--knobs", "Net Fighter.count", "--verify", "1"}},
		{"ladder", []string{"ladder", "moloch", "--vs", "borgo", "--vs", "hegemony", "--games", "2", "--levels", "random,greedy"}}, // a field ladder: the matchups and the army against its field
		{"ffa", []string{"sim", "--mode", "ffa", "moloch", "borgo", "hegemony", "--games", "6", "--players", "random"}},
		{"teams", []string{"sim", "--mode", "teams", "moloch", "borgo", "hegemony", "outpost", "--games", "8", "--players", "random"}},
		{"card", []string{"card", "moloch"}},
		{"report", []string{"report", "hegemony", "--vs", "borgo", "--vs", "moloch", "--players", "random", "--budget", "700"}},
	}
	for _, p := range pages {
		args := append(p.args, "--format", "html", "--out", filepath.Join(dir, p.name+".html"))
		if _, stderr, code := run(t, args...); code != 0 {
			t.Fatalf("%v: %s", args, stderr)
		}
	}
	br := newBrowser(t, "file://"+dir)
	for _, p := range pages {
		url := "file://" + filepath.Join(dir, p.name+".html")
		for _, w := range []int64{800, 1400} {
			var raw, outside string
			if err := chromedp.Run(br.ctx, emulation.SetDeviceMetricsOverride(w, 900, 1, false), chromedp.Navigate(url),
				chromedp.Evaluate(smallestText, &raw), chromedp.Evaluate(insideAxes, &outside)); err != nil {
				t.Fatalf("%s at %d px: %v", p.name, w, err)
			}
			var m struct {
				N        int
				Bad      []string
				Min      float64
				Overflow int
			}
			if err := json.Unmarshal([]byte(raw), &m); err != nil {
				t.Fatal(err)
			}
			if m.N == 0 || len(m.Bad) > 0 {
				t.Errorf("%s at %d px: %d texts, the smallest %.1f px; below 11 px: %v", p.name, w, m.N, m.Min, m.Bad)
			}
			if w == 800 {
				if m.Overflow > 0 {
					t.Errorf("%s at 800 px scrolls sideways by %d px", p.name, m.Overflow)
				}
			}
			if outside != "" {
				t.Errorf("%s at %d px: drawn past the axis: %s", p.name, w, outside)
			}
			if *screenshots != "" {
				var png []byte
				if err := chromedp.Run(br.ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(*screenshots, fmt.Sprintf("%s-%d.png", p.name, w)), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	// The eight armies' heat map at 800 px: every cell's interval drawn at
	// 11 px or more, inside its cell.
	var cells string
	if err := chromedp.Run(br.ctx, emulation.SetDeviceMetricsOverride(800, 900, 1, false), chromedp.Navigate("file://"+filepath.Join(dir, "roundrobin.html")),
		chromedp.Evaluate(`(function () {
  var n = 0, bad = [];
  document.querySelectorAll('g.heatmap g.cell').forEach(function (g) {
    var t = g.querySelector('text.interval'), c = g.querySelector('rect').getBoundingClientRect(), b = t.getBoundingClientRect();
    var m = t.getScreenCTM(), px = parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(m.a * m.a + m.b * m.b);
    n++;
    if (px < 11 || b.left < c.left || b.right > c.right || b.top < c.top || b.bottom > c.bottom) bad.push(t.textContent + ' ' + px.toFixed(1) + 'px');
  });
  return n + ' ' + bad.join(', ');
})()`, &cells)); err != nil {
		t.Fatal(err)
	}
	if cells != "64 " {
		t.Errorf("heat map at 800 px: %q, want 64 cells each with its interval at 11 px or more inside the cell", cells)
	}
	// A match's token tables at 800 px: every cell's text on one line, each
	// token's name beside its drawing (names and "rarely played" wrapped).
	var wrapped string
	if err := chromedp.Run(br.ctx, emulation.SetDeviceMetricsOverride(800, 900, 1, false), chromedp.Navigate("file://"+filepath.Join(dir, "match.html")),
		chromedp.Evaluate(`(function () {
  var n = 0, bad = [];
  document.querySelectorAll('table.tokens td').forEach(function (td) {
    td.childNodes.forEach(function (c) {
      if (c.nodeType !== Node.TEXT_NODE || !c.textContent.trim()) return;
      var r = document.createRange(); r.selectNodeContents(c); n++;
      if (r.getClientRects().length !== 1) bad.push(c.textContent.trim());
    });
  });
  return n > 0 ? bad.join(', ') : 'no cells';
})()`, &wrapped)); err != nil {
		t.Fatal(err)
	}
	if wrapped != "" {
		t.Errorf("match at 800 px: token table cells wrapped: %s", wrapped)
	}
	// At 1400 px the plots of a sweep and of importance take most of the
	// page's width (they took 40% of it).
	for _, name := range []string{"sweep", "importance"} {
		var share float64
		if err := chromedp.Run(br.ctx, emulation.SetDeviceMetricsOverride(1400, 900, 1, false), chromedp.Navigate("file://"+filepath.Join(dir, name+".html")),
			chromedp.Evaluate(`document.querySelector('figure svg').getBoundingClientRect().width / document.body.clientWidth`, &share)); err != nil {
			t.Fatal(err)
		}
		if share < 0.8 {
			t.Errorf("%s at 1400 px: the plot is %.0f%% of the page's width", name, 100*share)
		}
	}
	chromedp.Run(br.ctx, emulation.ClearDeviceMetricsOverride())
	br.check(t)
}
