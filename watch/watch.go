// Package watch re-checks army files every time they are saved: on errors it
// prints the positioned diagnostics and keeps the last good version; on
// success it prints what changed in the compiled tables and hands the new
// army to a callback (which re-runs a quick simulation), cancelling the
// previous callback if it is still running.
//
// Editors save in many ways: writing in place, writing a temporary file and
// renaming it over the original (vim, VS Code, JetBrains), deleting and
// recreating, and in bursts of several events. The watcher therefore
// watches directories, not files, filters events by name, and debounces.
package watch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/textfile"
)

// OnGood is called with a freshly compiled army and the previous good
// version (nil the first time). ctx is cancelled when a newer save arrives.
type OnGood func(ctx context.Context, out io.Writer, file string, army, prev *rules.Army)

// Watcher watches army files and directories.
type Watcher struct {
	Paths    []string      // files and directories to watch
	Out      io.Writer     // where reports go
	Debounce time.Duration // quiet time after the last event before re-checking (default 150ms)
	OnGood   OnGood        // optional

	mu     sync.Mutex
	good   map[string]*rules.Army // last good army per "file\x00army name"
	cancel context.CancelFunc
	wg     sync.WaitGroup
	ready  chan struct{}
}

// Ready is closed once the first check has been reported and the watcher is
// listening for changes (tests use it).
func (w *Watcher) Ready() <-chan struct{} { return w.readyChan() }

func (w *Watcher) readyChan() chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.ready == nil {
		w.ready = make(chan struct{})
	}
	return w.ready
}

// Run watches until ctx is done. It returns an error only when it cannot
// start (a path that does not exist, a directory with no armies).
func (w *Watcher) Run(ctx context.Context) error {
	if w.Debounce == 0 {
		w.Debounce = 150 * time.Millisecond
	}
	w.good = map[string]*rules.Army{}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("starting file watcher: %w", err)
	}
	defer fw.Close()
	dirs := map[string]bool{}
	for _, p := range w.Paths {
		st, err := os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return textfile.Missing(p)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		dir := p
		if !st.IsDir() {
			dir = filepath.Dir(p)
		} else if m, _ := filepath.Glob(filepath.Join(p, "*.army")); len(m) == 0 {
			return fmt.Errorf("%s: directory has no .army files", p)
		}
		abs, _ := filepath.Abs(dir)
		if !dirs[abs] {
			dirs[abs] = true
			if err := fw.Add(abs); err != nil {
				return fmt.Errorf("watching %s: %w", dir, err)
			}
		}
	}
	w.checkAll(ctx)
	close(w.readyChan())
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer func() {
		w.stopRun()
		w.wg.Wait()
	}()
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-fw.Events:
			if !ok {
				return nil
			}
			if w.relevant(ev.Name) {
				timer.Reset(w.Debounce)
			}
		case err, ok := <-fw.Errors:
			if !ok {
				return nil
			}
			fmt.Fprintf(w.Out, "watch: %v\n", err)
		case <-timer.C:
			w.checkAll(ctx)
		}
	}
}

// relevant reports whether an event's file is one we check. Any .army file
// in a watched directory counts, since a watched army may extend it.
func (w *Watcher) relevant(name string) bool {
	return strings.HasSuffix(name, ".army")
}

// files lists the army files to check now.
func (w *Watcher) files() []string {
	var out []string
	for _, p := range w.Paths {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			m, _ := filepath.Glob(filepath.Join(p, "*.army"))
			out = append(out, m...)
		} else {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

func (w *Watcher) stopRun() {
	w.mu.Lock()
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
	}
	w.mu.Unlock()
}

// checkAll recompiles every watched file (cheap: a few milliseconds) so an
// army that extends a changed file is rechecked too.
func (w *Watcher) checkAll(ctx context.Context) {
	w.stopRun()
	w.wg.Wait()
	runCtx, cancel := context.WithCancel(ctx)
	w.mu.Lock()
	w.cancel = cancel
	w.mu.Unlock()
	type job struct {
		file       string
		army, prev *rules.Army
	}
	var jobs []job
	for _, file := range w.files() {
		src, err := armies.ReadFile(file)
		if err != nil {
			// Mid-save (deleted, not yet recreated): keep the last good version.
			fmt.Fprintf(w.Out, "%s: %v (keeping the last good version)\n", file, err)
			continue
		}
		res := compiler.CompileWith(file, src, compiler.Options{Resolve: armies.Resolve})
		res.Sources[file] = src
		res.Diags.Render(w.Out, res.Sources)
		if res.Diags.HasErrors() {
			fmt.Fprintf(w.Out, "%s: errors; keeping the last good version\n", file)
			continue
		}
		for _, a := range res.Armies {
			key := file + "\x00" + a.Name
			prev := w.good[key]
			if prev != nil {
				changes := compiler.Diff(prev, a)
				if len(changes) == 0 {
					continue
				}
				fmt.Fprintf(w.Out, "%s: army %q changed:\n", file, a.Name)
				for _, c := range changes {
					fmt.Fprintf(w.Out, "  %s\n", c)
				}
			} else {
				fmt.Fprintf(w.Out, "%s: army %q ok: %d tokens\n", file, a.Name, a.Total())
			}
			w.good[key] = a
			jobs = append(jobs, job{file, a, prev})
		}
	}
	if w.OnGood == nil || len(jobs) == 0 {
		return
	}
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		for _, j := range jobs {
			if runCtx.Err() != nil {
				return
			}
			w.OnGood(runCtx, w.Out, j.file, j.army, j.prev)
		}
	}()
}
