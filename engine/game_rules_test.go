package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// ruleGame is a game after set-up (HQs on hq0 and hq1; set-aside tokens on
// the first free hex) at the start of player 1's first turn.
func ruleGame(t *testing.T, hq0, hq1 string) *Game {
	t.Helper()
	return ruleGameOn(t, Standard, hq0, hq1)
}

// ruleGameOn is ruleGame on board b (of radius 2: the hexes are named alike).
func ruleGameOn(t *testing.T, b *Board, hq0, hq1 string) *Game {
	t.Helper()
	a0, a1 := testArmies(t)
	g, err := NewGame(Config{Board: b}, []*rules.Army{a0, a1}, 42)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{hq0, hq1} {
		h := hexOf(t, name)
		must(t, g, Action{Kind: KPlaceHQ, Hex: h, To: NoHex})
		for g.Phase == PhaseAside {
			must(t, g, g.LegalActions(nil)[0])
		}
	}
	if g.Turn != 1 || g.Player != 0 {
		t.Fatalf("after set-up: turn %d player %d", g.Turn, g.Player+1)
	}
	return g
}

func hexOf(t *testing.T, name string) Hex {
	t.Helper()
	h, ok := Standard.Hex(name)
	if !ok {
		t.Fatalf("no hex %s", name)
	}
	return h
}

func must(t *testing.T, g *Game, a Action) {
	t.Helper()
	if err := g.Apply(a, FirstOption{}); err != nil {
		t.Fatal(err)
	}
}

// fromDeck takes a token of type name out of player p's deck.
func fromDeck(t *testing.T, g *Game, p uint8, name string) uint8 {
	t.Helper()
	ti := g.S.Armies[p].Lookup(name)
	for i := 0; i < int(g.DeckLen[p]); i++ {
		if int(g.Deck[p][i]) == ti {
			copy(g.Deck[p][i:], g.Deck[p][i+1:g.DeckLen[p]])
			g.DeckLen[p]--
			return uint8(ti)
		}
	}
	t.Fatalf("no %q left in player %d's deck", name, p+1)
	return 0
}

// setHand replaces player p's hand (back into the deck) with tokens from the deck.
func setHand(t *testing.T, g *Game, p uint8, names ...string) {
	t.Helper()
	for i := 0; i < int(g.HandLen[p]); i++ {
		g.Deck[p][g.DeckLen[p]] = g.Hand[p][i]
		g.DeckLen[p]++
	}
	g.HandLen[p] = 0
	for _, n := range names {
		g.Hand[p][g.HandLen[p]] = fromDeck(t, g, p, n)
		g.HandLen[p]++
	}
}

// put places a token of player p from the deck on the board.
func put(t *testing.T, g *Game, p uint8, name, hex string, f rules.Dir) Hex {
	t.Helper()
	h := hexOf(t, hex)
	if err := g.S.Place(h, p, fromDeck(t, g, p, name), f); err != nil {
		t.Fatal(err)
	}
	return h
}

func count(acts []Action, keep func(Action) bool) int {
	n := 0
	for _, a := range acts {
		if keep(a) {
			n++
		}
	}
	return n
}

func endTurn(t *testing.T, g *Game) {
	t.Helper()
	if g.Phase == PhaseDiscard {
		must(t, g, Action{Kind: KDiscard, Hex: NoHex, To: NoHex})
	}
	must(t, g, Action{Kind: KEndTurn, Hex: NoHex, To: NoHex})
}

