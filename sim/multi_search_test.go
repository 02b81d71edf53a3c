package sim

import (
	"context"
	"reflect"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
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
		spec, err := player.Parse(tc.player)
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
