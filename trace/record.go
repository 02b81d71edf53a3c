package trace

import (
	"io"
	"slices"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
)

// Recorder writes the trace of one game played by sim (it is a
// sim.Observer): the header at Begin, then the decisions it is shown and
// every event the engine traces, then the final state at End.
type Recorder struct {
	Sets   []string // the --set overrides the armies were loaded with, for the header
	From   string   // the position file a game plays on from, relative to the trace (play --from)
	w      *Writer
	armies []Army // army A and army B of the match, or the armies of a multiplayer run
	names  names
	g      *engine.Game
}

// NewRecorder writes to w the trace of a game of the match whose army A and
// B are a and b, given on the command line as refA and refB.
func NewRecorder(w io.Writer, refA, refB string, a, b *rules.Army) *Recorder {
	return &Recorder{w: NewWriter(w), armies: []Army{
		{Ref: refA, Name: a.Name, Hash: sim.ArmyHash(a)},
		{Ref: refB, Name: b.Name, Hash: sim.ArmyHash(b)},
	}}
}

// NewMultiRecorder writes to w the trace of a game of a multiplayer run
// (sim --mode) of the armies as, given on the command line as refs.
func NewMultiRecorder(w io.Writer, refs []string, as []*rules.Army) *Recorder {
	r := &Recorder{w: NewWriter(w)}
	for i, a := range as {
		r.armies = append(r.armies, Army{Ref: refs[i], Name: a.Name, Hash: sim.ArmyHash(a)})
	}
	return r
}

// Begin writes the header and starts tracing g.
func (r *Recorder) Begin(g *engine.Game, info sim.GameInfo, dec engine.Decider) engine.Decider {
	r.g = g
	r.names = names{b: g.S.Board, armies: g.S.Armies[:g.S.Players()], g: g}
	seats := slices.Clone(r.armies)
	if !info.AFirst && info.Multi == nil {
		seats[0], seats[1] = seats[1], seats[0]
	}
	maxActions := info.MaxActions
	if maxActions == 0 {
		maxActions = sim.DefaultMaxActions
	}
	h := Header{E: "header", Schema: Schema, Version: sim.Version, Armies: seats, Seed: info.Seed, Pair: info.Pair,
		AFirst: info.AFirst, GameSeed: info.GameSeed, Players: []string{info.Players[0].String(), info.Players[1].String()},
		Board: g.S.Board.Name, MaxActions: maxActions, Sets: r.Sets, Reinforce: g.Config().Reinforce, Structures: g.Config().Structures, From: r.From}
	mi := info.Multi
	if mi != nil {
		h.Armies, h.Players = nil, nil
		for _, a := range mi.Seating {
			h.Armies = append(h.Armies, r.armies[a])
			h.Players = append(h.Players, info.Players[0].String())
		}
		h.Mode, h.Game, h.Seatings, h.Seating = g.S.Mode.String(), mi.Game, mi.Seatings, mi.Seating
		for _, t := range mi.Teams {
			h.Teams = append(h.Teams, int(t))
		}
	}
	if n := g.S.Players(); mi == nil && n > 2 {
		// A position of 3 or 4 players played on (play --from): a player
		// for every seat as sim.PlayFromObserved seats them, and the
		// position's mode and teams, for the reader (replay checks them
		// against the position).
		h.Players = nil
		for p := range n {
			h.Players = append(h.Players, info.Players[p&1].String())
		}
		h.Mode = g.S.Mode.String()
		if g.S.Mode.Teams() {
			for p := range uint8(n) {
				h.Teams = append(h.Teams, int(g.S.Team(p)))
			}
		}
	}
	if g.Config().Start != engine.StartStandard {
		h.Start = g.Config().Start.String()
	}
	if slices.ContainsFunc(g.Config().Leaders, func(l *rules.Leader) bool { return l != nil }) {
		for p := range g.S.Players() {
			h.Leaders = append(h.Leaders, LeaderRef(g.Leader(uint8(p))))
		}
	}
	h.Decks = make([][]string, g.S.Players())
	for p := range g.S.Players() {
		h.Decks[p] = []string{}
		for i := int(g.DeckLen[p]) - 1; i >= 0; i-- { // the top of the deck is its end
			h.Decks[p] = append(h.Decks[p], r.names.tok(uint8(p), g.Deck[p][i]))
		}
	}
	r.w.line(h)
	g.SetTracer(r)
	return recDecider{r: r, d: dec}
}

// Action records the decision a of the player to move, before it is applied.
func (r *Recorder) Action(g *engine.Game, a engine.Action) { r.w.event(r.names.action(g, a)) }

// End records the final state and stops tracing.
func (r *Recorder) End(g *engine.Game, capped bool) {
	r.w.event(r.names.final(g, capped))
	g.SetTracer(nil)
}

// Trace records an engine event.
func (r *Recorder) Trace(e engine.TraceEvent) { r.w.event(r.names.event(e)) }

// Flush writes what is buffered; it returns the first write error.
func (r *Recorder) Flush() error { return r.w.Flush() }

// Events is how many events were written.
func (r *Recorder) Events() int { return r.w.Events() }

// recDecider records each rule question with the answer the game's own
// Decider gives.
type recDecider struct {
	r *Recorder
	d engine.Decider
}

func (d recDecider) Choose(s *engine.State, player uint8, q engine.Question, opts []engine.Option) int {
	i := d.d.Choose(s, player, q, opts)
	if i < 0 || i >= len(opts) {
		i = 0 // what the engine makes of an answer out of range
	}
	d.r.w.event(d.r.names.ask(player, q, opts, i))
	return i
}
