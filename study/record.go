package study

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/textfile"
	"github.com/hexforge/hexforge/trace"
)

// RecordGames writes the traces of the given games of match m (numbered as
// play --game numbers them) to dir/game-NNNN.jsonl, the very games a run
// plays. refs are the armies as the command line gave them and sets its
// --set overrides, for the trace's header. The notes say which files the
// traces name outside dir (replayed only with --allow-extends-outside).
func RecordGames(dir string, m *sim.Match, refs [2]string, games []int, sets []string) (notes []string, err error) {
	res := new(engine.Resolver)
	for _, i := range games {
		path := filepath.Join(dir, fmt.Sprintf("game-%04d.jsonl", i))
		_, tr, _, err := TraceGame(path, m, refs, i, sets, res)
		if err != nil {
			return nil, fmt.Errorf("recording game %d: %w", i, err)
		}
		if err := textfile.WriteAtomic(path, tr); err != nil {
			return nil, err
		}
	}
	for _, ref := range refs {
		if p := TraceRef(ref, filepath.Join(dir, "x")); armies.IsPath(ref) && !filepath.IsLocal(filepath.FromSlash(p)) {
			notes = append(notes, fmt.Sprintf("note: the traces name %s, outside %s: replay them with --allow-extends-outside", p, dir))
		}
	}
	if m.Board != nil {
		if _, err := position.BoardByName(m.Board.Name); err != nil {
			if p := TraceBoardRef(m.Board.Name, filepath.Join(dir, "x")); !filepath.IsLocal(filepath.FromSlash(p)) {
				notes = append(notes, fmt.Sprintf("note: the traces name %s, outside %s: replay them with --allow-extends-outside", p, dir))
			}
		}
	}
	return notes, nil
}

// TraceGame plays game (counted from 1, as play --game counts) of match
// m with a recorder: the trace to be written at path names the armies (as
// refs) and a board file relative to itself. It returns the game's record,
// the trace and how many events it holds.
func TraceGame(path string, m *sim.Match, refs [2]string, game int, sets []string, res *engine.Resolver) (sim.GameRecord, []byte, int, error) {
	var buf bytes.Buffer
	r := trace.NewRecorder(&buf, TraceRef(refs[0], path), TraceRef(refs[1], path), m.A, m.B)
	r.Sets = append(r.Sets, sets...)
	if m.Board != nil {
		if _, err := position.BoardByName(m.Board.Name); err != nil {
			// A board file: named relative to the trace, as army files are.
			b := *m.Board
			b.Name = TraceBoardRef(m.Board.Name, path)
			c := *m
			c.Board, m = &b, &c
		}
	}
	rec, err := m.PlayObserved((game-1)/2, game%2 == 1, res, r)
	if err == nil {
		err = r.Flush()
	}
	return rec, buf.Bytes(), r.Events(), err
}

// LossTracker keeps, as a run's games are folded in, the K games army A
// lost by the most HQ points: the games a designer wants to watch to see
// why an army loses. Ties go to the earlier game, so the choice does not
// depend on the order games finish in (--workers).
type LossTracker struct {
	K     int
	worst []lostGame
}

// lostGame is one game army A lost: its number as play --game counts and
// the HQ points at the end.
type lostGame struct {
	game int
	hq   [2]int // A's, B's
}

func (l *lostGame) margin() int { return l.hq[1] - l.hq[0] }

// Add folds in a run's games as they finish.
func (t *LossTracker) Add(recs []sim.GameRecord) {
	for i := range recs {
		r := &recs[i]
		if r.Outcome != sim.Loss {
			continue
		}
		g := lostGame{game: 2*r.Pair + 1, hq: r.HQ}
		if !r.AFirst {
			g.game++
		}
		t.worst = append(t.worst, g)
	}
	slices.SortFunc(t.worst, func(a, b lostGame) int {
		if a.margin() != b.margin() {
			return b.margin() - a.margin()
		}
		return a.game - b.game
	})
	if len(t.worst) > t.K {
		t.worst = t.worst[:t.K]
	}
}

// Record writes the traces of the games t kept (RecordGames) and says
// which they are in one line.
func (t *LossTracker) Record(dir string, m *sim.Match, refs [2]string, sets []string) (notes []string, err error) {
	if len(t.worst) == 0 {
		return []string{fmt.Sprintf("--record-losses: %s lost no game: nothing recorded", m.A.Name)}, nil
	}
	var games []int
	var names []string
	for _, g := range t.worst {
		games = append(games, g.game)
		names = append(names, fmt.Sprintf("game %d (HQ %d-%d)", g.game, g.hq[0], g.hq[1]))
	}
	if notes, err = RecordGames(dir, m, refs, games, sets); err != nil {
		return nil, err
	}
	return append(notes, fmt.Sprintf("recorded in %s the %d games %s lost by the most: %s", dir, len(games), m.A.Name, strings.Join(names, ", "))), nil
}

// TraceBoardRef is how a trace names a board file: relative to the trace's
// directory.
func TraceBoardRef(ref, tracePath string) string {
	abs, err1 := filepath.Abs(ref)
	dir, err2 := filepath.Abs(filepath.Dir(tracePath))
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(ref)
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

// TraceRef is how a trace names an army: a short name as it is, a path
// relative to the trace's directory, so that a trace moved together with
// its army files still replays.
func TraceRef(ref, tracePath string) string {
	if !armies.IsPath(ref) {
		return ref
	}
	abs, err1 := filepath.Abs(ref)
	dir, err2 := filepath.Abs(filepath.Dir(tracePath))
	if err1 != nil || err2 != nil {
		return ref
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}
