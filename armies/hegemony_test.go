package armies_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

func TestHegemonySignatures(t *testing.T) {
	runSignatures(t, []signature{
		// Quartermaster: the Runner's melee becomes a shot of 1 + the HQ's
		// melee +1 (both bonuses count for the shot) and destroys the
		// Protector two hexes away before it fires.
		{name: "hegemony_quartermaster", dies: []string{"2 Protector c1"}, hq: [2]int{20, 20}},
		// Universal Soldier: melee 1 and ranged 1 from one edge, 2 wounds on
		// the adjacent Stormtrooper (toughness 2) in segment 3.
		{name: "hegemony_universal", dies: []string{"2 Stormtrooper b2"}, hq: [2]int{20, 20}},
		// HQ: +1 melee to the adjacent Runner (2 wounds, the Protector dies),
		// none to the HQ itself (1 wound on the Blocker, which survives).
		{name: "hegemony_hq", dies: []string{"2 Protector c1"}, hq: [2]int{20, 20}},
		// Net Master: nets both Hybrids through segment 3 and strikes the
		// Ripper in segment 2; the Ripper and the Net Master trade blows.
		{name: "hegemony_netmaster", dies: []string{"1 Net Master c3", "2 Ripper c4"}, hq: [2]int{20, 20}},
	})
}

// Transport (001): "każda połączona z Transportem własna jednostka może
// wykonać dodatkowy ruch i/lub obrót w identyczny sposób, jakby miała cechę
// Mobilność. Sąsiednie jednostki mogą się poruszyć od razu, w momencie
// wystawienia Transportu na planszę. Jednostka może wykonać nawet taki ruch,
// po którym już nie będzie sąsiadowała z Transportem. Transport nie może
// poruszać sam siebie."
func TestHegemonyTransport(t *testing.T) {
	g := newGame(t, "hegemony", "moloch", "a1", "e3")
	ganger := put(t, g, 0, "Ganger", "c2", rules.N) // no mobility of its own
	runner := put(t, g, 0, "Runner", "d3", rules.N) // mobility
	if abilityUses(g, ganger, engine.AbMove)+abilityUses(g, ganger, engine.AbGrantedMove) != 0 {
		t.Fatal("the Ganger cannot move before the Transport is there")
	}
	// The Transport is placed on c3, beside both, and they may move at once.
	setHand(t, g, 0, "Transport")
	apply(t, g, place(0, hexAt(t, "c3"), rules.N), nil)
	transport := hexAt(t, "c3")
	if abilityUses(g, transport, engine.AbMove)+abilityUses(g, transport, engine.AbGrantedMove) != 0 {
		t.Fatal("the Transport cannot move itself")
	}
	if abilityUses(g, ganger, engine.AbMove) != 0 || abilityUses(g, ganger, engine.AbGrantedMove) == 0 {
		t.Fatal("the Ganger linked to the Transport has the granted move only")
	}
	// The Ganger leaves the link: c1 does not touch c3.
	apply(t, g, moveAction(engine.AbGrantedMove, ganger, hexAt(t, "c1"), rules.S), nil)
	if unitAt(t, g, "c1") != "Ganger" || g.S.Cells[hexAt(t, "c1")].Unit.Facing != rules.S {
		t.Fatal("the Ganger must stand on c1 facing S")
	}
	if abilityUses(g, hexAt(t, "c1"), engine.AbGrantedMove) != 0 {
		t.Fatal("the granted move is once per turn")
	}
	// The Runner: the Transport's move (to d2, still linked), then its own
	// Mobility (to e1): two moves in one turn.
	if abilityUses(g, runner, engine.AbMove) == 0 || abilityUses(g, runner, engine.AbGrantedMove) == 0 {
		t.Fatal("the Runner linked to the Transport has its own and the granted move")
	}
	apply(t, g, moveAction(engine.AbGrantedMove, runner, hexAt(t, "d2"), rules.N), nil)
	if abilityUses(g, hexAt(t, "d2"), engine.AbGrantedMove) != 0 {
		t.Fatal("the granted move was used; the Runner is still linked but gets no second")
	}
	apply(t, g, moveAction(engine.AbMove, hexAt(t, "d2"), hexAt(t, "e1"), rules.N), nil)
	if unitAt(t, g, "e1") != "Runner" || unitAt(t, g, "d3") != "" || unitAt(t, g, "d2") != "" {
		t.Fatal("the Runner must end on e1")
	}
	if abilityUses(g, hexAt(t, "e1"), engine.AbMove) != 0 {
		t.Fatal("the Runner's own move was used")
	}
}

// Two Transports linked to one unit give two separate moves, one each, never
// one longer move ("nie sumują (nie kumulują) się i każdy z nich działa
// niezależnie", Neuroshima Hex 3.0 core rules, Modules).
func TestHegemonyTransportsGiveSeparateMoves(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "two-transports.army")
	src := `army "Hegemony, two Transports" extends "hegemony" {
    size 36
    module "Transport" {
        count 2
    }
}
`
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	g := newGame(t, p, "moloch", "a1", "e3")
	put(t, g, 0, "Transport", "c2", rules.N)
	put(t, g, 0, "Transport", "c4", rules.N)
	ganger := put(t, g, 0, "Ganger", "c3", rules.N)
	if n := abilityUses(g, ganger, engine.AbGrantedMove); n == 0 {
		t.Fatal("the Ganger between two Transports may move")
	}
	apply(t, g, moveAction(engine.AbGrantedMove, ganger, ganger, rules.S), nil) // turn in place: one Transport's move
	if n := abilityUses(g, ganger, engine.AbGrantedMove); n == 0 {
		t.Fatal("the second Transport gave no move of its own")
	}
	for _, a := range g.LegalActions(nil) {
		if a.Kind == engine.KAbility && a.Slot == engine.AbGrantedMove && a.Hex == ganger && g.S.Board.Dist[ganger][a.To] > 1 {
			t.Fatalf("a granted move goes %d hexes: the Transports' moves added up", g.S.Board.Dist[ganger][a.To])
		}
	}
	apply(t, g, moveAction(engine.AbGrantedMove, ganger, ganger, rules.N), nil)
	if n := abilityUses(g, ganger, engine.AbGrantedMove) + abilityUses(g, ganger, engine.AbMove); n != 0 {
		t.Fatalf("two Transports gave a third move (%d actions)", n)
	}
}
