package sim

// The players' strength and determinism, measured through matches: the
// players themselves are tested in package player.

import (
	"context"
	"flag"
	"fmt"
	"math/bits"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/stats"
)

// BenchmarkMCTSGame is one whole Moloch mirror game between two mcts players
// per budget: the games per second of a level on one core.
func BenchmarkMCTSGame(b *testing.B) {
	for _, n := range []int{8, 32} {
		b.Run(fmt.Sprintf("mcts:%d", n), func(b *testing.B) {
			p := fmt.Sprintf("mcts:%d", n)
			benchGames(b, p, p)
		})
	}
}

// A small budget must beat the random player decisively: over a fixed set of
// seeds, paired and seat-swapped, it wins nearly every game. This is an
// outcome, not a timing: the seeds make it exact.
func TestMCTSBeatsRandom(t *testing.T) {
	m := match(t, "moloch", "moloch", "mcts:4", "random", 6, 11)
	recs, _, err := m.Run(context.Background(), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(m, recs, false)
	if s.Tally.Games() != 12 || s.Tally.Rate() < 0.9 {
		t.Errorf("mcts:4 vs random: %+v, rate %.3f; want at least 90%% of 12 games", s.Tally, s.Tally.Rate())
	}
	t.Logf("mcts:4 vs random: %+v", s.Tally)
}

// mcts with a budget of a few iterations must already do better than the
// greedy player it grows from, in paired games on fixed seeds.
func TestMCTSBeatsGreedy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 40 games")
	}
	m := match(t, "moloch", "moloch", "mcts:16", "greedy", 20, 7)
	recs, _, err := m.Run(context.Background(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(m, recs, false)
	if s.Tally.Rate() <= 0.6 {
		t.Errorf("mcts:16 vs greedy: %+v, rate %.3f; want above 60%%", s.Tally, s.Tally.Rate())
	}
	t.Logf("mcts:16 vs greedy: %+v, rate %.3f", s.Tally, s.Tally.Rate())
}

// The same seed gives the same games, and the number of workers does not
// matter: every random choice of the player flows from its seed.
func TestMCTSIsDeterministic(t *testing.T) {
	sameWithOneAndTwoWorkers(t, match(t, "moloch", "moloch", "mcts:6", "greedy", 3, 99))
}

// mctsNGames is how many games TestMCTSMultiplayerStrength plays (0: the
// test is skipped; it measures, it does not check a rule):
//
//	go test ./sim -run TestMCTSMultiplayerStrength -mctsn-games 600 -v
var mctsNGames = flag.Int("mctsn-games", 0, "games of mcts against greedy, 3 players every man for himself (TestMCTSMultiplayerStrength)")

// mctsNMode is the mode TestMCTSMultiplayerStrength plays: ffa or points.
var mctsNMode = flag.String("mctsn-mode", "ffa", "ffa or points (TestMCTSMultiplayerStrength)")

// TestMCTSMultiplayerStrength plays mcts:32 on one seat against greedy on
// the others, three players every man for himself (or the points game),
// the armies and the mcts seat rotating, and reports mcts's win share (a
// third is par).
func TestMCTSMultiplayerStrength(t *testing.T) {
	if *mctsNGames == 0 {
		t.Skip("a measurement: give -mctsn-games N")
	}
	mode, err := engine.ParseMode(*mctsNMode)
	if err != nil || (mode != engine.ModeFFA && mode != engine.ModePoints) {
		t.Fatalf("-mctsn-mode %q: want ffa or points", *mctsNMode)
	}
	as := multiArmies(t, "moloch", "borgo", "hegemony")
	res := new(engine.Resolver)
	m := &MultiMatch{Armies: as, Mode: mode}
	seats := m.Seatings()
	var share float64
	var shares []float64
	for k := range *mctsNGames {
		seating := seats[k%len(seats)]
		round := MultiRound(11, k, len(seats))
		ordered := make([]*rules.Army, 3)
		for s, a := range seating {
			ordered[s] = as[a]
		}
		g, err := engine.NewGame(engine.Config{Board: position.Standard, Mode: mode}, ordered, round)
		if err != nil {
			t.Fatal(err)
		}
		g.SetWorkspace(res)
		ShuffleMulti(g, round, seating)
		mine := uint8(k / len(seats) % 3)
		players := make(player.Seats, 3)
		for s := range players {
			spec := player.Spec{Kind: player.Greedy}
			if uint8(s) == mine {
				spec = player.Spec{Kind: player.MCTS, Budget: 32}
			}
			players[s] = spec.New(multiSeed(round, 16*k+s), res)
		}
		var buf []engine.Action
		for n := 0; !g.Over() && n < DefaultMaxActions; n++ {
			buf = g.LegalActions(buf[:0])
			if err := g.ApplyLegal(buf[players[g.Player].Act(g, buf)], players); err != nil {
				t.Fatal(err)
			}
		}
		x := 0.0
		if g.Over() && g.Winners&(1<<mine) != 0 {
			x = 1 / float64(bits.OnesCount8(g.Winners))
		}
		share += x
		shares = append(shares, x)
	}
	n := float64(len(shares))
	lo, hi := stats.Wilson(share, n, stats.Z95)
	t.Logf("mcts:32 against greedy, 3 players %s, %d games: win share %.3f [%.3f, %.3f] (par 1/3)", mode, len(shares), share/n, lo, hi)
}

// A seed gives the same plan games with one worker and with two.
func TestPlanIsDeterministic(t *testing.T) {
	sameWithOneAndTwoWorkers(t, match(t, "moloch", "hegemony", "plan:1", "greedy", 3, 99))
}

// sameWithOneAndTwoWorkers runs m with one worker and with two and checks
// that every game came out the same.
func sameWithOneAndTwoWorkers(t *testing.T, m *Match) {
	t.Helper()
	one, _, err := m.Run(context.Background(), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	two, _, err := m.Run(context.Background(), 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(one) != len(two) {
		t.Fatalf("%d games with one worker, %d with two", len(one), len(two))
	}
	for i := range one {
		if one[i] != two[i] {
			t.Errorf("game %d differs: %+v vs %+v", i, one[i], two[i])
		}
	}
}

// The plan, race and wide players must beat greedy clearly on a fixed seed set.
func TestSearchersBeatGreedy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 40 games a player")
	}
	for _, pl := range []string{"plan:1", "race:2", "wide:4", "quick:2"} {
		m := match(t, "moloch", "moloch", pl, "greedy", 20, 4)
		recs, _, err := m.Run(context.Background(), 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		score := 0.0
		for _, r := range recs {
			switch r.Outcome {
			case Win:
				score++
			case Draw:
				score += 0.5
			}
		}
		if rate := score / float64(len(recs)); rate < 0.6 {
			t.Errorf("%s scored %.1f%% of %d games against greedy; want at least 60%%", pl, 100*rate, len(recs))
		}
	}
}

// A seed gives the same race games with one worker and with two.
func TestRaceIsDeterministic(t *testing.T) {
	sameWithOneAndTwoWorkers(t, match(t, "hegemony", "moloch", "race:3", "greedy", 3, 17))
}

// A seed gives the same quick games with one worker and with two.
func TestQuickIsDeterministic(t *testing.T) {
	sameWithOneAndTwoWorkers(t, match(t, "hegemony", "moloch", "quick:3", "greedy", 3, 17))
}

// A seed gives the same wide games with one worker and with two: the
// order of its shortlist's equals is drawn from the seed too.
func TestWideIsDeterministic(t *testing.T) {
	sameWithOneAndTwoWorkers(t, match(t, "hegemony", "moloch", "wide:6", "race:2", 3, 17))
}

// A seed gives the same deep games with one worker and with two.
func TestDeepIsDeterministic(t *testing.T) {
	sameWithOneAndTwoWorkers(t, match(t, "hegemony", "moloch", "deep:4", "race:2", 2, 17))
}

func TestTreeIsDeterministic(t *testing.T) {
	sameWithOneAndTwoWorkers(t, match(t, "hegemony", "moloch", "tree:16", "race:2", 2, 17))
}
