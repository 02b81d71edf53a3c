package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/sim"
)

// multiLoss is a game of a multiplayer run that the first-named army did
// not win: its number in the run, its HQ points (the score in the points
// game) and the best a winner had.
type multiLoss struct {
	game       int
	own, best  int
	winnerSeat int
}

// multiLosses picks, from the records of a multiplayer run (in game
// order), the k games the first-named army (index 0) did not win, worst
// first. Not winning is what a designer wants to look at: its seat is not
// among the winners, so in the team modes its side lost; a shared win or
// a drawn game is not a loss, and a capped game has no result. Worst is
// the widest gap between the best winner's HQ points (score in the points
// game) and the army's own, the multiplayer "lost by the most"; ties go to
// the earlier game. The records come in game order whatever --workers is,
// so the choice does too.
func multiLosses(mm *sim.MultiMatch, recs []sim.MultiRecord, k int) []multiLoss {
	seats := mm.Seatings()
	var out []multiLoss
	for _, r := range recs {
		if r.Capped || r.Winners == 0 {
			continue
		}
		seat := slices.Index(seats[r.Seating], 0)
		if seat < 0 || r.Winners&(1<<seat) != 0 {
			continue
		}
		l := multiLoss{game: r.Game, own: int(r.Final[seat]), best: -1}
		for s := range seats[r.Seating] {
			if r.Winners&(1<<s) != 0 && int(r.Final[s]) > l.best {
				l.best, l.winnerSeat = int(r.Final[s]), s
			}
		}
		out = append(out, l)
	}
	slices.SortStableFunc(out, func(a, b multiLoss) int {
		if ga, gb := a.best-a.own, b.best-b.own; ga != gb {
			return gb - ga
		}
		return a.game - b.game
	})
	return out[:min(k, len(out))]
}

// recordMultiLosses writes the traces of the --record-losses games of a
// multiplayer run and lists them on stderr.
func recordMultiLosses(stderr io.Writer, rec *recordOptions, mm *sim.MultiMatch, refs []string, recs []sim.MultiRecord) error {
	worst := multiLosses(mm, recs, rec.losses)
	name := mm.Names[0]
	if len(worst) == 0 {
		fmt.Fprintf(stderr, "--record-losses: %s won (or shared) every game with a result: nothing recorded\n", name)
		return nil
	}
	what := "HQ"
	if mm.Mode == engine.ModePoints {
		what = "points"
	}
	var games []int
	var list []string
	seats := mm.Seatings()
	for _, l := range worst {
		games = append(games, l.game)
		r := recs[slices.IndexFunc(recs, func(r sim.MultiRecord) bool { return r.Game == l.game })]
		winner := mm.Names[seats[r.Seating][l.winnerSeat]]
		list = append(list, fmt.Sprintf("game %d (%s %d, winner %s %d)", l.game+1, what, l.own, winner, l.best))
	}
	if err := recordMulti(rec.dir, mm, refs, games); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "recorded in %s the %d games %s did not win, by the most: %s\n", rec.dir, len(games), name, strings.Join(list, ", "))
	return nil
}
