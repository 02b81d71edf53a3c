package workbench

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeUpdatesOnSave drives the live workbench through its HTTP API as
// the page does: the first state has the card and a result; a broken save
// sends an event and shows its diagnostics while the last good card and
// result stay; a fixed save brings a new result. The page fetches nothing
// from the network.
func TestServeUpdatesOnSave(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.army")
	good, err := os.ReadFile("testdata/clean.army")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, good, 0o644); err != nil {
		t.Fatal(err)
	}
	b := NewBench(file, &Quick{Vs: []string{"borgo"}, Games: 10, Players: greedyBoth})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go b.Watch(ctx)
	srv := httptest.NewServer(b.Handler())
	defer srv.Close()
	defer b.Close()

	get := func(path string) string {
		t.Helper()
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return string(body)
	}
	state := func() State {
		var st State
		if err := json.Unmarshal([]byte(get("/state")), &st); err != nil {
			t.Fatal(err)
		}
		return st
	}
	waitFor := func(what string, ok func(State) bool) State {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for time.Now().Before(deadline) {
			if st := state(); ok(st) {
				return st
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("timed out waiting for %s: %+v", what, state())
		return State{}
	}
	// Events: the stream's data lines, as the page's EventSource sees them.
	resp, err := http.Get(srv.URL + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- v
			}
		}
	}()
	first := waitFor("the first result", func(st State) bool { return st.Good && st.Running == 0 && strings.Contains(st.Lines, "Borgo") })
	if page := get("/"); !strings.Contains(page, "EventSource") || strings.Contains(page, "http://") || strings.Contains(page, "https://") {
		t.Errorf("the page lacks its event source or reaches the network:\n%s", page)
	}
	if c := get("/card"); !strings.Contains(c, "<svg") {
		t.Errorf("the card page has no SVG")
	}
	drain := func() {
		for len(events) > 0 {
			<-events
		}
	}
	drain()
	// A broken save: an event, its diagnostics, the last good card and result kept.
	if err := os.WriteFile(file, []byte("army \"Broken\" {\n    size 3\n    hq \"HQ\" { edge all: melee 1 }\n    warrior \"W\" { edge Q: melee 1 }\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case <-events:
	case <-time.After(10 * time.Second):
		t.Fatal("no event after a broken save")
	}
	broken := waitFor("the diagnostics", func(st State) bool { return !st.OK })
	if !strings.Contains(broken.Diagnostics, "mine.army:4") || !broken.Good || broken.Lines != first.Lines {
		t.Errorf("after a broken save: %+v; want its diagnostics and the last good result", broken)
	}
	if c := get("/card"); !strings.Contains(c, "<svg") {
		t.Errorf("the last good card is gone after a broken save")
	}
	// Fixed: a new result.
	if err := os.WriteFile(file, append(good, []byte("\n# saved again\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	fixed := waitFor("the fixed version", func(st State) bool { return st.OK && st.Version > broken.Version })
	if fixed.Diagnostics != "" && strings.Contains(fixed.Diagnostics, "error") {
		t.Errorf("fixed file still shows errors: %s", fixed.Diagnostics)
	}
}
