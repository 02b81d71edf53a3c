package workbench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/hexforge/hexforge/card"
	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/watch"
)

// Serve runs the workbench of file on ln until ctx is done: the file
// watcher and the web server, shut down together.
func Serve(ctx context.Context, ln net.Listener, file string, q *Quick) error {
	b := NewBench(file, q)
	srv := &http.Server{Handler: b.Handler(), ReadHeaderTimeout: 5 * time.Second}
	errc := make(chan error, 2)
	go func() { errc <- b.Watch(ctx) }()
	go func() { errc <- srv.Serve(ln) }()
	select {
	case <-ctx.Done():
	case err := <-errc:
		if err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	}
	shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	b.Close()
	return srv.Shutdown(shut)
}

// Bench is the state behind the live page: the last check, the last good
// army's card and the last results, and the pages listening for changes.
type Bench struct {
	file string
	q    *Quick // what the quick simulations play

	mu      sync.Mutex
	version int    // bumped on every change, sent to the listeners
	checked string // the last check's diagnostics (empty when clean)
	ok      bool   // the last check compiled
	good    bool   // some version compiled since the start
	card    []byte // the last good army's help card (HTML)
	results string // the last quick simulation's lines
	saves   int    // good versions compiled so far
	resSave int    // which of them the results are of
	running bool   // a simulation is under way
	subs    map[chan int]bool
	done    chan struct{}
}

// NewBench is the workbench of an army file, its quick simulations q.
func NewBench(file string, q *Quick) *Bench {
	return &Bench{file: file, q: q, subs: map[chan int]bool{}, done: make(chan struct{})}
}

// changed bumps the version and tells every listener, never blocking on a
// slow one (it gets the newest version when it reads).
func (b *Bench) changed() {
	b.version++
	for c := range b.subs {
		select {
		case c <- b.version:
		default:
		}
	}
}

// Close ends the pages' event streams.
func (b *Bench) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case <-b.done:
	default:
		close(b.done)
	}
}

// Watch runs the file watcher until ctx is done.
func (b *Bench) Watch(ctx context.Context) error {
	sims := b.q.OnGood()
	w := &watch.Watcher{Paths: []string{b.file}, Out: io.Discard, Loader: b.q.Loader,
		OnChecked: func(file string, res compiler.Result) {
			var diags bytes.Buffer
			res.Diags.Render(&diags, res.Sources)
			b.mu.Lock()
			b.checked, b.ok = diags.String(), !res.Diags.HasErrors()
			b.changed()
			b.mu.Unlock()
		},
		OnGood: func(ctx context.Context, _ io.Writer, file string, a, prev *rules.Army) {
			var page bytes.Buffer
			if err := card.New(a).HTML(&page); err != nil {
				page.Reset()
				fmt.Fprintf(&page, "<p>card: %v</p>", err)
			}
			b.mu.Lock()
			b.card, b.good, b.running = page.Bytes(), true, sims != nil
			b.saves++
			save := b.saves
			b.changed()
			b.mu.Unlock()
			if sims == nil {
				return
			}
			var out bytes.Buffer
			sims(ctx, &out, file, a, prev)
			b.mu.Lock()
			if ctx.Err() == nil { // a newer save started another run
				b.results, b.running, b.resSave = out.String(), false, save
				b.changed()
			}
			b.mu.Unlock()
		},
	}
	return w.Run(ctx)
}

// State is what /state returns to the page.
type State struct {
	File        string `json:"file"`
	Version     int    `json:"version"`
	OK          bool   `json:"ok"`
	Good        bool   `json:"good"` // a good version exists (its card and results are shown)
	Diagnostics string `json:"diagnostics"`
	Results     string `json:"results"`
	ResultsOf   int    `json:"results_of"` // which good version (1 = the first) the results are of
	Running     bool   `json:"running"`
}

// Handler serves the page, its card, its state and its events.
func (b *Bench) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, benchPage)
	})
	mux.HandleFunc("GET /card", func(w http.ResponseWriter, r *http.Request) {
		b.mu.Lock()
		page := b.card
		b.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if page == nil {
			io.WriteString(w, "<!doctype html><p>no good version yet: fix the errors beside</p>")
			return
		}
		w.Write(page)
	})
	mux.HandleFunc("GET /state", func(w http.ResponseWriter, r *http.Request) {
		b.mu.Lock()
		st := State{File: b.file, Version: b.version, OK: b.ok, Good: b.good, Diagnostics: b.checked, Results: b.results, ResultsOf: b.resSave, Running: b.running}
		b.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(st)
	})
	mux.HandleFunc("GET /events", func(w http.ResponseWriter, r *http.Request) {
		fl, ok := w.(http.Flusher)
		if !ok {
			http.Error(w, "streaming unsupported", http.StatusInternalServerError)
			return
		}
		c := make(chan int, 1)
		b.mu.Lock()
		b.subs[c] = true
		v := b.version
		b.mu.Unlock()
		defer func() {
			b.mu.Lock()
			delete(b.subs, c)
			b.mu.Unlock()
		}()
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-cache")
		fmt.Fprintf(w, "data: %d\n\n", v) // the page loads the state at once
		fl.Flush()
		tick := time.NewTicker(15 * time.Second)
		defer tick.Stop()
		for {
			select {
			case v := <-c:
				fmt.Fprintf(w, "data: %d\n\n", v)
			case <-tick.C:
				io.WriteString(w, ": keep-alive\n\n")
			case <-r.Context().Done():
				return
			case <-b.done:
				return
			}
			fl.Flush()
		}
	})
	return mux
}

// benchPage is the live page: no network beyond this server, one small
// script that reloads the state and the card on every event.
const benchPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>hexforge workbench</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);height:100vh}
iframe{border:0;width:100%;height:100vh}
aside{padding:1em;overflow:auto;border-left:1px solid #ccc}
pre{white-space:pre-wrap;font-size:13px;background:#f6f6f6;padding:.6em}
.bad{color:#a8322b}.okk{color:#2e7d3e}
</style></head><body>
<iframe id="card" title="help card" src="/card"></iframe>
<aside><h1 id="file">workbench</h1>
<p id="status">connecting…</p>
<h2>Diagnostics</h2><pre id="diags"></pre>
<h2>Quick simulation <small id="of"></small></h2><pre id="results"></pre></aside>
<script>
let shown = -1;
async function refresh() {
  const st = await (await fetch('/state')).json();
  document.getElementById('file').textContent = st.file;
  const s = document.getElementById('status');
  s.textContent = st.ok ? 'compiles' : (st.good ? 'errors: showing the last good version' : 'errors: no good version yet');
  s.className = st.ok ? 'okk' : 'bad';
  document.getElementById('diags').textContent = st.diagnostics || 'no diagnostics';
  document.getElementById('results').textContent = st.running ? 'running…' : (st.results || '(no opponents: give --vs)');
  document.getElementById('of').textContent = st.results_of ? '(good version ' + st.results_of + ')' : '';
  if (st.version !== shown) { shown = st.version; document.getElementById('card').contentWindow.location.reload(); }
}
new EventSource('/events').onmessage = refresh;
</script></body></html>
`
