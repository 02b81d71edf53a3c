package main

import (
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/workbench"
)

// browser starts headless Chromium (Debian's package; .ci/run installs it)
// and collects the page's console errors, uncaught exceptions and every
// request that leaves the test server.
type browser struct {
	ctx      context.Context
	mu       sync.Mutex
	problems []string
}

func newBrowser(t *testing.T, allowed string) *browser {
	t.Helper()
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("no Chromium on the CI machine: .ci/run should have installed it")
		}
		t.Skip("no Chromium here (apt-get install chromium); CI runs this test")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.WindowSize(1400, 900))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	b := &browser{ctx: ctx}
	chromedp.ListenTarget(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.APITypeError {
				b.problems = append(b.problems, fmt.Sprintf("console error: %v", e.Args))
			}
		case *runtime.EventExceptionThrown:
			b.problems = append(b.problems, "exception: "+e.ExceptionDetails.Error())
		case *network.EventRequestWillBeSent:
			if u := e.Request.URL; !strings.HasPrefix(u, allowed) && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "about:") {
				b.problems = append(b.problems, "request leaving the page: "+u)
			}
		}
	})
	if err := chromedp.Run(ctx, network.Enable()); err != nil {
		t.Fatal(err)
	}
	return b
}

func (b *browser) check(t *testing.T) {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, p := range b.problems {
		t.Error(p)
	}
}

// gatedLoad loads the opponents of a quick simulation, waiting first,
// while a gate is set, for the test to open it: the run of a saved version
// is held while the test looks at the page.
type gatedLoad struct{ gate atomic.Pointer[chan struct{}] }

func (g *gatedLoad) load(_ io.Writer, ref string) (*rules.Army, error) {
	if c := g.gate.Load(); c != nil {
		<-*c
	}
	l, err := armies.Loader{}.Load(ref)
	if err != nil {
		return nil, err
	}
	return l.Army, nil
}

// hold makes the next runs wait until the returned func is called.
func (g *gatedLoad) hold() (release func()) {
	c := make(chan struct{})
	g.gate.Store(&c)
	return func() { g.gate.Store(nil); close(c) }
}

