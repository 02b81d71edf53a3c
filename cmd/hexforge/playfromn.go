package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
)

// playFromN is play --from for a position of 3 or 4 players: one player
// for every seat, the mode and teams of the position, and a summary of who
// won with every HQ (score, in a points game) at the end.
func playFromN(out io.Writer, file string, s *engine.State, piles *engine.Piles, specs [2]player.Spec, seed uint64, maxActions int) error {
	g, actions, capped, err := sim.PlayFrom(s, piles, specs, seed, maxActions)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	n := s.Players()
	// Three lines at most, each within 100 columns for usual names: the
	// run, the seats, and the leaders (one card per team: allies share).
	fmt.Fprintf(out, "from %s, seed %d, mode %s, every seat %s; player %d's turn %d started it\n",
		file, seed, s.Mode, specs[0], piles.ToMove+1, piles.Turn)
	var seats []string
	for p := range n {
		seats = append(seats, fmt.Sprintf("%d %s", p+1, s.Armies[p].Name))
	}
	fmt.Fprintf(out, "  players: %s\n", strings.Join(seats, ", "))
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
			x := "players " + who + " " + sim.LeaderName(piles.Leader[p])
			if piles.Leader[p] != nil {
				x += fmt.Sprintf(" (%d of %d uses left)", rules.LeaderUses-int(piles.LeaderUsed[p]), rules.LeaderUses)
			}
			ls = append(ls, x)
		}
		fmt.Fprintf(out, "  leaders: %s\n", strings.Join(ls, "; "))
	}
	how := "draw"
	var won []string
	for p := range n {
		if g.Winners&(1<<p) != 0 {
			won = append(won, fmt.Sprintf("%s (player %d)", s.Armies[p].Name, p+1))
		}
	}
	switch {
	case capped:
		how = fmt.Sprintf("capped after %d actions (no result)", actions)
	case len(won) == 1:
		how = won[0] + " wins"
	case len(won) > 1 && len(won) < n:
		how = strings.Join(won, " and ") + " win"
	}
	what := "HQ"
	if s.Mode == engine.ModePoints {
		what = "points"
	}
	var hq []string
	for p := range n {
		hq = append(hq, fmt.Sprint(g.S.HQPoints(uint8(p))))
	}
	fmt.Fprintf(out, "%s: %s %s after turn %d, %d battles, %d actions\n", how, what, strings.Join(hq, ", "), g.Turn, g.Battles, actions)
	return nil
}
