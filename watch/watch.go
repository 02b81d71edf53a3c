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
	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/textfile"
)

// ErrNewerSave is the cause of an OnGood context cancelled because a newer
// save arrived; any other cause (context.Canceled) is the watch itself
// stopping (Ctrl-C), which a callback reports differently.
var ErrNewerSave = errors.New("cancelled by a newer save")

// OnGood is called with a freshly compiled army and the previous good
// version (nil the first time). ctx is cancelled when a newer save arrives
// (context.Cause is then ErrNewerSave) or when the watch stops.
type OnGood func(ctx context.Context, out io.Writer, file string, army, prev *rules.Army)

// Watcher watches army files and directories.
type Watcher struct {
	Paths    []string      // files and directories to watch
	Out      io.Writer     // where reports go
	Debounce time.Duration // quiet time after the last event before re-checking (default 150ms)
	OnGood   OnGood        // optional
	Sets     []armies.Set  // --set overrides applied to the watched armies they name
	Loader   armies.Loader // loads the watched armies and their bases (the --allow-extends-outside flag)
	Also     string        // what the start line adds about OnGood, e.g. "then a quick simulation against Borgo"
	// OnChecked, optional, is told each file's compile result as soon as
	// it is checked, good or not (the live page shows its diagnostics).
	OnChecked func(file string, res compiler.Result)

	mu     sync.Mutex
	good   map[string]*rules.Army // last good army per "file\x00army name"
	cancel context.CancelCauseFunc
	wg     sync.WaitGroup
	ready  chan struct{}
}

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
	// The start line: a silent watch on a broken file looks like a hang.
	files := w.files()
	also := ""
	if w.Also != "" {
		also = ", " + w.Also
	}
	fmt.Fprintf(w.Out, "watching %d army file(s) (%s): checking on every save%s; Ctrl-C stops\n", len(files), strings.Join(files, ", "), also)
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
		w.cancel(ErrNewerSave)
		w.cancel = nil
	}
	w.mu.Unlock()
}

// keeping says what a broken save leaves in force: the last good version,
// or, when the watch started on a broken file, nothing yet.
func (w *Watcher) keeping(file string) string {
	for k := range w.good {
		if strings.HasPrefix(k, file+"\x00") {
			return "keeping the last good version"
		}
	}
	return "no good version yet: fix the file and save"
}

// applySets replaces each army of a file that a --set names by its
// variant, compiled as sim and card compile one (armies.Loader.LoadVariant), so
// that every save is checked and simulated with the overrides on top. A
// variant is built from the file's first army, which is what a path names;
// a set naming another army of the file is refused rather than ignored.
func (w *Watcher) applySets(file string, list []*rules.Army) error {
	if len(w.Sets) == 0 {
		return nil
	}
	for i, a := range list {
		named := false
		for _, s := range w.Sets {
			named = named || s.Matches(file, a)
		}
		if !named {
			continue
		}
		if i > 0 {
			return fmt.Errorf("--set names army %q, the %d. army of the file; --set applies to a file's first army", a.Name, i+1)
		}
		l, err := w.Loader.LoadVariant(file, w.Sets)
		if l != nil && len(l.Diags) > 0 {
			l.Diags.Render(w.Out, l.Sources)
		}
		if _, ok := err.(diag.List); ok {
			return errors.New("the --set overrides do not compile (above)")
		}
		if err != nil {
			return err
		}
		list[0] = l.Army
	}
	return nil
}

// checkAll recompiles every watched file (cheap: a few milliseconds) so an
// army that extends a changed file is rechecked too.
func (w *Watcher) checkAll(ctx context.Context) {
	w.stopRun()
	w.wg.Wait()
	runCtx, cancel := context.WithCancelCause(ctx)
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
			fmt.Fprintf(w.Out, "%s: %v (%s)\n", file, err, w.keeping(file))
			continue
		}
		res := compiler.CompileWith(file, src, compiler.Options{Resolve: w.Loader.Resolve})
		res.Sources[file] = src
		res.Diags.Render(w.Out, res.Sources)
		if w.OnChecked != nil {
			w.OnChecked(file, res)
		}
		if res.Diags.HasErrors() {
			fmt.Fprintf(w.Out, "%s: errors; %s\n", file, w.keeping(file))
			continue
		}
		if err := w.applySets(file, res.Armies); err != nil {
			fmt.Fprintf(w.Out, "%s: %v; %s\n", file, err, w.keeping(file))
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