func TestFirstTurnsDraw(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	if g.HandLen[0] != 1 || g.Phase != PhasePlay {
		t.Fatalf("turn 1: player 1 holds %d (phase %d), want 1 and play", g.HandLen[0], g.Phase)
	}
	g.fresh = false // no bad draw in this test
	endTurn(t, g)
	if g.Player != 1 || g.HandLen[1] != 2 || g.Phase != PhasePlay {
		t.Fatalf("turn 2: player %d holds %d (phase %d), want player 2 with 2", g.Player+1, g.HandLen[1], g.Phase)
	}
	g.fresh = false
	endTurn(t, g)
	if g.Player != 0 || g.HandLen[0] != 3 || g.Phase != PhaseDiscard {
		t.Fatalf("turn 3: player %d holds %d (phase %d), want player 1 with 3 and a discard", g.Player+1, g.HandLen[0], g.Phase)
	}
	acts := g.LegalActions(nil)
	if count(acts, func(a Action) bool { return a.Kind != KDiscard && a.Kind != KMulligan }) != 0 {
		t.Fatalf("with 3 drawn tokens only a discard is legal, got %v", acts)
	}
}

func TestBadDraw(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	setHand(t, g, 0, "Push")
	g.fresh = true
	acts := g.LegalActions(nil)
	if count(acts, func(a Action) bool { return a.Kind == KMulligan }) != 1 {
		t.Fatalf("a hand of instants right after the draw allows the bad-draw rule: %v", acts)
	}
	deck := g.DeckLen[0]
	must(t, g, Action{Kind: KMulligan, Hex: NoHex, To: NoHex})
	if g.HandLen[0] != 1 || g.DeckLen[0] != deck-1 || g.Discarded[0][g.S.Armies[0].Lookup("Push")] != 1 {
		t.Fatalf("after the bad draw: hand %d deck %d", g.HandLen[0], g.DeckLen[0])
	}
	setHand(t, g, 0, "Dasher")
	g.fresh = true
	if count(g.LegalActions(nil), func(a Action) bool { return a.Kind == KMulligan }) != 0 {
		t.Fatal("a board token in hand: no bad draw")
	}
}

func TestBattleInstant(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	setHand(t, g, 0, "Battle")
	isBattle := func(a Action) bool { return a.Kind == KInstant }
	if count(g.LegalActions(nil), isBattle) != 1 {
		t.Fatal("battle instant not playable")
	}
	must(t, g, Action{Kind: KInstant, Hex: NoHex, To: NoHex})
	if g.Battles != 1 || g.Player != 1 || g.Turn != 2 {
		t.Fatalf("battle instant: battles %d, player %d, turn %d; want 1 battle and player 2's turn", g.Battles, g.Player+1, g.Turn)
	}
	setHand(t, g, 1, "Battle")
	g.LastDrawn = true
	if count(g.LegalActions(nil), isBattle) != 0 {
		t.Fatal("battle instant playable after a player drew the last token")
	}
}

// TestFinalBattleAndTie: after the final battle more HQ points win; a tie
// plays one more turn each and a battle on the standard board (000: "każdy z
// graczy rozgrywa jeszcze po jednej dodatkowej turze [...] Następnie
// rozgrywana jest jeszcze jedna dodatkowa Bitwa"), and is a draw at once on
// the Duel board (the Duel box: "W przypadku, gdy oba Sztaby mają tyle samo
// punktów Wytrzymałości, gra kończy się remisem.").
func TestFinalBattleAndTie(t *testing.T) {
	for _, tc := range []struct {
		board   *Board
		battles int // battles when the final battle is tied
	}{{Standard, 2}, {Duel, 1}} {
		for _, wound := range []bool{false, true} {
			g := ruleGameOn(t, tc.board, "a1", "e3")
			g.DeckLen[1] = 1 // player 2 draws the last token in turn 2
			g.Discarded[1] = [MaxArmyTokens]uint8{}
			g.fresh = false
			endTurn(t, g)
			if !g.LastDrawn || g.FinalAfter != 3 {
				t.Fatalf("%s: last token drawn in turn 2: LastDrawn %v FinalAfter %d", tc.board.Name, g.LastDrawn, g.FinalAfter)
			}
			g.fresh = false
			endTurn(t, g)
			if wound {
				g.S.Cells[g.S.HQ[1]].Unit.Wounds = 3
			}
			g.fresh = false
			endTurn(t, g) // turn 3 ends: final battle
			if g.Battles != 1 {
				t.Fatalf("%s: no final battle after turn 3", tc.board.Name)
			}
			if wound {
				if g.Result != Win1 {
					t.Fatalf("%s: player 1 has more HQ points: result %v", tc.board.Name, g.Result)
				}
				continue
			}
			if tc.battles == 1 {
				if g.Result != Draw || g.TieBreak || g.Turn != 3 {
					t.Fatalf("%s: tied final battle: result %v TieBreak %v turn %d; want a draw at once", tc.board.Name, g.Result, g.TieBreak, g.Turn)
				}
				continue
			}
			if !g.TieBreak || g.Over() || g.Turn != 4 {
				t.Fatalf("%s: tied final battle: TieBreak %v over %v turn %d; want one more turn each", tc.board.Name, g.TieBreak, g.Over(), g.Turn)
			}
			endTurn(t, g)
			endTurn(t, g)
			if g.Result != Draw || g.Battles != tc.battles {
				t.Fatalf("%s: after the extra turns and battle: %v, %d battles; want a draw after %d", tc.board.Name, g.Result, g.Battles, tc.battles)
			}
		}
	}
}

