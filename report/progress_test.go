package report

import (
	"io"
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/hexforge/hexforge/diag"
)

// TestProgressIsOneBar: told the job's size, the bar counts on across the
// job's matches (one count, one ETA) instead of starting again at each.
func TestProgressIsOneBar(t *testing.T) {
	var b strings.Builder
	p := &ProgressBar{w: &b, on: true, start: time.Now()}
	p.Expect(400)
	for _, label := range []string{"A vs B", "A vs C"} {
		prog := p.Update(label)
		for _, done := range []int{100, 200} {
			p.last = time.Time{} // the bar draws at most every 100 ms; draw each here
			prog(done, 200)
		}
	}
	lines := strings.Split(strings.TrimPrefix(b.String(), "\r"), "\r")
	want := []string{"100/400", "200/400", "300/400", "400/400"}
	if len(lines) != len(want) {
		t.Fatalf("%d updates, want %d: %q", len(lines), len(want), lines)
	}
	for i, w := range want {
		if !strings.Contains(lines[i], w) {
			t.Errorf("update %d: %q, want %s", i, lines[i], w)
		}
	}
}

// TestProgressFitsTheTerminal: the bar is redrawn with \r, which works on
// one line only: on a narrow terminal a long label is cut so that the
// figures stay on the line, and finish clears as much as was drawn.
func TestProgressFitsTheTerminal(t *testing.T) {
	var b strings.Builder
	p := &ProgressBar{w: &b, on: true, start: time.Now(), width: 60}
	p.Update("Iron Wolves (variant) vs Steel Police (variant)")(10, 200)
	line := strings.TrimPrefix(b.String(), "\r")
	if n := utf8.RuneCountInString(line); n >= 60 || !strings.Contains(line, "10/200") || !strings.Contains(line, "…") {
		t.Errorf("a %d-column bar on a 60-column terminal: %q", n, line)
	}
	b.Reset()
	p.Finish()
	if got := b.String(); got != "\r"+strings.Repeat(" ", utf8.RuneCountInString(line))+"\r" {
		t.Errorf("finish wrote %q", got)
	}
}

// TestProgressDrawsOnTheTerminal: the CLI's standard error is wrapped so
// that control characters are escaped; the bar draws on the file beneath
// (its \r must act) and escapes the labels, which name strangers' armies,
// itself.
func TestProgressDrawsOnTheTerminal(t *testing.T) {
	if w := underneath(diag.Printable(os.Stderr)); w != io.Writer(os.Stderr) {
		t.Errorf("the bar would draw on %T, not standard error", w)
	}
	var b strings.Builder
	p := &ProgressBar{w: &b, on: true, start: time.Now()}
	p.Update("Evil\x1b[2J vs B")(1, 2)
	if strings.Contains(b.String(), "\x1b") || !strings.Contains(b.String(), `Evil\x1b[2J`) {
		t.Errorf("the label's escape sequence reached the terminal: %q", b.String())
	}
}
