package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// selGame: the Select army (HQ on hq0) against Game A (HQ on hq1, its
// Sentry set aside beside it), player 1's first turn, with the units
// listed put on the board ("1 Filler b2" = player 1's Filler on b2).
func selGame(t *testing.T, hq0, hq1 string, units ...string) *Game {
	t.Helper()
	g := setUpGame(t, loadArmy(t, "testdata/tselect.army"), loadArmy(t, "testdata/game_a.army"), 7, hq0, hq1)
	g.fresh = false
	for _, u := range units {
		var p uint8
		var name, hex string
		p, name, hex = uint8(u[0]-'1'), u[2:len(u)-3], u[len(u)-2:]
		put(t, g, p, name, hex, rules.N)
	}
	return g
}

// playHand plays (or places, on hex) the token in hand slot 0 of player 1
// with its first target, then every step's first target, d answering the
// questions.
func playHand(t *testing.T, g *Game, name string, d Decider, pick func([]Action) Action) {
	t.Helper()
	setHand(t, g, 0, name)
	var acts []Action
	for _, a := range g.LegalActions(nil) {
		if (a.Kind == KInstant || a.Kind == KPlace) && a.Slot == 0 {
			acts = append(acts, a)
		}
	}
	if len(acts) == 0 {
		t.Fatalf("%s: no legal play", name)
	}
	if err := g.Apply(pick(acts), d); err != nil {
		t.Fatal(err)
	}
	for g.Phase == PhaseStep {
		if err := g.Apply(g.LegalActions(nil)[0], d); err != nil {
			t.Fatal(err)
		}
	}
}

func first(acts []Action) Action { return acts[0] }

// unitAt names the owner and token of the unit on hex ("" when empty).
func unitAt(t *testing.T, g *Game, hex string) string {
	t.Helper()
	u := g.S.Cells[hexOf(t, hex)].Unit
	if u.Empty() {
		return ""
	}
	return string(rune('1'+u.Owner)) + " " + g.S.Tok(u).Name
}

// TestSelectorShockwave: `enemy push every within=2 of=own_hq` pushes every
// enemy unit within 2 of the own HQ one hex away from it (the farthest
// first); own units stay, and a unit with no hex farther away (on the
// board's edge) stays too.
func TestSelectorShockwave(t *testing.T) {
	for _, d := range []Decider{FirstOption{}, lastOption{}} {
		g := selGame(t, "c3", "e3", "2 Turret c2", "2 Dasher d3", "2 Brute c1", "1 Filler b2")
		playHand(t, g, "Shockwave", d, first)
		hq := hexOf(t, "c3")
		for h := Hex(0); int(h) < g.S.Board.Size; h++ {
			if u := g.S.Cells[h].Unit; !u.Empty() && u.Owner == 1 && g.S.Board.Dist[hq][h] == 1 {
				t.Errorf("%T: %s still next to the HQ on %s", d, g.S.Tok(u).Name, g.S.Board.Names[h])
			}
		}
		if unitAt(t, g, "b2") != "1 Filler" || unitAt(t, g, "c1") != "2 Brute" {
			t.Errorf("%T: own Filler on b2: %q, the Brute on the edge c1: %q", d, unitAt(t, g, "b2"), unitAt(t, g, "c1"))
		}
	}
}

// TestSelectorHook: a warrior with `on placed: enemy pull in_line` pulls one
// enemy in its line one hex toward itself; an enemy off its lines is no
// target (the enemy HQ on e3, in a line from c3, is one: a pull moves HQs
// as the rulebook's Pull does).
func TestSelectorHook(t *testing.T) {
	g := selGame(t, "a1", "e3", "2 Turret c1", "2 Brute d1")
	setHand(t, g, 0, "Hook")
	must(t, g, Action{Kind: KPlace, Slot: 0, Hex: hexOf(t, "c3"), Facing: rules.N, To: NoHex})
	if g.Phase != PhaseStep {
		t.Fatalf("the Hook's pull asks for no target (phase %d)", g.Phase)
	}
	acts := g.LegalActions(nil)
	if len(acts) != 2 || acts[0].Hex != hexOf(t, "c1") || acts[1].Hex != hexOf(t, "e3") {
		t.Fatalf("pull in_line from c3: targets %v, want the Turret on c1 and the HQ on e3 (d1 is off its lines)", acts)
	}
	must(t, g, acts[0])
	if unitAt(t, g, "c2") != "2 Turret" || unitAt(t, g, "d1") != "2 Brute" {
		t.Errorf("after the pull: c2 %q (want the Turret), d1 %q", unitAt(t, g, "c2"), unitAt(t, g, "d1"))
	}
}

