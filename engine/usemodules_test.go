package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// TestUseModulesScenarios: a module taken by a use_modules link works for
// the taker; a takeover facing it wins; two facing each other cancel.
func TestUseModulesScenarios(t *testing.T) {
	full := [2]int{20, 20}
	for _, sc := range []scenario{
		{name: "use_modules", dies: []string{"1 Gunner c2", "2 Gunner b3"}, hq: [2]int{19, 18}},
		{name: "use_modules_takeover", hq: full},
		{name: "use_modules_mutual", hq: full},
	} {
		t.Run(sc.name, func(t *testing.T) { runScenario(t, sc) })
	}
}

// TestUseModulesControl checks who controls what after the scenarios above.
func TestUseModulesControl(t *testing.T) {
	for _, c := range []struct {
		pos        string
		controlled []string
	}{
		{"use_modules", []string{"c3"}},
		{"use_modules_takeover", []string{"c2", "e3"}},
		{"use_modules_mutual", []string{"d2"}},
	} {
		s := loadPosition(t, c.pos)
		var r Resolver
		r.Resolve(s, FirstOption{}, nil)
		var got []string
		for h := 0; h < s.Board.Size; h++ {
			if p := s.Cells[h].Unit; !p.Empty() && p.Marks&Controlled != 0 {
				got = append(got, s.Board.Names[h])
			}
		}
		if len(got) != len(c.controlled) {
			t.Errorf("%s: controlled %v, want %v", c.pos, got, c.controlled)
			continue
		}
		for i := range got {
			if got[i] != c.controlled[i] {
				t.Errorf("%s: controlled %v, want %v", c.pos, got, c.controlled)
			}
		}
	}
}

// TestReferenceMatchesFastUseModules runs the reference check on armies with
// use_modules, takeover and the modules they take.
func TestReferenceMatchesFastUseModules(t *testing.T) {
	pairs := [][2]string{{"tthief", "amber"}, {"tthief", "beta"}, {"tthief", "tthief"}}
	loaded := loadPairs(t, pairs)
	n := 20000
	if testing.Short() {
		n = 1000
	}
	rng := rand.New(rand.NewPCG(2026, 4))
	compareResolvers(t, rng, n, alternating(loaded), firstOrBest)
}

// A module taken by a use_modules link in the turn flow works for the taker
// at once, but the taker may not turn it (only a takeover lets the taker
// turn what it takes, 001); a takeover still turns what it takes.
func TestUseModulesInTurnNotTurned(t *testing.T) {
	g, err := NewGame(Config{Board: Standard}, []*rules.Army{loadArmy(t, "testdata/tthief.army"), loadArmy(t, "testdata/amber.army")}, 5)
	if err != nil {
		t.Fatal(err)
	}
	must(t, g, PlaceHQ(hexOf(t, "a1"), rules.N))
	must(t, g, PlaceHQ(hexOf(t, "e3"), rules.N))
	g.fresh = false
	officer := put(t, g, 1, "Officer", "c3", rules.N)
	gunner := put(t, g, 1, "Gunner", "c4", rules.N)
	setHand(t, g, 0, "Thief", "Lifter")
	d := &facingDecider{f: rules.S}
	if err := g.Apply(Place(0, hexOf(t, "d2"), rules.N), d); err != nil { // the Thief links c3
		t.Fatal(err)
	}
	if u := g.S.Unit(officer); u.Controller() != 0 || u.Facing != rules.N {
		t.Fatalf("Officer after the Thief is placed: controller %d facing %s, want player 1 and N (not turned)", u.Controller()+1, u.Facing)
	}
	if len(d.asked) != 0 {
		t.Fatalf("the taker was asked to turn a module taken by use_modules")
	}
	// The Lifter (takeover, link N) on c5 takes the Gunner on c4 and turns it.
	if err := g.Apply(Place(0, hexOf(t, "c5"), rules.N), d); err != nil {
		t.Fatal(err)
	}
	if u := g.S.Unit(gunner); u.Controller() != 0 || u.Facing != rules.S || len(d.asked) != 1 {
		t.Fatalf("Gunner after the Lifter is placed: controller %d facing %s (asked %v), want player 1 and S", u.Controller()+1, u.Facing, d.asked)
	}
}