func TestHQDestroyed(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	g.S.Cells[g.S.HQ[0]].Unit.Wounds = 20
	g.S.Cells[g.S.HQ[1]].Unit.Wounds = 20
	setHand(t, g, 0, "Battle")
	must(t, g, Action{Kind: KInstant, Hex: NoHex, To: NoHex})
	if g.Result != Draw {
		t.Fatalf("both HQs at 0 after one battle: %v, want a draw", g.Result)
	}
}

func TestFullBoardBattle(t *testing.T) {
	g := ruleGame(t, "e3", "a1")
	last := hexOf(t, "c3")
	for h := Hex(0); int(h) < Standard.Size; h++ {
		if h == last || !g.S.Cells[h].Unit.Empty() {
			continue
		}
		placed := false
		for p := uint8(0); p < 2 && !placed; p++ {
			for i := 0; i < int(g.DeckLen[p]); i++ {
				ti := g.Deck[p][i]
				if tok := &g.S.Armies[p].Tokens[ti]; tok.Kind == rules.Warrior && tok.Triggers == nil {
					g.S.Place(h, p, fromDeck(t, g, p, tok.Name), 0)
					placed = true
					break
				}
			}
		}
		if !placed {
			t.Fatal("not enough warriors to fill the board")
		}
	}
	setHand(t, g, 0, "Booster")
	g.fresh = false
	must(t, g, Action{Kind: KPlace, Hex: last, To: NoHex, Facing: 0})
	if g.Battles != 1 || g.Player != 1 {
		t.Fatalf("filling the board: %d battles, player %d to move; want a battle ending the turn", g.Battles, g.Player+1)
	}
}

