package engine

import (
	"strings"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// linksGame is a game of the links test army against itself after set-up
// (HQs on hq0 and hq1), at the start of player 1's first turn.
func linksGame(t *testing.T, hq0, hq1 string) *Game {
	t.Helper()
	a := loadArmy(t, "testdata/tlinks.army")
	g := setUpGame(t, a, a, 7, hq0, hq1)
	g.fresh = false // no bad draw in these tests
	return g
}

func movesOf(g *Game, h Hex, slot uint8) int {
	return count(g.LegalActions(nil), func(a Action) bool { return a.Kind == KAbility && a.Slot == slot && a.Hex == h })
}

// A unit linked to a token that grants mobility gets a move of its own,
// besides its own mobility, even one that takes it out of the link (001:
// the HQ ability, a Move instant and the unit's own Mobility may all be used
// in one turn; docs/rules-game.md, "Own-turn abilities").
func TestGrantedMoveIsExtra(t *testing.T) {
	g := linksGame(t, "c3", "e3")
	w := put(t, g, 0, "Walker", "c2", rules.N) // N of the HQ: linked
	if movesOf(g, w, AbMove) == 0 || movesOf(g, w, AbGrantedMove) == 0 {
		t.Fatal("a mobile unit beside the granting HQ has its own and the granted move")
	}
	to := hexOf(t, "c1") // away from the HQ
	must(t, g, Action{Kind: KAbility, Slot: AbGrantedMove, Hex: w, To: to, Facing: rules.N})
	if movesOf(g, to, AbGrantedMove) != 0 {
		t.Fatal("the granted move was used")
	}
	if movesOf(g, to, AbMove) == 0 {
		t.Fatal("the unit's own mobility is still there after the granted move")
	}
	// A unit without mobility beside the HQ moves once.
	p := put(t, g, 0, "Post", "c4", rules.N)
	if movesOf(g, p, AbMove) != 0 || movesOf(g, p, AbGrantedMove) == 0 {
		t.Fatal("a unit without mobility beside the HQ has only the granted move")
	}
	to = hexOf(t, "b3") // still beside the HQ (SW of c3)
	if g.S.Board.Dist[to][hexOf(t, "c3")] != 1 {
		t.Fatal("test set-up: b3 must touch c3")
	}
	must(t, g, Action{Kind: KAbility, Slot: AbGrantedMove, Hex: p, To: to, Facing: rules.N})
	if movesOf(g, to, AbGrantedMove) != 0 || movesOf(g, to, AbMove) != 0 {
		t.Fatal("the granted move is once per turn, wherever the unit goes")
	}
}

// Each token that grants mobility gives a move of its own (the HQ and the
// Carrier here), and a netted granter gives none.
func TestEachGranterGivesAMove(t *testing.T) {
	g := linksGame(t, "c3", "e3")
	put(t, g, 0, "Carrier", "b3", rules.N) // touches c4 too (its links are on all edges)
	p := put(t, g, 0, "Post", "c4", rules.N)
	if g.S.Board.Dist[hexOf(t, "b3")][p] != 1 {
		t.Fatal("test set-up: b3 must touch c4")
	}
	must(t, g, Action{Kind: KAbility, Slot: AbGrantedMove, Hex: p, To: p, Facing: rules.S})
	if movesOf(g, p, AbGrantedMove) == 0 {
		t.Fatal("the second granter gave no move")
	}
	must(t, g, Action{Kind: KAbility, Slot: AbGrantedMove, Hex: p, To: p, Facing: rules.N})
	if n := movesOf(g, p, AbGrantedMove) + movesOf(g, p, AbMove); n != 0 {
		t.Fatalf("two granters gave a third move (%d actions)", n)
	}
	// The move that leaves a granter uses that granter's move: leaving the
	// Carrier but staying beside the HQ keeps the HQ's move.
	g3 := linksGame(t, "c3", "e3")
	put(t, g3, 0, "Carrier", "b3", rules.N)
	q := put(t, g3, 0, "Post", "c4", rules.N)
	to := NoHex
	for _, a := range g3.LegalActions(nil) {
		if a.Kind == KAbility && a.Slot == AbGrantedMove && a.Hex == q && a.To != q &&
			g3.S.Board.Dist[a.To][hexOf(t, "c3")] == 1 && g3.S.Board.Dist[a.To][hexOf(t, "b3")] != 1 {
			to = a.To
			break
		}
	}
	if to == NoHex {
		t.Fatal("test set-up: no move from c4 that leaves the Carrier and stays beside the HQ")
	}
	must(t, g3, Action{Kind: KAbility, Slot: AbGrantedMove, Hex: q, To: to, Facing: rules.N})
	if movesOf(g3, to, AbGrantedMove) == 0 {
		t.Fatal("leaving the Carrier used the HQ's move")
	}
	// A netted granter grants nothing.
	g2 := linksGame(t, "c3", "e3")
	p = put(t, g2, 0, "Post", "c4", rules.N)
	g2.S.Cells[hexOf(t, "c3")].Unit.Marks |= NetMarker
	if movesOf(g2, p, AbGrantedMove) != 0 {
		t.Fatal("a netted HQ grants no move")
	}
}

func deckTop(g *Game, p uint8) string {
	if g.DeckLen[p] == 0 {
		return ""
	}
	return g.S.Armies[p].Tokens[g.Deck[p][g.DeckLen[p]-1]].Name
}

// A token with "on destroyed: return_to_deck" goes on top of its owner's
// deck when destroyed, by an instant or in a battle, even while the enemy
// controls it (001; docs/rules-game.md, "destroyed: return_to_deck").
func TestDestroyedReturnsToDeck(t *testing.T) {
	// By an instant.
	g := linksGame(t, "a1", "e3")
	d := put(t, g, 1, "Droid", "c2", rules.S)
	setHand(t, g, 0, "Sniper")
	discards := g.Discarded[1]
	must(t, g, Action{Kind: KInstant, Slot: 0, Hex: d, To: NoHex})
	if !g.S.Cells[d].Unit.Empty() || deckTop(g, 1) != "Droid" || g.Discarded[1] != discards {
		t.Fatalf("sniped droid: on board %v, deck top %q, discards changed %v", !g.S.Cells[d].Unit.Empty(), deckTop(g, 1), g.Discarded[1] != discards)
	}

	// In a battle, while taken over by the other player.
	g = linksGame(t, "a1", "e3")
	d = put(t, g, 1, "Droid", "c2", rules.S)
	g.S.Cells[d].Unit.Marks |= Controlled // player 1 controls it
	put(t, g, 1, "Walker", "c1", rules.S) // player 2's walker strikes c2
	setHand(t, g, 0, "Battle")
	n := g.DeckLen[1]
	must(t, g, Action{Kind: KInstant, Slot: 0, Hex: NoHex, To: NoHex})
	if !g.S.Cells[d].Unit.Empty() {
		t.Fatal("the walker must destroy the taken-over droid")
	}
	// The battle ended player 1's turn; player 2 then drew two tokens from
	// the top of the deck: the droid first.
	if g.Player != 1 || g.HandLen[1] == 0 || g.S.Armies[1].Tokens[g.Hand[1][0]].Name != "Droid" || g.DeckLen[1] != n+1-g.HandLen[1] {
		t.Fatalf("player %d holds %d, first %q; deck %d (was %d)", g.Player+1, g.HandLen[1], g.S.Armies[1].Tokens[g.Hand[1][0]].Name, g.DeckLen[1], n)
	}
}

// resolveText resolves the battle of a position given as text and returns
// the log.
func resolveText(t *testing.T, src string, d Decider) (*State, string) {
	t.Helper()
	s, err := ParsePosition("test.pos", []byte(src), testLoader)
	if err != nil {
		t.Fatal(err)
	}
	var r Resolver
	var l BattleLog
	r.Resolve(s, d, &l)
	var b strings.Builder
	l.Write(&b, s.Board)
	return s, b.String()
}

// Attack conversion (001; docs/rules.md, "Attack conversion"): one melee
// attack becomes a shot of the same strength, and melee and ranged bonuses
// both count for it: the melee edge of c3 shoots up column c with 1 + 1
// melee bonus + 1 ranged bonus.
func TestConvertToRanged(t *testing.T) {
	s, log := resolveText(t, `armies tlinks tlinks
1 HQ a1 N
2 HQ e3 N
1 Post c3 N
1 Switch c4 N
1 Booster b2 SE
1 Drill d3 NW
2 Wall c1 N
`, OwnerBest{})
	if !s.Cells[hexOf(t, "c1")].Unit.Empty() {
		t.Fatalf("the converted shot (3) must destroy the wall:\n%s", log)
	}
	if !strings.Contains(log, `1 "Post" c3 converts its melee attack towards c2 into a shot`) {
		t.Fatalf("log does not show the conversion:\n%s", log)
	}
	// Declining (the first option) leaves the melee attack on the empty c2.
	s, log = resolveText(t, `armies tlinks tlinks
1 HQ a1 N
2 HQ e3 N
1 Post c3 N
1 Switch c4 N
2 Wall c1 N
`, FirstOption{})
	if u := s.Cells[hexOf(t, "c1")].Unit; u.Wounds != 0 || strings.Contains(log, "converts") {
		t.Fatalf("no conversion chosen, yet the wall has %d wounds:\n%s", u.Wounds, log)
	}
}

// A unit with two initiatives converts in one of its segments only (001):
// one conversion per battle.
func TestConvertOncePerBattle(t *testing.T) {
	s, log := resolveText(t, `armies tlinks tlinks
1 HQ a1 N
2 HQ e3 N
1 Twin c3 N
1 Switch c4 N
2 Wall c1 N
`, OwnerBest{})
	if u := s.Cells[hexOf(t, "c1")].Unit; u.Wounds != 1 || strings.Count(log, "converts") != 1 {
		t.Fatalf("a unit with two initiatives converts once: wall wounds %d\n%s", u.Wounds, log)
	}
}
