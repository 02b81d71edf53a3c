package engine

import (
	"strings"
	"testing"
)

// A position places a Structure as two unit lines, one for each part, on
// adjacent hexes: the battle plays them as one unit (the Hatch's death
// takes the Gun with it), and a game from the position goes on in the
// Structures variant with player 1's Structure placed (docs/positions.md).
func TestPositionStructure(t *testing.T) {
	src := "armies struct game_b\n1 HQ a1 N\n1 Gun c2 N\n1 Hatch c3 S\n2 HQ e3 N\n2 Fighter c4 N\n2 Gunner b3 SE\n"
	s, piles, err := ParseSetup("s.pos", []byte(src), testLoader)
	if err != nil {
		t.Fatalf("%v", err)
	}
	c2, _ := s.Board.Hex("c2")
	c3, _ := s.Board.Hex("c3")
	if MateOn(s, c2) != c3 || MateOn(s, c3) != c2 {
		t.Fatalf("the parts on c2 and c3 are not paired")
	}
	if !piles.Structures {
		t.Fatalf("a Structure on the board does not imply the variant")
	}
	g, err := newGameFrom(s, piles, 1, FirstOption{})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Config().Structures || g.StructPlaced != 1 {
		t.Fatalf("game from the position: Structures %v, StructPlaced %b; want true, 1", g.Config().Structures, g.StructPlaced)
	}
	// Without a Structure on the board, no variant is implied.
	_, piles, err = ParseSetup("p.pos", []byte("armies struct game_b\n1 HQ a1 N\n2 HQ e3 N\n"), testLoader)
	if err != nil || piles.Structures {
		t.Fatalf("plain position: err %v, Structures %v", err, piles != nil && piles.Structures)
	}
}

// The mistakes of a Structure in a position are refused with a message
// that says what is wrong.
func TestPositionStructureErrors(t *testing.T) {
	const head = "armies struct game_b\n1 HQ a1 N\n2 HQ e3 N\n"
	for _, c := range []struct{ body, want string }{
		{"1 Gun c2 N\n", `"Gun" is a part of the Structure "Fort": its other part "Hatch" must stand on a hex next to c2`},
		{"1 Gun c2 N\n1 Hatch c4 N\n", `its other part "Hatch" must stand on a hex next to c2`},
		{"1 Gun c2 N\n1 Hatch c3 N\n1 Gun b1 N\n", `a player places one Structure, with one of each part`},
		{"1 Gun c2 N\n1 Hatch c3 N\n1 \"Bulk A\" e1 N\n1 \"Bulk B\" e2 N\n", `player 1 already places the Structure "Fort" (line 4); a player places one Structure a game, not also "Bulk"`},
		{"2 Gun c2 N\n", `army "Game B" has no token "Gun"`},
		{"1 Gun c2 N\n2 Fighter c3 N\n", `its other part "Hatch" must stand on a hex next to c2`},
	} {
		_, _, err := ParseSetup("s.pos", []byte(head+c.body), testLoader)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v; want one with %q", c.body, err, c.want)
		}
	}
}
