package sim

import (
	"context"
	"reflect"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
)

// The searching players play games of three and four players: every game
// ends, and a run is the same whatever the number of workers. A run plays
// whole rotations of the seats (8 to 24 games here, twice); with -short two
// games are played by two workers each, in opposite orders: a game's
// record depends on its number only, which is what lets Run's workers share
// the games (under -race the whole runs took past Go's 10-minute timeout
// on a busy machine).
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
		if testing.Short() {
			gamesByTwoWorkers(t, tc.player, m)
			continue
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

// gamesByTwoWorkers plays games 0 and 1 of m on one worker, then 1 and 0
// on another: each game ends with a result, the same on both.
func gamesByTwoWorkers(t *testing.T, name string, m *MultiMatch) {
	t.Helper()
	var recs [2][2]MultiRecord
	for w, order := range [2][2]int{{0, 1}, {1, 0}} {
		wk := &worker{res: new(engine.Resolver)}
		for _, k := range order {
			r, err := m.Play(k, wk)
			if err != nil {
				t.Fatalf("%s: game %d: %v", name, k, err)
			}
			if r.Capped || r.Winners == 0 {
				t.Errorf("%s: game %d ended without a result (capped %v)", name, k, r.Capped)
			}
			recs[w][k] = r
		}
	}
	if recs[0] != recs[1] {
		t.Errorf("%s: a game played by another worker after another game differs: %+v, %+v", name, recs[0], recs[1])
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
