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
	pairs := [][2]string{{"tthief", "alpha"}, {"tthief", "beta"}, {"tthief", "tthief"}}
	var loaded [][2]*rules.Army
	for _, p := range pairs {
		var ab [2]*rules.Army
		for i, name := range p {
			a, err := testLoader(name)
			if err != nil {
				t.Fatal(err)
			}
			ab[i] = a
		}
		loaded = append(loaded, ab)
	}
	n := 20000
	if testing.Short() {
		n = 1000
	}
	rng := rand.New(rand.NewPCG(2026, 4))
	var r Resolver
	for i := 0; i < n; i++ {
		ab := loaded[i%len(loaded)]
		x, y := ab[0], ab[1]
		if (i/len(loaded))%2 == 1 {
			x, y = y, x
		}
		start := randomPosition(rng, x, y)
		fast, slow := *start, *start
		var dec Decider = FirstOption{}
		if i%3 == 0 {
			dec = OwnerBest{}
		}
		r.Resolve(&fast, dec, nil)
		ReferenceResolve(&slow, dec)
		if fast.Cells != slow.Cells || fast.HQ != slow.HQ {
			t.Fatalf("position %d: fast and reference resolvers differ\nstart:\n%s\nfast:\n%s\nreference:\n%s",
				i, FormatPosition(start, [2]string{x.Name, y.Name}), dumpState(&fast), dumpState(&slow))
		}
	}
}
