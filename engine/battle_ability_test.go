package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// TestBattleAbilityScenarios: units that use a battle ability
// (on instead_of_attack) in place of their attack.
func TestBattleAbilityScenarios(t *testing.T) {
	full := [2]int{20, 20}
	for _, sc := range []scenario{
		{name: "blast", d: OwnerBest{}, dies: []string{"1 Sapper c3", "2 Netter d3", "2 Spitter d2"}, hq: full},
		{name: "blast", variant: "_attack", dies: []string{"1 Sapper c3"}, hq: [2]int{20, 19}},
		{name: "blast_medic", d: lastOption{}, dies: []string{"1 Sapper c3", "2 Medic e1"}, hq: full},
		{name: "blast_hq", d: lastOption{}, dies: []string{"2 Spitter a3"}, hq: [2]int{20, 18}},
	} {
		t.Run(sc.name+sc.variant, func(t *testing.T) { runScenario(t, sc) })
	}
}

// TestBattleAbilityReference compares the fast and the reference resolvers
// on random positions with battle abilities, under deciders that use them
// always, never and when they pay.
func TestBattleAbilityReference(t *testing.T) {
	var ab [3]*rules.Army
	for i, name := range []string{"tblast", "beta", "amber"} {
		a, err := testLoader(name)
		if err != nil {
			t.Fatal(err)
		}
		ab[i] = a
	}
	n := 20000
	if testing.Short() {
		n = 1000
	}
	rng := rand.New(rand.NewPCG(2026, 4))
	decs := []Decider{FirstOption{}, OwnerBest{}, lastOption{}}
	compareResolvers(t, rng, n, func(i int) (*rules.Army, *rules.Army) {
		x, y := ab[0], ab[1+i%2]
		if (i/2)%2 == 1 {
			return y, x
		}
		return x, y
	}, func(i int) Decider { return decs[i%3] })
}
