// Package testarmy gives tests an army by reference: an embedded army's
// name, or the path of an army file compiled on its own. Only tests import
// it (the player and sim tests share it).
package testarmy

import (
	"os"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/rules"
)

// Load is the army ref names: a file when one exists at that path, else an
// embedded army; any error fails the test.
func Load(t testing.TB, ref string) *rules.Army {
	t.Helper()
	if src, err := os.ReadFile(ref); err == nil {
		res := compiler.CompileSource(ref, src)
		if res.Diags.HasErrors() {
			t.Fatal(res.Diags)
		}
		return res.Armies[0]
	}
	l, err := armies.Loader{}.Load(ref)
	if err != nil {
		t.Fatal(err)
	}
	return l.Army
}
