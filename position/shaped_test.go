package position_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
)

// setupOn writes a position on one of testdata/shaped's boards (with the
// test armies beside it) and reads it as play --from does.
func setupOn(t *testing.T, pos string) (*engine.State, *engine.Piles) {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"pit.board", "pit-open.board", "shot.army", "stall.army"} {
		src, err := os.ReadFile(filepath.Join("testdata", "shaped", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(dir, "p.pos")
	if err := os.WriteFile(file, []byte(pos), 0o644); err != nil {
		t.Fatal(err)
	}
	s, piles, _, err := position.ReadSetup(file, armies.Loader{})
	if err != nil {
		t.Fatal(err)
	}
	return s, piles
}

// TestShapedShots: a line of fire ends at a hole as at the board's edge
// (the Gunner on c4 facing N does not reach c2 across the hole c3, where on
// the standard board it does), and crosses a blocked hex (b2), which holds
// no token.
func TestShapedShots(t *testing.T) {
	for _, tc := range []struct {
		name, board, gunner, target string
		hit                         bool
	}{
		{"across a hole", "pit.board", "c4", "c2", false},
		{"the same on the standard board", "standard", "c4", "c2", true},
		{"across a blocked hex", "pit.board", "b4", "b1", true},
		{"a labelled hex", "pit.board", "south", "north", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := setupOn(t, "armies shot.army shot.army\nboard "+tc.board+"\n1 HQ a2 N\n2 HQ e1 N\n1 Gunner "+tc.gunner+" N\n2 Target "+tc.target+" N\n")
			target, _ := s.Board.Hex(tc.target)
			var r engine.Resolver
			r.Resolve(s, engine.FirstOption{}, nil)
			if hit := s.Unit(target).Empty(); hit != tc.hit {
				t.Errorf("the Target on %s destroyed: %v, want %v", tc.target, hit, tc.hit)
			}
		})
	}
}

// TestShapedActions: on a board with blocked hexes no token is placed on
// one and no push ends on one (the only hex a push of d2 from c2 could end
// on, d3, is blocked: no push; on the same board without blocked hexes the
// push is offered); a Bomb (Air Strike, radius 1) must fit wholly on the
// board, and on pit every hex has a hole or the edge beside it: no target,
// where the open hexagon has seven.
func TestShapedActions(t *testing.T) {
	const pos = "armies moloch borgo\nboard %s\n1 HQ a2 N\n2 HQ e1 N\n1 Guard c2 N\n2 Mutant d2 N\n2 Mutant e2 N\nhand 1 \"Push Back\" \"Air Strike\" Blocker\nturn 1 1\n"
	for _, tc := range []struct {
		board          string
		pushes, strike int
	}{
		{"pit.board", 0, 0},
		{"pit-open.board", 1, 0},
		{"standard", 1, 7},
	} {
		t.Run(tc.board, func(t *testing.T) {
			s, piles := setupOn(t, strings.Replace(pos, "%s", tc.board, 1))
			g, err := engine.PrepareFrom(s, piles, 1)
			if err != nil {
				t.Fatal(err)
			}
			g.StartFrom(engine.FirstOption{})
			if g.Phase != engine.PhasePlay {
				t.Fatalf("phase %d, want play", g.Phase)
			}
			pushes, strikes, places := 0, 0, 0
			for _, a := range g.LegalActions(nil) {
				if a.Hex != engine.NoHex && g.S.Board.Blocked[a.Hex] || a.To != engine.NoHex && a.To >= 0 && g.S.Board.Blocked[a.To] {
					t.Errorf("an action on a blocked hex: %+v", a)
				}
				switch {
				case a.Kind == engine.KInstant && handToken(g, a.Slot) == "Push Back":
					pushes++
				case a.Kind == engine.KInstant && handToken(g, a.Slot) == "Air Strike":
					strikes++
				case a.Kind == engine.KPlace:
					places++
				}
			}
			if pushes != tc.pushes || strikes != tc.strike || places == 0 {
				t.Errorf("%d pushes, %d Air Strike targets, %d placements; want %d, %d and some", pushes, strikes, places, tc.pushes, tc.strike)
			}
		})
	}
}

func handToken(g *engine.Game, slot uint8) string {
	return g.S.Armies[g.Player].Tokens[g.Hand[g.Player][slot]].Name
}

// TestShapedFullBoard: a full board is every hex a token can stand on:
// with its two blocked hexes empty, pit is full when its 14 open hexes
// hold units, and the battle that filling it starts removes no unit, so
// the Atlas Map's rule (the board's stalemate draw) ends the game in a
// draw; one open hex left empty is no full board.
func TestShapedFullBoard(t *testing.T) {
	rocks := []string{"a2", "a3", "b1", "b3", "b4", "c1", "c2", "c4", "d1", "d2", "d4"} // with the HQs on e1 and e2, all open hexes but c5
	for _, tc := range []struct {
		name   string
		skip   string // a hex left empty besides c5
		full   bool
		result engine.Result
	}{
		{"the last open hex", "", true, engine.Draw},
		{"one more hex empty", "d4", false, engine.Ongoing},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pos := "armies stall.army stall.army\nboard pit.board\n1 HQ e1 N\n2 HQ e2 N\n"
			for i, h := range rocks {
				if h != tc.skip {
					pos += []string{"1", "2"}[i%2] + " Rock " + h + " N\n"
				}
			}
			pos += "hand 1 Rock\nturn 1 1\n"
			s, piles := setupOn(t, pos)
			g, err := engine.PrepareFrom(s, piles, 1)
			if err != nil {
				t.Fatal(err)
			}
			g.StartFrom(engine.FirstOption{})
			c5, _ := g.S.Board.Hex("c5")
			var place *engine.Action
			for _, a := range g.LegalActions(nil) {
				if a.Kind == engine.KPlace && a.Hex == c5 {
					place = &a
					break
				}
			}
			if place == nil {
				t.Fatal("no placement on c5")
			}
			if err := g.Apply(*place, engine.FirstOption{}); err != nil {
				t.Fatal(err)
			}
			if (g.Battles == 1) != tc.full || g.Result != tc.result {
				t.Errorf("%d battles, result %v; want a battle %v, result %v", g.Battles, g.Result, tc.full, tc.result)
			}
		})
	}
}

