package report

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/hexforge/hexforge/diag"
	"github.com/hexforge/hexforge/sim"
)

// ProgressBar draws "done/total, rate, ETA" on a terminal's stderr, and
// nothing when stderr is not a terminal. It is one line redrawn with \r,
// written from the runner's callback: a progress library (vbauerster/mpb)
// would bring its own render goroutine and a dependency for what is here a
// few lines, tested (TestProgress*), so the bar stays hand-written.
type ProgressBar struct {
	w     io.Writer
	on    bool
	start time.Time
	mu    sync.Mutex
	last  time.Time
	base  int // games of the job's earlier parts (matches, variants, batches)
	job   int // games the whole job plays, when known (expect), for one count and one ETA
	width int // the terminal's columns (0: unknown)
	shown int // the widest line drawn, for finish to clear
}

// Expect tells the bar how many games the whole job plays, so that it shows
// one count and one ETA across every match, variant and batch instead of
// starting again at each.
func (p *ProgressBar) Expect(games int) { p.job = games }

// underneath is the writer beneath w's wrappers. Standard error comes
// wrapped (diag.Printable escapes control characters, the \r the bar
// redraws with among them): the bar draws on the file underneath and
// escapes its labels itself.
func underneath(w io.Writer) io.Writer {
	for {
		u, ok := w.(interface{ Unwrap() io.Writer })
		if !ok {
			return w
		}
		w = u.Unwrap()
	}
}

// NewProgress is the bar of a command on its standard error w, drawn only
// when w is a terminal; width says how wide the terminal is.
func NewProgress(w io.Writer, width func(io.Writer) int) *ProgressBar {
	w = underneath(w)
	p := &ProgressBar{w: w, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.on, p.width = true, width(f)
		}
	}
	return p
}

// Update is the progress callback of one match, named label.
func (p *ProgressBar) Update(label string) sim.Progress {
	return func(done, total int) {
		if !p.on {
			return
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		if time.Since(p.last) < 100*time.Millisecond && done < total {
			return
		}
		p.last = time.Now()
		el := time.Since(p.start).Seconds()
		shown, all := done, total
		if p.job > 0 { // the job as a whole: where it stands, what is left of all of it
			shown, all = p.base+done, max(p.job, p.base+total)
		}
		rate := float64(p.base+done) / max(el, 1e-9)
		eta := time.Duration(float64(all-shown) / max(rate, 1e-9) * float64(time.Second)) // not truncated to whole seconds first
		var esc strings.Builder                                                           // a label names armies from strangers' files
		diag.Printable(&esc).Write([]byte(label))
		label = esc.String()
		rest := fmt.Sprintf(" %7d/%-7d %7.0f games/s  ETA %-8s", shown, all, rate, eta.Round(time.Second))
		// The bar is redrawn over itself with \r, which only works on one
		// line: a long label ("Iron Wolves (variant) vs Steel Police") is
		// cut to leave the figures room on the terminal.
		pad := 28
		if p.width > 0 {
			room := max(p.width-1-utf8.RuneCountInString(rest), 8)
			if r := []rune(label); len(r) > room {
				label = string(r[:room-1]) + "…"
			}
			pad = min(pad, room)
		}
		line := fmt.Sprintf("%-*s%s", pad, label, rest)
		p.shown = max(p.shown, utf8.RuneCountInString(line))
		fmt.Fprint(p.w, "\r"+line)
		if done == total {
			p.base += done
		}
	}
}

// Finish clears the bar.
func (p *ProgressBar) Finish() {
	if p.on {
		fmt.Fprintf(p.w, "\r%*s\r", p.shown, "") // as wide as the widest line drawn
	}
}
