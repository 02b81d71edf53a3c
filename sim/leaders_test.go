package sim

import (
	"context"
	"testing"

	"github.com/hexforge/hexforge/compiler"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/internal/testarmy"
	"github.com/hexforge/hexforge/player"
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
	a, b := testarmy.Load(t, "moloch"), testarmy.Load(t, "borgo")
	for _, p := range []string{"random", "greedy", "search:4", "plan:2", "race:2", "mcts:16"} {
		spec, err := player.Parse(p)
		if err != nil {
			t.Fatal(err)
		}
		m := &Match{A: a, B: b, Players: [2]player.Spec{spec, spec}, Seed: 3, Pairs: 1, Leaders: [2]*rules.Leader{l, nil}}
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
	a, b := testarmy.Load(t, "moloch"), testarmy.Load(t, "borgo")
	for _, p := range []string{"random", "greedy", "search:4", "plan:2", "race:2", "mcts:16"} {
		spec, err := player.Parse(p)
		if err != nil {
			t.Fatal(err)
		}
		m := &Match{A: a, B: b, Players: [2]player.Spec{spec, spec}, Seed: 5, Pairs: 1, Leaders: [2]*rules.Leader{nil, l}}
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
		spec, err := player.Parse(c.player)
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
