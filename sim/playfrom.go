package sim

import (
	"fmt"
	"io"
	"strings"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

// FromGame is a game played on from a position file to its end (play
// --from): the position, who played it and how it ended.
type FromGame struct {
	File    string // the position file, as the command line named it
	S       *engine.State
	Piles   *engine.Piles
	Specs   [2]player.Spec
	Seed    uint64
	G       *engine.Game
	Actions int
	Capped  bool
}

// PlayPosition plays on from the position of file (PlayFromObserved), with obs
// (when not nil) watching (PlayFromObserved).
func PlayPosition(file string, s *engine.State, piles *engine.Piles, specs [2]player.Spec, seed uint64, maxActions int, obs Observer) (*FromGame, error) {
	f := &FromGame{File: file, S: s, Piles: piles, Specs: specs, Seed: seed}
	var err error
	if f.G, f.Actions, f.Capped, err = PlayFromObserved(s, piles, specs, seed, maxActions, obs); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return f, nil
}

// Write is the game's summary: who played which seat from whose turn,
// the leaders and their uses left, and how it ended with every HQ (score,
// in a points game). A position of more than two players takes three
// lines at most before the result, each within 100 columns for usual
// names: the run, the seats, and the leaders (one card per team).
func (f *FromGame) Write(w io.Writer) {
	s, piles, n := f.S, f.Piles, f.S.Players()
	leader := func(p int) string {
		x := LeaderName(piles.Leader[p])
		if piles.Leader[p] != nil {
			x += fmt.Sprintf(" (%d of %d uses left)", rules.LeaderUses-int(piles.LeaderUsed[p]), rules.LeaderUses)
		}
		return x
	}
	if n == 2 {
		lead := ""
		if piles.Leader[0] != nil || piles.Leader[1] != nil {
			lead = fmt.Sprintf("; leaders %s and %s", leader(0), leader(1))
		}
		fmt.Fprintf(w, "from %s, seed %d: player 1 %s (%s), player 2 %s (%s)%s; player %d's turn %d started it\n", f.File, f.Seed, s.Armies[0].Name, f.Specs[0], s.Armies[1].Name, f.Specs[1], lead, piles.ToMove+1, piles.Turn)
	} else {
		fmt.Fprintf(w, "from %s, seed %d, mode %s, every seat %s; player %d's turn %d started it\n", f.File, f.Seed, s.Mode, f.Specs[0], piles.ToMove+1, piles.Turn)
		var seats []string
		for p := range n {
			seats = append(seats, fmt.Sprintf("%d %s", p+1, s.Armies[p].Name))
		}
		fmt.Fprintf(w, "  players: %s\n", strings.Join(seats, ", "))
		if piles.Leader != ([engine.MaxPlayers]*rules.Leader{}) {
			var ls []string
			done := uint8(0)
			for p := range uint8(n) {
				if done&(1<<p) != 0 {
					continue
				}
				who := fmt.Sprint(p + 1)
				for q := p + 1; q < uint8(n); q++ {
					if s.Allies(p, q) {
						who += fmt.Sprintf("+%d", q+1)
						done |= 1 << q
					}
				}
				ls = append(ls, "players "+who+" "+leader(int(p)))
			}
			fmt.Fprintf(w, "  leaders: %s\n", strings.Join(ls, "; "))
		}
	}
	what := "HQ"
	if s.Mode == engine.ModePoints {
		what = "points"
	}
	var hq []string
	for p := range n {
		hq = append(hq, fmt.Sprint(f.G.S.HQPoints(uint8(p))))
	}
	fmt.Fprintf(w, "%s: %s %s after turn %d, %d battles, %d actions\n", f.how(), what, strings.Join(hq, ", "), f.G.Turn, f.G.Battles, f.Actions)
}

// how says how the game ended: capped, a draw, or who won.
func (f *FromGame) how() string {
	n := f.S.Players()
	var won []string
	for p := range n {
		if n == 2 && f.G.Result == engine.Win1+engine.Result(p) || n > 2 && f.G.Winners&(1<<p) != 0 {
			won = append(won, fmt.Sprintf("%s (player %d)", f.S.Armies[p].Name, p+1))
		}
	}
	switch {
	case f.Capped:
		return fmt.Sprintf("capped after %d actions (no result)", f.Actions)
	case len(won) == 1:
		return won[0] + " wins"
	case len(won) > 1 && len(won) < n:
		return strings.Join(won, " and ") + " win"
	}
	return "draw"
}

// WriteGame is the short summary of game (counted from 1) of match m:
// who moved first, on which board with which leaders, and how it ended.
func WriteGame(w io.Writer, m *Match, game int, rec GameRecord) {
	first, second := m.A.Name, m.B.Name
	if !rec.AFirst {
		first, second = second, first
	}
	on := ""
	if m.Board != nil && m.Board != position.Standard {
		on = " on the " + m.Board.Name + " board"
	}
	if m.Leaders[0] != nil || m.Leaders[1] != nil {
		on += fmt.Sprintf(", leaders %s (%s) and %s (%s)", LeaderName(m.Leaders[0]), m.A.Name, LeaderName(m.Leaders[1]), m.B.Name)
	}
	fmt.Fprintf(w, "game %d, seed %d%s: %s (%s) moves first, %s (%s) second\n", game, m.Seed, on, first, m.Players[0], second, m.Players[1])
	var how string
	switch rec.Outcome {
	case Win:
		how = m.A.Name + " wins"
	case Loss:
		how = m.B.Name + " wins"
	case Draw:
		how = "draw"
	default:
		how = fmt.Sprintf("capped after %d actions (no result)", rec.Actions)
	}
	fmt.Fprintf(w, "%s: HQ %s %d, %s %d after %d turns, %d battles, %d actions\n",
		how, m.A.Name, rec.HQ[0], m.B.Name, rec.HQ[1], rec.Turns, rec.Battles, rec.Actions)
}
