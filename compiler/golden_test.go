package compiler

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/internal/golden"
)

// archive is a tiny txtar-style file: a comment, then sections headed by
// "-- name --" lines. Each testdata case holds `in.army` and `out`.
type archive struct {
	comment  string
	sections []section
}

type section struct {
	name string
	data string
}

func parseArchive(text string) archive {
	var a archive
	cur := -1
	for _, line := range strings.SplitAfter(text, "\n") {
		trimmed := strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(trimmed, "-- ") && strings.HasSuffix(trimmed, " --") && len(trimmed) > 6 {
			a.sections = append(a.sections, section{name: trimmed[3 : len(trimmed)-3]})
			cur = len(a.sections) - 1
			continue
		}
		if cur < 0 {
			a.comment += line
		} else {
			a.sections[cur].data += line
		}
	}
	return a
}

func (a archive) get(name string) (string, bool) {
	for _, s := range a.sections {
		if s.name == name {
			return s.data, true
		}
	}
	return "", false
}

func (a archive) format() string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, s := range a.sections {
		b.WriteString("-- " + s.name + " --\n")
		b.WriteString(s.data)
	}
	return b.String()
}

// compileOutput is what a case's `out` section holds: every diagnostic
// rendered with its snippet, then (when there are no errors) the dump.
func compileOutput(name string, src []byte) string {
	res := CompileSource(name, src)
	var b bytes.Buffer
	res.Diags.Render(&b, map[string][]byte{name: src})
	if !res.Diags.HasErrors() {
		for _, a := range res.Armies {
			Dump(&b, a)
		}
	}
	return b.String()
}

func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no testdata/*.txtar cases")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			a := parseArchive(string(raw))
			in, ok := a.get("in.army")
			if !ok {
				t.Fatalf("%s has no -- in.army -- section", file)
			}
			got := compileOutput("in.army", []byte(in))
			want, _ := a.get("out")
			if golden.Update() {
				found := false
				for i := range a.sections {
					if a.sections[i].name == "out" {
						a.sections[i].data, found = got, true
					}
				}
				if !found {
					a.sections = append(a.sections, section{"out", got})
				}
				if err := os.WriteFile(file, []byte(a.format()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got != want {
				t.Errorf("output differs from %s (run go test ./compiler -update to accept)\n--- got ---\n%s--- want ---\n%s", file, got, want)
			}
		})
	}
}
