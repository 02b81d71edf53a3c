package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

func TestParsePositionErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"armies amber beta\n1 HQ a1 N\n2 HQ a1 N\n", "p:3:6: error: two tokens on a1 (the first is on line 2)"},
		{"armies amber beta\n1 HQ a1 N\n2 HQ e3 N\n1 Gunnr c3 N\n", `p:4:3: error: army "Amber" has no token "Gunnr" (did you mean "Gunner"?)`},
		{"armies amber beta\n1 HQ a1 N\n2 HQ e3 N\n1 Gunner z3 N\n", `p:4:10: error: unknown hex "z3"`},
		{"armies amber beta\n1 HQ a1 N\n2 HQ e3 Q\n", `p:3:9: error: bad facing "Q"`},
		{"armies amber beta\n1 HQ a1 N\n2 HQ e3 N\n1 Sniper c3 N\n1 Sniper c4 N\n", `p:5:3: error: army "Amber" has 1 "Sniper"; this is copy 2`},
		{"armies amber beta\n1 HQ a1 N\n2 HQ e3 N\n1 Battle c3 N\n", `p:4:3: error: "Battle" is an instant`},
		{"armies amber beta\n1 HQ a1 N\n", "p:1:14: error: player 2 has no HQ"},
		{"armies amber beta\n1 HQ a1 N\n2 HQ e3 N\n1 Brute c3 N wounds=2\n", `p:4:14: error: "Brute" has toughness 2: 2 wounds`},
		{"armies amber beta\n1 HQ a1 N\n2 HQ e3 N\nhq 21 3\n", "p:4:4: error: player 1's HQ has toughness 20"},
		{"armies amber nosuch\n", `p:1:14: error: army "nosuch"`},
		{"1 HQ a1 N\n", "no armies line"},
		{"armies amber beta\nboard huge\n", `p:2:7: error: unknown board "huge"`},
		{"armies amber beta\n1 \"HQ a1 N\n", "p:2:3: error: unclosed quote"},
		{"armies amber beta\nbattle now\n", `unknown line "battle"`},
		{"armies amber beta\n\x7fELF\x00\x01\n", "p:2:1: error: NUL byte: this looks like a binary file"},
		{"armies amber beta\n" + strings.Repeat("{", 5000) + "\n", `unknown line "` + strings.Repeat("{", 40) + `..."`},
	} {
		_, err := ParsePosition("p", []byte(c.src), testLoader)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}

func TestParsePositionOK(t *testing.T) {
	src := "# a comment\narmies amber beta   # trailing comment\nboard standard\nhq 20 17\n1 HQ c3 N\n1 \"Gauss\" b2 SE\n2 HQ e3 n\n2 Prism d2 NW wounds=1\n"
	s, err := ParsePosition("p", []byte(src), testLoader)
	if err != nil {
		t.Fatal(err)
	}
	if s.HQPoints(0) != 20 || s.HQPoints(1) != 17 {
		t.Errorf("HQ points %d %d", s.HQPoints(0), s.HQPoints(1))
	}
	d2, _ := s.Board.Hex("d2")
	if p := s.Unit(d2); s.Tok(p).Name != "Prism" || p.Wounds != 1 || p.Facing.String() != "NW" {
		t.Errorf("d2 = %+v", p)
	}
	again, err := ParsePosition("q", []byte(FormatPosition(s, []string{"amber", "beta"})), testLoader)
	if err != nil {
		t.Fatal(err)
	}
	if again.Cells != s.Cells {
		t.Errorf("FormatPosition does not round-trip")
	}
}

func FuzzParsePosition(f *testing.F) {
	f.Add([]byte("armies amber beta\nhq 20 17\n1 HQ c3 N\n1 Gauss b2 SE\n2 HQ e3 N\n2 Prism d2 NW wounds=1\n"))
	f.Add([]byte("armies amber beta\nboard large\n1 HQ d4 N\n2 HQ a1 S\n1 \"Gunner\" g1 N\n"))
	f.Add([]byte("armies amber beta\n1 \"HQ\n\x00\xff"))
	// Positions of 3 and 4 players with pile, turn and leader lines.
	f.Add([]byte(multiSetupPos))
	f.Add([]byte("armies game_a game_b game_a\nmode one-vs-team\n1 HQ a1 N\n2 HQ e3 N\n3 HQ c1 S\nhand 3 Sniper\nturn 3 2\n"))
	f.Add([]byte("armies game_a game_b game_a game_b\nmode teams\n1 HQ a1 N\n2 HQ e3 N\n3 HQ c1 S\n4 HQ c3 N\nleader 4 Agent left=0\nleader 2 agent left=0\nturn 4\n"))
	f.Add([]byte("armies game_a game_b game_a\nmode points\nhq 3 0 19\n1 HQ a1 N\n2 HQ e3 N\n3 HQ c1 S\ndeck 2 Sniper\ndiscard 3 Battle\nleader 3 x\n"))
	// Structures: a pair on adjacent hexes, a lone part, two Structures.
	f.Add([]byte("armies struct game_b\n1 HQ a1 N\n1 Gun c2 N\n1 Hatch c3 S wounds=0 net\n2 HQ e3 N\n2 Fighter c4 N\nhand 1 Filler Filler Booster\nturn 1\n"))
	f.Add([]byte("armies struct game_b game_b\n1 HQ a1 N\n1 \"Bulk A\" b1 N\n1 \"Bulk B\" b2 S controlled=3\n2 HQ e3 N\n3 HQ c1 S\n"))
	f.Add([]byte("armies struct game_b\n1 HQ a1 N\n1 Gun c2 N\n1 Gun c3 N\n1 Left e1 N\n2 HQ e3 N\n"))
	// Used lines: an allowance's uses this turn and in the game.
	f.Add([]byte("armies tlimits tlimits\n1 HQ a1 N\n1 Gunner b2 N\n2 HQ e3 N\n2 Gunner d2 N\nused 1 Gunner on own_turn turn=1\nused 2 group \"Artillery\" turn=1\nused 1 Drummer game=1\nturn 1\n"))
	agent := leaderOf(f, `leader "Agent" { on opponent_draw: redraw }`)
	load := func(ref string) (*rules.Leader, error) {
		if strings.EqualFold(ref, "agent") {
			return agent, nil
		}
		return nil, fmt.Errorf("unknown leader %q", ref)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		s, piles, err := ParseSetup("fuzz", src, testLoader)
		if err != nil {
			return
		}
		var r Resolver
		r.Resolve(s, OwnerBest{}, nil)
		// A position that parses starts a game, or says why not: a few
		// actions from it must not panic either.
		if piles.LoadLeaders(load) != nil {
			return
		}
		g, err := newGameFrom(s, piles, 1, FirstOption{})
		if err != nil {
			return
		}
		buf := make([]Action, 0, 512)
		for range 40 {
			if buf = g.LegalActions(buf[:0]); len(buf) == 0 || g.Over() {
				return
			}
			if err := g.Apply(buf[0], FirstOption{}); err != nil {
				t.Fatalf("a legal action refused: %v", err)
			}
		}
	})
}
