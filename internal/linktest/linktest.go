// Package linktest is for tests only: the tree of symbolic links on which
// the language server's and serve's tests check that an army's `extends`
// through a link is judged as every command judges it (docs/security.md),
// and the cases each must decide alike.
package linktest

import (
	"os"
	"path/filepath"
	"testing"
)

// Secret is written into the file that is not an army: its lines look like
// an army's, so a tool that read the file would quote them.
const Secret = "SECRET-root:x:0:0"

// Tree is the fixture New builds. Fan is the designer's directory, with
//
//	shadow.army -> notes.txt, a file that is not an army (it holds Secret)
//	out.army    -> ../outside/base.army, an army out of Fan's tree
//	in.army     -> bases/real.army, an army in the tree (Real)
type Tree struct {
	Fan  string
	Real string
}

// New builds the tree in a temporary directory of t; both armies the links
// lead to hold base.
func New(t testing.TB, base string) Tree {
	t.Helper()
	dir := t.TempDir()
	fan, outside := filepath.Join(dir, "fan"), filepath.Join(dir, "outside")
	for _, d := range []string{filepath.Join(fan, "bases"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, p string) {
		t.Helper()
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	notes := Write(t, filepath.Join(fan, "notes.txt"), "army \""+Secret+"\" {\n    "+Secret+"\n}\n")
	link(notes, filepath.Join(fan, "shadow.army"))
	link(Write(t, filepath.Join(outside, "base.army"), base), filepath.Join(fan, "out.army"))
	real := Write(t, filepath.Join(fan, "bases", "real.army"), base)
	link(filepath.Join("bases", "real.army"), filepath.Join(fan, "in.army"))
	return Tree{Fan: fan, Real: real}
}

// Write writes text to the file p and returns p.
func Write(t testing.TB, p, text string) string {
	t.Helper()
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Case is a variant whose `extends` names Base, a link of the Tree, read
// with --allow-extends-outside or not; Want is in the one diagnostic ("":
// it compiles).
type Case struct {
	Name    string
	Base    string
	Outside bool
	Want    string
}

// Cases are the links every tool judges alike: the kind rule (a link named
// .army to another kind of file) is not lifted by --allow-extends-outside,
// the tree rule is.
var Cases = []Case{
	{"a link to a file that is not an army", "shadow.army", false, "does not end in .army"},
	{"the kind rule is not lifted", "shadow.army", true, "does not end in .army"},
	{"a link out of the tree", "out.army", false, "a symbolic link leads out of it"},
	{"a link out of the tree, allowed", "out.army", true, ""},
	{"a link in the tree", "in.army", false, ""},
}
