package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocsCiteNoMachinePaths: the docs, the README and the armies cite the rulebooks by title and edition, never by where a file lay
// on someone's machine (a home directory, a download, a PDF's path).
func TestDocsCiteNoMachinePaths(t *testing.T) {
	machine := regexp.MustCompile(`/home/|/Users/|/root/|/mnt/|(^|[\s"'(])[A-Z]:\\[A-Za-z]|Downloads/|\.pdf\b`)
	// A PDF hexforge writes (card --format print --out sheets.pdf) is named
	// by the command that writes it, not cited.
	ownPDF := regexp.MustCompile(`(--out\s+|\bFILE)[\w.-]*\.pdf\b`)
	err := filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "../.." || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		switch filepath.Ext(path) {
		case ".md", ".army", ".json", ".yaml", ".yml": // what cites; code may show a path as an example
		default:
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for n, l := range strings.Split(string(b), "\n") {
			if m := machine.FindString(ownPDF.ReplaceAllString(l, "")); m != "" {
				t.Errorf("%s:%d names a machine's path (%q): %s", path, n+1, m, strings.TrimSpace(l))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	rules, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rules), "Neuroshima Hex 3.0") {
		t.Error("docs/rules.md does not cite the rulebook by title and edition (Neuroshima Hex 3.0)")
	}
}

// TestEditorsGuide: docs/editors.md tells Neovim and Helix users how to
// start hexforge lsp, as the issue asked besides the VS Code extension.
func TestEditorsGuide(t *testing.T) {
	b, err := os.ReadFile("../../docs/editors.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Neovim", "## Helix", "hexforge", "lsp"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("docs/editors.md lacks %q", want)
		}
	}
}
