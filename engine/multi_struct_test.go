package engine

import (
	"strings"
	"testing"
)

// structMultiPos is a 4-player position with player 1's Structure (Gun on
// c2, shooting away to the SE, Hatch on c3) and player 3's Filler on c1
// turning its melee edge to the Gun; player 3 holds a hand that pays for
// its own Structure.
const structMultiPos = `armies struct game_b struct game_b
MODE
1 HQ a1 N
1 Gun c2 SE
1 Hatch c3 S
3 Filler c1 S
3 HQ a3 N
2 HQ e3 N
4 HQ e1 N
EXTRA
hand 3 Filler Filler Filler
turn 3
`

func structMulti(t *testing.T, mode, extra string) (*State, *Piles) {
	t.Helper()
	src := strings.NewReplacer("MODE", mode, "EXTRA", extra).Replace(structMultiPos)
	s, piles, err := ParseSetup("m.pos", []byte(src), testLoader)
	if err != nil {
		t.Fatalf("%s / %s: %v", mode, extra, err)
	}
	return s, piles
}

// Structures in a game of four ("Struktur można używać w grach dla 2, 3
// oraz 4 graczy"): an ally's unit does not attack player 1's Structure, an
// enemy's does (the same position in ffa), the enemy's blow that kills the
// Hatch takes the Gun off the board with it, and in a game from the
// position player 3 may still place its own Structure while player 1,
// whose Structure stands, may not place another.
func TestStructureMultiplayer(t *testing.T) {
	c2, c3 := Hex(0), Hex(0)
	wounds := func(mode, extra string) (gun, hatch int, s *State) {
		s, _ = structMulti(t, mode, extra)
		c2, _ = s.Board.Hex("c2")
		c3, _ = s.Board.Hex("c3")
		var r Resolver
		r.Resolve(s, OwnerBest{}, nil)
		gun, hatch = -1, -1
		if u := s.Cells[c2].Unit; !u.Empty() {
			gun = int(u.Wounds)
		}
		if u := s.Cells[c3].Unit; !u.Empty() {
			hatch = int(u.Wounds)
		}
		return gun, hatch, s
	}
	if gun, hatch, _ := wounds("mode teams\nteams 1+3 2+4", ""); gun != 0 || hatch != 0 {
		t.Errorf("teams: the Gun has %d wounds, the Hatch %d; want 0, 0 (player 3 is player 1's ally)", gun, hatch)
	}
	if gun, hatch, _ := wounds("mode ffa", ""); gun != 1 || hatch != 0 {
		t.Errorf("ffa: the Gun has %d wounds, the Hatch %d; want 1, 0 (player 3's Filler hits the Gun)", gun, hatch)
	}
	gun, hatch, s := wounds("mode teams\nteams 1+3 2+4", "4 Fighter c4 N")
	if gun != -1 || hatch != -1 {
		t.Errorf("teams, player 4's Fighter on c4: the Gun %d, the Hatch %d; want both gone (-1): the Hatch's death removes the Structure", gun, hatch)
	}
	if c1, _ := s.Board.Hex("c1"); s.Cells[c1].Unit.Empty() {
		t.Errorf("player 3's Filler was destroyed; nothing of its enemies reaches c1")
	}

	// A game from the position: player 3's turn, after its draw.
	s, piles := structMulti(t, "mode teams\nteams 1+3 2+4", "")
	g, err := newGameFrom(s, piles, 1, FirstOption{})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Config().Structures || g.StructPlaced != 1 {
		t.Fatalf("Structures %v, StructPlaced %b; want true, 1 (player 1's on the board)", g.Config().Structures, g.StructPlaced)
	}
	if g.Player != 2 || g.Phase != PhaseDiscard {
		t.Fatalf("player %d phase %d; want player 3's discard", g.Player+1, g.Phase)
	}
	var st *Action
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KStructure {
			st = &a
			break
		}
	}
	if st == nil {
		t.Fatalf("player 3 is offered no Structure")
	}
	if err := g.Apply(*st, FirstOption{}); err != nil {
		t.Fatal(err)
	}
	if g.StructPlaced != 1|1<<2 {
		t.Errorf("StructPlaced %b after player 3's placement; want 101", g.StructPlaced)
	}
	if err := checkStructures(g); err != nil {
		t.Error(err)
	}
}