func TestPushRules(t *testing.T) {
	g := ruleGame(t, "e3", "a1")
	// Player 1's Brute on c3 pushes player 2's Rifleman on c2 (north).
	brute := put(t, g, 0, "Brute", "c3", rules.N)
	rifleman := put(t, g, 1, "Rifleman", "c2", rules.S)
	setHand(t, g, 0, "Push")
	g.fresh = false
	acts := g.LegalActions(nil)
	push := Action{Kind: KInstant, Hex: brute, To: rifleman}
	if count(acts, func(a Action) bool { return a == push }) != 1 {
		t.Fatalf("push c3->c2 not legal: %v", acts)
	}
	// Destinations one hex further from c3: b1, c1, d1 (those at distance 2).
	var seen int
	d := deciderFunc(func(s *State, p uint8, q Question, opts []Option) int {
		if q != QPushDestination || p != 1 {
			t.Errorf("push asked %d of player %d", q, p+1)
		}
		seen = len(opts)
		return len(opts) - 1
	})
	if err := g.Apply(push, d); err != nil {
		t.Fatal(err)
	}
	if seen != 3 {
		t.Errorf("push from c3 to c2 offered %d destinations, want 3", seen)
	}
	if !g.S.Cells[rifleman].Unit.Empty() || Standard.Dist[brute][g.S.HQ[1]] == 0 {
		t.Fatal("rifleman not moved")
	}
	// The brute's own push trait; a netted enemy cannot be pushed.
	g2 := ruleGame(t, "e3", "a1")
	brute = put(t, g2, 0, "Brute", "c3", rules.N)
	rifleman = put(t, g2, 1, "Rifleman", "c2", rules.S)
	g2.fresh = false
	ab := Action{Kind: KAbility, Slot: AbPush, Hex: brute, To: rifleman}
	if count(g2.LegalActions(nil), func(a Action) bool { return a == ab }) != 1 {
		t.Fatal("push trait not usable")
	}
	put(t, g2, 0, "Netter", "c1", rules.S) // nets c2
	if !g2.Netted(rifleman) {
		t.Fatal("netter on c1 facing S does not net c2")
	}
	if count(g2.LegalActions(nil), func(a Action) bool { return a == ab }) != 0 {
		t.Fatal("a netted unit was pushable")
	}
}

type deciderFunc func(*State, uint8, Question, []Option) int

func (f deciderFunc) Choose(s *State, p uint8, q Question, o []Option) int { return f(s, p, q, o) }

func TestNetsCancel(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	n0 := put(t, g, 0, "Netter", "c3", rules.N) // nets c2
	n1 := put(t, g, 1, "Net Caster", "c2", rules.S)
	if g.Netted(n0) || g.Netted(n1) {
		t.Fatal("two nets facing each other must cancel")
	}
	// A third netter of player 1 frees nothing but nets n1 from d1 (SW of d1 is c2).
	put(t, g, 0, "Netter", "d1", rules.SW)
	if !g.Netted(n1) || g.Netted(n0) {
		t.Fatalf("d1 nets c2 (%v); c2 then no longer nets c3 (%v)", g.Netted(n1), g.Netted(n0))
	}
}

func TestMobilityOncePerTurn(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	r := put(t, g, 0, "Dasher", "c3", rules.N)
	g.fresh = false
	isMove := func(a Action) bool { return a.Kind == KAbility && a.Slot == AbMove && a.Hex == r }
	acts := g.LegalActions(nil)
	// 6 empty neighbours x 6 facings + 5 turns in place.
	if n := count(acts, isMove); n != 6*6+5 {
		t.Fatalf("dasher on c3 has %d moves, want 41", n)
	}
	to := hexOf(t, "c2")
	must(t, g, Action{Kind: KAbility, Slot: AbMove, Hex: r, To: to, Facing: rules.S})
	if count(g.LegalActions(nil), func(a Action) bool { return a.Kind == KAbility && a.Slot == AbMove && a.Hex == to }) != 0 {
		t.Fatal("mobility used twice in one turn")
	}
}

func TestTerror(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	setHand(t, g, 0, "Terror")
	must(t, g, Action{Kind: KInstant, Hex: NoHex, To: NoHex})
	g.fresh = false
	endTurn(t, g)
	setHand(t, g, 1, "Rifleman", "Push")
	if count(g.LegalActions(nil), func(a Action) bool { return a.Kind == KPlace }) != 0 {
		t.Fatal("terror: the opponent placed a token in the next turn")
	}
	endTurn(t, g)
	endTurn(t, g)
	if g.Phase == PhaseDiscard {
		must(t, g, Action{Kind: KDiscard, Hex: NoHex, To: NoHex})
	}
	setHand(t, g, 1, "Rifleman")
	if count(g.LegalActions(nil), func(a Action) bool { return a.Kind == KPlace }) == 0 {
		t.Fatal("terror lasted more than one turn")
	}
}

