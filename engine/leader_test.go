package engine

import (
	"testing"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/rules"
)

// leaderOf compiles a file holding one leader card.
func leaderOf(t testing.TB, src string) *rules.Leader {
	t.Helper()
	res := compiler.CompileSource("leader.army", []byte(src))
	if res.Diags.HasErrors() || len(res.Leaders) != 1 {
		t.Fatalf("compiling the leader: %v", res.Diags)
	}
	return res.Leaders[0]
}

func leaderActs(g *Game) []Action {
	var out []Action
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KLeader {
			out = append(out, a)
		}
	}
	return out
}

// TestLeaderOwnTurn: a leader used at any moment of its player's turn hits
// the enemy HQ; it is offered once a turn and twice a game ("Każda karta
// Lidera może być aktywowana raz na turę gracza"; "Po pierwszym użyciu
// zdolności kartę Lidera należy odwrócić [...], a po drugim - zwrócić do
// pudełka", Neuroshima Hex! 3.0, core rules, "Liderzy").
func TestLeaderOwnTurn(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	if err := setLeaders(g, []*rules.Leader{leaderOf(t, `leader "Gunner" { on own_turn: damage 2 at=enemy_hq hq }`), nil}); err != nil {
		t.Fatal(err)
	}
	g.fresh = false
	hq1 := g.S.HQ[1]
	for turn, want := range []int{18, 16, 16} {
		if g.Phase == PhaseDiscard {
			must(t, g, Action{Kind: KDiscard, Hex: NoHex, To: NoHex})
		}
		acts := leaderActs(g)
		if turn == 2 {
			if len(acts) != 0 {
				t.Fatalf("a third use is offered: %v", acts)
			}
		} else {
			if len(acts) != 1 {
				t.Fatalf("turn %d: %d leader actions, want 1", g.Turn, len(acts))
			}
			must(t, g, acts[0])
			if n := leaderActs(g); len(n) != 0 {
				t.Fatalf("turn %d: the leader is offered again in the same turn", g.Turn)
			}
		}
		if got := g.S.HQPoints(1); got != want {
			t.Fatalf("turn %d: enemy HQ at %d, want %d", g.Turn, got, want)
		}
		if g.S.Cells[hq1].Unit.Empty() {
			t.Fatal("enemy HQ gone")
		}
		if len(leaderActs(g)) != 0 && g.Player == 1 {
			t.Fatal("player 2 has no leader")
		}
		endTurn(t, g) // player 1's turn ends
		g.fresh = false
		if len(leaderActs(g)) != 0 {
			t.Fatal("a leader is offered to player 2, who has none")
		}
		endTurn(t, g)
		g.fresh = false
	}
	if g.LeaderUsed[0] != 2 {
		t.Fatalf("uses %d, want 2", g.LeaderUsed[0])
	}
}

// TestLeaderAfterDiscard: "Po odrzuceniu żetonu na początku twojej tury":
// the moment is right after the turn's mandatory discard, before anything
// else. Turns 1 and 2 have no discard, so no such moment; doing anything
// else first lets it pass.
func TestLeaderAfterDiscard(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	if err := setLeaders(g, []*rules.Leader{nil, leaderOf(t, `leader "Sharpshooter" { on after_discard: damage 1 }`)}); err != nil {
		t.Fatal(err)
	}
	target := put(t, g, 0, "Dasher", "c3", rules.N)
	g.fresh = false
	endTurn(t, g) // turn 1
	g.fresh = false
	if n := leaderActs(g); len(n) != 0 {
		t.Fatalf("turn 2 (no discard): %d leader actions", len(n))
	}
	endTurn(t, g) // turn 2
	g.fresh = false
	endTurn(t, g) // turn 3, player 1
	g.fresh = false
	if g.Phase != PhaseDiscard || g.Player != 1 {
		t.Fatalf("turn 4: phase %d player %d", g.Phase, g.Player+1)
	}
	if n := leaderActs(g); len(n) != 0 {
		t.Fatal("the leader is offered before the discard")
	}
	must(t, g, Action{Kind: KDiscard, Hex: NoHex, To: NoHex})
	acts := leaderActs(g)
	found := false
	for _, a := range acts {
		if a.Hex == target {
			must(t, g, a)
			found = true
			break
		}
	}
	if !found {
		t.Fatalf("no leader action on the Dasher at c3: %v", acts)
	}
	if !g.S.Cells[target].Unit.Empty() {
		t.Fatal("the Dasher survived the leader's damage 1")
	}
	endTurn(t, g) // turn 4
	endTurn(t, g) // turn 5, player 1
	g.fresh = false
	// Turn 6: the mandatory discard opens the moment; a discard at will
	// before using the leader lets it pass.
	put(t, g, 0, "Dasher", "c2", rules.N)
	must(t, g, Action{Kind: KDiscard, Hex: NoHex, To: NoHex})
	if n := leaderActs(g); len(n) == 0 {
		t.Fatal("turn 6: the leader is not offered after the discard")
	}
	must(t, g, Action{Kind: KDiscard, Slot: 0, Hex: NoHex, To: NoHex})
	if n := leaderActs(g); len(n) != 0 {
		t.Fatalf("the leader is offered after another action: %v", n)
	}
}

