package player

import (
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

// threatGame is a Moloch mirror played at random until both HQs stand and
// a few tokens are down, then cleared of every unit but the HQs.
func threatGame(t *testing.T) (*engine.Game, *engine.Resolver) {
	t.Helper()
	as := testArmies(t, "moloch", "moloch")
	g, err := engine.NewGame(engine.Config{Board: position.Standard}, as, 5)
	if err != nil {
		t.Fatal(err)
	}
	res := new(engine.Resolver)
	g.SetWorkspace(res)
	r := NewRand(1)
	buf := make([]engine.Action, 0, 1024)
	for n := 0; n < 40 && !g.Over(); n++ {
		buf = g.LegalActions(buf[:0])
		if err := g.ApplyLegal(buf[r.Intn(len(buf))], engine.FirstOption{}); err != nil {
			t.Fatal(err)
		}
	}
	if g.Over() || g.S.HQ[0] == engine.NoHex || g.S.HQ[1] == engine.NoHex {
		t.Fatal("the game did not reach a position with both HQs")
	}
	for h := engine.Hex(0); int(h) < g.S.Board.Size; h++ {
		if h != g.S.HQ[0] && h != g.S.HQ[1] {
			g.S.Remove(h)
		}
	}
	return g, res
}

// firstToken is the index of the first warrior of army a with an edge
// that has(edge) reports, and that edge.
func firstToken(t *testing.T, a *rules.Army, has func(e rules.Edge) bool) (uint8, rules.Dir) {
	t.Helper()
	for i := range a.Tokens {
		tok := &a.Tokens[i]
		if tok.Kind != rules.Warrior {
			continue
		}
		for e := range tok.Edges {
			if has(tok.Edges[e]) {
				return uint8(i), rules.Dir(e)
			}
		}
	}
	t.Fatalf("army %s has no such warrior", a.Name)
	return 0, 0
}

// The threat features measure what the opponent's units aim at the HQs
// after the battle now, how open each HQ is, and what the battle now
// would change.
func TestThreatFeatures(t *testing.T) {
	g, res := threatGame(t)
	var scratch engine.State
	me := uint8(0)
	opp := me ^ 1
	hq := g.S.HQ[me]
	b := g.S.Board
	empty := threatOf(g, me, res, &scratch)
	if empty[tFireMine] != 0 || empty[tFireTheirs] != 0 || empty[tHQSwing] != 0 || empty[tUnitSwing] != 0 {
		t.Fatalf("only the HQs on the board, but fire %v/%v, swings %v/%v", empty[tFireMine], empty[tFireTheirs], empty[tHQSwing], empty[tUnitSwing])
	}
	open := 0
	for d := range rules.Dir(6) {
		if n := b.Nb[hq][d]; n != engine.NoHex && g.S.Cells[n].Unit.Empty() {
			open++
		}
	}
	if empty[tHQOpenMine] != float64(open) {
		t.Errorf("hq-open-mine %v, want the %d empty hexes beside the HQ", empty[tHQOpenMine], open)
	}

	// A ranged unit of the opponent two hexes from the own HQ, aimed at
	// it: out of the HQ's melee reach, it stands after the battle and
	// fires again at every battle.
	tok, edge := firstToken(t, g.S.Armies[opp], func(e rules.Edge) bool { return e.Ranged > 0 })
	for d := range rules.Dir(6) {
		n1 := b.Nb[hq][d]
		if n1 == engine.NoHex || !g.S.Cells[n1].Unit.Empty() {
			continue
		}
		n2 := b.Nb[n1][d]
		if n2 == engine.NoHex || !g.S.Cells[n2].Unit.Empty() || b.Nb[n2][d.Opposite()] != n1 {
			continue
		}
		shot := *g
		// The edge must face back along the line, at the HQ.
		facing := (d.Opposite() + 6 - edge) % 6
		if err := shot.S.Place(n2, opp, tok, facing); err != nil {
			t.Fatal(err)
		}
		f := threatOf(&shot, me, res, &scratch)
		want := float64(g.S.Armies[opp].Tokens[tok].Edges[edge].Ranged)
		if f[tFireMine] < want {
			t.Errorf("a ranged %v aimed at the HQ from two hexes: fire-mine %v, want at least %v", want, f[tFireMine], want)
		}
		if f[tHQLineMine] >= empty[tHQLineMine] {
			t.Errorf("a unit on the HQ's line: hq-line-mine %v, not below %v", f[tHQLineMine], empty[tHQLineMine])
		}
		if f[tHQSwing] >= 0 {
			t.Errorf("the battle now would hit the own HQ: hq-swing %v, want below 0", f[tHQSwing])
		}
		if f[tFireLate] >= 0 {
			t.Errorf("fire at the own HQ only: fire-late %v, want below 0", f[tFireLate])
		}
		return
	}
	t.Fatal("no line of two empty hexes from the HQ")
}

// ThreatEval scores one position for both seats with opposite logits, and
// rates a wound on the opponent's HQ above none.
func TestThreatEval(t *testing.T) {
	g, res := threatGame(t)
	var scratch engine.State
	for seat := range uint8(2) {
		if a, b := ThreatEval(g, seat, res, &scratch), ThreatEval(g, seat^1, res, &scratch); a != -b {
			t.Errorf("seat %d: %v, the other seat %v: want opposite logits", seat, a, b)
		}
	}
	me := g.Player ^ 1 // the side that just moved
	v := ThreatEval(g, me, res, &scratch)
	hurt := *g
	hurt.S.Cells[hurt.S.HQ[me^1]].Unit.Wounds++
	if w := ThreatEval(&hurt, me, res, &scratch); w <= v {
		t.Errorf("a wound on the enemy HQ: %.3f, not above %.3f", w, v)
	}
	won := *g
	won.Phase, won.Result, won.Winners = engine.PhaseOver, engine.Win1, 1<<0
	if w := ThreatEval(&won, 0, res, &scratch); w != winLogit {
		t.Errorf("a won game scores %.3f, want %v", w, winLogit)
	}
}

// battleShare counts the battle tokens among what the player has not yet
// played, hand and deck together, whatever their order.
func TestBattleShare(t *testing.T) {
	g, _ := threatGame(t)
	p := uint8(1)
	a := g.S.Armies[p]
	battles, n := 0, 0
	for _, tok := range g.Hand[p][:g.HandLen[p]] {
		battles += b2i(startsBattle(&a.Tokens[tok]))
		n++
	}
	for _, tok := range g.Deck[p][:g.DeckLen[p]] {
		battles += b2i(startsBattle(&a.Tokens[tok]))
		n++
	}
	if battles == 0 {
		t.Fatal("Moloch's unplayed tokens hold no battle token: the test needs one")
	}
	if got := battleShare(g, p); got != float64(battles)/float64(n) {
		t.Errorf("battleShare %v, want %d of %d", got, battles, n)
	}
	swapped := *g
	swapped.Hand[p][0], swapped.Deck[p][0] = swapped.Deck[p][0], swapped.Hand[p][0]
	if battleShare(&swapped, p) != battleShare(g, p) {
		t.Error("which token is in the hand changed the share")
	}
}

// The threat player plays out greedy's close calls as fit does, and is
// deterministic by its seed.
func TestThreatPlayerIsDeterministic(t *testing.T) {
	as := testArmies(t, "moloch", "borgo")
	play := func() []engine.Action {
		g, err := engine.NewGame(engine.Config{Board: position.Standard}, as, 7)
		if err != nil {
			t.Fatal(err)
		}
		res := new(engine.Resolver)
		g.SetWorkspace(res)
		spec := Spec{Kind: Threat, Budget: 1}
		ps := Seats{spec.New(1, res), spec.New(2, res)}
		var out []engine.Action
		buf := make([]engine.Action, 0, 1024)
		for n := 0; n < 60 && !g.Over(); n++ {
			buf = g.LegalActions(buf[:0])
			a := buf[ps[g.Player].Act(g, buf)]
			out = append(out, a)
			if err := g.ApplyLegal(a, ps); err != nil {
				t.Fatal(err)
			}
		}
		return out
	}
	a, b := play(), play()
	if len(a) != len(b) {
		t.Fatalf("%d actions, then %d", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("action %d: %v, then %v", i, a[i], b[i])
		}
	}
}

// ThreatEval (a test helper: the evaluation as a leaf of any search would
// read it) is the threat evaluation of g for seat, the logit of seat's
// chance to win, from the side of the player who just moved: when seat is
// to move, the opponent's logit negated. res and scratch are the caller's
// workspace (scratch is overwritten). It reads nothing a human in seat's
// place could not see; on a sampled world (determinise), what it reads of
// the opponent's hand and deck is the sample's, as a rollout's moves are.
func ThreatEval(g *engine.Game, seat uint8, res *engine.Resolver, scratch *engine.State) float64 {
	if !g.Over() && g.Player == seat {
		return -threatLogit(g, seat^1, res, scratch)
	}
	return threatLogit(g, seat, res, scratch)
}
