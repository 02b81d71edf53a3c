package diag

import (
	"bytes"
	"strings"
	"testing"
)

// A very long source line (a generated or binary file) is shown as a window
// around the caret, not in full.
func TestRenderClipsLongLine(t *testing.T) {
	src := []byte(strings.Repeat("{", 5000) + "X" + strings.Repeat("}", 5000) + "\n")
	l := List{{Severity: Error, Pos: Pos{File: "f", Line: 1, Column: 5001}, Message: "here"}}
	var b bytes.Buffer
	l.Render(&b, map[string][]byte{"f": src})
	lines := strings.Split(b.String(), "\n")
	if len(b.String()) > 400 || len(lines) != 4 {
		t.Fatalf("long line not clipped (%d bytes):\n%s", b.Len(), b.String())
	}
	shown, caret := lines[1], lines[2]
	if !strings.HasPrefix(shown, "    ...") || !strings.HasSuffix(shown, "...") {
		t.Errorf("cut ends not marked: %q", shown)
	}
	if i := len(caret) - 1; caret[i] != '^' || shown[i] != 'X' {
		t.Errorf("caret not under the column:\n%s\n%s", shown, caret)
	}
	// At the start of the line only the end is cut.
	l[0].Pos.Column = 1
	b.Reset()
	l.Render(&b, map[string][]byte{"f": src})
	if lines := strings.Split(b.String(), "\n"); strings.HasPrefix(lines[1], "    ...") || lines[2] != "    ^" {
		t.Errorf("start of a long line:\n%s", b.String())
	}
}

// Thousands of diagnostics (a file that is not an army at all) print the
// first MaxRendered and a count, quickly.
func TestRenderCapsCount(t *testing.T) {
	src := []byte(strings.Repeat("x\n", 200000))
	var l List
	for i := 1; i <= 200000; i++ {
		l.Errorf(Pos{File: "f", Line: i, Column: 1}, "bad")
	}
	var b bytes.Buffer
	l.Render(&b, map[string][]byte{"f": src})
	if got := strings.Count(b.String(), "error: bad"); got != MaxRendered {
		t.Errorf("%d diagnostics shown, want %d", got, MaxRendered)
	}
	if !strings.HasSuffix(b.String(), "... and 199900 more diagnostic(s) not shown\n") {
		t.Errorf("no count of the rest: %q", b.String()[b.Len()-80:])
	}
}
