package workbench

import (
	"bytes"
	"cmp"
	"context"
	_ "embed"
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
	"github.com/hexforge/hexforge/compiler"
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

	mu       sync.Mutex
	version  int       // bumped on every change, sent to the listeners
	checked  string    // the last check's diagnostics (empty when clean)
	ok       bool      // the last check compiled
	good     bool      // some version compiled since the start
	card     []byte    // the last good army's help card (HTML)
	cardOf   int       // which good version the card is of
	results  []Result  // the last finished quick simulation's results
	lines    string    // and its lines, as watch prints them
	saves    int       // good versions compiled so far
	resSave  int       // which of them the results are of
	running  int       // the version being simulated, 0 when none
	progress Progress  // how far its simulation is
	told     time.Time // when the listeners last heard of progress
	history  []Version // the newest good versions, oldest first
	older    int       // versions dropped from history
	subs     map[chan int]bool
	done     chan struct{}
}

// MaxHistory is how many versions the page's history keeps: a designer
// compares with the last few saves, and a day of saving must not grow the
// server without bound.
const MaxHistory = 50

// maxChanges is how many lines of what changed a version keeps; the rest
// are counted (a renamed army changes every token).
const maxChanges = 12

// Version is a good version of the army, as the page's history shows it.
type Version struct {
	N      int       `json:"n"` // 1 is the first good version since serve started
	Army   string    `json:"army"`
	Time   time.Time `json:"time"` // when it was checked
	Tokens int       `json:"tokens"`
	// Changes is what changed in the compiled tables since the version
	// before, as watch prints it (compiler.Diff), at most maxChanges
	// lines, More the lines left out; none for the first.
	Changes []string `json:"changes,omitempty"`
	More    int      `json:"more,omitempty"`
	// Status is "running", "done", "cancelled by a newer save",
	// "interrupted" or "no opponents".
	Status  string   `json:"status"`
	Results []Result `json:"results,omitempty"` // those finished, when the run stopped early
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
	var sims *Sims
	if len(b.q.Vs) > 0 {
		sims = b.q.NewSims()
	}
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
			v := Version{Army: a.Name, Time: time.Now(), Tokens: a.Total(), Status: "no opponents"}
			if prev != nil {
				v.Changes = compiler.Diff(prev, a)
				if n := len(v.Changes); n > maxChanges {
					v.Changes, v.More = v.Changes[:maxChanges], n-maxChanges
				}
			}
			b.mu.Lock()
			b.saves++
			v.N = b.saves
			b.card, b.cardOf, b.good = page.Bytes(), v.N, true
			if sims != nil {
				// The last result stays on the page, marked as the
				// previous version's, until this one has played.
				v.Status, b.running, b.progress = "running", v.N, Progress{Total: b.q.total()}
			}
			b.record(v)
			b.changed()
			b.mu.Unlock()
			if sims == nil {
				return
			}
			var out bytes.Buffer
			res, complete := sims.Play(ctx, &out, a, v.N, func(p Progress) { b.progressed(v.N, p) })
			b.mu.Lock()
			defer b.mu.Unlock()
			status := "done"
			if !complete {
				status = "interrupted"
				if errors.Is(context.Cause(ctx), watch.ErrNewerSave) {
					status = "cancelled by a newer save"
				}
			} else {
				b.results, b.lines, b.resSave = res, out.String(), v.N
			}
			for i := range b.history {
				if b.history[i].N == v.N {
					b.history[i].Status, b.history[i].Results = status, res
				}
			}
			b.running = 0
			b.changed()
		},
	}
	return w.Run(ctx)
}

// record adds a version to the history, dropping the oldest past
// MaxHistory. b.mu is held.
func (b *Bench) record(v Version) {
	if len(b.history) == MaxHistory {
		b.history = append(b.history[:0], b.history[1:]...)
		b.older++
	}
	b.history = append(b.history, v)
}

// progressed notes how far version n's simulation is, and tells the pages
// at most five times a second (every game would flood them).
func (b *Bench) progressed(n int, p Progress) {
	b.mu.Lock()
	defer b.mu.Unlock()
	// Workers report out of order: a count never goes back.
	if b.running != n || (p.Opponent == b.progress.Opponent && p.Done <= b.progress.Done) {
		return
	}
	b.progress = p
	if time.Since(b.told) >= 200*time.Millisecond {
		b.told = time.Now()
		b.changed()
	}
}

// State is what /state returns to the page.
type State struct {
	File        string `json:"file"`
	Version     int    `json:"version"`
	OK          bool   `json:"ok"`
	Good        bool   `json:"good"` // a good version exists (its card and results are shown)
	Diagnostics string `json:"diagnostics"`
	CardOf      int    `json:"card_of"` // which good version the card is of
	Plan        string `json:"plan"`    // what each version plays ("" with no opponent)
	// The last finished quick simulation: its results, its lines as
	// watch prints them, and which good version (1 = the first) it is of.
	// They stay while the next version plays.
	Results   []Result  `json:"results"`
	Lines     string    `json:"lines"`
	ResultsOf int       `json:"results_of"`
	Running   int       `json:"running"` // the version being simulated, 0 when none
	Progress  Progress  `json:"progress"`
	History   []Version `json:"history"` // newest first
	Older     int       `json:"older"`   // versions no longer kept (MaxHistory)
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
		st := State{File: b.file, Version: b.version, OK: b.ok, Good: b.good, Diagnostics: b.checked, CardOf: b.cardOf, Plan: b.q.plan(),
			Results: b.results, Lines: b.lines, ResultsOf: b.resSave, Running: b.running, Progress: b.progress, Older: b.older}
		for i := len(b.history) - 1; i >= 0; i-- {
			st.History = append(st.History, b.history[i])
		}
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
// script that reloads the state on every event, and the card when a new
// version has one.
//
//go:embed page.html
var benchPage string
