package compiler

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzCompile feeds arbitrary text to the parser and compiler. Whatever the
// input, they must not panic, and every diagnostic must carry a position
// inside the file and render with its snippet.
func FuzzCompile(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, file := range files {
		raw, _ := os.ReadFile(file)
		if in, ok := parseArchive(string(raw)).get("in.army"); ok {
			f.Add(in)
		}
	}
	// The official armies and the gallery's fan armies (every concept of
	// the language in use), so the fuzzer starts from all of the grammar.
	armies, _ := filepath.Glob("../armies/*.army")
	gallery, _ := filepath.Glob("../armies/testdata/gallery/*.army")
	armies = append(armies, gallery...)
	for _, file := range armies {
		raw, _ := os.ReadFile(file)
		f.Add(string(raw))
	}
	f.Fuzz(func(t *testing.T, src string) {
		res := CompileSource("fuzz.army", []byte(src))
		lines := strings.Count(src, "\n") + 1
		for _, d := range res.Diags {
			if d.Pos.File != "fuzz.army" {
				t.Fatalf("diagnostic without the file name: %v", d)
			}
			if d.Pos.Line > lines {
				t.Fatalf("diagnostic past the end of the file (%d lines): %v", lines, d)
			}
		}
		for _, a := range res.Armies {
			if a.HQ < 0 || a.Tokens[a.HQ].Kind.String() != "hq" {
				t.Fatalf("army %q compiled without errors but has no HQ", a.Name)
			}
		}
		var b bytes.Buffer
		res.Diags.Render(&b, map[string][]byte{"fuzz.army": []byte(src)})
		for _, a := range res.Armies {
			Dump(&b, a)
			_ = View(a)
		}
	})
}
