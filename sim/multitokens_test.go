package sim

import (
	"context"
	"reflect"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
)

// TestMultiTokens: a multiplayer run's per-token figures count every game
// of every army, whatever the number of workers; a run cancelled midway
// counts exactly the whole rotations it keeps; and they agree with the
// games: the copies an army played are the placements and instants its
// seats made (counted apart, game by game, by an observer).
func TestMultiTokens(t *testing.T) {
	m := &MultiMatch{Armies: multiArmies(t, "moloch", "borgo", "hegemony", "outpost"), Names: []string{"a", "b", "c", "d"},
		Mode: engine.ModeTeams, Teams: [2][]int{{0, 2}, {1, 3}}, Player: player.Spec{Kind: player.Random}, Games: 16, Seed: 11}
	recs1, _, err := m.Run(context.Background(), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	r1 := m.Report(recs1, false)
	recs3, _, err := m.Run(context.Background(), 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r3 := m.Report(recs3, false); !reflect.DeepEqual(r1.Tokens, r3.Tokens) {
		t.Fatalf("1 and 3 workers give other token figures")
	}
	if len(r1.Tokens) != 4 {
		t.Fatalf("%d armies' token tables, want 4", len(r1.Tokens))
	}
	// Every placement and instant, counted from the actions of the very
	// games the run played.
	var placed [4]int
	for k := range recs1 {
		obs := &placeCounter{}
		if _, err := m.PlayObserved(k, new(engine.Resolver), obs); err != nil {
			t.Fatal(err)
		}
		for s, a := range m.Seatings()[recs1[k].Seating] {
			placed[a] += obs.n[s]
		}
	}
	for a, toks := range r1.Tokens {
		played, deeds := 0, 0
		for _, tk := range toks {
			if tk.Games != len(recs1) {
				t.Errorf("army %d %s: %d games, want %d", a, tk.Name, tk.Games, len(recs1))
			}
			played += tk.Played
			deeds += tk.Dealt + tk.Moves + tk.Rotations
		}
		if played != placed[a] {
			t.Errorf("army %d: %d copies played by the figures, %d placements and instants in the games", a, played, placed[a])
		}
		if deeds == 0 {
			t.Errorf("army %d: its tokens dealt no wound and moved nothing in %d games", a, len(recs1))
		}
	}
	// Cancelled after some games: the figures are those of the kept
	// rotations only.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	big := *m
	big.Games = 64
	recs, partial, err := big.Run(ctx, 2, func(done, _ int) {
		if done == 20 {
			cancel()
		}
	})
	if err != nil || !partial {
		t.Fatalf("cancelled run: partial %v, %v", partial, err)
	}
	for a, toks := range big.Report(recs, partial).Tokens {
		if toks[0].Games != len(recs) {
			t.Errorf("cancelled run: army %d's figures count %d games, the run keeps %d", a, toks[0].Games, len(recs))
		}
	}
}

// placeCounter counts the placements and instants of each seat.
type placeCounter struct {
	n [engine.MaxPlayers]int
}

func (c *placeCounter) Begin(g *engine.Game, _ GameInfo, d engine.Decider) engine.Decider { return d }
func (c *placeCounter) End(*engine.Game, bool)                                            {}
func (c *placeCounter) Action(g *engine.Game, a engine.Action) {
	switch a.Kind {
	case engine.KPlace, engine.KInstant, engine.KPlaceAside:
		c.n[g.Player]++
	}
}
