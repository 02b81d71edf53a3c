package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// screenshots, when set, is a directory where the browser test leaves a
// PNG of each page at 1400 and 800 px wide, to look at by eye.
var screenshots = flag.String("screenshots", "", "write PNGs of the HTML pages at 1400 and 800 px to this directory")

// TestHTMLPagesInBrowser loads each kind of page from a file in headless
// Chromium: no console error, no exception, no request leaving the file,
// every plot with its elements; the replay's next key advances the board,
// and a four-player replay draws every seat in its colour.
func TestHTMLPagesInBrowser(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "game.jsonl")
	if _, stderr, code := run(t, "play", "moloch", "borgo", "--seed", "7", "--trace", game); code != 0 {
		t.Fatalf("play: %s", stderr)
	}
	// A game of four players, two teams (sim --mode --record).
	rec := filepath.Join(dir, "teams")
	if _, stderr, code := run(t, "sim", "--mode", "teams", "moloch", "borgo", "hegemony", "outpost", "--games", "8", "--players", "random",
		"--record", "1", "--record-dir", rec); code != 0 {
		t.Fatalf("sim --mode teams --record: %s", stderr)
	}
	// Two round robins of three armies for agree's page.
	rrA, rrB := filepath.Join(dir, "rr-a.json"), filepath.Join(dir, "rr-b.json")
	for _, c := range [][]string{{rrA, "random"}, {rrB, "greedy"}} {
		if _, stderr, code := run(t, "sim", "moloch", "borgo", "hegemony", "--games", "4", "--players", c[1], "--format", "json", "--out", c[0]); code != 0 {
			t.Fatalf("sim --format json: %s", stderr)
		}
	}
	pages := []struct {
		name  string
		args  []string
		count string // a selector that must match want elements (want 0: at least one)
		want  int
	}{
		{"agree", []string{"agree", rrA, rrB}, "g.bars g.bar", 3},
		{"rr", []string{"sim", "moloch", "borgo", "hegemony", "--games", "4"}, "g.heatmap g.cell", 9},
		{"match", []string{"sim", "moloch", "borgo", "--games", "4"}, "g.dotplot g.dot", 2},
		{"importance", []string{"importance", "hegemony", "--vs", "borgo", "--games", "2"}, "g.bars g.bar", 0},
		{"sweep", []string{"sweep", "moloch/Gauss Cannon.initiative=1..3", "--vs", "borgo", "--games", "2"}, "g.lines polygon.band", 1},
		{"ladder", []string{"ladder", "moloch", "borgo", "--games", "2", "--levels", "random,greedy"}, "g.lines g.series", 1},
		// The designer's report: two fair-band rows, three ratings.
		{"report", []string{"report", "moloch", "--vs", "borgo", "--vs", "outpost", "--players", "random", "--budget", "200"}, "g.dotplot g.dot", 5},
		{"balance", []string{"balance", "../../study/testdata/balance/weak-borgo.army", "--vs", "borgo", "--vs", "hegemony", "--players", "greedy", "--budget", "600", "--knobs", "Net Fighter.count", "--verify", "1"}, "g.dotplot g.dot", 4},
		// The field goal: each plot ends with the field's mean.
		{"balance-field", []string{"balance", "../../study/testdata/balance/weak-borgo.army", "--vs", "borgo", "--vs", "hegemony", "--players", "greedy", "--budget", "600", "--knobs", "Net Fighter.count", "--verify", "1", "--goal", "field"}, "g.dotplot g.dot", 6},
		{"replay", []string{"replay", game}, "polygon.hex", 19},
		{"replay4", []string{"replay", filepath.Join(rec, "game-0001.jsonl")}, "polygon.hex", 19},
	}
	for i := range pages {
		out := filepath.Join(dir, pages[i].name+".html")
		args := append(pages[i].args, "--format", "html", "--out", out)
		if _, stderr, code := run(t, args...); code != 0 {
			t.Fatalf("%v: %s", args, stderr)
		}
	}
	br := newBrowser(t, "file://"+dir)
	for _, p := range pages {
		url := "file://" + filepath.Join(dir, p.name+".html")
		var n int
		if err := chromedp.Run(br.ctx, chromedp.Navigate(url), chromedp.Evaluate(`document.querySelectorAll(`+"`"+p.count+"`"+`).length`, &n)); err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		if (p.want > 0 && n != p.want) || n == 0 {
			t.Errorf("%s: %d of %q, want %d", p.name, n, p.count, p.want)
		}
		if *screenshots != "" {
			for _, w := range []int64{1400, 800} {
				var png []byte
				if err := chromedp.Run(br.ctx, emulation.SetDeviceMetricsOverride(w, 900, 1, false), chromedp.FullScreenshot(&png, 100)); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(*screenshots, fmt.Sprintf("%s-%d.png", p.name, w)), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			chromedp.Run(br.ctx, emulation.ClearDeviceMetricsOverride())
		}
	}
	// The replay: the next key steps the board on, the slider follows.
	var before, after, pieces string
	err := chromedp.Run(br.ctx,
		chromedp.Navigate("file://"+filepath.Join(dir, "replay.html")),
		chromedp.Evaluate(`document.getElementById('where').textContent`, &before),
		chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight),
		chromedp.Evaluate(`document.getElementById('where').textContent + ' / slider ' + document.getElementById('step').value`, &after),
		chromedp.Evaluate(`document.getElementById('step').value = document.getElementById('step').max; document.getElementById('step').dispatchEvent(new Event('input')); String(document.querySelectorAll('#pieces g.piece').length)`, &pieces),
	)
	if err != nil {
		t.Fatal(err)
	}
	if *screenshots != "" { // the board in a battle, with its arrows
		var png []byte
		var at string
		if err := chromedp.Run(br.ctx,
			chromedp.Evaluate(`var lis = document.querySelectorAll('#log li'), k = 0; for (var i = 0; i < lis.length; i++) { if (lis[i].classList.contains('hit')) { k = i; } if (k && i > k) break; } var s = document.getElementById('step'); s.value = k; s.dispatchEvent(new Event('input')); document.getElementById('where').textContent`, &at),
			chromedp.FullScreenshot(&png, 100)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*screenshots, "replay-battle-1400.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.HasPrefix(before, "event 1 of") || !strings.HasPrefix(after, "event 3 of") || !strings.HasSuffix(after, "slider 2") || pieces == "0" {
		t.Errorf("replay: %q, then after two → %q; %s tokens on the last board", before, after, pieces)
	}
	// The four-player replay: every seat's HQ under the board, and every
	// seat's tokens drawn in its own colour at some step of the game.
	var hqLine, fills string
	err = chromedp.Run(br.ctx,
		chromedp.Navigate("file://"+filepath.Join(dir, "replay4.html")),
		chromedp.Evaluate(`document.getElementById('hq').textContent`, &hqLine),
		chromedp.Evaluate(`(function () {
  var s = document.getElementById('step'), seen = {};
  for (var k = 0; k <= +s.max; k += 3) {
    s.value = k; s.dispatchEvent(new Event('input'));
    var ps = document.querySelectorAll('#pieces g.piece > polygon:first-of-type');
    for (var i = 0; i < ps.length; i++) { seen[ps[i].getAttribute('fill')] = true; }
  }
  return Object.keys(seen).sort().join(' ');
})()`, &fills),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hqLine, "HQ: Moloch ") || strings.Count(hqLine, "·") != 3 || !strings.Contains(hqLine, "Outpost") {
		t.Errorf("replay4: HQ line %q, want the four armies' HQs", hqLine)
	}
	for _, f := range []string{"#dbe8f7", "#f7dede", "#dcefd9", "#f6ebc8"} {
		if !strings.Contains(fills, f) {
			t.Errorf("replay4: no token drawn in %s (the seats' fills seen: %s)", f, fills)
		}
	}
	br.check(t)
}
