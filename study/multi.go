package study

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/textfile"
	"github.com/hexforge/hexforge/trace"
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

// RunMulti plays a multiplayer run: with untilCI, batches until every
// share's interval is narrow enough (a shard plays its part and leaves the
// target to merge). The records come in game order.
func RunMulti(ctx context.Context, mm *sim.MultiMatch, workers int, untilCI float64, progress sim.Progress) (recs []sim.MultiRecord, partial bool, err error) {
	if untilCI > 0 && mm.Shard.N > 1 {
		// A shard never stops on its own games: merge judges the target
		// on all of them (sim.UntilCICheck).
		mm.UntilCI = untilCI
		return mm.Run(ctx, workers, progress)
	}
	if untilCI > 0 {
		// Each further batch is as long as the first (the games, whole
		// rotations); progress counts a batch.
		return mm.RunUntil(ctx, workers, untilCI, sim.MaxGames, progress)
	}
	return mm.Run(ctx, workers, progress)
}

// RecordMultiLosses writes the traces of the k games of a multiplayer run
// the first-named army did not win (worst first) to dir, and says which
// they are. refs are the armies as the command line gave them and sets its
// --set overrides.
func RecordMultiLosses(dir string, k int, mm *sim.MultiMatch, refs []string, recs []sim.MultiRecord, sets []string) (string, error) {
	worst := multiLosses(mm, recs, k)
	name := mm.Names[0]
	if len(worst) == 0 {
		return fmt.Sprintf("--record-losses: %s won (or shared) every game with a result: nothing recorded", name), nil
	}
	what := "HQ"
	if mm.Mode.Scores() { // the points game: HQ hits score
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
	if err := RecordMulti(dir, mm, refs, games, sets); err != nil {
		return "", err
	}
	return fmt.Sprintf("recorded in %s the %d games %s did not win, by the most: %s", dir, len(games), name, strings.Join(list, ", ")), nil
}

// RecordMulti writes the traces of the given games of the run to dir
// (game-NNNN.jsonl for game NNNN-1 of the run: its seating is the game mod
// the seatings), the very games the run plays.
func RecordMulti(dir string, mm *sim.MultiMatch, refs []string, games []int, sets []string) error {
	if mm.Board != nil {
		if _, err := position.BoardByName(mm.Board.Name); err != nil {
			// A board file: named relative to the traces, as army files
			// are (the run's is its copy in dir: Recording.Multi).
			b, c := *mm.Board, *mm
			b.Name = TraceBoardRef(mm.Board.Name, filepath.Join(dir, "x"))
			c.Board, mm = &b, &c
		}
	}
	res := new(engine.Resolver)
	for _, i := range games {
		path := filepath.Join(dir, fmt.Sprintf("game-%04d.jsonl", i+1))
		var buf bytes.Buffer
		tr := make([]string, len(refs))
		for a, ref := range refs {
			tr[a] = TraceRef(ref, path)
		}
		r := trace.NewMultiRecorder(&buf, tr, mm.Armies)
		r.Sets = append(r.Sets, sets...)
		if _, err := mm.PlayObserved(i, res, r); err != nil {
			return fmt.Errorf("recording game %d: %w", i+1, err)
		}
		if err := r.Flush(); err != nil {
			return fmt.Errorf("recording game %d: %w", i+1, err)
		}
		if err := textfile.WriteAtomic(path, buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}