// TestLeaderKey: the search players cache by PositionKey, so a leader's
// uses and the moment after the discard are in it.
func TestLeaderKey(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	if err := setLeaders(g, []*rules.Leader{leaderOf(t, `leader "Gunner" { on own_turn: damage 2 at=enemy_hq hq }`), nil}); err != nil {
		t.Fatal(err)
	}
	k := g.PositionKey(true)
	g2 := *g
	g2.LeaderUsed[0] = 1
	if g2.PositionKey(true) == k {
		t.Fatal("a use of the leader does not change the key")
	}
	g3 := *g
	g3.leaderTurn[0] = g.Turn
	if g3.PositionKey(true) == k {
		t.Fatal("a use in this turn does not change the key")
	}
	g4 := *g
	g4.leadWin = true
	if g4.PositionKey(true) == k {
		t.Fatal("the moment after the discard does not change the key")
	}
	// The moment of an opponent_draw leader: the owner to move, another
	// phase; the turn's player, at the discard, is another position.
	g5 := *g
	g5.Phase, g5.Player = PhaseLeader, 1
	g6 := *g
	g6.Phase = PhaseDiscard
	if g5.PositionKey(false) == g6.PositionKey(false) {
		t.Fatal("the leader's moment in the opponent's turn does not change the key")
	}
}

// TestRandomGamesLeaders plays random games with a leader of each timing
// (and steps that need targets, ask the opponent, or start a battle) on
// each embedded board,
// checking the bookkeeping after every action and that leaders are used.
func TestRandomGamesLeaders(t *testing.T) {
	a0, a1 := testArmies(t)
	leaders := []*rules.Leader{
		leaderOf(t, `leader "A" { on own_turn: move 1 optional, damage 1 }`),
		leaderOf(t, `leader "B" { on after_discard: recover kind=warrior to=deck, discard 1 }`),
		leaderOf(t, `leader "C" { on own_turn: battle }`),
		leaderOf(t, `leader "E" { on after_discard: pick_up optional, move 1 }`),
		leaderOf(t, `leader "D" { on after_discard: any damage 1 radius=1, draw 1 }`),
		leaderOf(t, `leader "F" { on opponent_draw: redraw }`), // a decision in the opponent's turn
	}
	n := 400
	if testing.Short() {
		n = 100
	}
	used := 0
	buf := make([]Action, 0, 4096)
	for seed := uint64(0); seed < uint64(n); seed++ {
		board := [...]*Board{Standard, Large, Duel}[seed%3] // every board, the Duel board's actions too
		g, err := NewGame(Config{Board: board}, []*rules.Army{a0, a1}, seed)
		if err != nil {
			t.Fatal(err)
		}
		if err := setLeaders(g, []*rules.Leader{leaders[seed%6], leaders[(seed/6)%6]}); err != nil {
			t.Fatal(err)
		}
		d := NewRandomDecider(seed + 1)
		hq := [2]int{-1, -1}
		for i := 0; !g.Over(); i++ {
			if i >= maxActions {
				t.Fatalf("seed %d: game not over", seed)
			}
			buf = g.LegalActions(buf[:0])
			if len(buf) == 0 {
				t.Fatalf("seed %d: no legal action in phase %d", seed, g.Phase)
			}
			a := buf[d.Intn(len(buf))]
			if err := g.Apply(a, d); err != nil {
				t.Fatalf("seed %d action %d: %v", seed, i, err)
			}
			if err := checkInvariants(g, &hq); err != nil {
				t.Fatalf("seed %d after action %d (%v): %v", seed, i, a, err)
			}
			if g.LeaderUsed[0] > rules.LeaderUses || g.LeaderUsed[1] > rules.LeaderUses {
				t.Fatalf("seed %d: a leader used %v times", seed, g.LeaderUsed)
			}
		}
		used += int(g.LeaderUsed[0] + g.LeaderUsed[1])
	}
	if used == 0 {
		t.Fatal("no leader was ever used")
	}
	t.Logf("%d games, %d leader uses", n, used)
}

