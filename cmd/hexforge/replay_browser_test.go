package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestReplayPageInBrowser drives the replay page in headless Chromium: the
// board takes the window's room at 1400 and 800 px without running past
// its edge, every token's whole name fits in its token, no hex's name is
// under a token, the jump keys go to the next battle, turn and event of a
// kind and back, and autoplay steps on by itself at the speed chosen and
// stops when paused. No console error, no request leaving the page.
func TestReplayPageInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a game and starts a browser")
	}
	dir := t.TempDir()
	game := filepath.Join(dir, "game.jsonl")
	if _, stderr, code := run(t, "play", "moloch", "borgo", "--seed", "7", "--trace", game); code != 0 {
		t.Fatalf("play: %s", stderr)
	}
	page := filepath.Join(dir, "game.html")
	if _, stderr, code := run(t, "replay", game, "--format", "html", "--out", page); code != 0 {
		t.Fatalf("replay: %s", stderr)
	}
	br := newBrowser(t, "file://"+dir)
	url := "file://" + page

	// The board's size: its hexes' drawn width, against the window's.
	for _, tc := range []struct {
		width    int64
		minShare float64 // of the window's width the hexes take at least
	}{{1400, 0.5}, {800, 0.75}} {
		var got struct {
			Hexes, Right, Scroll float64
			Log                  string
		}
		err := chromedp.Run(br.ctx, emulation.SetDeviceMetricsOverride(tc.width, 900, 1, false), chromedp.Navigate(url),
			chromedp.Evaluate(`(function () {
  var r = document.querySelector('g.hexes').getBoundingClientRect();
  var l = document.getElementById('log').getBoundingClientRect();
  return {hexes: r.width, right: r.right, scroll: document.documentElement.scrollWidth,
    log: l.left >= r.right ? 'beside' : (l.top >= r.bottom ? 'below' : 'overlapping')};
})()`, &got))
		if err != nil {
			t.Fatal(err)
		}
		if got.Hexes < tc.minShare*float64(tc.width) || got.Right > float64(tc.width) || got.Scroll > float64(tc.width) {
			t.Errorf("at %d px: the board's hexes %.0f px wide (want at least %.0f), right edge at %.0f, page %.0f px wide",
				tc.width, got.Hexes, tc.minShare*float64(tc.width), got.Right, got.Scroll)
		}
		wantLog := map[int64]string{1400: "beside", 800: "below"}[tc.width]
		if got.Log != wantLog {
			t.Errorf("at %d px the log is %s the board, want %s", tc.width, got.Log, wantLog)
		}
	}
	if err := chromedp.Run(br.ctx, emulation.ClearDeviceMetricsOverride()); err != nil {
		t.Fatal(err)
	}

	// Every step: each unit's name whole (not cut) and no wider than its
	// token; each hex's name drawn over the pieces and outside every
	// unit's token.
	var problems []string
	err := chromedp.Run(br.ctx, chromedp.Navigate(url), chromedp.Evaluate(`(function () {
  var s = document.getElementById('step'), out = [], names = 0;
  var labels = document.querySelectorAll('text.hexname');
  if (!(document.getElementById('pieces').compareDocumentPosition(labels[0]) & Node.DOCUMENT_POSITION_FOLLOWING)) {
    out.push('the hexes\' names are drawn before the pieces');
  }
  function inside(px, py, cx, cy, r) { // in a flat-topped hexagon
    var dx = Math.abs(px - cx), dy = Math.abs(py - cy);
    return dy < r * Math.sqrt(3) / 2 && Math.sqrt(3) * dx + dy < Math.sqrt(3) * r;
  }
  for (var k = 0; k <= +s.max; k++) {
    s.value = k; s.dispatchEvent(new Event('input'));
    var units = document.querySelectorAll('#pieces g.piece:not(.ground)'), hexes = [];
    for (var i = 0; i < units.length; i++) {
      var g = units[i], poly = g.querySelector('polygon'), text = g.querySelector('text.name');
      var name = g.querySelector('title').textContent.replace(/^player \d+: /, '').replace(/ \((hq|warrior|module|instant|foundation)\).*$/, '');
      var shown = '';
      for (var j = 0; j < text.childNodes.length; j++) {
        var part = text.childNodes[j].textContent;
        shown += (shown && !/-$/.test(shown) ? ' ' : '') + part;
      }
      shown = shown.replace(/ [⇄#]/g, '');
      names++;
      var tb = text.getBBox(), pb = poly.getBBox();
      if (shown !== name || shown.indexOf('…') >= 0) { out.push('step ' + k + ': ' + JSON.stringify(shown) + ' for ' + JSON.stringify(name)); }
      var drawn = 0;
      for (var j2 = 0; j2 < text.childNodes.length; j2++) { drawn = Math.max(drawn, text.childNodes[j2].getComputedTextLength()); }
      if (drawn > pb.width) { out.push('step ' + k + ': ' + name + ' is ' + drawn.toFixed(1) + ' wide in a token of ' + pb.width.toFixed(1)); }
      hexes.push([pb.x + pb.width / 2, pb.y + pb.height / 2, pb.width / 2]);
    }
    for (var l = 0; l < labels.length; l++) {
      var b = labels[l].getBBox();
      var corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]];
      for (var h = 0; h < hexes.length; h++) {
        for (var c = 0; c < 4; c++) {
          if (inside(corners[c][0], corners[c][1], hexes[h][0], hexes[h][1], hexes[h][2])) {
            out.push('step ' + k + ': the name of ' + labels[l].textContent + ' is under a token');
            c = 4; h = hexes.length;
          }
        }
      }
    }
  }
  if (names === 0) { out.push('no token drawn at any step'); }
  return out.slice(0, 10);
})()`, &problems))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}

	// The keys: from the first event, B to the first battle and again to
	// the second, Shift+B back to the first, T to the next turn, ] to the
	// next hit, and with "destroyed" chosen, ] to the next unit destroyed.
	cur := `(function () { var li = document.querySelector('#log li.cur'); return li.className.replace(/^ev | cur$/g, '') + ' | ' + document.getElementById('at').textContent; })()`
	var afterB, afterBB, afterShiftB, afterT, afterHit, afterKill string
	err = chromedp.Run(br.ctx, chromedp.Navigate(url),
		chromedp.KeyEvent("b"), chromedp.Evaluate(cur, &afterB),
		chromedp.KeyEvent("b"), chromedp.Evaluate(cur, &afterBB),
		chromedp.KeyEvent("B"), chromedp.Evaluate(cur, &afterShiftB),
		chromedp.KeyEvent("t"), chromedp.Evaluate(cur, &afterT),
		chromedp.KeyEvent("]"), chromedp.Evaluate(cur, &afterHit),
		// Chosen as a user does, the list focused: the choice made, the
		// list gives the keys back (a focused list would take ] itself).
		chromedp.Focus("#kind", chromedp.ByID),
		chromedp.Evaluate(`var k = document.getElementById('kind'); k.value = 'destroyed'; k.dispatchEvent(new Event('change')); true`, nil),
		chromedp.KeyEvent("]"), chromedp.Evaluate(cur, &afterKill),
	)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ key, got, want string }{
		{"B", afterB, "battle | turn "}, {"B again", afterBB, "battle | turn "}, {"Shift+B", afterShiftB, "battle | turn "},
		{"T", afterT, "turn | turn "}, {"]", afterHit, "hit | turn "}, {"] (destroyed)", afterKill, "destroyed | turn "},
	} {
		if !strings.HasPrefix(c.got, c.want) {
			t.Errorf("after %s the current event is %q, want %q...", c.key, c.got, c.want)
		}
	}
	// A link to #186 within the page goes there, as #186 opens the page there.
	var hashed string
	if err := chromedp.Run(br.ctx, chromedp.Evaluate(`location.hash = '#186'`, nil), chromedp.Sleep(100*time.Millisecond),
		chromedp.Evaluate(`document.getElementById('where').textContent`, &hashed)); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hashed, "event 186 of ") {
		t.Errorf("after #186: %q", hashed)
	}
	if !strings.HasSuffix(afterB, "· battle 1") || !strings.HasSuffix(afterBB, "· battle 2") || !strings.HasSuffix(afterShiftB, "· battle 1") {
		t.Errorf("B, B, Shift+B: %q, %q, %q; want battles 1, 2, 1", afterB, afterBB, afterShiftB)
	}

	// Autoplay: space plays (at 32 events a second, chosen with +), P
	// pauses; the events shown go on while it plays and stay while paused.
	step := func(v *int) chromedp.Action {
		return chromedp.Evaluate(`+document.getElementById('step').value`, v)
	}
	var s0, s1, s2, s3 int
	var speed, label string
	err = chromedp.Run(br.ctx, chromedp.Navigate(url),
		chromedp.KeyEvent("+"), chromedp.KeyEvent("+"), chromedp.Evaluate(`document.getElementById('speed').value`, &speed),
		step(&s0), chromedp.KeyEvent(" "), chromedp.Sleep(1500*time.Millisecond), step(&s1),
		chromedp.Evaluate(`document.getElementById('play').textContent`, &label),
		chromedp.KeyEvent("p"), step(&s2), chromedp.Sleep(600*time.Millisecond), step(&s3),
	)
	if err != nil {
		t.Fatal(err)
	}
	if speed != "16" || s0 != 0 || s1 < 8 || label != "Pause" || s3 != s2 {
		t.Errorf("autoplay at %s/s: step %d, %d after 1.5 s playing (button %q), %d paused then %d 0.6 s later", speed, s0, s1, label, s2, s3)
	}
	// The play button does the same as the key.
	var s4, s5 int
	err = chromedp.Run(br.ctx, chromedp.Click("#play", chromedp.ByID), chromedp.Sleep(800*time.Millisecond), step(&s4),
		chromedp.Click("#play", chromedp.ByID), chromedp.Sleep(300*time.Millisecond), step(&s5), chromedp.Sleep(400*time.Millisecond), step(&s3))
	if err != nil {
		t.Fatal(err)
	}
	if s4 <= s2 || s3 != s5 {
		t.Errorf("the play button: step %d before, %d playing, %d and %d paused", s2, s4, s5, s3)
	}
	if *screenshots != "" { // the page at a hit of no wounds (armor), both widths
		for _, w := range []int64{1400, 800} {
			var png []byte
			if err := chromedp.Run(br.ctx, emulation.SetDeviceMetricsOverride(w, 900, 1, false), chromedp.Navigate(url+"#186"),
				chromedp.FullScreenshot(&png, 100)); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(*screenshots, fmt.Sprintf("replay-keys-%d.png", w)), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	br.check(t)
}
