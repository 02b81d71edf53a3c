package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// eventsGame: player 1 plays the Events army (HQ on a1), player 2 Game A
// (HQ on e3) with its Wall (toughness 3) on e1, out of every attack's
// reach; player 1's first turn. The Wall is the only enemy unit the
// events' damage steps can pick.
func eventsGame(t *testing.T) (*Game, Hex) {
	t.Helper()
	g := setUpGame(t, loadArmy(t, "testdata/tevents.army"), loadArmy(t, "testdata/game_a.army"), 7, "a1", "e3")
	g.fresh = false
	return g, put(t, g, 1, "Wall", "e1", rules.N)
}

func wounds(g *Game, h Hex) int { return int(g.S.Cells[h].Unit.Wounds) }

// TestTurnStartFires: a turn_start trigger works at the start of each of
// its owner's turns, not of the opponent's.
func TestTurnStartFires(t *testing.T) {
	g, wall := eventsGame(t)
	put(t, g, 0, "Drummer", "c1", rules.N)
	endTurn(t, g)
	if w := wounds(g, wall); w != 0 {
		t.Fatalf("the opponent's turn start fired the trigger: the Wall has %d wounds", w)
	}
	g.fresh = false
	endTurn(t, g)
	if g.Player != 0 {
		t.Fatalf("player %d to move, want player 1", g.Player+1)
	}
	if w := wounds(g, wall); w != 1 {
		t.Fatalf("after the owner's turn start the Wall has %d wounds, want 1", w)
	}
}

// TestAfterBattleFires: an after_battle trigger works once the battle is
// over, here one the Battle instant started.
func TestAfterBattleFires(t *testing.T) {
	g, wall := eventsGame(t)
	put(t, g, 0, "Crier", "c1", rules.N)
	setHand(t, g, 0, "Battle")
	must(t, g, Action{Kind: KInstant, Slot: 0, Hex: NoHex, To: NoHex})
	if g.Battles != 1 {
		t.Fatalf("%d battles, want 1", g.Battles)
	}
	if w := wounds(g, wall); w != 1 {
		t.Fatalf("after the battle the Wall has %d wounds, want 1", w)
	}
}

// TestDestroyedFires: a destroyed trigger's steps run when the unit is
// destroyed by an instant and when it dies in a battle.
func TestDestroyedFires(t *testing.T) {
	g, wall := eventsGame(t)
	m := put(t, g, 0, "Martyr", "c1", rules.N)
	endTurn(t, g)
	g.fresh = false
	setHand(t, g, 1, "Sniper")
	must(t, g, Action{Kind: KInstant, Slot: 0, Hex: m, To: NoHex})
	if !g.S.Cells[m].Unit.Empty() {
		t.Fatal("the Sniper did not destroy the Martyr")
	}
	if w := wounds(g, wall); w != 1 {
		t.Fatalf("after the Martyr died to an instant the Wall has %d wounds, want 1", w)
	}

	// In a battle: the enemy HQ's melee kills the Martyr beside it.
	g, wall = eventsGame(t)
	m = put(t, g, 0, "Martyr", "d3", rules.N)
	if g.S.Board.Dist[m][g.S.HQ[1]] != 1 {
		t.Fatal("test set-up: d3 must touch the HQ on e3")
	}
	setHand(t, g, 0, "Battle")
	must(t, g, Action{Kind: KInstant, Slot: 0, Hex: NoHex, To: NoHex})
	if !g.S.Cells[m].Unit.Empty() {
		t.Fatal("the Martyr survived the battle")
	}
	if w := wounds(g, wall); w != 1 {
		t.Fatalf("after the Martyr died in the battle the Wall has %d wounds, want 1", w)
	}
}

// TestEveryPlacedTriggerRuns: a token with two placed triggers runs both,
// in order.
func TestEveryPlacedTriggerRuns(t *testing.T) {
	g, wall := eventsGame(t)
	setHand(t, g, 0, "Twin")
	deck := g.DeckLen[0]
	must(t, g, Action{Kind: KPlace, Slot: 0, Hex: hexOf(t, "c1"), Facing: rules.N, To: NoHex})
	if g.Phase != PhaseStep {
		t.Fatalf("phase %d after placing, want the first trigger's damage step", g.Phase)
	}
	must(t, g, Action{Kind: KStep, Hex: wall, To: NoHex})
	if w := wounds(g, wall); w != 1 {
		t.Fatalf("the first placed trigger: the Wall has %d wounds, want 1", w)
	}
	if g.HandLen[0] != 1 || g.DeckLen[0] != deck-1 {
		t.Fatalf("the second placed trigger did not draw: hand %d, deck %d (was %d)", g.HandLen[0], g.DeckLen[0], deck)
	}
}

// TestRandomGamesWithEvents plays random games of the Events army (every
// triggered event fires often) against Game A, both seats, checking the
// bookkeeping after each action.
func TestRandomGamesWithEvents(t *testing.T) {
	ev, ga := loadArmy(t, "testdata/tevents.army"), loadArmy(t, "testdata/game_a.army")
	n := 1000
	if testing.Short() {
		n = 100
	}
	var results [4]int
	for seed := uint64(0); seed < uint64(n); seed++ {
		x, y := ev, ga
		if seed%2 == 1 {
			x, y = ga, ev
		}
		results[playRandom(t, x, y, seed, nil).Result]++
	}
	if results[Ongoing] != 0 {
		t.Fatalf("%d games ended without a result", results[Ongoing])
	}
}

// TestTriggerConditions: if=destroyed_enemy fires after a battle only for a
// unit whose attack destroyed an enemy in it (not one that only wounded);
// if=adjacent_own_hq only for a unit next to its HQ (a1).
func TestTriggerConditions(t *testing.T) {
	for _, tc := range []struct {
		victim string // the enemy unit north of the Victor
		want   int    // wounds on the Wall: 1 when the trigger fired
	}{
		{"Brute", 1},  // toughness 1: the Victor's melee 1 destroys it
		{"Turret", 0}, // toughness 2: wounded, not destroyed
		{"", 0},       // nobody to hit
	} {
		g, wall := eventsGame(t)
		v := put(t, g, 0, "Victor", "c3", rules.N)
		n := g.S.Board.Nb[v][rules.N]
		if tc.victim != "" {
			put(t, g, 1, tc.victim, g.S.Board.Names[n], rules.S)
		}
		setHand(t, g, 0, "Battle")
		must(t, g, Action{Kind: KInstant, Slot: 0, Hex: NoHex, To: NoHex})
		if w := wounds(g, wall); w != tc.want {
			t.Errorf("if=destroyed_enemy against %q: the Wall has %d wounds, want %d", tc.victim, w, tc.want)
		}
	}
	for hex, want := range map[string]int{"b2": 1, "c3": 0} {
		g, wall := eventsGame(t)
		put(t, g, 0, "Aide", hex, rules.N)
		endTurn(t, g)
		g.fresh = false
		endTurn(t, g)
		if w := wounds(g, wall); w != want {
			t.Errorf("if=adjacent_own_hq with the Aide on %s: the Wall has %d wounds, want %d", hex, w, want)
		}
	}
}
