// Package watch re-checks army files every time they are saved: on errors it
// prints the positioned diagnostics and keeps the last good version; on
// success it prints what changed in the compiled tables and hands the new
// army to a callback (which re-runs a quick simulation). The callbacks run
// one at a time from a queue; a new version of an army cancels only the
// callback of that army's older version, so a save of another file never
// loses a run.
//
// Editors save in many ways: writing in place, writing a temporary file and
// renaming it over the original (vim, VS Code, JetBrains), deleting and
// recreating, and in bursts of several events. The watcher therefore
// watches directories, not files (those of the watched files and of every
// base they read, in subdirectories too, and the files that a base's
// symbolic link points at), filters events by name (the watched files,
// their bases, a new army in a watched directory), and debounces.
package watch

import (
	"bytes"
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
// version (nil the first time). ctx is cancelled when a newer version of
// the same army is saved (context.Cause is then ErrNewerSave) or when the
// watch stops.
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
	// OnChecked, optional, is told each file's check as soon as it is
	// done, good or not (the live page shows its diagnostics, and an
	// override that no longer applies).
	OnChecked func(file string, c Check)

	mu    sync.Mutex
	good  map[string]*rules.Army // last good army per "file\x00army name"
	wg    sync.WaitGroup         // the worker playing the queue
	ready chan struct{}
	// The queue of OnGood calls: pending waits, current plays (nil when
	// the worker is idle), cancel stops it and done closes when it has
	// returned. Only a newer version of the same army stops or drops a
	// job, so a save of anything else never loses a run.
	pending []job
	current *job
	cancel  context.CancelCauseFunc
	done    chan struct{}
	working bool // the worker goroutine is alive
	// deps are the files whose save matters, as absolute paths: the
	// watched files and every base their last check read.
	deps map[string]bool
	// dirs are the directories given as paths: a new .army file there is
	// a new file to check.
	dirs map[string]bool
	// broken: some watched file's last check failed, so any .army file
	// may be the base it is missing.
	broken bool
}

// Check is what one check of a file found.
type Check struct {
	Result compiler.Result // zero when the file could not be read
	// Good: the file compiled and its --set overrides applied, so its
	// armies are the versions in force.
	Good bool
	// Report is the lines the watch prints about the file: its
	// diagnostics, an override's error, what changed.
	Report string
}

// job is one OnGood call: a file's army, and its previous good version.
type job struct {
	file       string
	army, prev *rules.Army
}

func (j job) key() string { return j.file + "\x00" + j.army.Name }

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
	w.deps, w.dirs = map[string]bool{}, map[string]bool{}
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
		} else {
			w.dirs[absPath(p)] = true
		}
		abs := absPath(dir)
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
	w.watchBases(fw, dirs)
	close(w.readyChan())
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer func() {
		w.stopAll()
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
			w.watchBases(fw, dirs)
		}
	}
}

// watchBases watches the directory of every base the last check read
// that is not watched yet (dirs, the directories watched): a base in
// another directory (extends "bases/core.army") sends no event through
// the directories of the watched files, so its save would rerun nothing.
// A directory that cannot be watched is said once and left; the watched
// files still rerun.
func (w *Watcher) watchBases(fw *fsnotify.Watcher, dirs map[string]bool) {
	var add []string
	for dep := range w.deps {
		if d := filepath.Dir(dep); !dirs[d] {
			dirs[d] = true
			add = append(add, d)
		}
	}
	sort.Strings(add)
	for _, d := range add {
		if err := fw.Add(d); err != nil {
			fmt.Fprintf(w.Out, "watch: a base's directory %s: %v (its saves rerun nothing)\n", d, err)
		}
	}
}

// relevant reports whether an event's file is one we check: a watched
// file or a base of one, a new .army file in a watched directory, or any
// .army file while a check is failing (it may be the missing base).
// Another army written beside the watched one (cp, hexforge new, fmt -w)
// is none of these: it must not disturb the run under way.
func (w *Watcher) relevant(name string) bool {
	abs := absPath(name)
	if w.deps[abs] {
		return true
	}
	if !strings.EqualFold(filepath.Ext(name), ".army") {
		return false
	}
	return w.broken || w.dirs[filepath.Dir(abs)]
}

// absPath is p made absolute, or p itself when it cannot be.
func absPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
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

