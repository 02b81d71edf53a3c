package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/trace"
	"github.com/spf13/cobra"
)

// maxRecord bounds sim --record: each trace is a file of some hundred
// kilobytes, and recording is for looking at games, not for keeping a run.
const maxRecord = 10_000

// recordOptions are sim's --record and --record-dir.
type recordOptions struct {
	games int
	dir   string
}

func (r *recordOptions) register(cmd *cobra.Command) {
	cmd.Flags().IntVar(&r.games, "record", 0, "also write the traces of the run's first K games (docs/trace.md) to --record-dir")
	cmd.Flags().StringVar(&r.dir, "record-dir", "traces", "directory of the --record traces: DIR/game-0001.jsonl, ...")
}

// check validates the flags before any game is played, and makes the
// directory.
func (r *recordOptions) check(o *simOptions, oneMatch bool) error {
	if r.games == 0 {
		return nil
	}
	switch {
	case r.games < 0 || r.games > maxRecord:
		return fmt.Errorf("--record %d: want 1 to %d games", r.games, maxRecord)
	case r.games > o.games:
		return fmt.Errorf("--record %d: the run plays only %d games (--games)", r.games, o.games)
	case !oneMatch:
		return fmt.Errorf("--record traces the games of one match: give two armies")
	case o.shard != "":
		return fmt.Errorf("--record and --shard do not mix: record the games with an unsharded run, or with play --game")
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
	sets, err := parsedSets()
	if err != nil {
		return err
	}
	res := new(engine.Resolver)
	for i := 1; i <= r.games; i++ {
		path := filepath.Join(r.dir, fmt.Sprintf("game-%04d.jsonl", i))
		var buf bytes.Buffer
		rec := trace.NewRecorder(&buf, traceRef(refs[0], path), traceRef(refs[1], path), m.A, m.B)
		for _, s := range sets {
			rec.Sets = append(rec.Sets, s.Raw)
		}
		if _, err := m.PlayObserved((i-1)/2, i%2 == 1, res, rec); err != nil {
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
		if p := traceRef(ref, filepath.Join(r.dir, "x")); armies.IsPath(ref) && !filepath.IsLocal(filepath.FromSlash(p)) {
			fmt.Fprintf(stderr, "note: the traces name %s, outside %s: replay them with --allow-extends-outside\n", p, r.dir)
		}
	}
	return nil
}
