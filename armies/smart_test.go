package armies_test

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

func TestSmartSignatures(t *testing.T) {
	runSignatures(t, []signature{
		// Mother: the Gauss Cannon fires in segment 2 and again in segment 1;
		// the Blocker and the Moloch HQ in its line take 1 wound each time.
		{name: "smart_mother", hq: [2]int{20, 18}},
		// Gauss Cannon: every enemy in the line (the Hybrid dies), the armored
		// Juggernaut takes nothing but the shot goes on to the HQ; the
		// Officer's ranged +1 does not raise it.
		{name: "smart_gauss", dies: []string{"2 Hybrid c3"}, hq: [2]int{20, 19}},
	})
}

// Transporter (001): "w momencie wystawiania Żetonów na planszę gracz
// dowodzący armią Smarta może zdjąć z planszy Transporter i w jego miejsce
// położyć jeden ze swoich zagrywanych żetonów planszy. Jeśli Transporter
// otrzymał wcześniej jakąś ranę, nie przechodzi ona na żeton, na który
// Transporter jest podmieniany."
func TestSmartTransporterSwap(t *testing.T) {
	g := newGame(t, "smart", "moloch", "a1", "e3")
	tr := put(t, g, 0, "Transporter", "c3", rules.N)
	g.S.Cells[tr].Unit.Wounds = 1
	ti := g.S.Armies[0].Lookup("Transporter")
	setHand(t, g, 0, "Cyborg")
	apply(t, g, place(0, tr, rules.SE), nil)
	u := g.S.Cells[tr].Unit
	if unitAt(t, g, "c3") != "Cyborg" || u.Wounds != 0 || u.Facing != rules.SE || u.Owner != 0 {
		t.Fatalf("c3 holds %q with %d wounds: want the Cyborg, unhurt, facing SE", unitAt(t, g, "c3"), u.Wounds)
	}
	if g.Discarded[0][ti] != 1 || g.HandLen[0] != 0 {
		t.Fatalf("the Transporter goes to the discard (%d), the Cyborg leaves the hand (%d held)", g.Discarded[0][ti], g.HandLen[0])
	}
	// Only its owner swaps it: the opponent cannot place onto a Smart Transporter.
	put(t, g, 0, "Transporter", "c2", rules.N)
	apply(t, g, endTurn(), nil)
	c2 := hexAt(t, "c2")
	if n := countLegal(g, func(a engine.Action) bool { return a.Kind == engine.KPlace && a.Hex == c2 }); n != 0 {
		t.Fatalf("the opponent may place on the Transporter (%d actions)", n)
	}
}

// Bio-droid (001): "jeśli Bio-droid zginie, automatycznie wraca on na górę
// stosu Żetonów gracza dowodzącego Smartem. Gdy gracz będzie dociągał
// żetony, pierwszy na rękę trafi Bio-droid."
func TestSmartBioDroidBackOnDeck(t *testing.T) {
	// Destroyed by the Hegemony Sniper: on top of the Smart deck, drawn first.
	g := newGame(t, "hegemony", "smart", "a1", "e3")
	bio := g.S.Armies[1].Lookup("Bio-droid")
	h := put(t, g, 1, "Bio-droid", "c3", rules.N)
	setHand(t, g, 0, "Sniper")
	n := g.DeckLen[1]
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: h, To: engine.NoHex}, nil)
	if unitAt(t, g, "c3") != "" || deckTop(g, 1) != "Bio-droid" || g.DeckLen[1] != n+1 || g.Discarded[1][bio] != 0 {
		t.Fatalf("sniped Bio-droid: c3 %q, Smart deck top %q (%d, was %d), discarded %d", unitAt(t, g, "c3"), deckTop(g, 1), g.DeckLen[1], n, g.Discarded[1][bio])
	}
	apply(t, g, endTurn(), nil)
	if g.Player != 1 || g.HandLen[1] != 2 || int(g.Hand[1][0]) != bio {
		t.Fatalf("Smart's turn 2: the first token drawn must be the Bio-droid (player %d, %d held)", g.Player+1, g.HandLen[1])
	}

	// Destroyed in a battle: the Runner strikes it in segment 2.
	g = newGame(t, "hegemony", "smart", "a1", "e3")
	put(t, g, 0, "Runner", "c2", rules.S)    // melee on c3
	put(t, g, 1, "Bio-droid", "c3", rules.N) // shoots NE (d2) and S (c4): nobody
	setHand(t, g, 0, "Battle")
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: engine.NoHex, To: engine.NoHex}, nil)
	if unitAt(t, g, "c3") != "" || unitAt(t, g, "c2") != "Runner" {
		t.Fatal("the Runner must destroy the Bio-droid and survive")
	}
	if g.Player != 1 || g.HandLen[1] == 0 || int(g.Hand[1][0]) != bio || g.Discarded[1][bio] != 0 {
		t.Fatalf("after the battle Smart draws the Bio-droid first (player %d, %d held, discarded %d)", g.Player+1, g.HandLen[1], g.Discarded[1][bio])
	}
}

