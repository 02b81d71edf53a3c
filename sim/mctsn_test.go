package sim

import (
	"flag"
	"math"
	"math/bits"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/stats"
)

// mctsNGames is how many games TestMCTSMultiplayerStrength plays (0: the
// test is skipped; it measures, it does not check a rule):
//
//	go test ./sim -run TestMCTSMultiplayerStrength -mctsn-games 600 -v
var mctsNGames = flag.Int("mctsn-games", 0, "games of mcts against greedy, 3 players every man for himself (TestMCTSMultiplayerStrength)")

// mctsNMode is the mode TestMCTSMultiplayerStrength plays: ffa or points.
var mctsNMode = flag.String("mctsn-mode", "ffa", "ffa or points (TestMCTSMultiplayerStrength)")

// A player's value in a finished multiplayer game is its share of the
// win: 1 alone, 1/k among k winners, 0 for a loser (valuesN).
func TestMCTSValuesOfFinishedGames(t *testing.T) {
	as := multiArmies(t, "moloch", "borgo", "hegemony")
	g, err := engine.NewGameN(engine.Standard, as, engine.ModeFFA, nil, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	p := newMCTS(1, new(engine.Resolver), 4)
	g.Phase, g.Winners = engine.PhaseOver, 0b101
	v := p.valuesN(g)
	if math.Abs(v[0]-0.5) > 1e-12 || math.Abs(v[2]-0.5) > 1e-12 || v[1] > 1e-12 || v[3] != 0 {
		t.Errorf("two winners of three: values %v, want 1/2, 0, 1/2", v)
	}
	g.Winners = 0b010
	if v := p.valuesN(g); v[1] < 1-1e-12 || v[0] > 1e-12 || v[2] > 1e-12 {
		t.Errorf("one winner: values %v", v)
	}
}

// Each node of the max^n tree holds the value of the player who moved
// into it: after a search from a 3-player position, every child of the
// root is the searching player's move, and its average lies in [0, 1].
func TestMCTSMultiplayerTree(t *testing.T) {
	as := multiArmies(t, "moloch", "borgo", "hegemony")
	g, err := engine.NewGameN(engine.Standard, as, engine.ModeFFA, nil, 0, 7)
	if err != nil {
		t.Fatal(err)
	}
	for s := range 3 {
		shuffleDeck(g, s, uint64(20+s))
	}
	res := new(engine.Resolver)
	g.SetWorkspace(res)
	p := newMCTS(3, res, 48)
	var buf []engine.Action
	movers := map[uint8]bool{}
	for range 60 { // into the game, past the HQs
		if g.Over() {
			break
		}
		buf = g.LegalActions(buf[:0])
		me := g.Player
		i := p.Act(g, buf)
		if len(buf) > 1 && p.nodes[p.root].count > 0 {
			root := p.nodes[p.root]
			for c := root.first; c < root.first+root.count; c++ {
				n := p.nodes[c]
				if n.mover != me || n.w < 0 || n.w > n.n+1e-9 {
					t.Fatalf("root child of player %d: mover %d, value %v over %v visits", me+1, n.mover+1, n.w, n.n)
				}
			}
			for _, n := range p.nodes {
				movers[n.mover] = true
			}
		}
		if err := g.ApplyLegal(buf[i], multiDecider{[]Player{p, p, p}}); err != nil {
			t.Fatal(err)
		}
	}
	if len(movers) < 3 {
		t.Errorf("the trees hold moves of %d players, want every player's", len(movers))
	}
}

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
		g, err := engine.NewGameN(engine.Standard, ordered, mode, nil, 0, round)
		if err != nil {
			t.Fatal(err)
		}
		g.SetWorkspace(res)
		ShuffleMulti(g, round, seating)
		mine := uint8(k / len(seats) % 3)
		players := make([]Player, 3)
		for s := range players {
			if uint8(s) == mine {
				players[s] = newMCTS(multiSeed(round, 16*k+s), res, 32)
			} else {
				players[s] = newGreedy(multiSeed(round, 16*k+s), res)
			}
		}
		d := multiDecider{players}
		var buf []engine.Action
		for n := 0; !g.Over() && n < DefaultMaxActions; n++ {
			buf = g.LegalActions(buf[:0])
			if err := g.ApplyLegal(buf[players[g.Player].Act(g, buf)], d); err != nil {
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
	iv := Wilson(share, n, stats.Z95)
	t.Logf("mcts:32 against greedy, 3 players %s, %d games: win share %.3f [%.3f, %.3f] (par 1/3)", mode, len(shares), share/n, iv.Lo, iv.Hi)
}
