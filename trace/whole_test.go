package trace

// The whole-trace forms of the readers, for the tests: a trace held in
// memory, parsed, printed, replayed and stepped through at once. The
// command reads a trace a line at a time instead (Reader, ReplayReader,
// NewPrinter, FramesReader), so memory is bounded by the game, not by the
// file; these are the same machinery over a Trace.

import (
	"io"

	"github.com/hexforge/hexforge/engine"
)

// Parse reads a trace: the header, then one event a line. Blank lines are
// not allowed; unknown fields are errors (a trace is written by a program,
// and a field it does not know would be silently ignored by a replay).
// It holds the whole trace; a replay of a file reads it a line at a time
// instead (Reader, ReplayReader).
func Parse(r io.Reader) (*Trace, error) {
	rd, err := NewReader(r)
	if err != nil {
		return nil, err
	}
	t := &Trace{Header: rd.Header}
	for {
		e, line, err := rd.Next()
		if err == io.EOF {
			return t, nil
		}
		if err != nil {
			return nil, err
		}
		t.Events = append(t.Events, e)
		t.Lines = append(t.Lines, line)
	}
}

// Print writes the trace readably, one line per event, in the words of the
// rules; no line is wider than Width (long token names are cut).
func Print(w io.Writer, t *Trace) error {
	p := NewPrinter(w, &t.Header)
	for i := range t.Events {
		p.Event(&t.Events[i])
	}
	return p.Flush()
}

// Replay re-plays the game of t: the armies of the header, set up with its
// seed and decks, fed the recorded actions and answers. It checks that each
// event the game gives is the next one of the trace, field for field, and
// that the final state (its digest included) is the recorded one. It
// returns the replayed game.
func Replay(t *Trace, load Loaders) (*engine.Game, error) {
	return replay(&t.Header, &source{t: t}, load, nil)
}

// Frames replays t as Replay does, checking it event by event, and returns
// the final game and the board as each event was taken up, so a viewer can step through the
// game; the board's hexes come with them. A trace that does not replay
// gives no frames: a page must not show a game that did not happen.
func Frames(t *Trace, load Loaders) (*engine.Game, []Frame, []Cell, error) {
	return frames(&t.Header, &source{t: t}, load)
}