// Smart HQ (001): "każda sąsiadująca ze Sztabem własna jednostka może wykonać
// dodatkowy ruch i/lub obrót w identyczny sposób, jakby miała cechę
// Mobilność. Jednostka może wykonać nawet taki ruch, po którym już nie będzie
// sąsiadowała ze Sztabem. Sztab nie może poruszyć sam siebie." and "Gracz
// może w tej samej turze poruszyć ten sam żeton korzystając kolejno z
// wszystkich dostępnych możliwości, np. cechy specjalnej Sztabu, Żetonu
// natychmiastowego Ruch, jak i Mobilności samego żetonu."
func TestSmartHQMoves(t *testing.T) {
	g := newGame(t, "smart", "moloch", "c3", "e3")
	hq := hexAt(t, "c3")
	tr := put(t, g, 0, "Transporter", "c2", rules.N) // own Mobility, beside the HQ
	cy := put(t, g, 0, "Cyborg", "d3", rules.N)      // no mobility, beside the HQ
	far := put(t, g, 0, "Ripper", "a1", rules.N)     // not beside the HQ
	if abilityUses(g, hq, engine.AbMove)+abilityUses(g, hq, engine.AbGrantedMove) != 0 {
		t.Fatal("the HQ cannot move itself")
	}
	if abilityUses(g, far, engine.AbGrantedMove) != 0 {
		t.Fatal("a unit away from the HQ gets no move")
	}
	// The Cyborg leaves the HQ with the HQ's move (e2 does not touch c3).
	if abilityUses(g, cy, engine.AbMove) != 0 || abilityUses(g, cy, engine.AbGrantedMove) == 0 {
		t.Fatal("the Cyborg beside the HQ has the HQ's move only")
	}
	apply(t, g, moveAction(engine.AbGrantedMove, cy, hexAt(t, "e2"), rules.NW), nil)
	if unitAt(t, g, "e2") != "Cyborg" || abilityUses(g, hexAt(t, "e2"), engine.AbGrantedMove) != 0 {
		t.Fatal("the Cyborg must stand on e2 with its move used")
	}
	// The Transporter: HQ's move (c2 -> c1), its own Mobility (c1 -> b1),
	// then the Move instant (b1 -> b2, beside the HQ again).
	apply(t, g, moveAction(engine.AbGrantedMove, tr, hexAt(t, "c1"), rules.N), nil)
	apply(t, g, moveAction(engine.AbMove, hexAt(t, "c1"), hexAt(t, "b1"), rules.N), nil)
	setHand(t, g, 0, "Move")
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: hexAt(t, "b1"), To: hexAt(t, "b2"), Facing: rules.SE}, nil)
	if unitAt(t, g, "b2") != "Transporter" || unitAt(t, g, "c2") != "" || unitAt(t, g, "c1") != "" || unitAt(t, g, "b1") != "" {
		t.Fatal("the Transporter must have moved three times, to b2")
	}
	if n := abilityUses(g, hexAt(t, "b2"), engine.AbMove) + abilityUses(g, hexAt(t, "b2"), engine.AbGrantedMove); n != 0 {
		t.Fatalf("the Transporter on b2 (beside the HQ again) has no move left this turn (%d)", n)
	}
}
