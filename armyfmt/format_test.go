package armyfmt

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/internal/golden"

	"github.com/hexforge/hexforge/compiler"
)

// TestGolden formats each testdata/*.input and compares with its .golden.
func TestGolden(t *testing.T) {
	inputs, _ := filepath.Glob("testdata/*.input")
	if len(inputs) == 0 {
		t.Fatal("no testdata/*.input")
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Source(in, src)
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, strings.TrimSuffix(in, ".input")+".golden", got)
			if again, _ := Source(in, got); !bytes.Equal(again, got) {
				t.Errorf("not idempotent:\n%s", Diff(in, got, again))
			}
		})
	}
}

// repoArmyFiles is every .army file in the repository.
func repoArmyFiles(t testing.TB) []string {
	var files []string
	err := filepath.WalkDir("..", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".army") {
			files = append(files, p)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("walking the repository: %v (%d files)", err, len(files))
	}
	return files
}

// TestRepoFiles: formatting every .army file in the repository is
// idempotent, keeps every comment, and compiles to the same dump.
func TestRepoFiles(t *testing.T) {
	for _, f := range repoArmyFiles(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		once, err := Source(f, src)
		if err != nil {
			continue // a testdata file that is broken on purpose
		}
		twice, err := Source(f, once)
		if err != nil || !bytes.Equal(once, twice) {
			t.Errorf("%s: not idempotent (%v):\n%s", f, err, Diff(f, once, twice))
		}
		if a, b := dump(f, src), dump(f, once); a != b {
			t.Errorf("%s: formatting changed the compiled army:\n%s", f, Diff(f, []byte(a), []byte(b)))
		}
		if a, b := comments(src), comments(once); a != b {
			t.Errorf("%s: comments changed:\n%s", f, Diff(f, []byte(a), []byte(b)))
		}
	}
}

// TestArmiesFormatted: the embedded armies are kept in canonical layout.
func TestArmiesFormatted(t *testing.T) {
	files, _ := filepath.Glob("../armies/*.army")
	for _, f := range files {
		src, _ := os.ReadFile(f)
		if got, err := Source(f, src); err != nil || !bytes.Equal(got, src) {
			t.Errorf("%s is not formatted (%v); run hexforge fmt -w %s", f, err, f)
		}
	}
}

func TestSyntaxError(t *testing.T) {
	_, err := Source("bad.army", []byte("army \"a\" {\n  size 1\n  hq \"H\" {"))
	if err == nil || !strings.HasPrefix(err.Error(), "bad.army:3:") {
		t.Fatalf("want a positioned syntax error at line 3, got %v", err)
	}
}

func TestDiff(t *testing.T) {
	got := Diff("f", []byte("a\nb\nc\n"), []byte("a\nB\nc\n"))
	want := "--- f.orig\n+++ f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if Diff("f", []byte("x\n"), []byte("x\n")) != "" {
		t.Error("equal inputs must give an empty diff")
	}
}

// dump is what a file compiles to: the compiler's dump, or its diagnostics
// without positions (formatting moves lines).
func dump(name string, src []byte) string {
	res := compiler.CompileSource(name, src)
	var b bytes.Buffer
	for _, a := range res.Armies {
		compiler.Dump(&b, a)
	}
	for _, d := range res.Diags {
		b.WriteString(d.Message + "\n")
	}
	return b.String()
}

// comments lists a file's comments in order, as the lexer sees them.
func comments(src []byte) string {
	var b strings.Builder
	for _, t := range lex(src) {
		if t.kind == tComment {
			b.WriteString(strings.TrimRight(t.text, " \t\r") + "\n")
		}
	}
	return b.String()
}

func FuzzFormat(f *testing.F) {
	for _, p := range repoArmyFiles(f) {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		once, err := Source("f.army", src)
		if err != nil {
			return
		}
		twice, err := Source("f.army", once)
		if err != nil {
			t.Fatalf("formatted output does not parse: %v\n%s", err, once)
		}
		if !bytes.Equal(once, twice) {
			t.Fatalf("not idempotent:\n%s", Diff("f.army", once, twice))
		}
		if a, b := dump("f.army", src), dump("f.army", once); a != b {
			t.Fatalf("formatting changed the compiled army:\n%s", Diff("f.army", []byte(a), []byte(b)))
		}
		if a, b := comments(src), comments(once); a != b {
			t.Fatalf("comments changed:\n%s", Diff("f.army", []byte(a), []byte(b)))
		}
	})
}
