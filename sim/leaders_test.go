package sim

import (
	"context"
	"testing"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// TestPlayersUseLeaders: every player chooses among a leader's uses like
// among any other action (they come with LegalActions): with a leader
// that hits the enemy HQ for 2, each player uses it; greedy uses both of
// its uses in every game.
func TestPlayersUseLeaders(t *testing.T) {
	res := compiler.CompileSource("l.army", []byte(`leader "Artillery" { on own_turn: damage 2 at=enemy_hq hq }`))
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags)
	}
	l := res.Leaders[0]
	a, b := testArmy(t, "moloch"), testArmy(t, "borgo")
	for _, p := range []string{"random", "greedy", "search:4", "plan:2", "race:2", "mcts:16"} {
		spec, err := ParsePlayer(p)
		if err != nil {
			t.Fatal(err)
		}
		m := &Match{A: a, B: b, Players: [2]PlayerSpec{spec, spec}, Seed: 3, Pairs: 1, Leaders: [2]*rules.Leader{l, nil}}
		uses := 0
		for _, first := range []bool{true, false} {
			rec, err := m.Play(0, first, new(engine.Resolver))
			if err != nil {
				t.Fatal(err)
			}
			if rec.LeaderUses[1] != 0 {
				t.Fatalf("%s: army B, with no leader, used one %d times", p, rec.LeaderUses[1])
			}
			if rec.Procs != ([2][engine.NumProcedures]int{}) {
				t.Fatalf("%s: Procedures counted on a board that has none (a leader's use taken for one): %v", p, rec.Procs)
			}
			if p == "greedy" && rec.LeaderUses[0] != rules.LeaderUses {
				t.Errorf("greedy used its leader %d times, want %d", rec.LeaderUses[0], rules.LeaderUses)
			}
			uses += int(rec.LeaderUses[0])
		}
		if uses == 0 {
			t.Errorf("%s never used its leader", p)
		}
	}
}

// TestPlayersAnswerOpponentDraw: a leader used in the opponent's turn
// (on opponent_draw, as a rulebook card) is a decision of its owner at
// that moment, the player to move then: every player, whose Act is called
// for it, makes it without failing, and the games end.
func TestPlayersAnswerOpponentDraw(t *testing.T) {
	res := compiler.CompileSource("l.army", []byte(`leader "Agent" { on opponent_draw: redraw }`))
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags)
	}
	l := res.Leaders[0]
	a, b := testArmy(t, "moloch"), testArmy(t, "borgo")
	for _, p := range []string{"random", "greedy", "search:4", "plan:2", "race:2", "mcts:16"} {
		spec, err := ParsePlayer(p)
		if err != nil {
			t.Fatal(err)
		}
		m := &Match{A: a, B: b, Players: [2]PlayerSpec{spec, spec}, Seed: 5, Pairs: 1, Leaders: [2]*rules.Leader{nil, l}}
		uses := 0
		for _, first := range []bool{true, false} {
			rec, err := m.Play(0, first, new(engine.Resolver))
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if rec.Outcome == Capped || rec.LeaderUses[0] != 0 || rec.LeaderUses[1] > rules.LeaderUses {
				t.Fatalf("%s: outcome %v, leader uses %v", p, rec.Outcome, rec.LeaderUses)
			}
			uses += int(rec.LeaderUses[1])
		}
		if p != "random" && uses == 0 {
			t.Errorf("%s never used its leader in the opponent's turn", p)
		}
	}
}

