package sim

import (
	"context"
	"reflect"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/internal/testarmy"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
)

func multiArmies(t *testing.T, refs ...string) []*rules.Army {
	t.Helper()
	var out []*rules.Army
	for _, r := range refs {
		out = append(out, testarmy.Load(t, r))
	}
	return out
}

// Every seat permutation is played (24 for four armies every man for
// himself), and the teams mode keeps the A1-B1-A2-B2 alternation in all of
// its 8 seatings.
func TestMultiSeatings(t *testing.T) {
	m := &MultiMatch{Armies: make([]*rules.Army, 4), Mode: engine.ModeFFA}
	seen := map[[4]int]bool{}
	for _, s := range m.Seatings() {
		seen[[4]int(s)] = true
	}
	if len(seen) != 24 {
		t.Errorf("ffa: %d distinct seatings, want 24", len(seen))
	}
	m.Mode, m.Teams = engine.ModeTeams, [2][]int{{0, 3}, {1, 2}}
	seats := m.Seatings()
	if len(seats) != 8 {
		t.Fatalf("teams: %d seatings, want 8", len(seats))
	}
	team := func(a int) int {
		if a == 1 || a == 2 {
			return 1
		}
		return 0
	}
	for _, s := range seats {
		for i := range s {
			if team(s[i]) == team(s[(i+1)%4]) {
				t.Errorf("seating %v puts one team's turns together", s)
			}
		}
	}
	m.Games = 10
	if m.Rounded() != 16 {
		t.Errorf("10 games of 8 seatings round to %d, want 16", m.Rounded())
	}
}

// A multiplayer run is the same whatever the number of workers, every army
// plays every seat equally often, and the shares of a game add up to one.
func TestMultiRunDeterministic(t *testing.T) {
	m := &MultiMatch{Armies: multiArmies(t, "moloch", "borgo", "hegemony"), Names: []string{"a", "b", "c"}, Mode: engine.ModeFFA,
		Player: player.Spec{Kind: player.Random}, Games: 12, Seed: 7}
	r1, _, err := m.Run(context.Background(), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	r2, _, err := m.Run(context.Background(), 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r1, r2) {
		t.Fatalf("1 and 3 workers differ")
	}
	rep := m.Report(r1, false)
	total := 0.0
	for a := range rep.Army {
		total += rep.Army[a].Share
		for s := range rep.BySeat[a] {
			if rep.BySeat[a][s].Games != 4 { // 12 games, a third of them with the army on each seat
				t.Errorf("army %d seat %d: %d games, want 4", a, s, rep.BySeat[a][s].Games)
			}
		}
	}
	if played := rep.Games - rep.Capped; played > 0 && (total < 0.999 || total > 1.001) {
		t.Errorf("the armies' shares add up to %v, want 1", total)
	}
}
