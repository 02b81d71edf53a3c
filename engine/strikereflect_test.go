package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// reflectGame: Game A (with a hunt instant) against testdata/tiron.army (Prism:
// ranged 1 on N, reflection on S), Game A to play with Hunt in hand.
func reflectGame(t *testing.T) *Game {
	t.Helper()
	g := setUpGame(t, loadArmy(t, "testdata/game_a.army"), loadArmy(t, "testdata/tiron.army"), 5, "a1", "e3")
	setHand(t, g, 0, "Hunt")
	g.fresh = false
	return g
}

// hunt plays Hunt without its move: the unit on h strikes towards dir.
func hunt(t *testing.T, g *Game, h Hex, dir rules.Dir) {
	t.Helper()
	must(t, g, Action{Kind: KInstant, Hex: NoHex, To: NoHex})
	must(t, g, Action{Kind: KStep, Hex: h, To: NoHex, Facing: dir})
}

// TestStrikeReflected: an instant's strike (hunt) is an attack, so a
// reflecting edge sends it back one hex like a battle attack ("Odbicie
// chroni jednostkę przed wszelkimi atakami", 002): the striking Dasher is
// destroyed, the Prism is unhurt. A shot from a Turret is reflected too.
// A netted reflector does not reflect ("Jeśli jednostka z Odbiciem jest
// zasieciowana, wtedy jej Odbicie nie działa", 002).
func TestStrikeReflected(t *testing.T) {
	g := reflectGame(t)
	dasher := put(t, g, 0, "Dasher", "c3", rules.N)
	prism := put(t, g, 1, "Prism", "c2", rules.N) // reflecting S edge faces c3
	hunt(t, g, dasher, rules.N)
	if !g.S.Cells[dasher].Unit.Empty() || g.S.Cells[prism].Unit.Empty() {
		t.Fatalf("melee strike on the reflecting edge: dasher gone %v, prism gone %v; want the dasher destroyed",
			g.S.Cells[dasher].Unit.Empty(), g.S.Cells[prism].Unit.Empty())
	}

	g = reflectGame(t)
	turret := put(t, g, 0, "Turret", "c3", rules.N) // toughness 2, ranged 1 on N and S
	prism = put(t, g, 1, "Prism", "c2", rules.N)
	hunt(t, g, turret, rules.N)
	if u := g.S.Cells[turret].Unit; u.Empty() || u.Wounds != 1 || g.S.Cells[prism].Unit.Empty() {
		t.Fatalf("shot on the reflecting edge: turret %+v, prism gone %v; want 1 wound on the turret", u, g.S.Cells[prism].Unit.Empty())
	}

	g = reflectGame(t)
	dasher = put(t, g, 0, "Dasher", "c3", rules.N)
	prism = put(t, g, 1, "Prism", "c2", rules.N)
	g.S.Cells[prism].Unit.Marks |= NetMarker
	hunt(t, g, dasher, rules.N)
	if g.S.Cells[dasher].Unit.Empty() || !g.S.Cells[prism].Unit.Empty() {
		t.Fatal("a netted Prism does not reflect: the Prism should be destroyed, the Dasher unhurt")
	}
}
