package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/textfile"
	"github.com/hexforge/hexforge/trace"
	"github.com/spf13/cobra"
)

// replayOptions are replay's flags.
type replayOptions struct {
	quiet   bool
	why     bool
	format  report.Format // report.Text unless --format html
	outFile string
}

func newReplay() *cobra.Command {
	o := &replayOptions{}
	cmd := &cobra.Command{
		Use:   "replay TRACE",
		Short: "Print a game trace and check it by playing the game again",
		Long: `replay reads a trace written by 'play --trace' or 'sim --record' (docs/trace.md),
prints it one event a line, then plays the game again from the header's
armies and seed with the recorded decisions, checking that every event and
the final state come out the same, bit for bit. With --why each hit of no
wounds is followed by a line saying why it wounded nothing.

The armies are loaded as the header names them: short names as embedded
armies, paths relative to the trace's directory (and, as for extends, only
.army files in that directory or below unless --allow-extends-outside).

With --format html it writes, instead of the printed trace, one
self-contained page that steps through the game on a board drawn as large
as the window allows: a slider, the arrow keys, autoplay at a chosen speed
(space), keys to the next or previous turn (T), battle (B) or event of a
kind ([ and ]), the log beside the board with the reason of every hit of no
wounds (docs/reports.md lists the keys). The game is replayed and checked
first, so a page only ever shows a game that replays. A game of 3 or 4
players (sim --mode --record) is drawn with every seat in its colour.

Exit status: 0 when the replay matches, 1 when it differs (the first
difference is shown), 2 when the trace cannot be read.`,
		Example: `  hexforge play moloch borgo --seed 7 --trace game.jsonl
  hexforge replay game.jsonl
  hexforge replay --quiet game.jsonl
  hexforge replay --why game.jsonl
  hexforge replay game.jsonl --format html --out game.html`,
		Args: cobra.ExactArgs(1),
		RunE: o.run,
	}
	cmd.Flags().BoolVarP(&o.quiet, "quiet", "q", false, "only check the trace; do not print it")
	cmd.Flags().BoolVar(&o.why, "why", false, "under each hit of no wounds, print why it wounded nothing (armor, flying, the HQ rule, a points game, a status), as the html page's log does")
	o.format = report.Text
	cmd.Flags().Var(o.format.Flag(report.Text, report.HTML), "format", "output format: text (the trace one event a line) or html (a page stepping through the game on a drawn board)")
	cmd.Flags().StringVar(&o.outFile, "out", "", "write the html page to FILE (atomically) instead of standard output")
	return cmd
}

func (o *replayOptions) run(cmd *cobra.Command, args []string) error {
	if o.outFile != "" && o.format != report.HTML {
		return fmt.Errorf("--out writes the html page: give --format html with it")
	}
	if o.why && (o.quiet || o.format == report.HTML) {
		return fmt.Errorf("--why adds to the printed trace: not with --quiet or --format html (the page's log always says why)")
	}
	if o.outFile != "" {
		if err := textfile.CheckWritable(o.outFile); err != nil {
			return err
		}
	}
	file := args[0]
	rd, f, err := trace.OpenFile(file)
	if err != nil {
		return err
	}
	defer f.Close()
	out := cmd.OutOrStdout()
	load, err := trace.FileLoaders(&rd.Header, file, loader, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	var g *engine.Game
	var events int
	if o.format == report.HTML {
		var t *trace.Trace
		var frames []trace.Frame
		var cells []trace.Cell
		g, t, frames, cells, err = trace.FramesReader(rd, load)
		if err == nil {
			events = len(t.Events)
			err = writeReport(out, o.outFile, func(w io.Writer) error {
				return trace.WriteHTML(w, t, frames, cells, report.CommandLine(cmd.CommandPath(), args, cmd.Flags()))
			})
			if err != nil {
				return err
			}
		}
		if o.outFile == "" {
			out = cmd.ErrOrStderr() // the page is on standard output
		}
	} else {
		var perr error
		if g, events, err, perr = o.replayText(out, rd, load); perr != nil {
			return perr
		}
	}
	if err != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "%s: %v\n", file, err)
		if errors.Is(err, trace.ErrMismatch) {
			return exitError{1}
		}
		return exitError{2}
	}
	fmt.Fprintln(out, trace.Outcome(g, events))
	return nil
}

// replayText replays the trace, printing each event unless --quiet; perr
// is a failed write of the print, the command's error, not the replay's.
func (o *replayOptions) replayText(out io.Writer, rd *trace.Reader, load trace.Loaders) (g *engine.Game, events int, err, perr error) {
	var each func(*trace.Event)
	var p *trace.Printer
	if !o.quiet {
		p = trace.NewPrinter(out, &rd.Header)
		p.Why = o.why
		each = p.Event
	}
	g, events, err = trace.ReplayReader(rd, load, each)
	if p != nil {
		if ferr := p.Flush(); ferr != nil && err == nil {
			return g, events, err, ferr
		}
	}
	return g, events, err, nil
}
