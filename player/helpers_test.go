package player

import (
	"os"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/rules"
)

// testArmy is an embedded army by name, or an army file compiled.
func testArmy(t testing.TB, ref string) *rules.Army {
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

// testArmies is testArmy of each ref.
func testArmies(t testing.TB, refs ...string) []*rules.Army {
	t.Helper()
	as := make([]*rules.Army, len(refs))
	for i, r := range refs {
		as[i] = testArmy(t, r)
	}
	return as
}

// maxActions caps a test's game, as sim caps a match's games.
const maxActions = 4000
