package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// scavengerGame is a game of the rulebook-002 test armies after set-up:
// player 1's HQ on hq0, player 2's on hq1.
func scavengerGame(t *testing.T, hq0, hq1 string) *Game {
	t.Helper()
	return setUpGame(t, loadArmy(t, "testdata/tfauna.army"), loadArmy(t, "testdata/tiron.army"), 7, hq0, hq1)
}

// TestScavengerAfterBattle: after a battle the controller of a scavenger
// unit may move it to any hex without a unit, with any facing; the first
// option is to stay; a netted one is not asked.
func TestScavengerAfterBattle(t *testing.T) {
	g := scavengerGame(t, "a1", "e3")
	v := put(t, g, 0, "Kestrel", "c3", rules.N)
	a3 := hexOf(t, "a3")
	var asked []Option
	d := deciderFunc(func(s *State, p uint8, q Question, opts []Option) int {
		if q != QAfterBattleMove || p != 0 {
			t.Fatalf("asked %d of player %d", q, p+1)
		}
		asked = append([]Option(nil), opts...)
		for i, o := range opts {
			if o.To == a3 && o.Dir == rules.S {
				return i
			}
		}
		return 0
	})
	g.battle(d)
	if len(asked) == 0 || asked[0].To != v {
		t.Fatalf("scavenger not asked, or staying is not the first option: %v", asked)
	}
	// 19 hexes less the two HQs and the scavenger: 16 free, 6 facings each, plus staying.
	if len(asked) != 16*6+1 {
		t.Errorf("%d options, want %d", len(asked), 16*6+1)
	}
	if u := g.S.Cells[a3].Unit; u.Empty() || g.S.Tok(u).Name != "Kestrel" || u.Facing != rules.S || !g.S.Cells[v].Unit.Empty() {
		t.Fatalf("scavenger not moved to a3 facing S")
	}
	// FirstOption leaves it where it is.
	g.battle(FirstOption{})
	if g.S.Cells[a3].Unit.Empty() {
		t.Fatal("the first option must leave the unit in place")
	}
	// A net marker keeps it in place: nobody is asked.
	g.S.Cells[a3].Unit.Marks |= NetMarker
	g.battle(deciderFunc(func(*State, uint8, Question, []Option) int {
		t.Fatal("a netted scavenger was asked to move")
		return 0
	}))
}

// TestFlyingStrike: a melee strike outside a battle (hunt) does not wound a
// flying unit; a ranged one does.
func TestFlyingStrike(t *testing.T) {
	g := scavengerGame(t, "a1", "e3")
	v := put(t, g, 0, "Kestrel", "c3", rules.N)
	ex := put(t, g, 1, "Enforcer", "c2", rules.S) // N edge faces S: c3
	g.strike(ex, rules.S, FirstOption{})
	if u := g.S.Cells[v].Unit; u.Empty() || u.Wounds != 0 {
		t.Fatal("a melee strike wounded a flying unit")
	}
	wd := put(t, g, 1, "Jackal", "c5", rules.N) // N edge faces N: c4, c3
	g.strike(wd, rules.N, FirstOption{})
	if !g.S.Cells[v].Unit.Empty() {
		t.Fatal("a ranged strike must wound a flying unit")
	}
}
