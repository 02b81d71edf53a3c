package trace

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
)

// Loaders resolve what a trace's header names. Army is required; the
// others are asked only when a header needs them.
type Loaders struct {
	// Army loads an army a header names (Army.Ref).
	Army func(ref string) (*rules.Army, error)
	// Board resolves a header's board that is not an embedded one (the
	// path of a board file, as play wrote it); hexforge replay reads the
	// path relative to the trace's directory. When nil, a path inside the
	// current directory is read.
	Board func(ref string) (*engine.Board, error)
	// Leader loads a leader card a header names (an embedded leader's
	// name, or FILE:Name); when nil, a header with leaders does not replay.
	Leader func(ref string) (*rules.Leader, error)
	// Position reads the position file a header's from names (a game
	// played on from it); when nil, such a trace does not replay.
	Position func(ref string) (*engine.State, *engine.Piles, error)
}

// ErrMismatch is wrapped by a replay's error when the replayed game
// differs from the trace.
var ErrMismatch = errors.New("the replay differs from the trace")

// ReplayReader re-plays the game of the trace rd reads: the armies of the
// header, set up with its seed and decks, fed the recorded actions and
// answers. It checks that each event the game gives is the next one of the
// trace, field for field, and that the final state (its digest included)
// is the recorded one. It reads a line at a time: each line is read when the game comes to it and checked at once,
// so memory is bounded by the game, not by the file, and a hostile trace
// fails at its first wrong line. each, when not nil, is given every event
// once it has been checked, in order (to print the trace as it is read).
// It returns the game and the number of events.
func ReplayReader(rd *Reader, load Loaders, each func(e *Event)) (*engine.Game, int, error) {
	src := &source{rd: rd, each: each}
	g, err := replay(&rd.Header, src, load, nil)
	return g, src.i, err
}

// replay is the replay of ReplayReader, calling watch (when not nil) with the game each time it
// takes up the trace's event i, before that event's effect.
func replay(h *Header, src *source, load Loaders, watch func(i int, g *engine.Game)) (*engine.Game, error) {
	if h.From != "" {
		return replayFrom(h, src, load, watch)
	}
	want := 2
	if h.Mode != "" {
		want = len(h.Seating)
		if want < 3 || want > 4 {
			return nil, fmt.Errorf("header: mode %s with %d seats: want 3 or 4", h.Mode, want)
		}
	}
	if len(h.Armies) != want || len(h.Players) != want || len(h.Decks) != want {
		return nil, fmt.Errorf("header: %d armies, %d players and %d decks: want %d of each", len(h.Armies), len(h.Players), len(h.Decks), want)
	}
	armies := make([]*rules.Army, want)
	for p, a := range h.Armies {
		army, err := load.Army(a.Ref)
		if err != nil {
			return nil, fmt.Errorf("player %d's army %q: %w", p+1, a.Ref, err)
		}
		if a.Hash != "" && sim.ArmyHash(army) != a.Hash {
			return nil, fmt.Errorf("player %d's army %q is not the one the trace was played with (its rules changed since): %w", p+1, a.Ref, ErrMismatch)
		}
		armies[p] = army
	}
	board, err := position.BoardByName(h.Board)
	if err != nil && load.Board != nil {
		board, err = load.Board(h.Board)
	} else if err != nil {
		// A board file, relative to the current directory; never one
		// outside it, judged after links (a hostile trace must not make the
		// replay read it).
		board, err = position.LoadBoard(h.Board, ".")
	}
	if err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	cfg := engine.Config{Board: board, Reinforce: h.Reinforce, Structures: h.Structures}
	if h.Mode != "" {
		if err := multiConfig(h, armies, &cfg); err != nil {
			return nil, err
		}
	} else if h.GameSeed != sim.GameSeed(h.Seed, h.Pair) {
		return nil, fmt.Errorf("header: game seed %d is not the seed of pair %d of seed %d: %w", h.GameSeed, h.Pair, h.Seed, ErrMismatch)
	}
	if h.Start != "" {
		if cfg.Start, err = engine.ParseStart(h.Start); err != nil {
			return nil, fmt.Errorf("header: %w", err)
		}
	}
	if len(h.Leaders) > 0 {
		if cfg.Leaders, err = loadLeaders(h.Leaders, &cfg, len(armies), load.Leader); err != nil {
			return nil, fmt.Errorf("header: %w", err)
		}
	}
	g, err := engine.NewGame(cfg, armies, h.GameSeed)
	if err != nil {
		return nil, fmt.Errorf("setting up the game: %w", err)
	}
	if h.Mode != "" {
		sim.ShuffleMulti(g, h.GameSeed, h.Seating)
	} else {
		sim.ShuffleDecks(g, h.GameSeed, h.AFirst)
	}
	rp := &replayer{h: h, src: src, names: names{b: board, armies: armies, g: g}, watch: watch}
	if err := rp.checkDecks(g); err != nil {
		return nil, err
	}
	g.SetTracer(rp)
	return rp.play(g)
}

