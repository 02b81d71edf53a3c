package main

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
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

// TestServePageInBrowser loads the live page in headless Chromium: it
// renders the card (SVG hexagons in its frame) and the first result with
// no console error and no request leaving the server, and after a save the
// page shows the new diagnostics by itself.
func TestServePageInBrowser(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.army")
	good, err := os.ReadFile("testdata/clean.army")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(file, good, 0o644)
	bench := workbench.NewBench(file, &workbench.Quick{Vs: []string{"borgo"}, Games: 10, Players: greedyBoth})
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
			time.Sleep(100 * time.Millisecond)
		}
		return fmt.Errorf("timed out; last %q", results)
	}
	if err := chromedp.Run(br.ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if err := poll(`document.getElementById('results').textContent`, func() bool { return strings.Contains(results, "Borgo") }); err != nil {
		t.Fatalf("the first result never showed: %v", err)
	}
	// The frame reloads when the result arrives: wait for its hexagons.
	if err := poll(`String(document.getElementById('card').contentDocument.querySelectorAll('svg polygon').length)`, func() bool {
		fmt.Sscan(results, &svgs)
		return svgs > 0
	}); err != nil {
		t.Errorf("the card frame never showed its SVG hexagons: %v", err)
	}
	os.WriteFile(file, []byte("army \"Broken\" {\n    size 3\n    hq \"HQ\" { edge all: melee 1 }\n    warrior \"W\" { edge Q: melee 1 }\n}\n"), 0o644)
	if err := poll(`document.getElementById('diags').textContent + '|' + document.getElementById('status').textContent`, func() bool {
		return strings.Contains(results, "mine.army:4") && strings.Contains(results, "last good version")
	}); err != nil {
		t.Errorf("after a broken save the page did not show its diagnostics: %v", err)
	}
	// A real change: the page shows the results of the second good version.
	os.WriteFile(file, []byte(strings.Replace(string(good), "initiative 2", "initiative 3", 1)), 0o644)
	if err := poll(`document.getElementById('of').textContent + '|' + document.getElementById('results').textContent`, func() bool {
		return strings.Contains(results, "(good version 2)|") && strings.Contains(results, "Borgo")
	}); err != nil {
		t.Errorf("after a fixed save the page did not show the new result: %v", err)
	}
	br.check(t)
}
