package player

import (
	"math"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
)

// A player's value in a finished multiplayer game is its share of the
// win: 1 alone, 1/k among k winners, 0 for a loser (values).
func TestMCTSValuesOfFinishedGames(t *testing.T) {
	as := testArmies(t, "moloch", "borgo", "hegemony")
	g, err := engine.NewGame(engine.Config{Board: position.Standard, Mode: engine.ModeFFA}, as, 1)
	if err != nil {
		t.Fatal(err)
	}
	p := newMCTS(1, new(engine.Resolver), 4)
	g.Phase, g.Winners = engine.PhaseOver, 0b101
	v := p.values(g, 0)
	if math.Abs(v[0]-0.5) > 1e-12 || math.Abs(v[2]-0.5) > 1e-12 || v[1] > 1e-12 || v[3] != 0 {
		t.Errorf("two winners of three: values %v, want 1/2, 0, 1/2", v)
	}
	g.Winners = 0b010
	if v := p.values(g, 0); v[1] < 1-1e-12 || v[0] > 1e-12 || v[2] > 1e-12 {
		t.Errorf("one winner: values %v", v)
	}
}

// Each node of the max^n tree holds the value of the player who moved
// into it: after a search from a 3-player position, every child of the
// root is the searching player's move, and its average lies in [0, 1].
func TestMCTSMultiplayerTree(t *testing.T) {
	as := testArmies(t, "moloch", "borgo", "hegemony")
	g, err := engine.NewGame(engine.Config{Board: position.Standard, Mode: engine.ModeFFA}, as, 7)
	if err != nil {
		t.Fatal(err)
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
		if err := g.ApplyLegal(buf[i], Seats{p, p, p}); err != nil {
			t.Fatal(err)
		}
	}
	if len(movers) < 3 {
		t.Errorf("the trees hold moves of %d players, want every player's", len(movers))
	}
}
