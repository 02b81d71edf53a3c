package study

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/textfile"
	"github.com/hexforge/hexforge/trace"
)

// MaxRecord bounds sim --record: each trace is a file of some hundred
// kilobytes, and recording is for looking at games, not for keeping a run.
const MaxRecord = 10_000

// Recording is what a run writes of its games besides its report (sim
// --record, --record-losses, --record-dir): the traces of its first Games
// games and of the Losses games its first army did worst in, to Dir. Sets
// are the run's --set overrides as given, for the traces' headers.
type Recording struct {
	Games, Losses int
	Dir           string
	Sets          []string
}

// Check validates the recording against its run (of games games a
// matchup; oneMatch when it is one match, not a round robin; sharded when
// it plays a shard) before any game is played, and makes the directory.
func (rc *Recording) Check(games int, oneMatch, sharded bool) error {
	if rc.Games == 0 && rc.Losses == 0 {
		return nil
	}
	for _, f := range []struct {
		name string
		n    int
	}{{"--record", rc.Games}, {"--record-losses", rc.Losses}} {
		switch {
		case f.n == 0:
			continue
		case f.n < 0 || f.n > MaxRecord:
			return fmt.Errorf("%s %d: want 1 to %d games", f.name, f.n, MaxRecord)
		case f.n > games:
			return fmt.Errorf("%s %d: the run plays only %d games (--games)", f.name, f.n, games)
		case !oneMatch:
			return fmt.Errorf("%s traces the games of one match: give two armies", f.name)
		case sharded:
			return fmt.Errorf("%s and --shard do not mix: record the games with an unsharded run, or with play --game", f.name)
		}
	}
	if err := os.MkdirAll(rc.Dir, 0o755); err != nil {
		return fmt.Errorf("--record-dir: %w", err)
	}
	return textfile.CheckWritable(filepath.Join(rc.Dir, "game-0001.jsonl"))
}

// Match plays r's match of armies a and b (refs: as the command line
// named them) and writes the traces rc asks for: its first games (game i
// is pair (i-1)/2, army A first when i is odd, as play --game counts them:
// the very games the run plays) and, once the run is over, the games A
// lost by the most. notes are for the user, in order.
func (rc *Recording) Match(ctx context.Context, r *Run, a, b *rules.Army, refs [2]string) (s *sim.Summary, notes []string, err error) {
	board := r.Board // as the traces name it: a board file's copy in rc.Dir
	if rc.Games > 0 || rc.Losses > 0 {
		bundled, err := bundleArmies(rc.Dir, refs[:])
		if err != nil {
			return nil, nil, err
		}
		refs = [2]string(bundled)
		if board, err = bundleBoard(rc.Dir, board); err != nil {
			return nil, nil, err
		}
	}
	recMatch := func() *sim.Match {
		m := r.NewMatch(a, b)
		m.Board = board
		return m
	}
	if rc.Games > 0 {
		var games []int
		for i := 1; i <= rc.Games; i++ {
			games = append(games, i)
		}
		if notes, err = RecordGames(rc.Dir, recMatch(), refs, games, rc.Sets); err != nil {
			return nil, notes, err
		}
	}
	var losses *LossTracker
	if rc.Losses > 0 {
		losses = &LossTracker{K: rc.Losses}
		r.OnGames = losses.Add
	}
	if s, err = r.Match(ctx, r.NewMatch(a, b)); err != nil || losses == nil {
		return s, notes, err
	}
	more, err := losses.Record(rc.Dir, recMatch(), refs, rc.Sets)
	return s, append(notes, more...), err
}

