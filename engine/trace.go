package engine

import "github.com/hexforge/hexforge/rules"

// Game traces: a Tracer attached with SetTracer is told every change a
// game's turn flow makes that no player action states by itself (draws,
// moves, wounds, heals, removals, battles, the result). Decisions (the
// actions and the answers to rule questions) are not traced here: whoever
// drives the game sees them already, and records them itself.
//
// The hooks in the turn flow are one-line calls to the methods below. With
// no tracer they cost one nil test, so the simulator's hot path neither
// allocates nor slows down.

// TraceKind is what a TraceEvent records.
type TraceKind uint8

const (
	TrTurn        TraceKind = iota + 1 // turn N of Player starts
	TrDraw                             // Player draws Token
	TrDiscard                          // Player discards Token without an action of theirs (an enemy's discard step, a cost, a set-aside token with no room)
	TrMove                             // the unit on Hex (Player's Token) goes to To, facing Facing
	TrWound                            // the piece on Hex (Player's Token; Ground: the foundation) takes N wounds
	TrHeal                             // N wounds are taken off the unit on Hex (Player's Token)
	TrRemove                           // the piece on Hex (Player's Token; Ground: the foundation) leaves the board
	TrBattle                           // battle number N starts
	TrBattleEvent                      // one line of the battle's log (Battle)
	TrResult                           // the game ends with Result(N)
	TrRecover                          // Player takes Token back from the discard pile: into the hand (N 0) or onto the deck (N 1)
	TrReturn                           // Player's Token goes from the hand back into the deck (a redraw step)
	TrStatus                           // the unit on Hex (Player's Token) is given the status Status by TPlayer's TToken
	TrStatusEnd                        // the status Status of the unit on Hex (Player's Token) ends
	TrSwap                             // the unit on Hex (Player's Token) and the unit on To (TPlayer's TToken) exchange hexes
	TrNet                              // a step puts a net marker on the unit on Hex (Player's Token)
	TrObserve                          // the observer on Hex (Player's Token) fires on event rules.Watch(N) of the unit on To
	TrValue                            // a step of Player's Token (on Hex, NoHex for an instant) computed its number: N
	TrAttack                           // the unit on Hex (Player's Token) attacks outside a battle toward Facing with strength N (aimed at To)
)

// TraceEvent is one traced change. Which fields matter depends on Kind;
// Player and Token name a piece by its owner and its token type in the
// owner's army (NoToken when there is none).
type TraceEvent struct {
	Kind    TraceKind
	Player  uint8
	Token   uint8
	Hex, To Hex
	Facing  rules.Dir
	N       int
	Ground  bool
	Battle  *Event // TrBattleEvent: the log line, valid only during the call
	Status  string // TrStatus, TrStatusEnd: the status's name
	// TrSwap: the other unit, by its owner and token type; TrStatus: the
	// token type that gave the status, of the status's army.
	TPlayer, TToken uint8
}

// Tracer is told what happens in a game (SetTracer). It must not change the
// game.
type Tracer interface {
	Trace(e TraceEvent)
}

// tracing is a game's tracer. It remembers the game it was attached to:
// players copy a game (g2 := *g) to look ahead, and a copy, having another
// address, traces nothing.
type tracing struct {
	t   Tracer
	g   *Game
	log BattleLog // the battle being traced, reused from battle to battle
}

// SetTracer attaches t to the game (nil detaches it). Init detaches it: a
// game restarted in place is attached again after Init.
func (g *Game) SetTracer(t Tracer) {
	if t == nil {
		g.tr = nil
		return
	}
	g.tr = &tracing{t: t, g: g}
}

// traced reports whether this very game has a tracer.
func (g *Game) traced() bool { return g.tr != nil && g.tr.g == g }

// The hooks below are a nil test the compiler inlines into the turn flow;
// the work is in the emit functions, called only when a tracer is set.

// traceEv sends an event when the game is traced.
func (g *Game) traceEv(k TraceKind, p, tok uint8, h, to Hex, f rules.Dir, n int) {
	if g.tr != nil {
		g.emitEv(k, p, tok, h, to, f, n)
	}
}

func (g *Game) emitEv(k TraceKind, p, tok uint8, h, to Hex, f rules.Dir, n int) {
	if g.traced() {
		g.tr.t.Trace(TraceEvent{Kind: k, Player: p, Token: tok, Hex: h, To: to, Facing: f, N: n})
	}
}

// tracePiece sends an event about the unit (or, with ground, the
// foundation) on h, before the change it records is made; nothing for an
// empty hex.
func (g *Game) tracePiece(k TraceKind, h Hex, n int, ground bool) {
	if g.tr != nil {
		g.emitPiece(k, h, n, ground)
	}
}

func (g *Game) emitPiece(k TraceKind, h Hex, n int, ground bool) {
	if !g.traced() || h == NoHex || (k == TrHeal && n == 0) {
		return // healing an unhurt unit (in a healed area) changes nothing
	}
	u := g.S.Cells[h].Unit
	if ground {
		u = g.S.Cells[h].Ground
	}
	if u.Empty() {
		return
	}
	g.tr.t.Trace(TraceEvent{Kind: k, Player: u.Owner, Token: u.Token, Hex: h, To: NoHex, Facing: u.Facing, N: n, Ground: ground})
}

// traceBattleStart announces battle number g.Battles and returns the log the
// resolver is to fill, or nil (no log, no cost) when the game is not traced.
func (g *Game) traceBattleStart() *BattleLog {
	if g.tr == nil {
		return nil
	}
	return g.emitBattleStart()
}

func (g *Game) emitBattleStart() *BattleLog {
	if !g.traced() {
		return nil
	}
	g.tr.t.Trace(TraceEvent{Kind: TrBattle, Token: NoToken, Hex: NoHex, To: NoHex, N: g.Battles})
	return &g.tr.log
}

// traceBattleEnd sends the lines of the battle log traceBattleStart gave.
func (g *Game) traceBattleEnd() {
	if g.tr != nil {
		g.emitBattleEnd()
	}
}

func (g *Game) emitBattleEnd() {
	if !g.traced() {
		return
	}
	for i := range g.tr.log.Events {
		e := &g.tr.log.Events[i]
		g.tr.t.Trace(TraceEvent{Kind: TrBattleEvent, Player: e.Player, Token: NoToken, Hex: e.Hex, To: e.Target, N: e.Wounds, Battle: e})
	}
}

// traceSwap sends the swap of the units on h and n, before it is made.
func (g *Game) traceSwap(h, n Hex) {
	if g.tr != nil {
		g.emitSwap(h, n)
	}
}

func (g *Game) emitSwap(h, n Hex) {
	if !g.traced() {
		return
	}
	u, v := g.S.Cells[h].Unit, g.S.Cells[n].Unit
	g.tr.t.Trace(TraceEvent{Kind: TrSwap, Player: u.Owner, Token: u.Token, Hex: h, To: n, Facing: u.Facing, TPlayer: v.Owner, TToken: v.Token})
}

// traceObserve sends the firing of the observer q (its piece still on
// q.at), before its steps run.
func (g *Game) traceObserve(q observed, w rules.Watch) {
	if g.tr != nil {
		g.emitObserve(q, w)
	}
}

func (g *Game) emitObserve(q observed, w rules.Watch) {
	if !g.traced() {
		return
	}
	tok := uint8(g.S.Armies[q.owner].Observers[q.oi].Token)
	g.tr.t.Trace(TraceEvent{Kind: TrObserve, Player: q.owner, Token: tok, Hex: q.at, To: q.ev, N: int(w)})
}