// play feeds the replayed game g, set up and traced by rp, the trace's
// actions, and checks its final line.
func (rp *replayer) play(g *engine.Game) (*engine.Game, error) {
	h, src := rp.h, rp.src
	actions := 0
	for !g.Over() && rp.err == nil {
		e, err := src.peek()
		if err != nil {
			return nil, err
		}
		if e.E == "final" {
			break
		}
		if e.E != "act" {
			return nil, rp.mismatch(e, "an action of player "+fmt.Sprint(g.Player+1))
		}
		a, err := rp.names.toAction(e)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", src.line, err)
		}
		if want := rp.names.action(g, a); !sameEvent(&want, e) {
			return nil, rp.mismatch(e, compact(&want))
		}
		rp.see()
		line := src.line
		src.take()
		if err := g.Apply(a, replayDecider{rp}); err != nil {
			return nil, fmt.Errorf("line %d: %w: %w", line, ErrMismatch, err)
		}
		actions++
	}
	if rp.err != nil {
		return nil, rp.err
	}
	g.SetTracer(nil)
	e, err := src.peek()
	if err != nil {
		return nil, err
	}
	capped := !g.Over()
	if capped && actions < h.MaxActions {
		return nil, rp.mismatch(e, fmt.Sprintf("the game going on (after %d actions, the cap is %d)", actions, h.MaxActions))
	}
	if want := rp.names.final(g, capped); !sameEvent(&want, e) {
		return nil, rp.mismatch(e, compact(&want))
	}
	src.take()
	// One line more is read, not the rest of the file: whatever follows
	// the final line makes the trace wrong.
	if _, err := src.peek(); err == nil {
		return nil, fmt.Errorf("line %d: the trace goes on after its final line: %w", src.line, ErrMismatch)
	} else if !errors.Is(err, errEnded) {
		return nil, err
	}
	return g, nil
}

// source hands the replay a trace's events in order: from a parsed Trace,
// or from a Reader a line at a time. The event being taken up is read
// when the replay first looks at it (peek) and dropped when the replay is
// done with it (take); only a parsed Trace holds more.
type source struct {
	t    *Trace
	rd   *Reader
	each func(e *Event) // given each event when taken
	i    int            // the event being taken up
	cur  Event          // it, read from rd
	line int            // its line number
	read bool           // cur holds event i
	err  error          // the read error that ended the trace
}

// errEnded is peek's error after the last event: the trace ends there.
var errEnded = errors.New("the trace ends before the game does (no final line)")

// peek returns event i, reading it if need be.
func (s *source) peek() (*Event, error) {
	if s.t != nil {
		if s.i >= len(s.t.Events) {
			return nil, errEnded
		}
		s.line = s.t.Lines[s.i]
		return &s.t.Events[s.i], nil
	}
	if s.err != nil {
		return nil, s.err
	}
	if !s.read {
		e, line, err := s.rd.Next()
		if err == io.EOF {
			err = errEnded
		}
		if err != nil {
			s.err = err
			return nil, err
		}
		s.cur, s.line, s.read = e, line, true
	}
	return &s.cur, nil
}

// take moves on from event i, handing it to each.
func (s *source) take() {
	if s.each != nil {
		if e, err := s.peek(); err == nil {
			s.each(e)
		}
	}
	s.i++
	s.read = false
}

// replayer checks the engine's events against the trace, one by one.
type replayer struct {
	h     *Header
	src   *source
	names names
	err   error // the first mismatch
	watch func(i int, g *engine.Game)
}

// see shows the watcher the game as the trace's event i is taken up.
func (rp *replayer) see() {
	if rp.watch != nil {
		rp.watch(rp.src.i, rp.names.g)
	}
}