// TestRecoverShuffle: recover to=shuffle takes the warrior from the
// discard pile and shuffles it into the deck ("wtasuj go do swojego stosu
// żetonów", a leader card of Neuroshima Hex! 3.0, core rules): the deck
// grows by it, the pile shrinks, and it is not always on top.
func TestRecoverShuffle(t *testing.T) {
	l := leaderOf(t, `leader "Recruiter" { on own_turn: recover kind=warrior to=shuffle }`)
	onTop := 0
	for seed := range 12 {
		g := ruleGame(t, "a1", "e3")
		g.rng.Seed(uint64(seed), 7)
		if err := setLeaders(g, []*rules.Leader{l, nil}); err != nil {
			t.Fatal(err)
		}
		g.fresh = false
		d := fromDeck(t, g, 0, "Dasher")
		g.Discarded[0][d]++
		n, inDeck := g.DeckLen[0], 0
		for _, x := range g.Deck[0][:n] {
			if x == d {
				inDeck++
			}
		}
		acts := leaderActs(g)
		if len(acts) != 1 || acts[0].Token != d+1 {
			t.Fatalf("recover kind=warrior with a Dasher discarded: offers %v", acts)
		}
		must(t, g, acts[0])
		after := 0
		for _, x := range g.Deck[0][:g.DeckLen[0]] {
			if x == d {
				after++
			}
		}
		if g.DeckLen[0] != n+1 || after != inDeck+1 || g.Discarded[0][d] != 0 {
			t.Fatalf("deck %d→%d, Dashers in it %d→%d, discarded %d", n, g.DeckLen[0], inDeck, after, g.Discarded[0][d])
		}
		if g.Deck[0][g.DeckLen[0]-1] == d {
			onTop++
		}
	}
	if onTop == 12 {
		t.Fatal("the recovered warrior is always on top: not shuffled in")
	}
}

// TestPickUp: pick_up takes an own unit, not the HQ and not netted, from
// the board into the hand, with no destroyed trigger and nothing to the
// discard pile ("Weź dowolną własną niezasieciowaną jednostkę (z wyjątkiem
// Sztabu) z planszy na rękę", a leader card of Neuroshima Hex! 3.0, core
// rules).
func TestPickUp(t *testing.T) {
	g := ruleGame(t, "a1", "e3")
	if err := setLeaders(g, []*rules.Leader{leaderOf(t, `leader "Reserve" { on own_turn: pick_up }`), nil}); err != nil {
		t.Fatal(err)
	}
	g.fresh = false
	dasher := put(t, g, 0, "Dasher", "c3", rules.N)
	turret := put(t, g, 0, "Turret", "b2", rules.N)
	put(t, g, 1, "Rifleman", "d3", rules.N)
	g.S.Cells[turret].Unit.Marks |= NetMarker // netted: not offered
	var pick Action
	for _, a := range leaderActs(g) {
		u := g.S.Cells[a.Hex].Unit
		if u.Owner != 0 || a.Hex == turret || g.S.Tok(u).Kind == rules.HQ {
			t.Fatalf("pick_up offers %s of player %d on hex %d (not the HQ, the netted Turret, an enemy)", g.S.Tok(u).Name, u.Owner+1, a.Hex)
		}
		if a.Hex == dasher {
			pick = a
		}
	}
	if pick.Kind != KLeader {
		t.Fatal("pick_up does not offer the Dasher on c3")
	}
	hand, discarded := g.HandLen[0], g.Discarded[0]
	must(t, g, pick)
	d := uint8(g.S.Armies[0].Lookup("Dasher"))
	if !g.S.Cells[dasher].Unit.Empty() || g.HandLen[0] != hand+1 || g.Hand[0][hand] != d || g.Discarded[0] != discarded {
		t.Fatalf("after pick_up: c3 empty %v, hand %d→%d (last %d, want %d), discards changed %v",
			g.S.Cells[dasher].Unit.Empty(), hand, g.HandLen[0], g.Hand[0][g.HandLen[0]-1], d, g.Discarded[0] != discarded)
	}
}

// handOf is player p's hand as counts by token type (a hand's order does
// not matter).
func handOf(g *Game, p uint8) [MaxArmyTokens]int {
	var n [MaxArmyTokens]int
	for _, t := range g.Hand[p][:g.HandLen[p]] {
		n[t]++
	}
	return n
}

