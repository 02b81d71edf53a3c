package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"go.lsp.dev/protocol"
)

// TestSymlinkedBase: the language server resolves an `extends` that names
// a symbolic link as every command does (docs/security.md): a link named
// .army to a file that is not an army is refused and no line of it is
// published; a link leading out of the document's tree is refused unless
// --allow-extends-outside; a link in the tree to an army in the tree
// compiles, and a broken save of the file it points at shows on the
// variant.
func TestSymlinkedBase(t *testing.T) {
	const secret = "SECRET-root:x:0:0"
	dir := t.TempDir()
	fan, outside := filepath.Join(dir, "fan"), filepath.Join(dir, "outside")
	for _, d := range []string{filepath.Join(fan, "bases"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, text string) string {
		t.Helper()
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	link := func(target, p string) {
		t.Helper()
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	good := strings.Replace(strings.Replace(broken, "meele", "melee", 1), "on play: push", "on placed: push", 1)
	notes := write(filepath.Join(fan, "notes.txt"), "army \""+secret+"\" {\n    "+secret+"\n}\n")
	link(notes, filepath.Join(fan, "shadow.army"))
	link(write(filepath.Join(outside, "base.army"), good), filepath.Join(fan, "out.army"))
	real := write(filepath.Join(fan, "bases", "real.army"), good)
	link(filepath.Join("bases", "real.army"), filepath.Join(fan, "in.army"))
	variant := func(base string) string { return "army \"V\" extends \"" + base + "\" {\n    size 35\n}\n" }

	for _, tc := range []struct {
		name, base string
		outside    bool
		want       string // in the one diagnostic; "" compiles
	}{
		{"a link to a file that is not an army", "shadow.army", false, "does not end in .army"},
		{"the kind rule is not lifted", "shadow.army", true, "does not end in .army"},
		{"a link out of the tree", "out.army", false, "a symbolic link leads out of it"},
		{"a link out of the tree, allowed", "out.army", true, ""},
		{"a link in the tree", "in.army", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := startServer(t, &Server{version: "test", loader: armies.Loader{AllowExtendsOutside: tc.outside}})
			u := c.open(filepath.Join(fan, "v.army"), variant(tc.base))
			got := c.published(u)
			var all strings.Builder
			for _, d := range got {
				all.WriteString(d.Message + "\n")
				for _, r := range d.RelatedInformation {
					all.WriteString(r.Message + "\n")
				}
			}
			if strings.Contains(all.String(), secret) {
				t.Errorf("a line of the linked file was published:\n%s", all.String())
			}
			if tc.want == "" {
				if len(got) != 0 {
					t.Fatalf("diagnostics %+v; want none", got)
				}
			} else if len(got) != 1 || !strings.Contains(got[0].Message, tc.want) {
				t.Fatalf("diagnostics %+v; want one with %q", got, tc.want)
			}
			if tc.base != "in.army" {
				return
			}
			// The link's target is opened and saved broken: the variant
			// is checked again and shows the base's error.
			write(real, broken)
			ru := c.open(real, broken)
			c.published(ru)
			c.notify(protocol.MethodTextDocumentDidSave, &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: ru}})
			var after []protocol.Diagnostic
			for range 2 { // both open documents, in any order
				if p := <-c.diags; p.URI == u {
					after = p.Diagnostics
				}
			}
			if len(after) == 0 || !strings.Contains(after[0].Message, "in.army:7:") {
				t.Errorf("variant of a broken linked base: %+v, want the base's error at in.army:7", after)
			}
			write(real, good)
		})
	}
}
