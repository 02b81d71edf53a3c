package engine

import (
	"errors"
	"fmt"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/rules"
)

func loadArmy(t testing.TB, ref string) *rules.Army {
	t.Helper()
	l, err := armies.Loader{}.Load(ref)
	if err != nil {
		t.Fatalf("loading %s: %v", ref, err)
	}
	return l.Army
}

func testArmies(t testing.TB) (*rules.Army, *rules.Army) {
	return loadArmy(t, "testdata/game_a.army"), loadArmy(t, "testdata/game_b.army")
}

// maxActions caps one game; a game that needs more has a defect (no end).
const maxActions = 20000

// checkTokens verifies that every token of player p is somewhere: in the
// deck, the hand, set aside, being played, on the board (onBoard, by type)
// or discarded, as often as the army has it.
func checkTokens(g *Game, p int, onBoard *[MaxArmyTokens]int) error {
	s := &g.S
	a := s.Armies[p]
	var n [MaxArmyTokens]int
	for i := 0; i < int(g.DeckLen[p]); i++ {
		n[g.Deck[p][i]]++
	}
	for i := 0; i < int(g.HandLen[p]); i++ {
		n[g.Hand[p][i]]++
	}
	for i := 0; i < int(g.AsideLen[p]); i++ {
		n[g.Aside[p][i]]++
	}
	if g.pend.active && g.pend.inst && g.pend.owner == uint8(p) {
		n[g.pend.token]++ // an instant being played
	}
	for ti := range a.Tokens {
		want := a.Tokens[ti].Count
		if ti == a.HQ {
			want = 1
		}
		if a.Mate(ti) >= 0 {
			// A Structure's part is never drawn nor discarded: it is on
			// the board, with its mate, or not in the game.
			if n[ti] != 0 || g.Discarded[p][ti] != 0 || onBoard[ti] > 1 || onBoard[ti] != onBoard[a.Mate(ti)] {
				return errorf("player %d part %q: deck+hand+aside %d, board %d (its mate %d), discard %d; want it on the board with its mate or nowhere",
					p+1, a.Tokens[ti].Name, n[ti], onBoard[ti], onBoard[a.Mate(ti)], g.Discarded[p][ti])
			}
			continue
		}
		got := n[ti] + onBoard[ti] + int(g.Discarded[p][ti])
		if s.HQ[p] == NoHex && ti == a.HQ && g.Turn == 0 {
			got++ // not placed yet
		}
		if got != want {
			return errorf("player %d token %q: deck+hand+aside %d, board %d, discard %d; want %d in all",
				p+1, a.Tokens[ti].Name, n[ti], onBoard[ti], g.Discarded[p][ti], want)
		}
	}
	return nil
}

// checkInvariants verifies the bookkeeping after every action.
func checkInvariants(g *Game, hqPrev *[2]int) error {
	s := &g.S
	var board [2][MaxArmyTokens]int
	var hqs [2]int
	for h := 0; h < s.Board.Size; h++ {
		c := &s.Cells[h]
		if u := c.Unit; !u.Empty() {
			k := s.Tok(u).Kind
			if !k.IsUnit() {
				return errorf("%s holds %s %q as a unit", s.Board.Names[h], k, s.Tok(u).Name)
			}
			if k == HQKind {
				hqs[u.Owner]++
				if s.HQ[u.Owner] != Hex(h) {
					return errorf("HQ of player %d stands on %s but State.HQ says %d", u.Owner+1, s.Board.Names[h], s.HQ[u.Owner])
				}
			}
			board[u.Owner][u.Token]++
		}
		if f := c.Ground; !f.Empty() {
			if s.Tok(f).Kind != rules.Foundation {
				return errorf("%s holds a non-foundation as ground", s.Board.Names[h])
			}
			board[f.Owner][f.Token]++
		}
	}
	if err := checkStructures(g); err != nil {
		return err
	}
	for p := range 2 {
		if hqs[p] > 1 {
			return errorf("player %d has %d HQs on the board", p+1, hqs[p])
		}
		if hqs[p] == 0 && s.HQ[p] != NoHex {
			return errorf("player %d has no HQ on the board but State.HQ is %d", p+1, s.HQ[p])
		}
		if g.Energy[p] > s.Board.EnergyMax {
			return errorf("player %d has %d energy; the track stops at %d", p+1, g.Energy[p], s.Board.EnergyMax)
		}
		if g.HandLen[p] > MaxHand {
			return errorf("player %d holds %d tokens", p+1, g.HandLen[p])
		}
		if err := checkTokens(g, p, &board[p]); err != nil {
			return err
		}
		if pts := s.HQPoints(uint8(p)); g.Turn > 0 {
			if hqPrev[p] >= 0 && pts > hqPrev[p] {
				return errorf("player %d HQ rose from %d to %d", p+1, hqPrev[p], pts)
			}
			hqPrev[p] = pts
		}
	}
	return nil
}

