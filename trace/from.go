package trace

import (
	"fmt"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/sim"
)

// A game played on from a position file (play --from FILE --trace): the
// header's from names the file, which gives the armies, the board, the
// hands, decks and discard piles; the seed deals what the position leaves
// unlisted. The trace starts before the position's turn starts, so it
// holds that turn's first events, as a trace from the set-up does.

// replayFrom replays the trace of a game played on from the position of
// h.From, checking the armies are the ones it was played with.
func replayFrom(h *Header, src *source, load Loaders, watch func(i int, g *engine.Game)) (*engine.Game, error) {
	if load.Position == nil {
		return nil, fmt.Errorf("header: the game plays on from the position %q: this replay reads no position files", h.From)
	}
	s, piles, err := load.Position(h.From)
	if err != nil {
		return nil, fmt.Errorf("header: position %q: %w", h.From, err)
	}
	n := s.Players()
	if len(h.Armies) != n || len(h.Decks) != n {
		return nil, fmt.Errorf("header: %d armies and %d decks for a position of %d players: %w", len(h.Armies), len(h.Decks), n, ErrMismatch)
	}
	if h.Mode != "" && h.Mode != s.Mode.String() {
		return nil, fmt.Errorf("header: mode %s, but the position %q plays %s: %w", h.Mode, h.From, s.Mode, ErrMismatch)
	}
	for p, a := range h.Armies {
		if a.Hash != "" && sim.ArmyHash(s.Armies[p]) != a.Hash {
			return nil, fmt.Errorf("player %d's army %q of the position is not the one the trace was played with (its rules changed since): %w", p+1, s.Armies[p].Name, ErrMismatch)
		}
	}
	piles.Structures = piles.Structures || h.Structures
	g, err := engine.PrepareFrom(s, piles, h.GameSeed)
	if err != nil {
		return nil, fmt.Errorf("setting up the game: %w", err)
	}
	rp := &replayer{h: h, src: src, names: names{b: s.Board, armies: s.Armies[:n], g: g}, watch: watch}
	if err := rp.checkDecks(g); err != nil {
		return nil, err
	}
	g.SetTracer(rp)
	g.StartFrom(replayDecider{rp})
	return rp.play(g)
}
