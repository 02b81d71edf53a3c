package engine

import "testing"

// A Structure's part with Agony attacks in agony when the Structure is
// destroyed by a blow to its other part (docs/rules.md, "Structures",
// agony): the Fighter on c1 kills the Shell on c2 in segment 3, which
// destroys the Structure, so the Husk on c3 (agony only, itself unhurt)
// strikes the Gunner on c4. Without the Fighter nothing dies and the Husk
// never attacks. Both resolvers agree.
func TestStructureAgonyOfMate(t *testing.T) {
	const head = "armies tagony game_b\n1 HQ a1 N\n2 HQ e3 N\n1 Shell c2 SE\n1 Husk c3 S\n2 Gunner c4 SE\n"
	for _, c := range []struct {
		name, extra string
		gunner      int // the Gunner's wounds after the battle
		gone        bool
	}{
		{"mate killed", "2 Fighter c1 S\n", 1, true},
		{"no blow", "", 0, false},
	} {
		for _, res := range []struct {
			name    string
			resolve func(*State)
		}{
			{"fast", func(s *State) { new(Resolver).Resolve(s, OwnerBest{}, nil) }},
			{"reference", func(s *State) { ReferenceResolve(s, OwnerBest{}) }},
		} {
			s, err := ParsePosition("agony.pos", []byte(head+c.extra), testLoader)
			if err != nil {
				t.Fatal(err)
			}
			res.resolve(s)
			c2, _ := s.Board.Hex("c2")
			c3, _ := s.Board.Hex("c3")
			c4, _ := s.Board.Hex("c4")
			if gone := s.Cells[c2].Unit.Empty() && s.Cells[c3].Unit.Empty(); gone != c.gone {
				t.Errorf("%s, %s resolver: Structure gone %v, want %v", c.name, res.name, gone, c.gone)
			}
			if g := s.Cells[c4].Unit; g.Empty() || int(g.Wounds) != c.gunner {
				t.Errorf("%s, %s resolver: the Gunner on c4 is %+v; want it with %d wounds", c.name, res.name, g, c.gunner)
			}
		}
	}
}