// TestTerrorAllowsFoundations: terror forbids placing units only; a
// foundation is no unit and stays placeable ("nie może wystawić żadnej
// jednostki"; docs/rules.md, Terror).
func TestTerrorAllowsFoundations(t *testing.T) {
	a0, _ := testArmies(t)
	g, err := NewGame(Config{Board: Standard}, []*rules.Army{a0, a0}, 42)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a1", "e3"} {
		must(t, g, Action{Kind: KPlaceHQ, Hex: hexOf(t, name), To: NoHex})
		for g.Phase == PhaseAside {
			must(t, g, g.LegalActions(nil)[0])
		}
	}
	setHand(t, g, 0, "Terror")
	must(t, g, Action{Kind: KInstant, Hex: NoHex, To: NoHex})
	g.fresh = false
	endTurn(t, g)
	setHand(t, g, 1, "Brute", "Mine")
	placed := func(name string) int {
		ti := uint8(g.S.Armies[1].Lookup(name))
		return count(g.LegalActions(nil), func(a Action) bool { return a.Kind == KPlace && g.Hand[1][a.Slot] == ti })
	}
	if n := placed("Brute"); n != 0 {
		t.Fatalf("terror: %d placements of a warrior offered, want none", n)
	}
	if placed("Mine") == 0 {
		t.Fatal("terror: the foundation may not be placed")
	}
}

func TestBombAndGrenade(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	setHand(t, g, 0, "Bomb", "Grenade")
	acts := g.LegalActions(nil)
	if n := count(acts, func(a Action) bool { return a.Kind == KInstant && a.Slot == 0 }); n != 7 {
		t.Fatalf("bomb has %d target hexes on the standard board, want 7 (its area must stay on the board)", n)
	}
	if n := count(acts, func(a Action) bool { return a.Kind == KInstant && a.Slot == 1 }); n != 0 {
		t.Fatalf("grenade with no enemy beside the HQ: %d targets", n)
	}
	// An enemy next to the own HQ.
	var free []Hex
	hq := g.S.HQ[0]
	for d := rules.N; d <= rules.NW; d++ {
		if n := Standard.Nb[hq][d]; n != NoHex && g.S.Cells[n].Unit.Empty() {
			free = append(free, n)
		}
	}
	e := free[0]
	g.S.Place(e, 1, fromDeck(t, g, 1, "Rifleman"), 0)
	gun := put(t, g, 1, "Gunner", "c3", rules.N) // toughness 2
	acts = g.LegalActions(nil)
	if n := count(acts, func(a Action) bool { return a.Kind == KInstant && a.Slot == 1 && a.Hex == e }); n != 1 {
		t.Fatal("grenade cannot hit the enemy beside the HQ")
	}
	must(t, g, Action{Kind: KInstant, Slot: 0, Hex: gun, To: NoHex})
	if u := g.S.Cells[gun].Unit; u.Empty() || u.Wounds != 1 {
		t.Fatalf("bomb: gunner %+v, want 1 wound", u)
	}
	if !g.S.Cells[e].Unit.Empty() {
		// the bomb on c3 may have reached it; then put another
		t.Fatal("bomb on c3 hit a hex beside a1")
	}
	// The HQ netted: no grenade.
	toHQ, _ := Standard.DirTo(free[1], hq)
	nf := fromDeck(t, g, 1, "Net Caster")
	g.S.Place(free[1], 1, nf, toHQ) // its N edge (a net) faces the HQ
	if !g.Netted(g.S.HQ[0]) {
		t.Fatal("HQ not netted")
	}
	if n := count(g.LegalActions(nil), func(a Action) bool { return a.Kind == KInstant && a.Slot == 0 }); n != 0 {
		t.Fatalf("grenade playable with the own HQ netted (%d targets)", n)
	}
}

