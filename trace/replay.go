package trace

import (
	"errors"
	"fmt"
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
}

// ErrMismatch is wrapped by Replay's error when the replayed game differs
// from the trace.
var ErrMismatch = errors.New("the replay differs from the trace")

// Replay re-plays the game of t: the armies of the header, set up with its
// seed and decks, fed the recorded actions and answers. It checks that each
// event the game gives is the next one of the trace, field for field, and
// that the final state (its digest included) is the recorded one. It
// returns the replayed game.
func Replay(t *Trace, load Loaders) (*engine.Game, error) {
	return replay(t, load, nil)
}

// replay is Replay calling watch (when not nil) with the game each time it
// takes up the trace's event i, before that event's effect.
func replay(t *Trace, load Loaders, watch func(i int, g *engine.Game)) (*engine.Game, error) {
	h := &t.Header
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
	rp := &replayer{t: t, names: names{b: board, armies: armies, g: g}, watch: watch}
	if err := rp.checkDecks(g); err != nil {
		return nil, err
	}
	g.SetTracer(rp)
	actions := 0
	for !g.Over() && rp.err == nil {
		if rp.i >= len(t.Events) {
			return nil, errors.New("the trace ends before the game does (no final line)")
		}
		e := &t.Events[rp.i]
		if e.E == "final" {
			break
		}
		if e.E != "act" {
			return nil, rp.mismatch(e, "an action of player "+fmt.Sprint(g.Player+1))
		}
		a, err := rp.names.toAction(e)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", t.Lines[rp.i], err)
		}
		if want := rp.names.action(g, a); !sameEvent(&want, e) {
			return nil, rp.mismatch(e, compact(&want))
		}
		rp.see()
		rp.i++
		if err := g.Apply(a, replayDecider{rp}); err != nil {
			return nil, fmt.Errorf("line %d: %w: %w", t.Lines[rp.i-1], ErrMismatch, err)
		}
		actions++
	}
	if rp.err != nil {
		return nil, rp.err
	}
	g.SetTracer(nil)
	if rp.i >= len(t.Events) {
		return nil, errors.New("the trace ends before the game does (no final line)")
	}
	e := &t.Events[rp.i]
	capped := !g.Over()
	if capped && actions < h.MaxActions {
		return nil, rp.mismatch(e, fmt.Sprintf("the game going on (after %d actions, the cap is %d)", actions, h.MaxActions))
	}
	if want := rp.names.final(g, capped); !sameEvent(&want, e) {
		return nil, rp.mismatch(e, compact(&want))
	}
	if rp.i+1 < len(t.Events) {
		return nil, fmt.Errorf("line %d: the trace goes on after its final line: %w", t.Lines[rp.i+1], ErrMismatch)
	}
	return g, nil
}

// replayer checks the engine's events against the trace, one by one.
type replayer struct {
	t     *Trace
	names names
	i     int   // the next event of the trace
	err   error // the first mismatch
	watch func(i int, g *engine.Game)
}

// see shows the watcher the game as the trace's event i is taken up.
func (rp *replayer) see() {
	if rp.watch != nil {
		rp.watch(rp.i, rp.names.g)
	}
}

func (rp *replayer) mismatch(e *Event, got string) error {
	line := 0
	if rp.i < len(rp.t.Lines) {
		line = rp.t.Lines[rp.i]
	}
	return fmt.Errorf("line %d: %w:\n  trace:  %s\n  replay: %s", line, ErrMismatch, compact(e), got)
}

// next checks that the game's event got is the trace's next one.
func (rp *replayer) next(got *Event) *Event {
	if rp.err != nil {
		return nil
	}
	if rp.i >= len(rp.t.Events) {
		rp.err = fmt.Errorf("after the last line: %w: the replay goes on with %s", ErrMismatch, compact(got))
		return nil
	}
	e := &rp.t.Events[rp.i]
	if e.E != got.E || (got.E != "ask" && !sameEvent(e, got)) {
		rp.err = rp.mismatch(e, compact(got))
		return nil
	}
	if got.E != "ask" { // an answer is taken up by the decider, which steps back first
		rp.see()
	}
	rp.i++
	return e
}

func (rp *replayer) Trace(te engine.TraceEvent) {
	e := rp.names.event(te)
	rp.next(&e)
}

// checkDecks checks that the game, set up from the header's seed, has the
// header's decks.
func (rp *replayer) checkDecks(g *engine.Game) error {
	for p := range g.S.Players() {
		have := make([]string, 0, g.DeckLen[p])
		for i := int(g.DeckLen[p]) - 1; i >= 0; i-- {
			have = append(have, rp.names.tok(uint8(p), g.Deck[p][i]))
		}
		if !slices.Equal(have, rp.t.Header.Decks[p]) {
			return fmt.Errorf("header: player %d's deck is not the one seed %d deals to army %q: %w", p+1, rp.t.Header.Seed, g.S.Armies[p].Name, ErrMismatch)
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
	rp.i--
	if e.Pick < 0 || e.Pick >= len(opts) {
		rp.err = rp.mismatch(e, fmt.Sprintf("answer %d: there are %d options (0 to %d)", e.Pick, len(opts), len(opts)-1))
		return 0
	}
	if got.Pick = e.Pick; !sameEvent(e, &got) {
		rp.err = rp.mismatch(e, compact(&got))
		return 0
	}
	rp.see()
	rp.i++
	return e.Pick
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
