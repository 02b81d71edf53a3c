package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/textfile"
	"github.com/hexforge/hexforge/trace"
	"github.com/spf13/cobra"
)

// maxTraceSize bounds a trace file: a capped game of 4000 actions writes a
// few megabytes.
const maxTraceSize = 256 << 20

func newReplay() *cobra.Command {
	var quiet bool
	format := report.Text
	var outFile string
	cmd := &cobra.Command{
		Use:   "replay TRACE",
		Short: "Print a game trace and check it by playing the game again",
		Long: `replay reads a trace written by 'play --trace' or 'sim --record' (docs/trace.md),
prints it one event a line, then plays the game again from the header's
armies and seed with the recorded decisions, checking that every event and
the final state come out the same, bit for bit.

The armies are loaded as the header names them: short names as embedded
armies, paths relative to the trace's directory (and, as for extends, only
.army files in that directory or below unless --allow-extends-outside).

With --format html it writes, instead of the printed trace, one
self-contained page that steps through the game on a drawn board (a slider,
the arrow keys, the log beside the board); the game is replayed and checked
first, so a page only ever shows a game that replays. A game of 3 or 4
players (sim --mode --record) is drawn with every seat in its colour.

Exit status: 0 when the replay matches, 1 when it differs (the first
difference is shown), 2 when the trace cannot be read.`,
		Example: `  hexforge play moloch borgo --seed 7 --trace game.jsonl
  hexforge replay game.jsonl
  hexforge replay --quiet game.jsonl
  hexforge replay game.jsonl --format html --out game.html`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if outFile != "" && format != report.HTML {
				return fmt.Errorf("--out writes the html page: give --format html with it")
			}
			if outFile != "" {
				if err := checkOutDir(outFile); err != nil {
					return err
				}
			}
			file := args[0]
			raw, err := textfile.Read(file, "a game trace (JSON lines written by play --trace)", maxTraceSize)
			if err != nil {
				return err
			}
			t, err := trace.Parse(bytes.NewReader(raw))
			if err != nil {
				return fmt.Errorf("%s: %w", file, err)
			}
			out := cmd.OutOrStdout()
			if !quiet && format == report.Text {
				if err := trace.Print(out, t); err != nil {
					return err
				}
			}
			var sets []armies.Set
			for _, s := range t.Header.Sets {
				st, err := armies.ParseSet(s)
				if err != nil {
					return fmt.Errorf("%s: header: %w", file, err)
				}
				sets = append(sets, st)
			}
			load := trace.Loaders{Leader: loader.LoadLeader} // a leader file: relative to the current directory, as play was given it
			load.Army = func(ref string) (*rules.Army, error) {
				path, err := traceArmyPath(ref, file)
				if err != nil {
					return nil, err
				}
				l, err := loader.LoadVariant(path, sets)
				if l != nil && len(l.Diags) > 0 && err != nil {
					l.Diags.Render(cmd.ErrOrStderr(), l.Sources)
				}
				if err != nil {
					return nil, err
				}
				return l.Army, nil
			}
			load.Board = func(ref string) (*engine.Board, error) {
				path, err := traceBoardPath(ref, file)
				if err != nil {
					return nil, err
				}
				b, err := engine.LoadBoard(path, "")
				if err != nil {
					return nil, err
				}
				b.Name = ref
				return b, nil
			}
			var g *engine.Game
			if format == report.HTML {
				var frames []trace.Frame
				var cells []trace.Cell
				g, frames, cells, err = trace.Frames(t, load)
				if err == nil {
					err = writeReport(out, outFile, func(w io.Writer) error {
						return trace.WriteHTML(w, t, frames, cells, commandLine(cmd, args))
					})
					if err != nil {
						return err
					}
				}
				if outFile == "" {
					out = cmd.ErrOrStderr() // the page is on standard output
				}
			} else {
				g, err = trace.Replay(t, load)
			}
			if err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "%s: %v\n", file, err)
				if errors.Is(err, trace.ErrMismatch) {
					return exitError{1}
				}
				return exitError{2}
			}
			result := g.Result.String()
			if !g.Over() {
				result = "capped"
			}
			hqs := fmt.Sprintf("%d-%d", g.S.HQPoints(0), g.S.HQPoints(1))
			if g.S.Players() > 2 { // a multiplayer trace (sim --mode --record)
				var won []string
				for p := range g.S.Players() {
					if p > 1 {
						hqs += fmt.Sprintf("-%d", g.S.HQPoints(uint8(p)))
					}
					if g.Over() && g.Winners&(1<<p) != 0 {
						won = append(won, fmt.Sprint(p+1))
					}
				}
				if len(won) > 0 {
					result = "won by player " + strings.Join(won, ", ")
				}
			}
			fmt.Fprintf(out, "replay ok: %d events match, %s, HQ %s\n", len(t.Events), result, hqs)
			return nil
		},
	}
	cmd.Flags().BoolVarP(&quiet, "quiet", "q", false, "only check the trace; do not print it")
	cmd.Flags().Var(format.Flag(report.Text, report.HTML), "format", "output format: text (the trace one event a line) or html (a page stepping through the game on a drawn board)")
	cmd.Flags().StringVar(&outFile, "out", "", "write the html page to FILE (atomically) instead of standard output")
	return cmd
}

// traceArmyPath finds the army a trace names: an embedded army's short name
// as it is, a path relative to the trace's directory. A trace may come from
// a stranger: like extends (docs/security.md), it names only .army files in
// its own directory tree unless --allow-extends-outside.
func traceArmyPath(ref, traceFile string) (string, error) {
	if !armies.IsPath(ref) {
		return ref, nil
	}
	if !strings.EqualFold(filepath.Ext(ref), ".army") {
		return "", errors.New("a trace names an embedded army or a path ending in .army")
	}
	p := filepath.FromSlash(ref)
	if !loader.AllowExtendsOutside && !filepath.IsLocal(p) {
		return "", errors.New("the file is outside the trace's directory (run with --allow-extends-outside to read it)")
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(filepath.Dir(traceFile), p)
	}
	return p, nil
}

// traceBoardPath finds the board file a trace names, as traceArmyPath finds
// an army: a path ending in .board, relative to the trace's directory, in
// its tree unless --allow-extends-outside.
func traceBoardPath(ref, traceFile string) (string, error) {
	if !strings.EqualFold(filepath.Ext(ref), ".board") {
		return "", fmt.Errorf("unknown board %q: a trace names an embedded board or a path ending in .board", ref)
	}
	p := filepath.FromSlash(ref)
	if !loader.AllowExtendsOutside && !filepath.IsLocal(p) {
		return "", fmt.Errorf("board %s: the file is outside the trace's directory (run with --allow-extends-outside to read it)", ref)
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(filepath.Dir(traceFile), p)
	}
	return p, nil
}
