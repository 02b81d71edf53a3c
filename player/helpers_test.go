package player

import (
	"testing"

	"github.com/hexforge/hexforge/internal/testarmy"
	"github.com/hexforge/hexforge/rules"
)

// testArmies is testarmy.Load of each ref.
func testArmies(t testing.TB, refs ...string) []*rules.Army {
	t.Helper()
	as := make([]*rules.Army, len(refs))
	for i, r := range refs {
		as[i] = testarmy.Load(t, r)
	}
	return as
}

// maxActions caps a test's game, as sim caps a match's games.
const maxActions = 4000