const HQKind = rules.HQ

type testErr string

func (e testErr) Error() string { return string(e) }

func errorf(format string, args ...any) error {
	return testErr(sprintf(format, args...))
}

// playRandom plays one game with uniformly random legal actions and a
// random decider, checking the invariants after every action.
func playRandom(t testing.TB, a0, a1 *rules.Army, seed uint64, record *[]Action) *Game {
	return playRandomOn(t, Standard, a0, a1, seed, record)
}

func playRandomOn(t testing.TB, b *Board, a0, a1 *rules.Army, seed uint64, record *[]Action) *Game {
	g, err := NewGame(Config{Board: b}, []*rules.Army{a0, a1}, seed)
	if err != nil {
		t.Fatal(err)
	}
	d := NewRandomDecider(seed + 1)
	buf := make([]Action, 0, 4096)
	hq := [2]int{-1, -1}
	for n := 0; ; n++ {
		if n >= maxActions {
			t.Fatalf("seed %d: game not over after %d actions (turn %d)", seed, n, g.Turn)
		}
		buf = g.LegalActions(buf[:0])
		if len(buf) == 0 {
			if !g.Over() {
				t.Fatalf("seed %d: no legal action in phase %d", seed, g.Phase)
			}
			return g
		}
		a := buf[d.Intn(len(buf))]
		if record != nil {
			*record = append(*record, a)
		}
		if err := g.Apply(a, d); err != nil {
			t.Fatalf("seed %d action %d: %v", seed, n, err)
		}
		if err := checkInvariants(g, &hq); err != nil {
			t.Fatalf("seed %d after action %d (%v): %v", seed, n, a, err)
		}
	}
}

func TestRandomGames(t *testing.T) {
	a0, a1 := testArmies(t)
	n := 10000
	if testing.Short() {
		n = 500
	}
	var results [4]int
	for seed := uint64(0); seed < uint64(n); seed++ {
		x, y := a0, a1
		if seed%2 == 1 {
			x, y = a1, a0
		}
		g := playRandom(t, x, y, seed, nil)
		results[g.Result]++
	}
	if results[Ongoing] != 0 {
		t.Fatalf("%d games ended without a result", results[Ongoing])
	}
	t.Logf("%d games: %d / %d / %d draws", n, results[Win1], results[Win2], results[Draw])
}

// TestRandomGamesEmbedded plays random mirror games with every embedded
// army, checking the bookkeeping after each action.
func TestRandomGamesEmbedded(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 50
	}
	for _, ref := range armies.Names() {
		t.Run(ref, func(t *testing.T) {
			m := loadArmy(t, ref)
			for seed := uint64(0); seed < uint64(n); seed++ {
				playRandom(t, m, m, seed, nil)
			}
		})
	}
}

func TestRandomGamesLarge(t *testing.T) {
	a0, a1 := testArmies(t)
	n := 1000
	if testing.Short() {
		n = 100
	}
	for seed := uint64(0); seed < uint64(n); seed++ {
		playRandomOn(t, Large, a0, a1, seed, nil)
	}
}

// TestRandomGamesDuel plays random games on the Duel board (energy and
// Procedures among the legal actions), with the test armies and every
// embedded army in a mirror, checking the invariants after every action,
// and that the Duel actions were really played.
func TestRandomGamesDuel(t *testing.T) {
	a0, a1 := testArmies(t)
	n, m := 10000, 100
	if testing.Short() {
		n, m = 200, 10
	}
	var kinds [LastKind + 1]int
	var procs [NumProcedures]int
	count := func(rec []Action) {
		for _, a := range rec {
			kinds[a.Kind]++
			if a.Kind == KProcedure {
				procs[a.Slot]++
			}
		}
	}
	for seed := uint64(0); seed < uint64(n); seed++ {
		var rec []Action
		playRandomOn(t, Duel, a0, a1, seed, &rec)
		count(rec)
	}
	for _, ref := range armies.Names() {
		army := loadArmy(t, ref)
		for seed := uint64(0); seed < uint64(m); seed++ {
			var rec []Action
			playRandomOn(t, Duel, army, army, seed, &rec)
			count(rec)
		}
	}
	t.Logf("energy purchases %d, procedures %v", kinds[KEnergy], procs)
	if kinds[KEnergy] == 0 {
		t.Error("no energy was bought")
	}
	for i, c := range procs {
		if c == 0 && !testing.Short() {
			t.Errorf("procedure %s never played", ProcNames[i])
		}
	}
}