func TestMedicAbsorbsInstant(t *testing.T) {
	g := ruleGame(t, "e3", "a1")
	sh := put(t, g, 1, "Rifleman", "c3", rules.N)
	med := put(t, g, 1, "Medic", "c2", rules.S) // its N link faces c3
	setHand(t, g, 0, "Sniper")
	g.fresh = false
	must(t, g, Action{Kind: KInstant, Hex: sh, To: NoHex})
	if g.S.Cells[sh].Unit.Empty() || !g.S.Cells[med].Unit.Empty() {
		t.Fatal("sniper on a unit linked to a medic: the medic must die instead")
	}
	if g.Discarded[1][g.S.Armies[1].Lookup("Medic")] != 1 {
		t.Fatal("medic not discarded")
	}
}

func TestPullAndSwap(t *testing.T) {
	g := ruleGame(t, "e3", "a1")
	hook := put(t, g, 0, "Hook", "c3", rules.N)
	far := put(t, g, 1, "Rifleman", "c1", rules.S) // distance 2 from c3
	g.fresh = false
	pull := Action{Kind: KAbility, Slot: AbPull, Hex: hook, To: far}
	if count(g.LegalActions(nil), func(a Action) bool { return a == pull }) != 1 {
		t.Fatal("pull trait cannot reach an enemy two hexes away")
	}
	var asked int
	d := deciderFunc(func(s *State, p uint8, q Question, opts []Option) int {
		if q != QPullDestination || p != 1 {
			t.Errorf("pull asked %d of player %d", q, p+1)
		}
		asked = len(opts)
		for i, o := range opts {
			if o.Dir == rules.NE {
				return i
			}
		}
		return 0
	})
	if err := g.Apply(pull, d); err != nil {
		t.Fatal(err)
	}
	c2 := hexOf(t, "c2")
	if u := g.S.Cells[c2].Unit; u.Empty() || u.Owner != 1 || u.Facing != rules.NE {
		t.Fatalf("pulled rifleman not on c2 facing NE: %+v", u)
	}
	if asked != 6 { // only c2 is next to both; six facings
		t.Errorf("pull offered %d options, want 6", asked)
	}
	// Castling: the hook and the HQ are not adjacent; a dasher beside the hook is.
	setHand(t, g, 0, "Castling")
	run := put(t, g, 0, "Dasher", "c4", rules.N)
	sw := Action{Kind: KInstant, Hex: hook, To: run}
	if run < hook {
		sw = Action{Kind: KInstant, Hex: run, To: hook}
	}
	must(t, g, sw)
	if g.S.Armies[0].Tokens[g.S.Cells[hexOf(t, "c3")].Unit.Token].Name != "Dasher" {
		t.Fatal("swap did not exchange the units")
	}
}

func TestMine(t *testing.T) {
	g := ruleGame(t, "e3", "a1")
	mine := put(t, g, 0, "Mine", "c3", 0)
	enemy := put(t, g, 1, "Rifleman", "c2", rules.S)
	put(t, g, 0, "Brute", "c1", rules.S) // pushes c2 away from c1: to c3 (or b2/d2)
	g.fresh = false
	d := deciderFunc(func(s *State, p uint8, q Question, opts []Option) int {
		for i, o := range opts {
			if o.Hex == mine {
				return i
			}
		}
		t.Fatal("c3 not offered as push destination")
		return 0
	})
	push := Action{Kind: KAbility, Slot: AbPush, Hex: hexOf(t, "c1"), To: enemy}
	if err := g.Apply(push, d); err != nil {
		t.Fatal(err)
	}
	if !g.S.Cells[mine].Unit.Empty() || !g.S.Cells[mine].Ground.Empty() {
		t.Fatal("an enemy pushed onto a mine: both must be destroyed")
	}
	a := g.S.Armies
	if g.Discarded[0][a[0].Lookup("Mine")] != 1 || g.Discarded[1][a[1].Lookup("Rifleman")] != 1 {
		t.Fatal("mine and rifleman not discarded")
	}
}