// TestTeamsShareLeaders: in the teams mode each team's card is shared by
// its allies; greedy spends both of its team's uses in every game, random
// some, and an opponent_draw card (the enemy's decision in another's
// turn) lets every game end.
func TestTeamsShareLeaders(t *testing.T) {
	compile := func(src string) *rules.Leader {
		res := compiler.CompileSource("l.army", []byte(src))
		if res.Diags.HasErrors() {
			t.Fatal(res.Diags)
		}
		return res.Leaders[0]
	}
	art := compile(`leader "Artillery" { on own_turn: damage 2 at=enemy_hq hq }`)
	agent := compile(`leader "Agent" { on opponent_draw: redraw }`)
	armies := multiArmies(t, "moloch", "borgo", "hegemony", "outpost")
	for _, c := range []struct {
		player  string
		leaders [2]*rules.Leader
	}{{"greedy", [2]*rules.Leader{art, art}}, {"random", [2]*rules.Leader{art, nil}}, {"greedy", [2]*rules.Leader{agent, art}}} {
		spec, err := ParsePlayer(c.player)
		if err != nil {
			t.Fatal(err)
		}
		m := &MultiMatch{Armies: armies, Names: []string{"a", "b", "c", "d"}, Mode: engine.ModeTeams, Teams: [2][]int{{0, 1}, {2, 3}},
			Player: spec, Games: 8, Seed: 4, Leaders: c.leaders}
		recs, _, err := m.Run(context.Background(), 2, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.player, err)
		}
		var uses [2]int
		for _, r := range recs {
			for team, l := range c.leaders {
				uses[team] += int(r.LeaderUses[team])
				if l == nil && r.LeaderUses[team] != 0 {
					t.Fatalf("%s: team %d has no card, yet used one", c.player, team+1)
				}
				if c.player == "greedy" && l == art && !r.Capped && r.LeaderUses[team] != rules.LeaderUses {
					t.Errorf("%s: game %d: team %d used its Artillery %d times, want %d", c.player, r.Game, team+1, r.LeaderUses[team], rules.LeaderUses)
				}
			}
		}
		if uses[0] == 0 {
			t.Errorf("%s with %s: team 1 never used its card", c.player, c.leaders[0].Name)
		}
	}
}

// TestRolloutPlaysThroughOpponentDraw: a search rollout plays to the end
// of the opponent's next turn, and an opponent_draw leader of the rolling
// player does not cut it short. At that moment the rolling player is the
// one to move (PhaseLeader) while the turn is the opponent's; a rollout
// that stopped when "its player moves again" stopped there, before the
// opponent had played, and scored every action without the reply. It
// must stop only when its player's own next turn starts (TurnPlayer).
func TestRolloutPlaysThroughOpponentDraw(t *testing.T) {
	res := compiler.CompileSource("l.army", []byte(`leader "Agent" { on opponent_draw: redraw }`))
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags)
	}
	m := match(t, "moloch", "borgo", "greedy", "greedy", 1, 3)
	// Player 0 (Moloch) holds the leader, so it answers the draw of
	// player 1 in every turn of player 1 while a use is left.
	g, err := engine.NewGame(engine.Config{Leaders: []*rules.Leader{res.Leaders[0], nil}}, []*rules.Army{m.A, m.B}, 3)
	if err != nil {
		t.Fatal(err)
	}
	r := new(engine.Resolver)
	g.SetWorkspace(r)
	gp := newGreedy(1, r)
	buf := make([]engine.Action, 0, 1024)
	// Play to player 0's third turn, in its play phase.
	for !g.Over() && !(g.Turn >= 5 && g.Player == 0 && g.Phase == engine.PhasePlay) {
		buf = g.LegalActions(buf[:0])
		if err := g.Apply(buf[gp.Act(g, buf)], gp); err != nil {
			t.Fatal(err)
		}
	}
	if g.Over() || !g.LeaderReady(0) {
		t.Fatalf("setup: over %v, leader ready %v", g.Over(), g.LeaderReady(0))
	}
	legal := g.LegalActions(buf[:0])
	sp := newSearch(7, r, 4)
	stops := 0
	for i, a := range legal {
		if i == 8 {
			break
		}
		wr := newRng(uint64(i))
		sp.rollout(g, a, 0, &wr)
		w := &sp.world
		if w.Over() {
			continue
		}
		stops++
		if w.Phase == engine.PhaseLeader || w.Turn <= g.Turn+1 || w.TurnPlayer() != 0 {
			t.Errorf("action %d: the rollout stopped in turn %d (started in %d), phase %v, turn of player %d: before the opponent's turn was played",
				i, w.Turn, g.Turn, w.Phase, w.TurnPlayer())
		}
	}
	if stops == 0 {
		t.Fatal("every rollout ended the game; the test checked nothing")
	}
}
