package engine

import (
	"fmt"

	"github.com/hexforge/hexforge/rules"
)

// Config is the variant a game is played in: the board, the mode and its
// teams, and the optional rules. It is given to NewGame (or Init) once; the
// game keeps it and asks it, and never changes it, so that copies of a game
// share it.
type Config struct {
	Board *Board
	Mode  Mode // ModeStandard for two players
	// Teams gives each seat's team (mode teams; nil for the usual
	// A1-B1-A2-B2 seating); Feud is a bit per seat under the feud rule
	// (Sides.SetSides).
	Teams      []uint8
	Feud       uint8
	Start      StartRule // how the first turns draw (startrule.go)
	Reinforce  bool      // the Reinforcements variant (reinforce.go)
	Structures bool      // the Structures variant (structure.go)
	// Leaders gives each seat its leader card (the Leaders variant,
	// leader.go; nil: none, and a nil slice for a game without leaders).
	// Allies share one card: give both the same.
	Leaders []*rules.Leader
}

// Config is the variant the game is played in (do not change it).
func (g *Game) Config() *Config { return g.cfg }

// Leader is seat p's leader card, nil for none.
func (g *Game) Leader(p uint8) *rules.Leader {
	if int(p) < len(g.cfg.Leaders) {
		return g.cfg.Leaders[p]
	}
	return nil
}

// initLeaders checks the config's leader cards once the seats and sides are
// set. The rulebook has leaders in the two-player game and in the
// four-player teams mode only, where the allies share one card
// (docs/rules.md, "Leaders"): the two allies must be given the same card,
// and its uses and its once a turn are the team's (spendLeader).
func (g *Game) initLeaders() error {
	ls := g.cfg.Leaders
	some := false
	for _, l := range ls {
		some = some || l != nil
	}
	if !some {
		return nil
	}
	n := g.S.Players()
	if len(ls) != n {
		return fmt.Errorf("%d leader cards for %d players", len(ls), n)
	}
	if !g.S.Mode.rules().leaders {
		return fmt.Errorf("leaders are played with 2 players or in the 4-player teams mode (allies share one), not in mode %s", g.S.Mode)
	}
	for p, l := range ls {
		if err := g.checkLeader(l, p); err != nil {
			return err
		}
		for q := range p {
			if g.S.Allies(uint8(p), uint8(q)) && ls[q] != l {
				return fmt.Errorf("players %d and %d are allies: they share one leader card", q+1, p+1)
			}
		}
	}
	g.leaders = true
	g.leaderTurn = [MaxPlayers]int{-1, -1, -1, -1}
	return nil
}