// TestShapedPositionErrors: a position names a hex by its label; a token
// on a blocked hex or a hole is a positioned error that says so.
func TestShapedPositionErrors(t *testing.T) {
	s, _ := setupOn(t, "armies shot.army shot.army\nboard pit.board\n1 HQ north N\n2 HQ south N\n")
	if h, _ := s.Board.Hex("c1"); s.Unit(h).Empty() {
		t.Error("the HQ placed on north (c1) is not on c1")
	}
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/shaped/pit.board")
	os.WriteFile(filepath.Join(dir, "pit.board"), src, 0o644)
	for _, tc := range []struct{ line, want string }{
		{"1 HQ b2 N", "p.pos:3:6: error: b2 is a blocked hex: no token is placed there"},
		{"1 HQ c3 N", "p.pos:3:6: error: c3 is a hole of the board"},
		{"1 HQ nort N", `p.pos:3:6: error: unknown hex "nort" (did you mean "north"?)`},
	} {
		file := filepath.Join(dir, "p.pos")
		os.WriteFile(file, []byte("armies moloch borgo\nboard pit.board\n"+tc.line+"\n2 HQ e1 N\n"), 0o644)
		_, _, _, err := position.ReadSetup(file, armies.Loader{})
		if err == nil {
			t.Errorf("%s: no error", tc.line)
			continue
		}
		var out strings.Builder
		out.WriteString(err.Error())
		if !strings.Contains(out.String(), tc.want) {
			t.Errorf("%s: %s\nwant %q", tc.line, out.String(), tc.want)
		}
	}
}
