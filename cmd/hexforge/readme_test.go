package main

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestReadmeSetupAndInstall: the README's set-up stays two commands for a
// fresh machine, says how to install the binary (in prose, so the set-up is
// not a third command), and asks for the Go version go.mod's go line does.
func TestReadmeSetupAndInstall(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\d+\.\d+(?:\.\d+)?)$`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod has no go line")
	}
	text := string(readme)
	if want := "Go " + string(m[1]) + " or newer"; !strings.Contains(text, want) {
		t.Errorf("README does not ask for %q, go.mod's go line", want)
	}
	setup := regexp.MustCompile("(?s)## Set-up\n(.*?)\n## ").FindStringSubmatch(text)
	if setup == nil {
		t.Fatal("README has no Set-up section")
	}
	block := regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(setup[1], -1)
	if len(block) != 1 {
		t.Fatalf("Set-up has %d command blocks, want 1", len(block))
	}
	var cmds []string
	for _, l := range strings.Split(strings.TrimSpace(block[0][1]), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			cmds = append(cmds, l)
		}
	}
	if len(cmds) != 2 || !strings.Contains(block[0][1], "go run ./cmd/hexforge sim") || !strings.Contains(block[0][1], "go test ./...") {
		t.Errorf("Set-up commands %v, want the main job and the tests", cmds)
	}
	if !strings.Contains(setup[1], "`go install ./cmd/hexforge`") {
		t.Error("Set-up does not say how to install the binary (go install ./cmd/hexforge)")
	}
}

// TestLayoutNamesEveryPackage: the README's layout table and
// docs/architecture.md's package table name every directory that holds Go
// code (and name none that is gone), so the map stays true as packages are
// added, moved or removed.
func TestLayoutNamesEveryPackage(t *testing.T) {
	root := "../.."
	dirs := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") {
			rel, _ := filepath.Rel(root, filepath.Dir(path))
			dirs[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range []struct{ file, row string }{
		{"README.md", "| `%s/` |"},
		{"docs/architecture.md", "| `%s` |"},
	} {
		text, err := os.ReadFile(filepath.Join(root, doc.file))
		if err != nil {
			t.Fatal(err)
		}
		named := map[string]bool{}
		for _, m := range regexp.MustCompile("(?m)^\\| `([a-z/]+?)/?` \\|").FindAllStringSubmatch(string(text), -1) {
			named[m[1]] = true
		}
		for dir := range dirs {
			if !named[dir] {
				t.Errorf("%s has no row for %s/ (want a line starting %q)", doc.file, dir, fmt.Sprintf(doc.row, dir))
			}
		}
		for dir := range named {
			if _, err := os.Stat(filepath.Join(root, dir)); err != nil {
				t.Errorf("%s names %s/, which does not exist", doc.file, dir)
			}
		}
	}
}

// TestArchitectureImports: docs/architecture.md's package table says, in its
// last column, exactly which hexforge packages each package imports (its
// non-test files). A new import, or one gone, fails here until the map says
// so: an arrow between packages is a decision, written down.
func TestArchitectureImports(t *testing.T) {
	const module = "github.com/hexforge/hexforge/"
	text, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z/]+)` \\| .* \\| ([^|]*) \\|$")
	name := regexp.MustCompile("`([a-z/]+)`")
	rows := 0
	for _, m := range row.FindAllStringSubmatch(string(text), -1) {
		pkg := m[1]
		var want []string
		for _, n := range name.FindAllStringSubmatch(m[2], -1) {
			want = append(want, n[1])
		}
		files, err := filepath.Glob(filepath.Join("../..", pkg, "*.go"))
		if err != nil || len(files) == 0 {
			t.Errorf("docs/architecture.md: package %s has no Go files", pkg)
			continue
		}
		rows++
		got := map[string]bool{}
		fset := token.NewFileSet()
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range af.Imports {
				if p := strings.Trim(imp.Path.Value, `"`); strings.HasPrefix(p, module) {
					got[strings.TrimPrefix(p, module)] = true
				}
			}
		}
		slices.Sort(want)
		have := slices.Sorted(maps.Keys(got))
		if !slices.Equal(want, have) {
			t.Errorf("docs/architecture.md says %s imports %v; it imports %v", pkg, want, have)
		}
	}
	if rows < 20 {
		t.Errorf("only %d package rows found in docs/architecture.md", rows)
	}
}