// TestLeaderOpponentDraw: a leader "Po dobraniu do 3 żetonów przez
// Przeciwnika" (a leader card of Neuroshima Hex! 3.0, core rules) is
// a decision of its owner in the opponent's turn, right after the
// opponent draws a full hand: the owner is the player to move, with the
// use and the pass as its legal actions; the use shuffles the opponent's
// hand into their deck and they draw a full hand again, then their turn
// goes on at the discard. The card is used at most once in a turn (not
// again after a bad draw's new hand), and twice a game.
func TestLeaderOpponentDraw(t *testing.T) {
	l := leaderOf(t, `leader "Agent" { on opponent_draw: redraw }`)
	changed := 0
	for seed := range 8 {
		g := ruleGame(t, "a1", "e3")
		g.rng.Seed(uint64(seed), 7)
		if err := setLeaders(g, []*rules.Leader{nil, l}); err != nil {
			t.Fatal(err)
		}
		for turn := 1; turn <= 2; turn++ { // one token, then two: no full hand drawn
			if g.Phase == PhaseLeader {
				t.Fatalf("turn %d: the moment opens on a draw of %d", g.Turn, g.HandLen[g.Player])
			}
			g.fresh = false
			endTurn(t, g)
		}
		// Turn 3, player 1 draws three: player 2 decides.
		if g.Turn != 3 || g.Phase != PhaseLeader || g.Player != 1 || g.TurnPlayer() != 0 {
			t.Fatalf("turn %d: phase %d, player %d to move in player %d's turn; want the leader's moment, player 2 in player 1's turn", g.Turn, g.Phase, g.Player+1, g.TurnPlayer()+1)
		}
		acts := g.LegalActions(nil)
		if len(acts) != 2 || acts[0].Kind != KLeader || acts[1].Kind != KSkip {
			t.Fatalf("at the moment: %v, want the leader and the pass", acts)
		}
		before, deck := handOf(g, 0), g.DeckLen[0]
		all := before
		for _, x := range g.Deck[0][:deck] {
			all[x]++
		}
		must(t, g, acts[0])
		after := handOf(g, 0)
		total := after
		for _, x := range g.Deck[0][:g.DeckLen[0]] {
			total[x]++
		}
		if g.Player != 0 || g.TurnPlayer() != 0 || g.Phase != PhaseDiscard || g.HandLen[0] != 3 || g.DeckLen[0] != deck || total != all || g.LeaderUsed[1] != 1 {
			t.Fatalf("after the use: player %d, phase %d, hand %d, deck %d→%d, tokens kept %v, uses %d",
				g.Player+1, g.Phase, g.HandLen[0], deck, g.DeckLen[0], total == all, g.LeaderUsed[1])
		}
		if after != before {
			changed++
		}
		if seed > 0 {
			continue
		}
		// A bad draw draws a full hand again: no second use in this turn.
		setHand(t, g, 0, "Battle", "Move", "Push")
		g.fresh = true
		must(t, g, Mulligan())
		if g.Phase == PhaseLeader || g.Player != 0 {
			t.Fatal("the leader is offered a second time in one turn")
		}
		endTurn(t, g)
		if n := leaderActs(g); g.Player != 1 || len(n) != 0 {
			t.Fatalf("the leader is offered in its owner's own turn: %v", n)
		}
		g.fresh = false
		endTurn(t, g)
		// Turn 5: the pass leaves the hand as drawn and keeps the use.
		if g.Phase != PhaseLeader {
			t.Fatalf("turn %d: no moment in the next turn of the opponent", g.Turn)
		}
		drawn := handOf(g, 0)
		must(t, g, Action{Kind: KSkip, Hex: NoHex, To: NoHex})
		if g.Player != 0 || g.Phase != PhaseDiscard || handOf(g, 0) != drawn || g.LeaderUsed[1] != 1 {
			t.Fatalf("after the pass: player %d, phase %d, hand kept %v, uses %d", g.Player+1, g.Phase, handOf(g, 0) == drawn, g.LeaderUsed[1])
		}
		endTurn(t, g)
		g.fresh = false
		endTurn(t, g)
		must(t, g, Action{Kind: KLeader, Hex: NoHex, To: NoHex}) // turn 7: the second use
		endTurn(t, g)
		g.fresh = false
		endTurn(t, g)
		if g.Turn != 9 || g.Phase == PhaseLeader || g.LeaderUsed[1] != 2 {
			t.Fatalf("turn %d: phase %d after %d uses; a third use is offered", g.Turn, g.Phase, g.LeaderUsed[1])
		}
	}
	if changed == 0 {
		t.Fatal("the redraw never changed the hand: not shuffled back and drawn again")
	}
}
