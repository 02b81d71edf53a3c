package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/study"
	"github.com/hexforge/hexforge/textfile"
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
	return textfile.CheckWritable(filepath.Join(r.dir, "game-0001.jsonl"))
}

// record writes the traces of the first games of match m (game i is pair
// (i-1)/2, army A first when i is odd, as in play --game), the very games
// the run plays. refs are the armies as given on the command line.
func (r *recordOptions) record(stderr io.Writer, m *sim.Match, refs [2]string) error {
	var games []int
	for i := 1; i <= r.games; i++ {
		games = append(games, i)
	}
	notes, err := study.RecordGames(r.dir, m, refs, games, rawSets())
	printLines(stderr, notes)
	return err
}

// rawSets is the command's --set overrides as given (already validated),
// as a trace's header lists them.
func rawSets() []string {
	sets, _ := parsedSets()
	var raw []string
	for _, s := range sets {
		raw = append(raw, s.Raw)
	}
	return raw
}

func printLines(w io.Writer, lines []string) {
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}
