package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// TestPositionAllowances: a game written after limited abilities were
// used (positiontest.FormatUsed's used lines) and read back does not get
// them again: the Gunner's own_turn (per_turn=1) and the Artillery
// group's are not offered in the turn the position starts, offered again
// in the next; the Drummer's turn_start (per_game=1) does not fire. The
// same position without its used lines offers and fires them all, so the
// lines are what holds them.
func TestPositionAllowances(t *testing.T) {
	g := limitGame(t)
	gun := put(t, g, 0, "Gunner", "b2", rules.N)
	gun2 := put(t, g, 0, "Gunner", "c2", rules.N)
	mortar := put(t, g, 0, "Mortar", "b3", rules.N)
	howitzer := put(t, g, 0, "Howitzer", "c4", rules.N)
	put(t, g, 0, "Drummer", "a2", rules.N)
	for i, hex := range []string{"d3", "d2", "d4", "e2", "d1"} { // targets for the shots, five: two die
		put(t, g, 1, []string{"Free Gunner", "Free Gunner", "Gunner", "Gunner", "Mortar"}[i], hex, rules.N)
	}
	setHand(t, g, 0)
	g.limUsed[0][indexOfLimit(t, g, "Drummer")] = 1 << 4 // fired in an earlier turn
	useAbility(t, g, gun)
	useAbility(t, g, mortar)
	uses := FormatUses(g)
	for _, want := range []string{"used 1 group Artillery turn=1\n", "used 1 Gunner on own_turn turn=1\n", "used 1 Drummer on turn_start game=1\n"} {
		if !strings.Contains(uses, want) {
			t.Errorf("the used lines lack %q:\n%s", want, uses)
		}
	}
	if strings.Contains(uses, "used 2") {
		t.Errorf("player 2 used no allowance, yet:\n%s", uses)
	}
	board := FormatPosition(&g.S, []string{"tlimits", "tlimits"})
	for _, tc := range []struct {
		name  string
		lines string
		held  bool
	}{
		{"with the used lines", uses, true},
		{"without them", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := board + tc.lines + "turn 1\n"
			s, piles, err := ParseSetup("used.pos", []byte(src), testLoader)
			if err != nil {
				t.Fatalf("%v\n%s", err, src)
			}
			hq := s.HQPoints(1)
			g2, err := newGameFrom(s, piles, 3, FirstOption{})
			if err != nil {
				t.Fatal(err)
			}
			if fired := g2.S.HQPoints(1) < hq; fired == tc.held {
				t.Errorf("the Drummer fired at the turn start: %v, want %v", fired, !tc.held)
			}
			if g2.Phase == PhaseDiscard {
				must(t, g2, Action{Kind: KDiscard, Hex: NoHex, To: NoHex})
			}
			setHand(t, g2, 0)
			g2.fresh = false
			offered := abilityHexes(g2)
			for _, h := range []Hex{gun, gun2, mortar, howitzer} {
				if got := slices.Contains(offered, h); got == tc.held {
					t.Errorf("the ability on %s offered: %v, want %v", Standard.Names[h], got, !tc.held)
				}
			}
			nextTurn(t, g2)
			nextTurn(t, g2)
			setHand(t, g2, 0)
			if offered := abilityHexes(g2); !slices.Contains(offered, gun2) || !slices.Contains(offered, howitzer) {
				t.Errorf("in the next turn the Gunner's and the Howitzer's abilities are not offered: %v", offered)
			}
		})
	}
}

// indexOfLimit is the index of the first allowance of player 1's army
// that counts a token named name.
func indexOfLimit(t *testing.T, g *Game, name string) int {
	t.Helper()
	a := g.S.Armies[0]
	ti := a.Lookup(name)
	for i := range a.Limits {
		if slices.Contains(a.Limits[i].Tokens, ti) {
			return i
		}
	}
	t.Fatalf("no allowance counts %q", name)
	return 0
}

// TestPositionAllowanceErrors: each mistake in a used line is a
// positioned error (tlimits: Gunner on own_turn per_turn=1, Drummer on
// turn_start per_game=1, group Artillery per_turn=1).
func TestPositionAllowanceErrors(t *testing.T) {
	const head = "armies tlimits tlimits\n1 HQ a1 N\n2 HQ e3 N\n"
	for _, tc := range []struct{ line, want string }{
		{"used 1 Gunner", "4:1: error: used needs a player, an allowance and its uses"},
		{"used 5 Gunner turn=1", "4:1: error: used needs a player"},
		{"used 1 Gunnr turn=1", `4:8: error: army "Rationed" has no token "Gunnr"`},
		{"used 1 Shot turn=1", `4:8: error: "Shot" has no allowance of its own`},
		{"used 1 group Artilery turn=1", `4:14: error: army "Rationed" has no group "Artilery"`},
		{"used 1 Gunner trait push turn=1", `4:15: error: "Gunner" has no allowance "trait push" (its allowances: on own_turn)`},
		{"used 1 Gunner turn=2", "4:20: error: 2 uses, but the allowance is per_turn=1"},
		{"used 1 Gunner on own_turn game=1", "4:27: error: the allowance has no per_game=: game=N does not apply to it"},
		{"used 1 Drummer game=9", "4:21: error: 9 uses, but the allowance is per_game=1"},
		{"used 1 Drummer game=x", `4:21: error: game=N is a number of uses from 0, not "x"`},
		{"used 1 Drummer game=1 game=1", `4:23: error: after the allowance only turn=N and game=N may follow, once each; not "game=1"`},
		{"used 1 Drummer left=1", `4:16: error: after the allowance only turn=N and game=N may follow`},
		{"used 2 group Artillery turn=1\nused 2 Mortar turn=1", "5:8: error: \"Mortar\" has no allowance of its own"},
		{"used 2 group Artillery turn=1\nused 2 group artillery turn=1", "5:8: error: the uses of this allowance of player 2 given twice (first on line 4)"},
		{"used 3 Gunner turn=1", "4:1: error: the armies line names 2 players; this line names player 3"},
	} {
		_, _, err := ParseSetup("used.pos", []byte(head+tc.line+"\n"), testLoader)
		if err == nil || !strings.Contains(err.Error(), "used.pos:"+tc.want) {
			t.Errorf("%q: %v, want %q", tc.line, err, tc.want)
		}
	}
}
