package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/trace"
	"github.com/spf13/cobra"
)

// maxRecord bounds sim --record: each trace is a file of some hundred
// kilobytes, and recording is for looking at games, not for keeping a run.
const maxRecord = 10_000

// recordOptions are sim's --record, --record-losses and --record-dir.
type recordOptions struct {
	games  int
	losses int
	dir    string
}

func (r *recordOptions) register(cmd *cobra.Command) {
	cmd.Flags().IntVar(&r.games, "record", 0, "also write the traces of the run's first K games (docs/trace.md) to --record-dir")
	cmd.Flags().IntVar(&r.losses, "record-losses", 0, "also write the traces of the K games army A lost by the most HQ points to --record-dir (named by game number, as play --game counts); with --mode, the K games the first-named army did not win")
	cmd.Flags().StringVar(&r.dir, "record-dir", "traces", "directory of the --record traces: DIR/game-0001.jsonl, ...")
}

// check validates the flags before any game is played, and makes the
// directory.
func (r *recordOptions) check(o *simOptions, oneMatch bool) error {
	if r.games == 0 && r.losses == 0 {
		return nil
	}
	for _, f := range []struct {
		name string
		n    int
	}{{"--record", r.games}, {"--record-losses", r.losses}} {
		switch {
		case f.n == 0:
			continue
		case f.n < 0 || f.n > maxRecord:
			return fmt.Errorf("%s %d: want 1 to %d games", f.name, f.n, maxRecord)
		case f.n > o.games:
			return fmt.Errorf("%s %d: the run plays only %d games (--games)", f.name, f.n, o.games)
		case !oneMatch:
			return fmt.Errorf("%s traces the games of one match: give two armies", f.name)
		case o.shard != "":
			return fmt.Errorf("%s and --shard do not mix: record the games with an unsharded run, or with play --game", f.name)
		}
	}
	if err := os.MkdirAll(r.dir, 0o755); err != nil {
		return fmt.Errorf("--record-dir: %w", err)
	}
	return checkOutDir(filepath.Join(r.dir, "game-0001.jsonl"))
}

// record writes the traces of the first games of match m (game i is pair
// (i-1)/2, army A first when i is odd, as in play --game), the very games
// the run plays. refs are the armies as given on the command line.
func (r *recordOptions) record(stderr io.Writer, m *sim.Match, refs [2]string) error {
	var games []int
	for i := 1; i <= r.games; i++ {
		games = append(games, i)
	}
	return recordGames(stderr, r.dir, m, refs, games)
}

// recordGames writes the traces of the given games of match m (numbered as
// play --game numbers them) to dir/game-NNNN.jsonl.
func recordGames(stderr io.Writer, dir string, m *sim.Match, refs [2]string, games []int) error {
	sets, err := parsedSets()
	if err != nil {
		return err
	}
	res := new(engine.Resolver)
	for _, i := range games {
		path := filepath.Join(dir, fmt.Sprintf("game-%04d.jsonl", i))
		var buf bytes.Buffer
		rec := trace.NewRecorder(&buf, traceRef(refs[0], path), traceRef(refs[1], path), m.A, m.B)
		for _, s := range sets {
			rec.Sets = append(rec.Sets, s.Raw)
		}
		mm := m
		if m.Board != nil {
			if _, err := position.BoardByName(m.Board.Name); err != nil {
				// A board file: named relative to the trace (play --trace).
				b := *m.Board
				b.Name = traceBoardRef(m.Board.Name, path)
				c := *m
				c.Board, mm = &b, &c
			}
		}
		if _, err := mm.PlayObserved((i-1)/2, i%2 == 1, res, rec); err != nil {
			return fmt.Errorf("recording game %d: %w", i, err)
		}
		if err := rec.Flush(); err != nil {
			return fmt.Errorf("recording game %d: %w", i, err)
		}
		if err := writeReport(nil, path, func(w io.Writer) error { _, err := w.Write(buf.Bytes()); return err }); err != nil {
			return err
		}
	}
	for _, ref := range refs {
		if p := traceRef(ref, filepath.Join(dir, "x")); armies.IsPath(ref) && !filepath.IsLocal(filepath.FromSlash(p)) {
			fmt.Fprintf(stderr, "note: the traces name %s, outside %s: replay them with --allow-extends-outside\n", p, dir)
		}
	}
	if m.Board != nil {
		if _, err := position.BoardByName(m.Board.Name); err != nil {
			if p := traceBoardRef(m.Board.Name, filepath.Join(dir, "x")); !filepath.IsLocal(filepath.FromSlash(p)) {
				fmt.Fprintf(stderr, "note: the traces name %s, outside %s: replay them with --allow-extends-outside\n", p, dir)
			}
		}
	}
	return nil
}

// lossTracker keeps, as a run's games are folded in, the K games army A
// lost by the most HQ points: the games a designer wants to watch to see
// why an army loses. Ties go to the earlier game, so the choice does not
// depend on the order games finish in (--workers).
type lossTracker struct {
	k     int
	worst []lostGame
}

// lostGame is one game army A lost: its number as play --game counts and
// the HQ points at the end.
type lostGame struct {
	game int
	hq   [2]int // A's, B's
}

func (l *lostGame) margin() int { return l.hq[1] - l.hq[0] }

func (t *lossTracker) add(recs []sim.GameRecord) {
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
	if len(t.worst) > t.k {
		t.worst = t.worst[:t.k]
	}
}

// recordLosses writes the traces of the games t kept and says which they
// are on stderr.
func (t *lossTracker) recordLosses(stderr io.Writer, dir string, m *sim.Match, refs [2]string) error {
	if len(t.worst) == 0 {
		fmt.Fprintf(stderr, "--record-losses: %s lost no game: nothing recorded\n", m.A.Name)
		return nil
	}
	var games []int
	var names []string
	for _, g := range t.worst {
		games = append(games, g.game)
		names = append(names, fmt.Sprintf("game %d (HQ %d-%d)", g.game, g.hq[0], g.hq[1]))
	}
	if err := recordGames(stderr, dir, m, refs, games); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "recorded in %s the %d games %s lost by the most: %s\n", dir, len(games), m.A.Name, strings.Join(names, ", "))
	return nil
}
