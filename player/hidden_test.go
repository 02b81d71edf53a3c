package player

import (
	"slices"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
)

// cheat is a player that reads the opponent's hand: the test below must
// catch it.
type cheat struct{ randomPlayer }

func (c *cheat) Act(g *engine.Game, legal []engine.Action) int {
	opp := 1 - g.Player
	if g.HandLen[opp] == 0 {
		return 0
	}
	return int(g.Hand[opp][0]) % len(legal)
}

// scramble deals what player me cannot see anew, keeping every count: the
// opponent's hand and deck drawn again from their tokens together, and the
// order of me's own deck. A human in me's seat sees no difference.
func scramble(g *engine.Game, me uint8, r *Rand) {
	shuffle := func(d []uint8) {
		for i := len(d) - 1; i > 0; i-- {
			j := r.Intn(i + 1)
			d[i], d[j] = d[j], d[i]
		}
	}
	shuffle(g.Deck[me][:g.DeckLen[me]])
	opp := 1 - me
	pool := slices.Concat(g.Hand[opp][:g.HandLen[opp]], g.Deck[opp][:g.DeckLen[opp]])
	shuffle(pool)
	m := copy(g.Hand[opp][:g.HandLen[opp]], pool)
	copy(g.Deck[opp][:g.DeckLen[opp]], pool[m:])
}

// sortedDeal is determinise from the hidden tokens sorted: the worlds it
// deals depend on what a player may know (the counts), not on the order
// the game happens to hold them in.
func sortedDeal(r *Rand, w *engine.Game, me uint8) {
	slices.Sort(w.Deck[me][:w.DeckLen[me]])
	opp := 1 - me
	pool := slices.Concat(w.Hand[opp][:w.HandLen[opp]], w.Deck[opp][:w.DeckLen[opp]])
	slices.Sort(pool)
	m := copy(w.Hand[opp][:w.HandLen[opp]], pool)
	copy(w.Deck[opp][:w.DeckLen[opp]], pool[m:])
	determinise(r, w, me)
}

// TestPlayersSeeNoHiddenTokens: every kind of player (the kinds table)
// makes the same decision in a game whose opponent's hand and both deck
// orders are scrambled, counts kept: it sees what a human sees (issue 25
// item 6). The searching players sample worlds from the hidden tokens
// (determinise), whose order the scramble changes; here they deal from
// the tokens sorted, so any difference left is a read of something
// hidden. A player that reads the opponent's hand is caught.
func TestPlayersSeeNoHiddenTokens(t *testing.T) {
	defer func(d func(*Rand, *engine.Game, uint8)) { deal = d }(deal)
	deal = sortedDeal
	as := testArmies(t, "moloch", "borgo")
	g, err := engine.NewGame(engine.Config{Board: position.Standard}, as, 9)
	if err != nil {
		t.Fatal(err)
	}
	// Positions of a game played at random, in the play phase with the
	// player to act holding tokens and the opponent holding some too.
	var positions []engine.Game
	r := NewRand(4)
	var buf []engine.Action
	last := -10
	for n := 0; n < 2000 && !g.Over() && len(positions) < 8; n++ {
		buf = g.LegalActions(buf[:0])
		if n-last >= 6 && g.Phase == engine.PhasePlay && g.HandLen[g.Player] > 0 && g.HandLen[1-g.Player] > 0 && g.DeckLen[1-g.Player] > 2 && len(buf) > 1 {
			positions = append(positions, *g)
			last = n
		}
		if err := g.ApplyLegal(buf[r.Intn(len(buf))], engine.FirstOption{}); err != nil {
			t.Fatal(err)
		}
	}
	if len(positions) < 4 {
		t.Fatalf("%d positions", len(positions))
	}
	budgets := map[Kind]int{Search: 8, Plan: 2, Race: 4, MCTS: 24, Wide: 8, Fit: 1, Quick: 4, Threat: 1, Deep: 8, Tree: 24}
	type maker struct {
		name string
		new  func(seed uint64, res *engine.Resolver) Player
	}
	var makers []maker
	for k := range kinds {
		spec := Spec{Kind: Kind(k), Budget: budgets[Kind(k)]}
		makers = append(makers, maker{spec.String(), spec.New})
	}
	makers = append(makers, maker{"cheat", func(seed uint64, _ *engine.Resolver) Player { return &cheat{*newRandom(seed)} }})
	for _, mk := range makers {
		differs := 0
		for i, pos := range positions {
			me := pos.Player
			decide := func(g *engine.Game) engine.Action {
				res := new(engine.Resolver)
				g.SetWorkspace(res)
				p := mk.new(uint64(100+i), res)
				if rel, ok := p.(releaser); ok {
					defer rel.release()
				}
				legal := g.LegalActions(nil)
				return legal[p.Act(g, legal)]
			}
			seen := pos
			want := decide(&seen)
			for s := range uint64(3) {
				hidden := pos
				scramble(&hidden, me, new(NewRand(s+1)))
				if hidden.Hand[1-me] == pos.Hand[1-me] && hidden.Deck[me] == pos.Deck[me] {
					continue // the scramble changed nothing a player could read
				}
				if got := decide(&hidden); got != want {
					differs++
					if mk.name != "cheat" {
						t.Errorf("%s, position %d (turn %d): %v with the hidden tokens scrambled, %v without", mk.name, i, pos.Turn, got, want)
					}
				}
			}
		}
		if mk.name == "cheat" && differs == 0 {
			t.Error("a player reading the opponent's hand was not caught")
		}
	}
}
