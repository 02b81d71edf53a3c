package player

import (
	"slices"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
)

// determinise deals every other player's hidden tokens anew, not only the
// next player's, and keeps what each player holds.
func TestDeterminiseEveryOpponent(t *testing.T) {
	as := testArmies(t, "moloch", "borgo", "hegemony", "outpost")
	g, err := engine.NewGame(engine.Config{Board: position.Standard, Mode: engine.ModeFFA}, as, 5)
	if err != nil {
		t.Fatal(err)
	}
	// Play on until every player has drawn a hand.
	r := NewRand(1)
	var buf []engine.Action
	for n := 0; n < 400 && !g.Over() && g.Turn < 6; n++ {
		buf = g.LegalActions(buf[:0])
		if err := g.ApplyLegal(buf[r.Intn(len(buf))], engine.FirstOption{}); err != nil {
			t.Fatal(err)
		}
	}
	held := func(w *engine.Game, p uint8) []uint8 {
		h := slices.Concat(w.Hand[p][:w.HandLen[p]], w.Deck[p][:w.DeckLen[p]])
		slices.Sort(h)
		return h
	}
	// A player who played out their hand holds tokens again: the top
	// two of their deck, as if drawn.
	for p := range uint8(4) {
		for g.HandLen[p] < 2 {
			g.DeckLen[p]--
			g.Hand[p][g.HandLen[p]] = g.Deck[p][g.DeckLen[p]]
			g.HandLen[p]++
		}
	}
	const me = 1
	changed := [4]bool{}
	for seed := range uint64(20) {
		w := *g
		wr := NewRand(seed)
		determinise(&wr, &w, me)
		for p := uint8(0); p < 4; p++ {
			if w.HandLen[p] != g.HandLen[p] || w.DeckLen[p] != g.DeckLen[p] || !slices.Equal(held(&w, p), held(g, p)) {
				t.Fatalf("player %d: hand and deck are not the same tokens after determinise", p+1)
			}
			if w.Hand[p] != g.Hand[p] {
				changed[p] = true
			}
		}
	}
	if changed[me] {
		t.Errorf("the searching player's own hand was dealt anew")
	}
	for p := range uint8(4) {
		if p != me && !changed[p] {
			t.Errorf("player %d's hidden hand was never dealt anew in 20 worlds", p+1)
		}
	}
}
