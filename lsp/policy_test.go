package lsp

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/internal/linktest"
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
	good := strings.Replace(strings.Replace(broken, "meele", "melee", 1), "on play: push", "on placed: push", 1)
	tree := linktest.New(t, good)
	fan, real := tree.Fan, tree.Real
	variant := func(base string) string { return "army \"V\" extends \"" + base + "\" {\n    size 35\n}\n" }

	for _, tc := range linktest.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			c := startServer(t, &Server{version: "test", loader: armies.Loader{AllowExtendsOutside: tc.Outside}})
			u := c.open(filepath.Join(fan, "v.army"), variant(tc.Base))
			got := c.published(u)
			var all strings.Builder
			for _, d := range got {
				all.WriteString(d.Message + "\n")
				for _, r := range d.RelatedInformation {
					all.WriteString(r.Message + "\n")
				}
			}
			if strings.Contains(all.String(), linktest.Secret) {
				t.Errorf("a line of the linked file was published:\n%s", all.String())
			}
			if tc.Want == "" {
				if len(got) != 0 {
					t.Fatalf("diagnostics %+v; want none", got)
				}
			} else if len(got) != 1 || !strings.Contains(got[0].Message, tc.Want) {
				t.Fatalf("diagnostics %+v; want one with %q", got, tc.Want)
			}
			if tc.Base != "in.army" {
				return
			}
			// The link's target is opened and saved broken: the variant
			// is checked again and shows the base's error.
			linktest.Write(t, real, broken)
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
			linktest.Write(t, real, good)
		})
	}
}