// stopAll drops the queue and stops the job under way: the watch is
// ending.
func (w *Watcher) stopAll() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.pending = nil
	if w.cancel != nil {
		w.cancel(context.Canceled)
	}
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
func (w *Watcher) applySets(out io.Writer, file string, list []*rules.Army) error {
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
			l.Diags.Render(out, l.Sources)
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
// army that extends a changed file is rechecked too, and queues OnGood for
// each army with a new version (enqueue).
func (w *Watcher) checkAll(ctx context.Context) {
	// The check's lines wait until the run it stops has said so, so
	// that they read in order.
	var out bytes.Buffer
	var jobs []job
	deps := map[string]bool{}
	broken := false
	for _, file := range w.files() {
		start := out.Len()
		res, good := w.checkFile(&out, file, deps, &jobs)
		broken = broken || !good
		if w.OnChecked != nil {
			w.OnChecked(file, Check{Result: res, Good: good, Report: out.String()[start:]})
		}
	}
	w.deps, w.broken = deps, broken
	if w.OnGood == nil || len(jobs) == 0 {
		// Nothing the queue plays has changed: it goes on.
		w.Out.Write(out.Bytes())
		return
	}
	w.enqueue(ctx, jobs, out.Bytes())
}

// checkFile checks one file, writing its lines to out, adding the files it
// read to deps and a job for each army with a new version to jobs; good
// says whether its armies are in force (it compiled and the --set
// overrides applied).
func (w *Watcher) checkFile(out *bytes.Buffer, file string, deps map[string]bool, jobs *[]job) (res compiler.Result, good bool) {
	deps[absPath(file)] = true
	src, err := armies.ReadFile(file)
	if err != nil {
		// Mid-save (deleted, not yet recreated): keep the last good version.
		fmt.Fprintf(out, "%s: %v (%s)\n", file, err, w.keeping(file))
		return res, false
	}
	res = compiler.CompileWith(file, src, compiler.Options{Resolve: w.Loader.Resolve})
	res.Sources[file] = src
	for name := range res.Sources {
		deps[absPath(name)] = true
		// A base reached through a symbolic link is saved at its
		// target: that file's events (and its directory) matter too.
		if real, err := filepath.EvalSymlinks(name); err == nil {
			deps[absPath(real)] = true
		}
	}
	res.Diags.Render(out, res.Sources)
	if res.Diags.HasErrors() {
		fmt.Fprintf(out, "%s: errors; %s\n", file, w.keeping(file))
		return res, false
	}
	if err := w.applySets(out, file, res.Armies); err != nil {
		fmt.Fprintf(out, "%s: %v; %s\n", file, err, w.keeping(file))
		return res, false
	}
	for _, a := range res.Armies {
		key := file + "\x00" + a.Name
		prev := w.good[key]
		if prev != nil {
			changes := compiler.Diff(prev, a)
			if len(changes) == 0 {
				continue
			}
			fmt.Fprintf(out, "%s: army %q changed:\n", file, a.Name)
			for _, c := range changes {
				fmt.Fprintf(out, "  %s\n", c)
			}
		} else {
			fmt.Fprintf(out, "%s: army %q ok: %d tokens\n", file, a.Name, a.Total())
		}
		w.good[key] = a
		*jobs = append(*jobs, job{file, a, prev})
	}
	return res, true
}

// enqueue puts new versions in the queue: each replaces a waiting job of
// the same army and stops the playing one if it is of the same army; the
// other jobs go on. report, the check's lines, is written once the stopped
// job has said so and before the new ones start, so that the lines read
// in order.
func (w *Watcher) enqueue(ctx context.Context, jobs []job, report []byte) {
	newer := map[string]bool{}
	for _, j := range jobs {
		newer[j.key()] = true
	}
	w.mu.Lock()
	if w.current != nil && newer[w.current.key()] {
		w.cancel(ErrNewerSave)
		done := w.done
		w.mu.Unlock()
		<-done
		w.mu.Lock()
	}
	w.Out.Write(report)
	kept := w.pending[:0]
	for _, j := range w.pending {
		if !newer[j.key()] {
			kept = append(kept, j)
		}
	}
	w.pending = append(kept, jobs...)
	start := !w.working
	w.working = true
	w.mu.Unlock()
	if start {
		w.wg.Add(1)
		go w.work(ctx)
	}
}

// work plays the queue until it is empty or the watch stops.
func (w *Watcher) work(ctx context.Context) {
	defer w.wg.Done()
	for {
		w.mu.Lock()
		if len(w.pending) == 0 || ctx.Err() != nil {
			w.working = false
			w.mu.Unlock()
			return
		}
		j := w.pending[0]
		w.pending = w.pending[1:]
		jctx, cancel := context.WithCancelCause(ctx)
		done := make(chan struct{})
		w.current, w.cancel, w.done = &j, cancel, done
		w.mu.Unlock()
		w.OnGood(jctx, w.Out, j.file, j.army, j.prev)
		w.mu.Lock()
		cancel(nil)
		w.current, w.cancel = nil, nil
		close(done)
		w.mu.Unlock()
	}
}