// TestServePageInBrowser loads the live page in headless Chromium: it
// renders the card (SVG hexagons in its frame) and the first result with
// no console error and no request leaving the server; after a broken save
// it shows the diagnostics by itself; while a changed version plays, the
// last result stays, marked as the previous version's, beside the run's
// progress; then the new result comes with its paired change against the
// previous version, and the history lists both versions, what changed and
// their results. The layout holds at 1400 and 800 px.
func TestServePageInBrowser(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.army")
	good, err := os.ReadFile("testdata/clean.army")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(file, good, 0o644)
	g := &gatedLoad{}
	bench := workbench.NewBench(file, &workbench.Quick{Vs: []string{"borgo"}, Games: 10, Players: greedyBoth, Load: g.load})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go bench.Watch(ctx)
	srv := httptest.NewServer(bench.Handler())
	defer srv.Close()
	defer bench.Close()

	br := newBrowser(t, srv.URL)
	var results string
	var svgs int
	poll := func(js string, ok func() bool) error {
		deadline := time.Now().Add(30 * time.Second)
		for time.Now().Before(deadline) {
			if err := chromedp.Run(br.ctx, chromedp.Evaluate(js, &results)); err != nil {
				return err
			}
			if ok() {
				return nil
			}
			time.Sleep(50 * time.Millisecond)
		}
		return fmt.Errorf("timed out; last %q", results)
	}
	text := func(ids ...string) string {
		var parts []string
		for _, id := range ids {
			parts = append(parts, fmt.Sprintf("document.getElementById(%q).textContent", id))
		}
		return strings.Join(parts, " + '|' + ")
	}
	if err := chromedp.Run(br.ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if err := poll(text("of", "results"), func() bool {
		return strings.HasPrefix(results, "results of version 1|") && strings.Contains(results, "Borgo")
	}); err != nil {
		t.Fatalf("the first result never showed: %v", err)
	}
	first := results
	// The frame reloads when the result arrives: wait for its hexagons.
	if err := poll(`String(document.getElementById('card').contentDocument.querySelectorAll('svg polygon').length)`, func() bool {
		fmt.Sscan(results, &svgs)
		return svgs > 0
	}); err != nil {
		t.Errorf("the card frame never showed its SVG hexagons: %v", err)
	}
	os.WriteFile(file, []byte("army \"Broken\" {\n    size 3\n    hq \"HQ\" { edge all: melee 1 }\n    warrior \"W\" { edge Q: melee 1 }\n}\n"), 0o644)
	if err := poll(text("diags", "status"), func() bool {
		return strings.Contains(results, "mine.army:4") && strings.Contains(results, "last good version")
	}); err != nil {
		t.Errorf("after a broken save the page did not show its diagnostics: %v", err)
	}
	// A real change, its run held: the first result stays, marked as the
	// previous version's, beside the run's progress.
	release := g.hold()
	os.WriteFile(file, []byte(strings.Replace(string(good), "initiative 2", "initiative 3", 1)), 0o644)
	if err := poll(text("run", "of", "results")+" + '|' + document.getElementById('results').className", func() bool {
		return strings.HasPrefix(results, "version 2 running: 0 of 10 games|")
	}); err != nil {
		release()
		t.Fatalf("the run of the second version never showed: %v", err)
	}
	if want := "|results of version 1, the previous version, until version 2 has played|" + strings.TrimPrefix(first, "results of version 1|") + "|stale"; !strings.HasSuffix(results, want) {
		t.Errorf("while version 2 plays, the page shows\n%s\nwant the first result kept and marked:\n...%s", results, want)
	}
	release()
	if err := poll(text("of", "results", "history")+" + '|' + document.getElementById('run').hidden", func() bool {
		return strings.HasPrefix(results, "results of version 2|") && strings.HasSuffix(results, "|true")
	}); err != nil {
		t.Fatalf("after the run the page did not show the new result: %v", err)
	}
	// The paired change against version 1, and a verdict on it.
	if !strings.Contains(results, " points [") ||
		!(strings.Contains(results, "no significant change since v1") || strings.Contains(results, "better than v1") || strings.Contains(results, "worse than v1")) {
		t.Errorf("the new result lacks its paired change against version 1:\n%s", results)
	}
	var rows []string
	if err := chromedp.Run(br.ctx, chromedp.Evaluate(`[...document.querySelectorAll('#history tbody tr')].map(r => r.textContent)`, &rows)); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || !strings.HasPrefix(rows[0], "v2") || !strings.Contains(rows[0], `"Runner" initiative: 2 → 3`) || !strings.Contains(rows[0], "Borgo") ||
		!strings.HasPrefix(rows[1], "v1") || !strings.Contains(rows[1], "first version: ") || !strings.Contains(rows[1], "Borgo") {
		t.Errorf("the history should list version 2 (what changed, its result) and version 1:\n%s", strings.Join(rows, "\n"))
	}
	for _, width := range []int64{1400, 800} {
		checkServeLayout(t, br, width)
	}
	br.check(t)
}

// checkServeLayout: at the window's width the title is whole on one line,
// nothing runs past the window's right edge, and the tables fit.
func checkServeLayout(t *testing.T, br *browser, width int64) {
	t.Helper()
	var got struct {
		TitleLines, TitleCut, PageWidth, Inner float64
		Wide                                   []string
	}
	err := chromedp.Run(br.ctx, chromedp.EmulateViewport(width, 900), chromedp.Sleep(100*time.Millisecond), chromedp.Evaluate(`(() => {
		const h = document.getElementById('title');
		const r = document.createRange(); r.selectNodeContents(h);
		// One line: every piece of the title overlaps every other in height.
		const rects = [...r.getClientRects()];
		const lines = Math.max(...rects.map(x => x.top)) < Math.min(...rects.map(x => x.bottom)) ? 1 : 2;
		const wide = [...document.querySelectorAll('aside, table, header, #run, #of')]
			.filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).map(e => e.id || e.tagName);
		return {TitleLines: lines, TitleCut: h.scrollWidth - h.clientWidth,
			PageWidth: document.documentElement.scrollWidth, Inner: window.innerWidth, Wide: wide};
	})()`, &got))
	if err != nil {
		t.Fatal(err)
	}
	if got.TitleLines != 1 || got.TitleCut > 0 {
		t.Errorf("at %d px the title takes more than a line (%v) or is %v px cut; want one whole line", width, got.TitleLines, got.TitleCut)
	}
	if got.PageWidth > got.Inner || len(got.Wide) > 0 {
		t.Errorf("at %d px the page is %v px wide in a %v px window; past the edge: %v", width, got.PageWidth, got.Inner, got.Wide)
	}
}

// TestServeNamesTheArmyOfEachVersion: a file of two armies gives each its
// own versions; the page names the army of every history row, of the
// result shown and of the run, where one army's page names none.
func TestServeNamesTheArmyOfEachVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("opens a browser and plays 8 quick games")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "two.army")
	one, err := os.ReadFile("testdata/clean.army")
	if err != nil {
		t.Fatal(err)
	}
	two := string(one) + "\n" + strings.Replace(string(one), `army "Clean"`, `army "Second Clean"`, 1)
	os.WriteFile(file, []byte(two), 0o644)
	bench := workbench.NewBench(file, &workbench.Quick{Vs: []string{"borgo"}, Games: 4, Players: greedyBoth})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go bench.Watch(ctx)
	srv := httptest.NewServer(bench.Handler())
	defer srv.Close()
	defer bench.Close()
	br := newBrowser(t, srv.URL)
	if err := chromedp.Run(br.ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	var rows []string
	var of string
	deadline := time.Now().Add(30 * time.Second)
	for {
		if err := chromedp.Run(br.ctx, chromedp.Evaluate(`[...document.querySelectorAll('#history tbody tr')].map(r => r.cells[0].textContent + '|' + r.cells[2].textContent)`, &rows),
			chromedp.Evaluate(`document.getElementById('of').textContent`, &of)); err != nil {
			t.Fatal(err)
		}
		if len(rows) == 2 && !strings.Contains(strings.Join(rows, ""), "running") && strings.HasPrefix(of, "results of version 2") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the two versions never finished: %q, %q", rows, of)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.HasPrefix(rows[0], "v2Second Clean") || !strings.HasPrefix(rows[1], "v1Clean") {
		t.Errorf("history rows %q: want v2 of Second Clean, then v1 of Clean", rows)
	}
	if of != "results of version 2 (Second Clean)" {
		t.Errorf("the results are headed %q, want the version and its army", of)
	}
	if *screenshots != "" {
		var png []byte
		if err := chromedp.Run(br.ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*screenshots, "serve-two-armies.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	br.check(t)
}
