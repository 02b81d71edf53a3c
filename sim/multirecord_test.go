package sim

import (
	"context"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
)

// countObs counts what an Observer is shown.
type countObs struct {
	begins, actions, ends int
	info                  GameInfo
}

func (o *countObs) Begin(g *engine.Game, info GameInfo, dec engine.Decider) engine.Decider {
	o.begins++
	o.info = info
	return dec
}
func (o *countObs) Action(*engine.Game, engine.Action) { o.actions++ }
func (o *countObs) End(*engine.Game, bool)             { o.ends++ }

// A multiplayer game played with an observer (sim --record) is the very
// game the run plays for its number: the same record, every action shown
// once, and the game's number, rotation seed and seating told.
func TestMultiPlayObserved(t *testing.T) {
	m := &MultiMatch{Armies: multiArmies(t, "moloch", "borgo", "hegemony", "outpost"), Names: []string{"a", "b", "c", "d"},
		Mode: engine.ModeTeams, Teams: [2][]int{{0, 2}, {1, 3}}, Player: player.Spec{Kind: player.Random}, Games: 8, Seed: 9}
	recs, _, err := m.Run(context.Background(), 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{0, 5} {
		obs := &countObs{}
		rec, err := m.PlayObserved(k, new(engine.Resolver), obs)
		if err != nil {
			t.Fatal(err)
		}
		if rec != recs[k] {
			t.Errorf("game %d observed %+v, the run's %+v", k, rec, recs[k])
		}
		mi := obs.info.Multi
		if obs.begins != 1 || obs.ends != 1 || obs.actions != rec.Actions || mi == nil || mi.Game != k || mi.Seatings != 8 ||
			len(mi.Seating) != 4 || mi.Seating[0] != m.Seatings()[k%8][0] || obs.info.GameSeed != MultiRound(9, k, 8) {
			t.Errorf("game %d: begins %d, ends %d, actions %d of %d, info %+v", k, obs.begins, obs.ends, obs.actions, rec.Actions, mi)
		}
	}
}