func TestMultiStepInstant(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	g.fresh = false
	endTurn(t, g)
	// Player 2: Assault = move 1, then damage 1 (a second targeted step).
	setHand(t, g, 1, "Assault")
	sh := put(t, g, 1, "Rifleman", "c3", rules.N)
	victim := put(t, g, 0, "Dasher", "c1", rules.S)
	g.fresh = false
	must(t, g, Action{Kind: KInstant, Hex: sh, To: hexOf(t, "c2"), Facing: rules.N})
	if g.Phase != PhaseStep {
		t.Fatalf("after the move step: phase %d, want the damage step", g.Phase)
	}
	if count(g.LegalActions(nil), func(a Action) bool { return a.Kind == KEndTurn }) != 0 {
		t.Fatal("the turn cannot end in the middle of an instant")
	}
	must(t, g, Action{Kind: KStep, Hex: victim, To: NoHex})
	if g.Phase != PhasePlay || !g.S.Cells[victim].Unit.Empty() {
		t.Fatalf("damage step: phase %d, victim still there: %v", g.Phase, !g.S.Cells[victim].Unit.Empty())
	}
	if g.Discarded[1][g.S.Armies[1].Lookup("Assault")] != 1 {
		t.Fatal("instant not discarded after its last step")
	}
}

func TestHuntStrike(t *testing.T) {
	g := ruleGame(t, "e3", "a1")
	r := put(t, g, 0, "Dasher", "c4", rules.N)      // melee 1 on its N edge
	victim := put(t, g, 1, "Gunner", "c2", rules.S) // toughness 2
	setHand(t, g, 0, "Hunt")
	g.fresh = false
	c3 := hexOf(t, "c3")
	must(t, g, Action{Kind: KInstant, Hex: r, To: c3, Facing: rules.N})
	if g.Phase != PhaseStep {
		t.Fatalf("hunt: after the move, phase %d; want the strike step", g.Phase)
	}
	acts := g.LegalActions(nil)
	if count(acts, func(a Action) bool { return a.Kind == KStep && a.Hex != c3 }) != 0 {
		t.Fatal("hunt: only the unit that moved may strike")
	}
	must(t, g, Action{Kind: KStep, Hex: c3, To: NoHex, Facing: rules.N})
	if u := g.S.Cells[victim].Unit; u.Empty() || u.Wounds != 1 {
		t.Fatalf("hunt strike: gunner %+v; want 1 wound", u)
	}
}

func TestReplaceOnPlace(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	g.fresh = false
	endTurn(t, g)
	victim := put(t, g, 0, "Dasher", "c3", rules.N)
	setHand(t, g, 1, "Enforcer")
	g.fresh = false
	c5 := hexOf(t, "c5")
	must(t, g, Action{Kind: KPlace, Hex: c5, To: NoHex, Facing: rules.N})
	if g.Phase != PhaseStep {
		t.Fatalf("enforcer placed: phase %d; want its replace step", g.Phase)
	}
	if g.S.HQPoints(1) != 20 {
		t.Fatal("cost paid before the ability was used")
	}
	must(t, g, Action{Kind: KStep, Hex: victim, To: NoHex, Facing: rules.S})
	u := g.S.Cells[victim].Unit
	if u.Empty() || u.Owner != 1 || u.Facing != rules.S || !g.S.Cells[c5].Unit.Empty() {
		t.Fatalf("replace: %+v on c3; want the enforcer facing S", u)
	}
	if g.S.HQPoints(1) != 19 || g.Discarded[0][g.S.Armies[0].Lookup("Dasher")] != 1 {
		t.Fatalf("replace: HQ %d (want 19), dasher discarded %d", g.S.HQPoints(1), g.Discarded[0][g.S.Armies[0].Lookup("Dasher")])
	}
}
