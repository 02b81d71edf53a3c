package sim

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/hexforge/hexforge/engine"
)

// The searching players play games of three and four players: every game
// ends, and a run is the same whatever the number of workers.
func TestSearchPlayersPlayMultiplayer(t *testing.T) {
	for _, tc := range []struct {
		player string
		mode   engine.Mode
		armies []string
	}{
		{"plan:2", engine.ModeTeams, []string{"moloch", "borgo", "hegemony", "outpost"}},
		{"search:6", engine.ModeFFA, []string{"moloch", "borgo", "hegemony"}},
		{"mcts:6", engine.ModeFFA, []string{"moloch", "borgo", "hegemony", "outpost"}},
		{"mcts:6", engine.ModeTeams, []string{"moloch", "borgo", "hegemony", "outpost"}},
		{"mcts:6", engine.ModeOneVsTeam, []string{"moloch", "borgo", "hegemony"}},
		{"mcts:6", engine.ModePoints, []string{"moloch", "borgo", "hegemony"}},
	} {
		spec, err := ParsePlayer(tc.player)
		if err != nil {
			t.Fatal(err)
		}
		m := &MultiMatch{Armies: multiArmies(t, tc.armies...), Names: tc.armies, Mode: tc.mode,
			Player: spec, Games: 8, Seed: 3}
		if tc.mode == engine.ModeTeams {
			m.Teams = [2][]int{{0, 1}, {2, 3}}
		}
		r1, _, err := m.Run(context.Background(), 1, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.player, err)
		}
		r2, _, err := m.Run(context.Background(), 2, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.player, err)
		}
		if !reflect.DeepEqual(r1, r2) {
			t.Errorf("%s: 1 and 2 workers differ", tc.player)
		}
		for i, r := range r1 {
			if r.Capped || r.Winners == 0 {
				t.Errorf("%s: game %d ended without a result (capped %v)", tc.player, i, r.Capped)
			}
		}
	}
}

// determinise deals every other player's hidden tokens anew, not only the
// next player's, and keeps what each player holds.
func TestDeterminiseEveryOpponent(t *testing.T) {
	as := multiArmies(t, "moloch", "borgo", "hegemony", "outpost")
	g, err := engine.NewGame(engine.Config{Mode: engine.ModeFFA}, as, 5)
	if err != nil {
		t.Fatal(err)
	}
	for s := range 4 {
		shuffleDeck(g, s, uint64(10+s))
	}
	// Play on until every player has drawn a hand.
	r := newRng(1)
	var buf []engine.Action
	for n := 0; n < 400 && !g.Over() && g.Turn < 6; n++ {
		buf = g.LegalActions(buf[:0])
		if err := g.ApplyLegal(buf[r.intn(len(buf))], engine.FirstOption{}); err != nil {
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
		wr := newRng(seed)
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

// A share's interval never collapses: an army that won none of six games
// may still win a few in a hundred, and one that won all may lose some.
func TestShareIntervalNeverCollapses(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want func(s Share) bool
	}{
		{0, func(s Share) bool { return s.Lo == 0 && s.Hi > 0.2 }},
		{1, func(s Share) bool { return s.Hi == 1 && s.Lo < 0.8 }},
		{0.5, func(s Share) bool { return s.Lo < 0.5 && s.Hi > 0.5 }},
	} {
		var s Share
		for range 6 {
			s.add(tc.x)
		}
		s.finish()
		if s.Share != tc.x || !tc.want(s) {
			t.Errorf("six games of share %v: %v [%v, %v]", tc.x, s.Share, s.Lo, s.Hi)
		}
	}
}
