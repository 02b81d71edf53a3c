package engine

import (
	"strings"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// vocabGame: the Vocab army (HQ on a1) against Game A (HQ on e3), player
// 1's first turn, with unit placed on c3 and the others as listed
// ("1 Post c1" = player 1's Post on c1).
func vocabGame(t *testing.T, unit string, others ...string) *Game {
	t.Helper()
	g := setUpGame(t, loadArmy(t, "testdata/tvocab.army"), loadArmy(t, "testdata/game_a.army"), 7, "a1", "e3")
	g.fresh = false
	put(t, g, 0, unit, "c3", rules.N)
	for _, o := range others {
		f := strings.Fields(o)
		put(t, g, uint8(f[0][0]-'1'), f[1], f[2], rules.N)
	}
	return g
}

// cycle ends player 1's turn and player 2's, d answering every question,
// so that player 1's next turn starts (and its turn_start triggers fire).
func cycle(t *testing.T, g *Game, d Decider) {
	t.Helper()
	for range 2 {
		if g.Phase == PhaseDiscard {
			if err := g.Apply(Action{Kind: KDiscard, Hex: NoHex, To: NoHex}, d); err != nil {
				t.Fatal(err)
			}
		}
		if err := g.Apply(Action{Kind: KEndTurn, Hex: NoHex, To: NoHex}, d); err != nil {
			t.Fatal(err)
		}
		g.fresh = false
	}
	if g.Player != 0 {
		t.Fatalf("player %d to move after a cycle", g.Player+1)
	}
}

// TestVocabularyWhere: where=, sides, hq and optional limit what a step may
// pick. Each case runs with the first and with the last option, so a word
// that did nothing would let one of the two pick the wrong unit.
func TestVocabularyWhere(t *testing.T) {
	if Standard.Dist[hexOf(t, "c3")][hexOf(t, "d1")] != 2 || Standard.Dist[hexOf(t, "c3")][hexOf(t, "c1")] != 2 {
		t.Fatal("test set-up: c1 and d1 must be two hexes from c3")
	}
	for _, tc := range []struct {
		unit      string
		good, bad string // the unit the step must hit, the one it must not
	}{
		{"Adj", "2 Turret c2", "2 Turret c1"},   // where=adjacent_self
		{"Liner", "2 Turret c1", "2 Turret d1"}, // where=in_line: c3, c2, c1 is a line; c3 to d1 is not
		{"Zealot", "1 Post c1", "2 Turret c2"},  // friend: an own unit, never the enemy
	} {
		for _, d := range []Decider{FirstOption{}, lastOption{}} {
			g := vocabGame(t, tc.unit, tc.good, tc.bad)
			cycle(t, g, d)
			bad := hexOf(t, strings.Fields(tc.bad)[2])
			if w := wounds(g, bad); w != 0 {
				t.Errorf("%s (%T): %s was hit (%d wounds)", tc.unit, d, tc.bad, w)
			}
			good := hexOf(t, strings.Fields(tc.good)[2])
			if w := wounds(g, good); w != 1 && !(tc.unit == "Zealot" && g.S.Cells[hexOf(t, "c3")].Unit.Empty()) {
				t.Errorf("%s (%T): %s has %d wounds, want 1", tc.unit, d, tc.good, w)
			}
		}
	}
	// where=anywhere reaches a unit two hexes away.
	g := vocabGame(t, "Roamer", "2 Turret c1")
	cycle(t, g, FirstOption{})
	if w := wounds(g, hexOf(t, "c1")); w != 1 {
		t.Errorf("where=anywhere: the Turret on c1 has %d wounds, want 1", w)
	}
	// hq lets the step hit the HQ (on e3, the last hex: the last option);
	// without it the last option is another unit (the Sentry beside it).
	g = vocabGame(t, "Sapper")
	cycle(t, g, lastOption{})
	if hq := g.S.HQPoints(1); hq != 19 {
		t.Errorf("damage 1 hq: enemy HQ at %d, want 19", hq)
	}
	g = vocabGame(t, "Roamer")
	cycle(t, g, lastOption{})
	if hq := g.S.HQPoints(1); hq != 20 {
		t.Errorf("damage 1 without hq: enemy HQ at %d, want 20", hq)
	}
	// optional: the last option declines the step, so no enemy unit (the
	// Turret, the Sentry beside the HQ) is hit; the first hits the Turret.
	for d, want := range map[Decider]int{FirstOption{}: 1, lastOption{}: 0} {
		g = vocabGame(t, "Hesitant", "2 Turret c1")
		before := enemyHarm(g)
		cycle(t, g, d)
		if got := enemyHarm(g) - before; got != want {
			t.Errorf("optional step with %T: %d wounds on enemy units, want %d", d, got, want)
		}
	}
}

// TestHeal: heal N takes up to N wounds off one own wounded unit; an HQ
// only with hq. Both the first and the last option are tried, so healing
// the HQ without hq would show.
func TestHeal(t *testing.T) {
	for _, d := range []Decider{FirstOption{}, lastOption{}} {
		g := vocabGame(t, "Mender", "1 Post c1")
		post, hq := hexOf(t, "c1"), g.S.HQ[0]
		g.S.Cells[post].Unit.Wounds = 1
		g.S.Cells[hq].Unit.Wounds = 3
		cycle(t, g, d)
		if w := wounds(g, post); w != 0 {
			t.Errorf("heal 1 (%T): the Post has %d wounds, want 0", d, w)
		}
		if w := wounds(g, hq); w != 3 {
			t.Errorf("heal 1 without hq (%T): the HQ has %d wounds, want 3", d, w)
		}
	}
	g := vocabGame(t, "Surgeon")
	hq := g.S.HQ[0]
	g.S.Cells[hq].Unit.Wounds = 3
	cycle(t, g, FirstOption{})
	if w := wounds(g, hq); w != 1 {
		t.Errorf("heal 2 hq: the HQ has %d wounds, want 1", w)
	}
	// Never below zero wounds, and an unhurt unit is no target.
	g = vocabGame(t, "Surgeon")
	g.S.Cells[hq].Unit.Wounds = 1
	cycle(t, g, FirstOption{})
	if w := wounds(g, hq); w != 0 {
		t.Errorf("heal 2 hq of 1 wound: the HQ has %d wounds, want 0", w)
	}
}

// TestVocabularyTraits: rotation, heavy, takeover_immune,
// no_battle_at_place, the armor link effect and convert to_melee.
func TestVocabularyTraits(t *testing.T) {
	c3 := hexOf(t, "c3")
	// rotation: an own-turn turn; a unit without it has none.
	g := vocabGame(t, "Spinner", "1 Post c1")
	if movesOf(g, c3, AbRotate) == 0 || movesOf(g, hexOf(t, "c1"), AbRotate) != 0 {
		t.Error("rotation: the Spinner must turn and the Post must not")
	}
	// heavy: the Wall cannot be pushed; a Turret can.
	g = vocabGame(t, "Pusher", "2 Wall c2")
	if n := movesOf(g, c3, AbPush); n != 0 {
		t.Errorf("heavy: %d pushes of the Wall offered", n)
	}
	g = vocabGame(t, "Pusher", "2 Turret c2")
	if movesOf(g, c3, AbPush) == 0 {
		t.Error("push: the Turret may not be pushed")
	}
	// takeover_immune: the takers' HQ on c2 links S onto c3; the Post there
	// is taken over (its HQ does not hit it), the Immune is not (hit, 1 wound).
	for unit, want := range map[string]uint8{"Post": 0, "Immune": 1} {
		s, log := resolveText(t, "armies takers tvocab\n1 HQ c2 N\n2 HQ e3 N\n2 "+unit+" c3 N\n", OwnerBest{})
		if u := s.Cells[c3].Unit; u.Wounds != want {
			t.Errorf("takeover_immune: the %s has %d wounds, want %d\n%s", unit, u.Wounds, want, log)
		}
	}
	// armor (link): a Shield linked to the Filler takes 1 off the Turret's
	// shot, which kills it otherwise.
	for shield, dies := range map[string]bool{"1 Shield c4 N\n": false, "": true} {
		s, log := resolveText(t, "armies tvocab game_a\n1 HQ a1 N\n2 HQ e3 N\n1 Filler c3 N\n"+shield+"2 Turret c1 S\n", OwnerBest{})
		if s.Cells[c3].Unit.Empty() != dies {
			t.Errorf("armor link %q: the Filler destroyed %v, want %v\n%s", shield, !dies, dies, log)
		}
	}
	// convert to_melee: the Gunner's shot at the armored Wall does nothing;
	// converted to a blow (the Hammer linked) it wounds it.
	for hammer, want := range map[string]uint8{"1 Hammer c4 N\n": 1, "": 0} {
		s, log := resolveText(t, "armies tvocab game_a\n1 HQ a1 N\n2 HQ e3 N\n1 Gunner c3 N\n"+hammer+"2 Wall c2 N\n", OwnerBest{})
		if w := s.Cells[hexOf(t, "c2")].Unit.Wounds; w != want {
			t.Errorf("convert to_melee %q: the Wall has %d wounds, want %d\n%s", hammer, w, want, log)
		}
	}
	// no_battle_at_place: filling the board's last hex with it starts no
	// battle; with any other unit it does.
	for last, battles := range map[string]int{"Quiet": 0, "Post": 1} {
		g := setUpGame(t, loadArmy(t, "testdata/tvocab.army"), loadArmy(t, "testdata/game_a.army"), 7, "a1", "e3")
		g.fresh = false
		var empty []Hex
		for h := Hex(0); int(h) < g.S.Board.Size; h++ {
			if g.S.Cells[h].Unit.Empty() {
				empty = append(empty, h)
			}
		}
		for _, h := range empty[1:] {
			if err := g.S.Place(h, 0, uint8(fromDeck(t, g, 0, "Filler")), rules.N); err != nil {
				t.Fatal(err)
			}
		}
		setHand(t, g, 0, last)
		must(t, g, Action{Kind: KPlace, Slot: 0, Hex: empty[0], Facing: rules.N, To: NoHex})
		if g.Battles != battles {
			t.Errorf("no_battle_at_place: the board filled by a %s gave %d battles, want %d", last, g.Battles, battles)
		}
	}
}

// enemyHarm is player 2's wounds on units other than the HQ, counting a
// removed unit as its toughness.
func enemyHarm(g *Game) int {
	n := 0
	for h := 0; h < g.S.Board.Size; h++ {
		if u := g.S.Cells[h].Unit; !u.Empty() && u.Owner == 1 && g.S.Tok(u).Kind != rules.HQ {
			n += int(u.Wounds) - int(g.S.Tok(u).Toughness)
		}
	}
	return n
}

// TestAreasAt: at= centres a damage or heal step on the enemy HQ, the own
// HQ, the token itself or a chosen hex, the area clipped to the board. The
// enemy HQ stands on e3, at the board's edge (its neighbours: d3, d4, e2),
// where a bomb's area (which must fit on the board) could never be centred.
func TestAreasAt(t *testing.T) {
	c3 := hexOf(t, "c3")
	// hurt: the enemy unit put on each hex took a wound or was destroyed.
	hurt := func(g *Game, hexes ...string) (n int) {
		for _, name := range hexes {
			if u := g.S.Cells[hexOf(t, name)].Unit; u.Empty() || u.Wounds > 0 {
				n++
			}
		}
		return n
	}
	// at=enemy_hq radius=1: every enemy unit next to the enemy HQ, not the
	// HQ itself (no hq), nothing farther away.
	g := vocabGame(t, "Bombard", "2 Turret d4", "2 Wall d3", "2 Brute c1") // the Sentry stands on e2
	cycle(t, g, FirstOption{})
	if n := hurt(g, "d4", "d3", "e2"); n != 3 || g.S.HQPoints(1) != 20 || hurt(g, "c1") != 0 {
		t.Errorf("at=enemy_hq radius=1: %d of 2  of 3 units next to the enemy HQ hit, HQ at %d, far Brute hit %d", n, g.S.HQPoints(1), hurt(g, "c1"))
	}
	// at=enemy_hq hq with no radius: the HQ itself.
	g = vocabGame(t, "Siege")
	cycle(t, g, FirstOption{})
	if hq := g.S.HQPoints(1); hq != 18 {
		t.Errorf("damage 2 at=enemy_hq hq: enemy HQ at %d, want 18", hq)
	}
	// at=self radius=1: the enemies around the token, not the token.
	g = vocabGame(t, "Pulse", "2 Turret c2", "2 Wall d3", "2 Brute c1")
	cycle(t, g, FirstOption{})
	if n := hurt(g, "c2", "d3"); n != 2 || wounds(g, c3) != 0 || hurt(g, "c1") != 0 {
		t.Errorf("at=self radius=1: %d of 2 adjacent enemies hit, token %d wounds, far Brute hit %d", n, wounds(g, c3), hurt(g, "c1"))
	}
	// at=target: any hex may be the centre, the last one (e3, the enemy
	// HQ's hex at the edge) included; a bomb that must fit cannot pick it.
	g = vocabGame(t, "Lobber", "2 Turret d4")
	cycle(t, g, lastOption{})
	if n := hurt(g, "d4", "e2"); n != 2 {
		t.Errorf("at=target on the edge hex e3: %d of 2 units next to it hit", n)
	}
	// The centres offered: a bomb that must fit has the 7 hexes whose
	// neighbours are all on the board; at=target has every hex.
	for at, want := range map[rules.At]int{rules.AtFit: 7, rules.AtTarget: g.S.Board.Size} {
		act := rules.Action{Op: rules.ActDamage, Side: rules.Enemies, Value: 1, Radius: 1, At: at}
		if n := len(g.eventOptions(&act, 0, NoHex)); n != want {
			t.Errorf("damage 1 radius=1 at=%q: %d centres offered, want %d", at, n, want)
		}
	}
	// heal radius=1 at=own_hq: every wounded own unit next to the own HQ
	// (a1), not the HQ (no hq), not the unit farther away.
	g = vocabGame(t, "Medbay", "1 Post a2", "1 Post b1")
	a2, b1, hq := hexOf(t, "a2"), hexOf(t, "b1"), g.S.HQ[0]
	for _, h := range []Hex{a2, b1, hq, c3} {
		g.S.Cells[h].Unit.Wounds = 1
	}
	cycle(t, g, FirstOption{})
	if wounds(g, a2)+wounds(g, b1) != 0 || wounds(g, hq) != 1 || wounds(g, c3) != 1 {
		t.Errorf("heal 1 radius=1 at=own_hq: Posts %d+%d wounds (want 0), HQ %d, Medbay %d (want 1 each)", wounds(g, a2), wounds(g, b1), wounds(g, hq), wounds(g, c3))
	}
}

// legalInstant lists the legal actions of the instant in hand slot 0.
func legalInstant(g *Game) []Action {
	var out []Action
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KInstant && a.Slot == 0 {
			out = append(out, a)
		}
	}
	return out
}