func TestDeterminism(t *testing.T) {
	a0, a1 := testArmies(t)
	for seed := uint64(1); seed < 20; seed++ {
		var r1, r2 []Action
		g1 := playRandom(t, a0, a1, seed, &r1)
		g2 := playRandom(t, a0, a1, seed, &r2)
		if len(r1) != len(r2) {
			t.Fatalf("seed %d: %d actions vs %d", seed, len(r1), len(r2))
		}
		for i := range r1 {
			if r1[i] != r2[i] {
				t.Fatalf("seed %d: action %d differs: %v vs %v", seed, i, r1[i], r2[i])
			}
		}
		g1.Res, g2.Res, g1.ws, g2.ws, g1.cfg, g2.cfg = nil, nil, nil, nil, nil, nil
		if *g1 != *g2 {
			t.Fatalf("seed %d: final games differ", seed)
		}
	}
	// Different seeds give different decks.
	g1, _ := NewGame(Config{Board: Standard}, []*rules.Army{a0, a1}, 1)
	g2, _ := NewGame(Config{Board: Standard}, []*rules.Army{a0, a1}, 2)
	if g1.Deck == g2.Deck {
		t.Fatal("seeds 1 and 2 shuffle the same decks")
	}
}

func TestIllegalRejected(t *testing.T) {
	a0, a1 := testArmies(t)
	g, _ := NewGame(Config{Board: Standard}, []*rules.Army{a0, a1}, 7)
	before := *g
	err := g.Apply(Action{Kind: KEndTurn, Hex: NoHex, To: NoHex}, FirstOption{})
	if !errors.Is(err, ErrIllegal) {
		t.Fatalf("ending the turn during set-up: err = %v, want ErrIllegal", err)
	}
	if *g != before {
		t.Fatal("a rejected action changed the game")
	}
}

var sprintf = fmt.Sprintf

// setUpGame starts a game of armies a and b with seed and plays the set-up:
// the HQs on hq0 and hq1, and any set-aside token on its first legal hex.
// Player 1's first turn follows.
func setUpGame(t *testing.T, a, b *rules.Army, seed uint64, hq0, hq1 string) *Game {
	t.Helper()
	g, err := NewGame(Config{Board: Standard}, []*rules.Army{a, b}, seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{hq0, hq1} {
		must(t, g, Action{Kind: KPlaceHQ, Hex: hexOf(t, name), To: NoHex})
		for g.Phase == PhaseAside {
			must(t, g, g.LegalActions(nil)[0])
		}
	}
	return g
}

// playToEnd plays random actions (from d) until g is over, checking the
// game's invariants after each one.
func playToEnd(t *testing.T, g *Game, d *RandomDecider, seed uint64) {
	t.Helper()
	hq := [2]int{-1, -1}
	buf := make([]Action, 0, 512)
	for n := 0; !g.Over(); n++ {
		if n > maxActions {
			t.Fatalf("seed %d: not over", seed)
		}
		buf = g.LegalActions(buf[:0])
		if err := g.Apply(buf[d.Intn(len(buf))], d); err != nil {
			t.Fatal(err)
		}
		if err := checkInvariants(g, &hq); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// setConfig gives a game under test another variant after its set-up (the
// tests reach their positions first): the game keeps a config of its own.
func setConfig(t *testing.T, g *Game, change func(*Config)) {
	t.Helper()
	c := *g.cfg
	change(&c)
	g.cfg = &c
	if err := g.initLeaders(); err != nil {
		t.Fatal(err)
	}
}

// setLeaders gives the seats of a game under test their leader cards, as
// Config.Leaders does at set-up.
func setLeaders(g *Game, ls []*rules.Leader) error {
	c := *g.cfg
	c.Leaders = ls
	g.cfg = &c
	return g.initLeaders()
}
