package study

import (
	"context"
	"reflect"
	"sync"
	"testing"

	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
)

// The round robin of a fixed number of games starts a matchup once the
// one before has handed out its last game; its results are those of
// matchups played strictly one after another (as with OnGames, which sees
// every game in order), and never more than two matchups play at once.
func TestRoundRobinOverlap(t *testing.T) {
	names := []string{"moloch", "borgo", "hegemony"}
	var list []*rules.Army
	for _, n := range names {
		list = append(list, balanceArmy(t, n))
	}
	games := 6
	if testing.Short() {
		games = 2
	}
	seq := greedyRun(t, games, 1)
	seq.OnGames = func([]sim.GameRecord) {}
	want, err := seq.RoundRobin(context.Background(), list, names)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	left := map[string]int{} // games a matchup has still to finish
	most := 0
	for _, workers := range []int{1, 3, 8} {
		r := greedyRun(t, games, workers)
		r.Progress = func(label string) sim.Progress {
			return func(done, total int) {
				mu.Lock()
				defer mu.Unlock()
				left[label] = total - done
				playing := 0
				for _, n := range left {
					if n > 0 {
						playing++
					}
				}
				most = max(most, playing)
			}
		}
		got, err := r.RoundRobin(context.Background(), list, names)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Matches) != 6 || !reflect.DeepEqual(got, want) {
			t.Errorf("--workers %d: the overlapped round robin differs from the one played matchup by matchup", workers)
		}
	}
	if most > 2 {
		t.Errorf("%d matchups played at once, want at most 2", most)
	}
}

// A cancelled round robin keeps every matchup, the ones not reached with
// no game and marked partial.
func TestRoundRobinCancelled(t *testing.T) {
	names := []string{"moloch", "borgo"}
	list := []*rules.Army{balanceArmy(t, "moloch"), balanceArmy(t, "borgo")}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rr, err := greedyRun(t, 4, 2).RoundRobin(ctx, list, names)
	if err != nil {
		t.Fatal(err)
	}
	if len(rr.Matches) != 3 {
		t.Fatalf("%d matchups, want 3", len(rr.Matches))
	}
	for c, s := range rr.Matches {
		if !s.Partial || s.Tally.Games() != 0 || s.A != names[c[0]] || s.B != names[c[1]] {
			t.Errorf("matchup %v: partial %v, %d games, %s v %s; want partial, none played", c, s.Partial, s.Tally.Games(), s.A, s.B)
		}
	}
}
