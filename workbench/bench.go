package workbench

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/card"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/watch"
)

// The server's limits by default (Bench's fields override them).
const (
	// DefaultReadTimeout bounds reading a request, headers and body: the
	// page sends only GETs, so a slow sender is holding a connection.
	DefaultReadTimeout = 10 * time.Second
	// DefaultIdleTimeout closes a kept-alive connection that sends no
	// next request.
	DefaultIdleTimeout = time.Minute
	// DefaultMaxEvents is how many pages may listen to /events at once:
	// a designer has a tab or two open, not hundreds.
	DefaultMaxEvents = 32
)

// Serve runs the workbench on ln until ctx is done: the file watcher and
// the web server, shut down together.
func (b *Bench) Serve(ctx context.Context, ln net.Listener) error {
	// No WriteTimeout: it would end the event streams, which last as
	// long as their page (the read deadline ends with the request read).
	read := cmp.Or(b.ReadTimeout, DefaultReadTimeout)
	srv := &http.Server{Handler: b.Handler(), ReadHeaderTimeout: read, ReadTimeout: read,
		IdleTimeout: cmp.Or(b.IdleTimeout, DefaultIdleTimeout)}
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
	// The server's limits (Serve); zero takes the default.
	ReadTimeout time.Duration // reading one request (DefaultReadTimeout)
	IdleTimeout time.Duration // a kept-alive connection between requests (DefaultIdleTimeout)
	MaxEvents   int           // pages listening to /events at once (DefaultMaxEvents)
	// Hosts are names besides localhost and the connection's own address
	// that a request's Host header may give (the host of --addr).
	Hosts []string
	// Sets are the --set overrides applied to the army on every save (as
	// watch applies them).
	Sets []armies.Set

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
		Sets: b.Sets,
		OnChecked: func(file string, c watch.Check) {
			// A good file shows its warnings; a bad one everything the
			// watch says about it: its errors, or an override that does
			// not apply.
			diags := c.Report
			if c.Good {
				var buf bytes.Buffer
				c.Result.Diags.Render(&buf, c.Result.Sources)
				diags = buf.String()
			}
			b.mu.Lock()
			b.checked, b.ok = diags, c.Good
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

// Handler serves the page, its card, its state and its events, to requests
// that name this server (allowedHost).
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
		if len(b.subs) >= cmp.Or(b.MaxEvents, DefaultMaxEvents) {
			b.mu.Unlock()
			w.Header().Set("Retry-After", "10")
			http.Error(w, "too many pages are listening to this workbench: close some", http.StatusServiceUnavailable)
			return
		}
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
	return b.allowedHost(mux)
}

// allowedHost refuses a request whose Host header names neither this
// machine (localhost, a loopback address), nor the address the connection
// came in on, nor one of b.Hosts. A page from elsewhere that rebinds its
// own domain name to 127.0.0.1 (DNS rebinding) would otherwise read the
// state, the card and the events as if it were the workbench's own page;
// its requests carry its domain name as Host.
func (b *Bench) allowedHost(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !b.hostOK(r) {
			http.Error(w, fmt.Sprintf("hexforge serve answers requests for this machine's address only, not for host %q (open the address serve printed)", r.Host), http.StatusMisdirectedRequest)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (b *Bench) hostOK(r *http.Request) bool {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if host == "" {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	for _, h := range b.Hosts {
		if strings.EqualFold(host, h) {
			return true
		}
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	if ip.IsLoopback() {
		return true
	}
	local, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if tcp, ok := local.(*net.TCPAddr); ok {
		if own, ok := netip.AddrFromSlice(tcp.IP); ok && own.Unmap() == ip.Unmap() {
			return true
		}
	}
	return false
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