// TestSelectorDecoy: `enemy swap within=2 of=own` exchanges an own unit
// with an enemy unit within 2 hexes of it, and never with one farther.
func TestSelectorDecoy(t *testing.T) {
	g := selGame(t, "a1", "e3", "1 Filler b2", "2 Turret c3", "2 Brute e1")
	setHand(t, g, 0, "Decoy")
	n := 0
	for _, a := range legalInstant(g) {
		x, r := g.S.Cells[a.Hex].Unit, g.S.Cells[a.To].Unit
		if x.Owner != 1 || r.Owner != 0 || g.S.Board.Dist[a.Hex][a.To] > 2 {
			t.Errorf("Decoy offers %s with %s", g.S.Board.Names[a.Hex], g.S.Board.Names[a.To])
		}
		n++
	}
	if n != 2 { // the Turret with the Filler and with the HQ; the Brute is 3 away from both
		t.Errorf("Decoy offers %d swaps, want 2", n)
	}
	playHand(t, g, "Decoy", FirstOption{}, func(acts []Action) Action {
		for _, a := range acts {
			if a.To == hexOf(t, "b2") {
				return a
			}
		}
		t.Fatal("no swap of the Filler")
		return acts[0]
	})
	if unitAt(t, g, "b2") != "2 Turret" || unitAt(t, g, "c3") != "1 Filler" {
		t.Errorf("after Decoy: b2 %q, c3 %q", unitAt(t, g, "b2"), unitAt(t, g, "c3"))
	}
}

// TestSelectorCharger: `on turn_start: move 1 unit=self toward=nearest_enemy`
// moves the token one hex nearer the nearest enemy at each of its owner's
// turn starts, whatever its owner picks.
func TestSelectorCharger(t *testing.T) {
	for _, d := range []Decider{FirstOption{}, lastOption{}} {
		g := selGame(t, "a1", "e3", "1 Charger b2", "2 Turret d2")
		cycle(t, g, d)
		turret := hexOf(t, "d2")
		var at Hex = NoHex
		for h := Hex(0); int(h) < g.S.Board.Size; h++ {
			if unitAt(t, g, g.S.Board.Names[h]) == "1 Charger" {
				at = h
			}
		}
		if at == NoHex || g.S.Board.Dist[at][turret] != 1 {
			t.Errorf("%T: the Charger is on %v, want next to the Turret on d2", d, at)
		}
	}
}

// TestEntryArea: `on enemy_enters: any damage 1 radius=1 at=self` hurts
// every unit around the entered hex, own units too, not only the unit that
// entered (it once did just that, as plain damage 1).
func TestEntryArea(t *testing.T) {
	g := selGame(t, "a1", "e3", "2 Turret c2", "1 Filler b2")
	put(t, g, 0, "Blast Mine", "c3", rules.N)
	endTurn(t, g)
	setHand(t, g, 1, "Brute")
	must(t, g, Action{Kind: KPlace, Slot: 0, Hex: hexOf(t, "c3"), Facing: rules.N, To: NoHex})
	for _, h := range []string{"c2", "b2", "c3"} {
		if u := g.S.Cells[hexOf(t, h)].Unit; !u.Empty() && u.Wounds == 0 {
			t.Errorf("the mine's area: the %s on %s is unhurt", g.S.Tok(u).Name, h)
		}
	}
	if c := g.S.Cells[hexOf(t, "c3")]; !c.Ground.Empty() {
		t.Error("the mine is not spent")
	}
}