func (rp *replayer) mismatch(e *Event, got string) error {
	return fmt.Errorf("line %d: %w:\n  trace:  %s\n  replay: %s", rp.src.line, ErrMismatch, compact(e), got)
}

// next checks that the game's event got is the trace's next one. An
// answer (ask) is not taken here: the decider checks its pick first.
func (rp *replayer) next(got *Event) *Event {
	if rp.err != nil {
		return nil
	}
	e, err := rp.src.peek()
	if errors.Is(err, errEnded) {
		rp.err = fmt.Errorf("after the last line: %w: the replay goes on with %s", ErrMismatch, compact(got))
		return nil
	}
	if err != nil {
		rp.err = err
		return nil
	}
	if e.E != got.E || (got.E != "ask" && !sameEvent(e, got)) {
		rp.err = rp.mismatch(e, compact(got))
		return nil
	}
	if got.E != "ask" {
		e.Why = got.Why // the reason the file does not hold (Event.Why)
		rp.see()
		rp.src.take()
	}
	return e
}

func (rp *replayer) Trace(te engine.TraceEvent) {
	e := rp.names.event(te)
	if addedLine[e.E] && rp.err == nil {
		// A trace written before these lines existed (a Vegas swap, a
		// Steel Police net) has none: it still replays, its actions,
		// answers and final digest checked as before.
		if next, err := rp.src.peek(); err == nil && next.E != e.E {
			return
		}
	}
	rp.next(&e)
}

// addedLine are the kinds of line added after traces of the embedded
// armies were written without them (docs/trace.md, "Limits").
var addedLine = map[string]bool{"swap": true, "net": true, "observe": true}

// checkDecks checks that the game, set up from the header's seed, has the
// header's decks.
func (rp *replayer) checkDecks(g *engine.Game) error {
	for p := range g.S.Players() {
		have := make([]string, 0, g.DeckLen[p])
		for i := int(g.DeckLen[p]) - 1; i >= 0; i-- {
			have = append(have, rp.names.tok(uint8(p), g.Deck[p][i]))
		}
		if !slices.Equal(have, rp.h.Decks[p]) {
			return fmt.Errorf("header: player %d's deck is not the one seed %d deals to army %q: %w", p+1, rp.h.Seed, g.S.Armies[p].Name, ErrMismatch)
		}
	}
	return nil
}

// replayDecider answers each rule question as the trace says, after
// checking that the question and its options are the recorded ones.
type replayDecider struct{ rp *replayer }

func (d replayDecider) Choose(_ *engine.State, player uint8, q engine.Question, opts []engine.Option) int {
	rp := d.rp
	got := rp.names.ask(player, q, opts, 0)
	e := rp.next(&got)
	if e == nil {
		return 0
	}
	if e.Pick < 0 || e.Pick >= len(opts) {
		rp.err = rp.mismatch(e, fmt.Sprintf("answer %d: there are %d options (0 to %d)", e.Pick, len(opts), len(opts)-1))
		return 0
	}
	if got.Pick = e.Pick; !sameEvent(e, &got) {
		rp.err = rp.mismatch(e, compact(&got))
		return 0
	}
	pick := e.Pick
	rp.see()
	rp.src.take()
	return pick
}

// multiConfig sets the mode and teams of a multiplayer trace's game (sim
// --mode) in cfg, and checks its rotation's seed, which must be the run's
// for its game.
func multiConfig(h *Header, armies []*rules.Army, cfg *engine.Config) error {
	mode, err := engine.ParseMode(h.Mode)
	if err != nil {
		return fmt.Errorf("header: %w", err)
	}
	if h.Seatings < 1 || h.Game < 0 || h.GameSeed != sim.MultiRound(h.Seed, h.Game, h.Seatings) {
		return fmt.Errorf("header: game seed %d is not the seed of game %d of seed %d (%d seatings): %w", h.GameSeed, h.Game, h.Seed, h.Seatings, ErrMismatch)
	}
	for _, a := range h.Seating {
		if a < 0 || a >= len(armies) {
			return fmt.Errorf("header: seating %v: want the armies' indices 0 to %d", h.Seating, len(armies)-1)
		}
	}
	var team []uint8
	for _, t := range h.Teams {
		if t < 0 || t > 1 {
			return fmt.Errorf("header: teams %v: want 0 or 1 for each seat", h.Teams)
		}
		team = append(team, uint8(t))
	}
	cfg.Mode, cfg.Teams = mode, team
	return nil
}
