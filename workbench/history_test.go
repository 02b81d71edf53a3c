package workbench

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/rules"
)

// TestServeHistory saves three versions and holds the second's run until
// the third is saved: the second is cancelled by the newer save, the last
// finished result stays on show while the others play, and the third is
// compared with the first, the last version that played to the end. The
// history lists all three, newest first, with what changed.
func TestServeHistory(t *testing.T) {
	file := benchFile(t)
	clean, _ := os.ReadFile(file)
	var gate atomic.Pointer[chan struct{}]
	load := func(_ io.Writer, ref string) (*rules.Army, error) {
		if c := gate.Load(); c != nil {
			<-*c
		}
		l, err := armies.Loader{}.Load(ref)
		if err != nil {
			return nil, err
		}
		return l.Army, nil
	}
	b := NewBench(file, &Quick{Vs: []string{"borgo"}, Games: 10, Players: greedyBoth, Load: load})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go b.Watch(ctx)
	defer b.Close()
	state := func() State {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/state", nil)
		req.Host = "localhost"
		b.Handler().ServeHTTP(rec, req)
		var st State
		if err := json.Unmarshal(rec.Body.Bytes(), &st); err != nil {
			t.Fatal(err)
		}
		return st
	}
	waitFor := func(what string, ok func(State) bool) State {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if st := state(); ok(st) {
				return st
			}
		}
		t.Fatalf("timed out waiting for %s: %+v", what, state())
		return State{}
	}
	first := waitFor("the first result", func(st State) bool { return st.ResultsOf == 1 && st.Running == 0 })
	if len(first.Results) != 1 || first.Results[0].Opponent != "Borgo" || first.Results[0].Change != nil {
		t.Fatalf("first results %+v: want one against Borgo, with no change", first.Results)
	}
	hold := make(chan struct{})
	gate.Store(&hold)
	save := func(initiative string) {
		if err := os.WriteFile(file, []byte(strings.Replace(string(clean), "initiative 2", "initiative "+initiative, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	save("3")
	st := waitFor("the second version's run", func(st State) bool { return st.Running == 2 })
	if st.ResultsOf != 1 || len(st.Results) != 1 || st.Results[0] != first.Results[0] {
		t.Errorf("while version 2 plays: results of %d %+v; want version 1's kept", st.ResultsOf, st.Results)
	}
	save("1")
	// The held run goes on once the watcher has checked the third save
	// (the page hears of the check), which cancels it.
	// The cancel follows the check straight away, in the same goroutine;
	// a pause covers a loaded machine.
	waitFor("the third save's check", func(s State) bool { return s.Version > st.Version })
	time.Sleep(100 * time.Millisecond)
	gate.Store(nil)
	close(hold)
	third := waitFor("the third result", func(st State) bool { return st.ResultsOf == 3 && st.Running == 0 })
	if c := third.Results[0].Change; c == nil || c.Against != 1 {
		t.Errorf("version 3's change %+v: want one against version 1, the last that played to the end", c)
	}
	var got []string
	for _, v := range third.History {
		got = append(got, v.Status+": "+strings.Join(v.Changes, "; "))
	}
	want := []string{`done: ~ "Runner" initiative: 3 -> 1`, `cancelled by a newer save: ~ "Runner" initiative: 2 -> 3`, "done: "}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || third.History[0].N != 3 || len(third.History[2].Results) != 1 {
		t.Errorf("history:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestServeHistoryBounded: the history keeps the newest MaxHistory
// versions and counts those it dropped.
func TestServeHistoryBounded(t *testing.T) {
	b := NewBench("mine.army", &Quick{})
	for n := 1; n <= MaxHistory+7; n++ {
		b.record(Version{N: n})
	}
	if len(b.history) != MaxHistory || b.older != 7 || b.history[0].N != 8 || b.history[MaxHistory-1].N != MaxHistory+7 {
		t.Errorf("kept %d versions from %d, %d dropped; want %d from 8, 7 dropped", len(b.history), b.history[0].N, b.older, MaxHistory)
	}
}