// TestEntrySelector: a selector in an entry trigger measures from the
// entered hex (of=event): `damage 1 every adjacent of=event` hurts the
// enemies around it, not the unit that entered nor an own unit.
func TestEntrySelector(t *testing.T) {
	g := selGame(t, "a1", "e3", "2 Turret c2", "1 Filler b2")
	put(t, g, 0, "Shrapnel", "c3", rules.N)
	endTurn(t, g)
	setHand(t, g, 1, "Brute")
	must(t, g, Action{Kind: KPlace, Slot: 0, Hex: hexOf(t, "c3"), Facing: rules.N, To: NoHex})
	if w := wounds(g, hexOf(t, "c2")); w != 1 {
		t.Errorf("the Turret next to the entered hex has %d wounds, want 1", w)
	}
	if unitAt(t, g, "b2") != "1 Filler" || wounds(g, hexOf(t, "c3")) != 0 {
		t.Errorf("own Filler on b2: %q; the Brute that entered has %d wounds (want 0)", unitAt(t, g, "b2"), wounds(g, hexOf(t, "c3")))
	}
}

// TestSelectorGive: a give step takes a selector as every step that picks
// units: `give "Marked" every adjacent of=enemy_hq` marks every enemy unit
// next to the enemy HQ at once, and no other unit.
func TestSelectorGive(t *testing.T) {
	g := selGame(t, "a1", "e3", "2 Turret d4", "2 Brute c2", "1 Filler d3")
	playHand(t, g, "Tag", FirstOption{}, first)
	marked := map[string]bool{}
	for i := range g.S.St.In[:g.S.St.N] {
		for h := Hex(0); int(h) < g.S.Board.Size; h++ {
			if u := g.S.Cells[h].Unit; !u.Empty() && u.tag() == g.S.St.In[i].Tag {
				marked[g.S.Board.Names[h]] = true
			}
		}
	}
	if len(marked) != 2 || !marked["d4"] || !marked["e2"] {
		t.Errorf("marked %v, want the Turret on d4 and the Sentry on e2 (not the own Filler on d3, not the Brute on c2)", marked)
	}
}

// TestSideWordsMoveSteps: friend push, friend pull, enemy swap and any swap
// pick the units their side says (they were once read and ignored: own
// units pushed enemies, swapped own units).
func TestSideWordsMoveSteps(t *testing.T) {
	for _, tc := range []struct {
		instant string
		units   []string
		from    string // a unit that must have left its hex
		want    string // who stands there afterwards ("" = nobody)
	}{
		{"Shove", []string{"1 Filler c3", "1 Filler c2", "2 Turret d3"}, "c2", ""},
		{"Yank", []string{"1 Filler c3", "1 Filler c1", "2 Turret c5"}, "c1", ""},
		{"Switch", []string{"2 Turret c3", "2 Brute c2", "1 Filler b2"}, "c2", "2 Turret"},
		{"Mix", []string{"1 Filler c3", "2 Brute c2"}, "c2", "1 Filler"},
	} {
		g := selGame(t, "a1", "e3", tc.units...)
		setHand(t, g, 0, tc.instant)
		acts := legalInstant(g)
		found := false
		for _, a := range acts {
			if a.To == hexOf(t, tc.from) || (a.Hex == hexOf(t, tc.from) && (tc.instant == "Switch" || tc.instant == "Mix")) {
				found = true
				setHand(t, g, 0, tc.instant)
				must(t, g, a)
				for g.Phase == PhaseStep {
					must(t, g, g.LegalActions(nil)[0])
				}
				break
			}
		}
		if !found {
			t.Errorf("%s: no target on %s among %v", tc.instant, tc.from, acts)
			continue
		}
		if got := unitAt(t, g, tc.from); got != tc.want {
			t.Errorf("%s: %s holds %q, want %q", tc.instant, tc.from, got, tc.want)
		}
	}
}

// TestTurnStartDraw: a turn_start draw makes the hand the turn's draw fills
// hold one token more (it was once absorbed by that draw).
func TestTurnStartDraw(t *testing.T) {
	for unit, want := range map[string]uint8{"Aide": 4, "Filler": 3} {
		g := selGame(t, "a1", "e3", "1 "+unit+" c3")
		cycle(t, g, FirstOption{})
		if g.HandLen[0] != want {
			t.Errorf("with a %s: %d tokens after the draw, want %d", unit, g.HandLen[0], want)
		}
	}
}