// TestHandSteps: recover takes a token of the own discard pile (only of
// the kind or the name it says) into the hand or onto the deck; discard N
// makes the opponent discard N of their hand; look N reorders the top of
// the own deck as its player chooses.
func TestHandSteps(t *testing.T) {
	g := vocabGame(t, "Post")
	post, shield := uint8(g.S.Armies[0].Lookup("Post")), uint8(g.S.Armies[0].Lookup("Shield"))
	g.Discarded[0][post], g.Discarded[0][shield] = 1, 1
	setHand(t, g, 0, "Salvage")
	acts := legalInstant(g)
	if len(acts) != 1 || acts[0].Token != post+1 {
		t.Fatalf("recover kind=warrior with a Post and a Shield discarded: offers %v, want the Post only", acts)
	}
	must(t, g, acts[0])
	if g.Discarded[0][post] != 0 || g.Discarded[0][shield] != 1 || g.HandLen[0] != 1 || g.Hand[0][0] != post {
		t.Errorf("recover: discards Post %d Shield %d, hand %v (%d); want the Post in hand", g.Discarded[0][post], g.Discarded[0][shield], g.Hand[0], g.HandLen[0])
	}
	// kind=: with one token of each kind discarded, each kind offers its own.
	for _, kind := range []string{"warrior", "module", "instant", "foundation"} {
		g := vocabGame(t, "Post")
		var k rules.Kind
		for i, n := range rules.KindNames {
			if n == kind {
				k = rules.Kind(i)
			}
		}
		for _, name := range []string{"Post", "Shield", "Salvage", "Pit"} {
			g.Discarded[0][g.S.Armies[0].Lookup(name)] = 1
		}
		act := rules.Action{Op: rules.ActRecover, Kinds: 1 << k}
		opts := g.eventOptions(&act, 0, NoHex)
		if len(opts) != 1 || g.S.Armies[0].Tokens[opts[0].Index-1].Kind != k {
			t.Errorf("recover kind=%s: offers %v", kind, opts)
		}
	}
	// From an event (asked as a rule question): the first option takes the
	// Post back, the last declines the optional step.
	for d, want := range map[Decider]uint8{FirstOption{}: 0, lastOption{}: 1} {
		g := vocabGame(t, "Hoarder")
		cycle(t, g, d)
		g.Discarded[0][post] = 1
		cycle(t, g, d)
		if g.Discarded[0][post] != want {
			t.Errorf("on turn_start: recover optional with %T: %d Posts discarded, want %d", d, g.Discarded[0][post], want)
		}
	}
	// name= and to=deck: the Post goes on top of the deck; with nothing
	// of that name discarded there is no target.
	g = vocabGame(t, "Post")
	g.Discarded[0][shield] = 1
	setHand(t, g, 0, "Requisition")
	if acts := legalInstant(g); len(acts) != 0 {
		t.Errorf("recover name=\"Post\" with no Post discarded: offers %v", acts)
	}
	g.Discarded[0][post] = 1
	n := g.DeckLen[0]
	acts = legalInstant(g)
	if len(acts) != 1 {
		t.Fatalf("recover name=\"Post\": offers %v", acts)
	}
	must(t, g, acts[0])
	if g.DeckLen[0] != n+1 || g.Deck[0][n] != post || g.Discarded[0][post] != 0 {
		t.Errorf("recover to=deck: deck %d→%d, top %d (want the Post, %d)", n, g.DeckLen[0], g.Deck[0][g.DeckLen[0]-1], post)
	}
	// discard 2: the opponent's hand of 3 is down to 1, two more discarded.
	g = vocabGame(t, "Post")
	setHand(t, g, 1, "Turret", "Brute", "Wall")
	before := 0
	for _, c := range g.Discarded[1] {
		before += int(c)
	}
	setHand(t, g, 0, "Extort")
	must(t, g, Action{Kind: KInstant, Slot: 0, Hex: NoHex, To: NoHex})
	after := 0
	for _, c := range g.Discarded[1] {
		after += int(c)
	}
	if g.HandLen[1] != 1 || after-before != 2 {
		t.Errorf("discard 2: the opponent holds %d tokens (want 1), %d more discarded (want 2)", g.HandLen[1], after-before)
	}
	// look 3: asked which token goes on top, then which next. The first
	// option each time keeps the order; the last puts the third token on
	// top, then the first (now the deepest) second.
	for _, d := range []Decider{FirstOption{}, lastOption{}} {
		g = vocabGame(t, "Post")
		setHand(t, g, 0, "Scout")
		top := int(g.DeckLen[0]) - 1
		// Three different tokens on top, so that every order shows.
		g.Deck[0][top], g.Deck[0][top-1], g.Deck[0][top-2] = post, shield, uint8(g.S.Armies[0].Lookup("Hammer"))
		was := [3]uint8{g.Deck[0][top], g.Deck[0][top-1], g.Deck[0][top-2]}
		if err := g.Apply(Action{Kind: KInstant, Slot: 0, Hex: NoHex, To: NoHex}, d); err != nil {
			t.Fatal(err)
		}
		now := [3]uint8{g.Deck[0][top], g.Deck[0][top-1], g.Deck[0][top-2]}
		want := was
		if _, last := d.(lastOption); last {
			want = [3]uint8{was[2], was[0], was[1]}
		}
		if now != want {
			t.Errorf("look 3 with %T: top of the deck %v, was %v, want %v", d, now, was, want)
		}
	}
}

