package sim

import (
	"context"
	"os"
	"strings"
	"testing"
)

// TestFanArmyPrimitivesDoSomething: testdata/bastion.army uses what no
// rulebook army has (a toughness aura and module, heals centred on the own
// HQ and on the token, a heal on if=destroyed_enemy, recover paid with
// cost=discard, an area at the enemy HQ, an enemy_enters foundation). It
// compiles, plays a match, and every one of those shows in its per-token
// figures.
func TestFanArmyPrimitivesDoSomething(t *testing.T) {
	m := match(t, "testdata/bastion.army", "moloch", "greedy", "greedy", 40, 1)
	s, err := m.RunSummary(context.Background(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	fig := map[string]TokenStat{}
	for _, ts := range s.Tokens[0] {
		fig[ts.Name] = ts
	}
	for _, c := range []struct {
		token, what string
		n           func(TokenStat) int
	}{
		{"Citadel", "healed (heal radius=1 at=own_hq)", func(t TokenStat) int { return t.Healed }},
		{"Citadel", "kept alive (link all: toughness +1)", func(t TokenStat) int { return t.KeptAlive }},
		{"Rampart", "kept alive (toughness +1)", func(t TokenStat) int { return t.KeptAlive }},
		{"Reaver", "healed (after_battle if=destroyed_enemy)", func(t TokenStat) int { return t.Healed }},
		{"Recruiter", "tokens moved (recover, cost=discard)", func(t TokenStat) int { return t.TokensMoved }},
		{"Barrage", "wounds (damage radius=1 at=enemy_hq)", func(t TokenStat) int { return t.StepWounds }},
		{"Caltrops", "wounds (enemy_enters: damage)", func(t TokenStat) int { return t.StepWounds }},
	} {
		if n := c.n(fig[c.token]); n == 0 {
			t.Errorf("%s: no %s in %d games", c.token, c.what, s.Games())
		}
	}
}

// The army in docs/dsl.md is this file, word for word.
func TestFanArmyIsTheDocsExample(t *testing.T) {
	src, err := os.ReadFile("testdata/bastion.army")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../docs/dsl.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "```army\n"+string(src)+"```") {
		t.Error("docs/dsl.md does not hold sim/testdata/bastion.army as it is: copy the file into its army block")
	}
}
