package player

import (
	"strings"
	"testing"

	"github.com/hexforge/hexforge/engine"
)

// A tree leaf plays on greedily past the end of the opponent's turn and
// through the player's own next turn, and is worth the logistic of the
// mean of the fitted logits at the two ends: each side's reply counted
// once, as deep weighs a rollout. The position at the first end is found
// again by the same greedy player stepping a copy of the world.
func TestTreeLeafWeighsBothTurns(t *testing.T) {
	g, res, legal := midGame(t)
	p := newTree(5, res, 16)
	defer p.release()
	me, start := g.Player, g.Turn
	checked := 0
	for i, a := range legal {
		if i%7 != 0 {
			continue
		}
		w := *g
		r := NewRand(uint64(i))
		deal(&r, &w, me)
		if err := w.ApplyLegal(a, p); err != nil {
			t.Fatal(err)
		}
		mid := w
		got := p.rollValue(&w, me, start)
		if w.Over() {
			continue
		}
		for !horizon(&mid, me, start) {
			buf := mid.LegalActions(nil)
			if err := mid.ApplyLegal(buf[p.roll.greedyPick(&mid, buf)], p.roll); err != nil {
				t.Fatal(err)
			}
		}
		if w.Turn <= mid.Turn {
			t.Fatalf("action %d: the rollout stopped at turn %d, want past the player's next turn (%d)", i, w.Turn, mid.Turn)
		}
		atOpp, atOwn := p.logit(&mid, me), p.logit(&w, me)
		if want := zeroSum(me, sigmoid((atOpp+atOwn)/2)); got != want {
			t.Errorf("action %d: leaf %v, want the logistic of the mean of %v (opponent's turn) and %v (own turn): %v", i, got, atOpp, atOwn, want)
		}
		if atOpp != atOwn {
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no rollout whose two values differ: the test shows nothing")
	}
}

// The tree player's walks end in rollouts: with them it decides
// otherwise than mcts at the same budget in some positions of a game (the
// rollouts change what a node is worth), and a decision with a budget of
// one iteration (the root's greedy pass alone) is mcts's.
func TestTreeIsNotMCTS(t *testing.T) {
	g, res, _ := midGame(t)
	differ := 0
	for n := 0; n < 30 && !g.Over(); n++ {
		legal := g.LegalActions(nil)
		pick := func(mk func() *mctsPlayer) int {
			p := mk()
			defer p.release()
			w := *g
			return p.Act(&w, legal)
		}
		tr := pick(func() *mctsPlayer { return newTree(9, res, 48) })
		mc := pick(func() *mctsPlayer { return newMCTS(9, res, 48) })
		if tr != mc {
			differ++
		}
		if one, want := pick(func() *mctsPlayer { return newTree(9, res, 1) }), pick(func() *mctsPlayer { return newMCTS(9, res, 1) }); one != want {
			t.Errorf("step %d: tree:1 picks %d, mcts:1 %d; want the root's greedy pass alike", n, one, want)
		}
		if err := g.ApplyLegal(legal[tr], engine.FirstOption{}); err != nil {
			t.Fatal(err)
		}
	}
	if differ == 0 {
		t.Error("tree:48 decided as mcts:48 in every position: its rollouts change nothing")
	}
}

// The players' usage line, written from the kinds table, names every kind
// with what its budget counts, and the unknown player's error gives it.
func TestUsageNamesEveryKind(t *testing.T) {
	want := "random, greedy, search[:playouts], plan[:worlds], race[:worlds], mcts[:iterations], wide[:worlds], fit[:worlds], quick[:worlds], threat[:worlds], deep[:worlds] or tree[:iterations]"
	if Usage != want {
		t.Errorf("Usage %q, want %q", Usage, want)
	}
	if _, err := Parse("alphazero"); err == nil || !strings.Contains(err.Error(), Usage) {
		t.Errorf("unknown player: %v; want the usage line", err)
	}
}
