package sim

import (
	"os"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/rules"
)

func compileOne(t *testing.T, name string, src []byte) *rules.Army {
	t.Helper()
	r := compiler.CompileSource(name, src)
	if r.Diags.HasErrors() || len(r.Armies) != 1 {
		t.Fatalf("%s: %v", name, r.Diags)
	}
	return r.Armies[0]
}

// TestArmyHashAllowances: an army whose allowances are all on triggers,
// observers and groups hashes as before trait allowances existed (the
// gallery's Bulwark: e7665e4c07769fe9, its hash at bf17f81), so results
// and traces recorded with it still match; a trait's allowance is part of
// the hash (the same limit on push or on pull, two hashes).
func TestArmyHashAllowances(t *testing.T) {
	src, err := os.ReadFile("../armies/testdata/gallery/bulwark.army")
	if err != nil {
		t.Fatal(err)
	}
	if got := ArmyHash(compileOne(t, "bulwark.army", src)); got != "e7665e4c07769fe9" {
		t.Errorf("Bulwark hashes %s, want e7665e4c07769fe9 (its hash before trait allowances)", got)
	}
	army := `army "Rams" {
    size 2
    hq "HQ" { edge all: melee 1 }
    warrior "Ram" { edge N: melee 1; trait %s }
}
`
	push := ArmyHash(compileOne(t, "push.army", []byte(strings.Replace(army, "%s", "push per_game=2, pull", 1))))
	pull := ArmyHash(compileOne(t, "pull.army", []byte(strings.Replace(army, "%s", "push, pull per_game=2", 1))))
	if push == pull {
		t.Errorf("the allowance on push and on pull hash alike (%s)", push)
	}
}
