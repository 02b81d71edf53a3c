package main

import (
	"io"
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/hexforge/hexforge/diag"
)

// TestShellCompletion: cobra's hidden __complete command (what the
// generated bash/zsh/fish scripts call) offers army names for army
// arguments and --vs, token names and fields step by step for --set and
// sweep, and exactly the formats each command writes.
func TestShellCompletion(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
		not  []string
	}{
		{[]string{"sim", "mo"}, []string{"moloch"}, []string{"borgo"}},
		{[]string{"importance", "moloch", "--vs", "bo"}, []string{"borgo"}, nil},
		{[]string{"sim", "moloch", "--format", ""}, []string{"table", "markdown", "csv", "html", "json"}, nil},
		{[]string{"ladder", "vegas", "borgo", "--format", ""}, []string{"table", "json", "csv", "html"}, []string{"markdown"}},
		{[]string{"sim", "moloch", "--set", "mol"}, []string{"moloch/"}, nil},
		{[]string{"sim", "moloch", "--set", "moloch/Gau"}, []string{"moloch/Gauss Cannon."}, []string{"moloch/Hybrid."}},
		{[]string{"sweep", "moloch/Gauss Cannon.ini"}, []string{"moloch/Gauss Cannon.initiative="}, nil},
		{[]string{"sim", "moloch", "--players", ""}, []string{"greedy", "mcts:16", "search:64"}, nil},
		{[]string{"sim", "moloch", "--start", ""}, []string{"standard", "alternative"}, nil},
	} {
		out, stderr, code := run(t, append([]string{"__complete"}, tc.args...)...)
		lines := map[string]bool{}
		for _, l := range strings.Split(out, "\n") {
			lines[l] = true
		}
		for _, w := range tc.want {
			if !lines[w] {
				t.Errorf("%v: lacks %q (exit %d):\n%s%s", tc.args, w, code, out, stderr)
			}
		}
		for _, w := range tc.not {
			if lines[w] {
				t.Errorf("%v: offers %q", tc.args, w)
			}
		}
	}
}

// TestProgressIsOneBar: told the job's size, the bar counts on across the
// job's matches (one count, one ETA) instead of starting again at each.
func TestProgressIsOneBar(t *testing.T) {
	var b strings.Builder
	p := &progressBar{w: &b, on: true, start: time.Now()}
	p.expect(400)
	for _, label := range []string{"A vs B", "A vs C"} {
		prog := p.update(label)
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

// TestOneJSONStyle: dump and battle take --format json like every other
// command, --json staying as its alias with the same output; importance
// and sweep refuse --shard (their paired report cannot be merged) before
// any game, and do not list it.
func TestOneJSONStyle(t *testing.T) {
	for _, args := range [][]string{{"dump", "moloch"}, {"battle", "../../armies/testdata/signatures/moloch_clown.pos"}} {
		a, _, c1 := run(t, append(args, "--format", "json")...)
		b, _, c2 := run(t, append(args, "--json")...)
		if c1 != 0 || c2 != 0 || a != b || !strings.HasPrefix(strings.TrimSpace(a), "[") && !strings.HasPrefix(strings.TrimSpace(a), "{") {
			t.Errorf("%v: --format json (exit %d) and --json (exit %d) differ or are not JSON:\n%.200s", args, c1, c2, a)
		}
		if _, stderr, code := run(t, append(args, "--format", "xml")...); code == 0 || !strings.Contains(stderr, "use text or json") {
			t.Errorf("%v --format xml: exit %d\n%s", args, code, stderr)
		}
	}
	for _, args := range [][]string{{"importance", "moloch", "--vs", "borgo"}, {"sweep", "moloch/Hybrid.count=1..2", "--vs", "borgo"}} {
		if _, stderr, code := run(t, append(args, "--shard", "0/2")...); code == 0 || !strings.Contains(stderr, "runs whole") {
			t.Errorf("%v --shard: exit %d\n%s", args, code, stderr)
		}
		if help, _, _ := run(t, args[0], "--help"); strings.Contains(help, "--shard") {
			t.Errorf("%s --help lists --shard, which it refuses", args[0])
		}
	}
}

// TestProgressFitsTheTerminal: the bar is redrawn with \r, which works on
// one line only: on a narrow terminal a long label is cut so that the
// figures stay on the line, and finish clears as much as was drawn.
func TestProgressFitsTheTerminal(t *testing.T) {
	var b strings.Builder
	p := &progressBar{w: &b, on: true, start: time.Now(), width: 60}
	p.update("Iron Wolves (variant) vs Steel Police (variant)")(10, 200)
	line := strings.TrimPrefix(b.String(), "\r")
	if n := utf8.RuneCountInString(line); n >= 60 || !strings.Contains(line, "10/200") || !strings.Contains(line, "…") {
		t.Errorf("a %d-column bar on a 60-column terminal: %q", n, line)
	}
	b.Reset()
	p.finish()
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
	p := &progressBar{w: &b, on: true, start: time.Now()}
	p.update("Evil\x1b[2J vs B")(1, 2)
	if strings.Contains(b.String(), "\x1b") || !strings.Contains(b.String(), `Evil\x1b[2J`) {
		t.Errorf("the label's escape sequence reached the terminal: %q", b.String())
	}
}