// TestDiscardCost: cost=discard is offered only with a token in hand, and
// using the ability discards one (the player's choice) before its steps.
func TestDiscardCost(t *testing.T) {
	g := vocabGame(t, "Trader", "2 Turret c1")
	c3 := hexOf(t, "c3")
	setHand(t, g, 0)
	if n := movesOf(g, c3, AbTrigger); n != 0 {
		t.Errorf("cost=discard with an empty hand: %d uses offered", n)
	}
	setHand(t, g, 0, "Post")
	acts := count(g.LegalActions(nil), func(a Action) bool { return a.Kind == KAbility && a.Hex == c3 && a.Slot == AbTrigger })
	if acts != 1 {
		t.Fatalf("cost=discard with a token in hand: %d uses offered, want 1", acts)
	}
	post := g.S.Armies[0].Lookup("Post")
	before := g.Discarded[0][post]
	must(t, g, Action{Kind: KAbility, Slot: AbTrigger, Hex: c3, To: NoHex})
	for g.Phase == PhaseStep {
		must(t, g, g.LegalActions(nil)[0])
	}
	if g.HandLen[0] != 0 || g.Discarded[0][post] != before+1 {
		t.Errorf("after paying cost=discard: hand %d (want 0), Posts discarded %d (want %d)", g.HandLen[0], g.Discarded[0][post], before+1)
	}
	if w := wounds(g, hexOf(t, "c1")); w != 1 {
		t.Errorf("the paid ability's damage 1: the Turret has %d wounds, want 1", w)
	}
}