// Multi writes the traces rc asks for of a multiplayer run that played
// recs (refs: its armies as the command line named them); the note says
// which losses it recorded.
func (rc *Recording) Multi(mm *sim.MultiMatch, refs []string, recs []sim.MultiRecord) (note string, err error) {
	if rc.Games > 0 || rc.Losses > 0 {
		if refs, err = bundleArmies(rc.Dir, refs); err != nil {
			return "", err
		}
	}
	if rc.Games > 0 {
		games := make([]int, rc.Games)
		for i := range games {
			games[i] = i
		}
		if err := RecordMulti(rc.Dir, mm, refs, games, rc.Sets); err != nil {
			return "", err
		}
	}
	if rc.Losses > 0 {
		return RecordMultiLosses(rc.Dir, rc.Losses, mm, refs, recs, rc.Sets)
	}
	return "", nil
}

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

// TracePlay plays game (counted from 1, as play --game counts) of match
// m and writes its trace to path (play --trace), naming the armies as
// refs (as the command line gave them), the board as boardRef and the
// --set overrides sets. A board file is named relative to the trace, in m
// too. notes name the files the trace names outside its directory: it
// replays only with --allow-extends-outside.
func TracePlay(path string, m *sim.Match, refs [2]string, boardRef string, game int, sets []string) (rec sim.GameRecord, events int, notes []string, err error) {
	note := func(ref string) {
		if !filepath.IsLocal(filepath.FromSlash(ref)) {
			notes = append(notes, fmt.Sprintf("note: the trace names %s, outside its directory: replay it with --allow-extends-outside", ref))
		}
	}
	_, boardErr := position.BoardByName(boardRef)
	if boardErr != nil { // a board file: the trace names it relative to itself
		note(TraceBoardRef(boardRef, path))
	}
	for _, ref := range refs {
		if ref = TraceRef(ref, path); armies.IsPath(ref) {
			note(ref)
		}
	}
	rec, tr, events, err := TraceGame(path, m, refs, game, sets, new(engine.Resolver))
	if err == nil {
		err = textfile.WriteAtomic(path, tr)
	}
	if err == nil && boardErr != nil {
		m.Board.Name = TraceBoardRef(boardRef, path)
	}
	return rec, events, notes, err
}

// PlayFrom plays one game on from a position file's state s and piles
// (play --from) with the players specs. A Structure on the board implies
// the variant (position.Parse sets piles.Structures); structures
// turns it on for a board without one, so that the players may still
// place theirs. note is CheckStructures's.
//
// With tracePath it writes the game's trace there (play --from --trace):
// its header names the position file relative to the trace, and the trace
// holds the game from before the position's turn starts (of 2 to 4
// players: with more, the header says the position's mode and teams).
func PlayFrom(file string, s *engine.State, piles *engine.Piles, specs [2]player.Spec, seed uint64, maxActions int, structures bool, tracePath string) (g *sim.FromGame, note string, err error) {
	if !piles.Structures {
		if note, err = CheckStructures(structures, s.Armies[:s.Players()]...); err != nil {
			return nil, note, err
		}
		piles.Structures = structures
	}
	if n := s.Players(); n > 2 && specs[0] != specs[1] {
		return nil, note, fmt.Errorf("--players %s,%s: a position of %d players is played with one player for every seat", specs[0], specs[1], n)
	}
	if tracePath == "" {
		g, err = sim.PlayPosition(file, s, piles, specs, seed, maxActions, nil)
		return g, note, err
	}
	// The position names the armies (a name or a file relative to it):
	// the header's refs only label them, by name, for every seat.
	as := s.Armies[:s.Players()]
	refs := make([]string, len(as))
	for p, a := range as {
		refs[p] = a.Name
	}
	var buf bytes.Buffer
	r := trace.NewMultiRecorder(&buf, refs, as)
	r.From = TraceBoardRef(file, tracePath) // relative to the trace, as a board file
	if g, err = sim.PlayPosition(file, s, piles, specs, seed, maxActions, r); err != nil {
		return nil, note, err
	}
	if err = r.Flush(); err == nil {
		err = textfile.WriteAtomic(tracePath, buf.Bytes())
	}
	return g, note, err
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
