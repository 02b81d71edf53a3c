// game.go holds the Game type and its vocabulary (phases, results, action
// kinds, Action), the constructor (NewGame, Init) and the action
// constructors. Nets are in gamenets.go, draws in draw.go, the turn flow
// and battles in turnflow.go, changes to the board in boardchange.go.

package engine

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/hexforge/hexforge/rules"
)

// MaxAside is how many tokens of one army may be set aside at set-up to be
// placed next to the HQ (trait starts_beside_hq).
const MaxAside = 6

// Phase is where a game stands within a turn.
type Phase uint8

const (
	PhaseHQ      Phase = iota + 1 // the player to move places the HQ
	PhaseAside                    // the player to move places a set-aside token next to the HQ
	PhaseDiscard                  // the player holds 3 drawn tokens and must discard one
	PhasePlay                     // the player plays, discards or keeps tokens, uses abilities, ends the turn
	PhaseStep                     // a later step of an instant or ability waits for its target
	PhaseOver                     // the game has ended
	PhaseLeader                   // in the opponent's turn, right after their draw, the player to move may use their leader (rules.OpponentDraw, leader.go)
)

// Result is how a game ended.
type Result uint8

const (
	Ongoing Result = iota
	Win1           // player 1 (index 0) won
	Win2           // player 2 (index 1) won
	Draw
	Decided // a game of more than two players ended: Game.Winners says who won or shared
)

func (r Result) String() string {
	return [...]string{"ongoing", "player 1 wins", "player 2 wins", "draw", "decided"}[r]
}

// ActionKind is what a player does.
type ActionKind uint8

const (
	KPlaceHQ    ActionKind = iota + 1 // set-up: the HQ goes on Hex facing Facing
	KPlaceAside                       // set-up: the first set-aside token goes on Hex (next to the HQ)
	KDiscard                          // discard the token in hand slot Slot
	KMulligan                         // bad draw: every held token is an instant; discard them all and draw again
	KPlace                            // put the board token in hand slot Slot on Hex facing Facing
	KInstant                          // play the instant in hand slot Slot; Hex, To, Facing are its first step's targets
	KAbility                          // a unit's own-turn ability: Hex is the unit, Slot the ability (Ab*), To/Facing targets
	KStep                             // targets of the pending step of an instant or ability
	KSkip                             // decline the pending optional step
	KEndTurn                          // end the turn
	// A board with an energy track (Board.Duel, duel.go):
	KEnergy    // buy energy and end the turn: Slot is a bit mask of the hand slots given up, Token the HQ points paid
	KProcedure // run a Procedure: Slot is the Procedure (Proc*), Hex, To, Facing, Token its targets
	// The Leaders variant (leader.go):
	KLeader // use the player's leader card; Hex, To, Facing, Token are its first step's targets
	// The Structures variant (structure.go):
	KStructure // instead of the discard, discard three tokens and place Structure Slot: its first part on Hex facing Facing, its second on To facing Token

	// LastKind is the highest action kind.
	LastKind = KStructure
)

var kindNames = [...]string{"", "place-hq", "place-aside", "discard", "bad-draw", "place", "instant", "ability", "step", "skip", "end-turn", "energy", "procedure", "leader", "structure"}

func (k ActionKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "?"
}

// Ability numbers for KAbility (Action.Slot). AbTrigger+i is the unit's i-th
// own-turn trigger; its steps are then given with KStep.
const (
	AbMove   uint8 = iota // mobility: move one hex to an empty hex and/or turn (To, Facing)
	AbRotate              // rotation: turn (Facing)
	AbPush                // push the adjacent enemy on To
	AbPull                // pull the enemy on To next to the unit
	// A trait granted by a linked token (link effect grant) is a use of its
	// own, besides the unit's own trait of the same kind: AbGrantedMove is
	// AbMove through a grant, and so on. Several grants of one trait give
	// one use.
	AbGrantedMove
	AbGrantedRotate
	AbGrantedPush
	AbGrantedPull
	AbTrigger // first own-turn trigger
)

// Action is one thing the player to move does. It is a small value; which
// fields matter depends on Kind (unused ones are NoHex / 0).
//
// Targets by step operation (KInstant's first step, KStep): move: Hex the
// unit, To the destination (Hex itself to only turn), Facing the new facing;
// push / pull: Hex the acting own unit, To the enemy; rotate: Hex, Facing;
// swap: Hex and To; damage, destroy, net: Hex (the centre hex for an area);
// battle, forbid_place, draw, return_to_deck: none.
type Action struct {
	Kind   ActionKind
	Slot   uint8
	Hex    Hex
	To     Hex
	Facing rules.Dir
	Token  uint8 // a recover step: 1 + the token type it takes back (0: none)
}

func (a Action) String() string {
	return fmt.Sprintf("%s slot=%d hex=%d to=%d facing=%s token=%d", a.Kind, a.Slot, a.Hex, a.To, a.Facing, a.Token)
}

// pending is a multi-step instant or ability in progress.
type pending struct {
	active bool
	owner  uint8 // whose token carries the program
	token  uint8 // token type in owner's army
	trig   uint8 // trigger index
	step   uint8 // next step to run
	src    Hex   // the unit using the ability (NoHex for instants)
	toDeck bool  // the instant goes back on top of the deck instead of the discard
	inst   bool  // the program is an instant's (the token goes to discard at the end)
	cost   uint8 // HQ points to pay when the first step is carried out (placed triggers)
	disc   uint8 // hand tokens to discard then, the same way
	placed bool  // a placed trigger: the token's next placed trigger follows it (startPlaced)
	leader bool  // the program is the owner's leader card's (leader.go)
	status bool  // the program is a trigger of status token of owner's army (status.go)
	// observer: the program is observer trig of owner's army (observer.go)
	observer bool
	gtok     uint8 // status: the token type that gave the status, credited with its deeds
	// target1 and event1 are 1 + the hexes of a selector's of=target (what
	// the previous step picked) and of=event (the hex of the event that
	// fired the program); 0 = none (selector.go).
	target1, event1 uint8
}

// Used-ability bits per hex, reset each turn; they move with the unit.
const (
	usedMove uint16 = 1 << iota
	usedRotate
	usedPush
	usedPull
	usedTrig0 // own-turn triggers 0..3 use bits 4..7
)

// usedGranted0 << k marks a granted rotation, push or pull (k = AbRotate,
// AbPush, AbPull: bits 9..11); granted moves are counted per granter in
// grantUsed instead, so bit 8 is unused.
const usedGranted0 = usedTrig0 << 4

// Game is a whole game of 2 to 4 players: the position, decks, hands, discards and
// turn flow. A simulator drives it like this:
//
//	g, err := engine.NewGame(engine.Config{Board: position.Standard}, []*rules.Army{a0, a1}, seed)
//	buf := make([]engine.Action, 0, 4096)
//	for !g.Over() {
//		buf = g.LegalActions(buf[:0])   // for g.Player
//		a := choose(g, buf)            // any policy
//		if err := g.Apply(a, decider); err != nil { ... }
//	}
//	_ = g.Result, g.Winners            // Win1, Win2 or Draw with two players; Winners has a bit per winner
//
// Set-up (HQs, set-aside tokens) is played through the same actions. It holds only fixed-size arrays, so a copy (g2 := *g) is an
// independent game that shares nothing mutable except the Resolver and the
// scratch space, which are per goroutine: give a copy used on another
// goroutine its own with SetWorkspace.
type Game struct {
	S State

	Deck      [MaxPlayers][MaxArmyTokens]uint8 // token types, top at DeckLen-1
	DeckLen   [MaxPlayers]uint8
	Hand      [MaxPlayers][MaxHand]uint8
	HandLen   [MaxPlayers]uint8
	Discarded [MaxPlayers][MaxArmyTokens]uint8 // discarded or destroyed tokens, counted by type
	Aside     [MaxPlayers][MaxAside]uint8      // set aside at set-up, placed next to the HQ
	AsideLen  [MaxPlayers]uint8

	Player     uint8            // whose turn (or set-up step) it is
	Phase      Phase            // where the turn stands
	Turn       int              // turns started so far (1 is player 1's first turn)
	LastDrawn  bool             // some player has drawn their last token
	FinalAfter int              // the final battle follows the end of this turn (0 = not yet known)
	TieBreak   bool             // the final battle was tied; the extra turns are being played
	Forbid     [MaxPlayers]bool // the player may not place units this (or their next) turn; foundations stay allowed
	Result     Result
	Battles    int               // battles resolved so far
	Energy     [MaxPlayers]uint8 // each player's energy (a board with an energy track, duel.go)
	// StructPlaced has a bit per player who has placed their Structure
	// (once a game).
	StructPlaced uint8
	// The token figures count players 1 and 2 only (docs/rules.md, "Three
	// and four players"): kept at two rows, a Game copied in playouts is
	// no bigger for the players 3 and 4 few games have.
	Dealt      [2][MaxArmyTokens]uint16 // wounds inflicted in battles so far, by owner and token type
	Deeds      [2][MaxArmyTokens]Deeds  // what steps of instants, abilities and foundations did, by owner and token type
	LeaderUsed [MaxPlayers]uint8        // how many times each player's leader has been used (the Leaders variant, Config.Leaders)
	// Winners has a bit per player who won (several share a win; both
	// players of a two-player draw), set when the game ends.
	Winners uint8
	// Out has a bit per player who takes no more turns: their HQ fell
	// (every man for himself), or they lost a three-player tie.
	Out uint8

	cfg *Config // the variant: board, mode, start, reinforcements, Structures, leaders (config.go); never changed by the game

	orderAt uint8 // the position of the turn in the turn order's cycle (turnorder.go)

	fresh bool             // nothing has been done since the last draw (bad-draw rule)
	used  [MaxHexes]uint16 // abilities used this turn by the unit on each hex
	// grantUsed: the granters (a bit per hex) whose move the unit on each
	// hex used this turn; each granter gives one move (mobilityGranters).
	grantUsed [MaxHexes]uint64
	sym       [2][MaxArmyTokens]uint8 // rotation period of each token type (1, 2, 3 or 6); players 3 and 4 in more
	facts     [2][MaxArmyTokens]tokFacts
	// more holds the token facts of players 3 and 4: nil in a two-player
	// game, and never changed once Init is done, so that copies share it
	// and a two-player Game is no bigger to copy than it was.
	more  *morePlayers
	anyFx uint16 // the fact flags of any token type of either army
	pend  pending
	rng   rand.PCG
	tr    *tracing // nil unless traced (SetTracer, trace.go)
	fig   *Figures // nil unless counted (SetFigures, figures.go)

	Res *Resolver
	ws  *workspace

	dq [maxQueued]queued // destroyed events waiting to fire (flushDestroyed)

	oq     [maxObserved]observed // observers waiting to fire (observer.go)
	noq    uint8
	watch  uint8 // a bit per rules.Watch some observer of the armies watches
	oflush bool  // flushObserved is running

	destroyer [MaxHexes]bool // the unit on the hex destroyed an enemy in the last battle

	credit    credit // whose step is running, for Deeds
	playedNow uint8  // tokens played (placed or instants) this turn
	usedNow   uint8  // tokens played or discarded at will this turn (the Reinforcements limit)
	nq        int

	leaders    bool            // some player has a leader: the only switch on the path of a game without
	leaderTurn [MaxPlayers]int // the turn each player's leader was last used in
	leadWin    bool            // right after the turn's mandatory discard, before anything else (rules.AfterDiscard)

	// Last, in what was padding, so that a Game is no bigger to copy:
	// recovers: some token type of either army has a recover step (the
	// discard piles matter); turnStarting: the turn_start triggers run,
	// before the turn's draw; startDraw is what their draw steps add to
	// the hand that draw fills.
	recovers     bool
	turnStarting bool
	startDraw    uint8
	// anyImm: the immunity traits of any token type of the game, and
	// shield those that stop the step being listed or run, both as
	// shieldBits (immunity.go).
	anyImm uint8
	shield uint8
	// condImm: the immunities some army gives under a condition (as
	// shieldBits; they are in anyImm too).
	condImm uint8
	// anyPlace: some token has a placement rule (placement.go).
	anyPlace uint8
	// anyLimit: some army has an allowance; limUsed are their uses
	// (limits.go).
	anyLimit bool
	limUsed  [MaxPlayers][rules.MaxLimits]uint8
	// anyExpire: some foundation expires (expiry.go).
	anyExpire bool
	// anyCondT: some army has a trait that holds under a condition
	// (condedge.go).
	anyCondT bool
	// settled is what plainAfter has worked out about this position
	// (plainplace.go), once a position: whether control's pass would leave
	// the board as it is (controlKnown, controlStays), and whether
	// recallNetMarkers would (markersKnown, markersStay). Every action and
	// Recontrol forget it. After a battle that ends the turn the marks of
	// taken and netted units wait for the next action, so a position is
	// not always settled.
	settled uint8
}

// Game.settled's bits.
const (
	controlKnown uint8 = 1 << iota
	controlStays
	markersKnown
	markersStay
)

// workspace is scratch memory for one goroutine.
type workspace struct {
	acts []Action
	opts []Option
	nets [MaxHexes]bool
	pair *Resolver // the nets of a board with a Structure (pairedNets), made when first needed
}

// NewGame sets up a game of len(armies) players (2 to 4, seats 0..n-1)
// with the variant cfg: each army's tokens are shuffled into a deck from
// seed, tokens with starts_beside_hq are set aside, and seat 0 is to place
// the HQ. The game keeps its own copy of cfg.
func NewGame(cfg Config, armies []*rules.Army, seed uint64) (*Game, error) {
	g := &Game{}
	if err := g.Init(&cfg, armies, seed); err != nil {
		return nil, err
	}
	return g, nil
}

// Init starts a new game in g as NewGame does, keeping g's Resolver and
// scratch space, so that a simulator can replay games without allocating.
// g keeps cfg itself: it must not change while g, or a copy of g, is used.
func (g *Game) Init(cfg *Config, armies []*rules.Army, seed uint64) error {
	n := len(armies)
	if n < 2 || n > MaxPlayers {
		return fmt.Errorf("a game has 2 to %d players, not %d", MaxPlayers, n)
	}
	b := cfg.Board
	if b == nil {
		return errors.New("the game has no board")
	}
	if n > 2 && b.Duel {
		return fmt.Errorf("the %s board is for two players", b.Name)
	}
	var sides Sides
	if err := sides.SetSides(n, cfg.Mode, cfg.Teams, cfg.Feud); err != nil {
		return err
	}
	for i, a := range armies {
		// The checks of NewState, without its allocation.
		if a == nil {
			return fmt.Errorf("player %d has no army", i+1)
		}
		if a.Total() > MaxArmyTokens {
			return fmt.Errorf("army %q has %d tokens; the engine plays at most %d", a.Name, a.Total(), MaxArmyTokens)
		}
		if a.HQ < 0 {
			return fmt.Errorf("army %q has no HQ", a.Name)
		}
	}
	res, ws := g.Res, g.ws
	if res == nil {
		res = new(Resolver)
	}
	if ws == nil {
		ws = newWorkspace()
	}
	*g = Game{Phase: PhaseHQ, Res: res, ws: ws, cfg: cfg}
	g.S = State{Board: b, HQ: noHQs}
	copy(g.S.Armies[:], armies)
	for h := range g.S.Cells {
		g.S.Cells[h] = Cell{Unit: emptyPiece, Ground: emptyPiece}
	}
	g.rng.Seed(seed, seed^0x9e3779b97f4a7c15)
	if n > 2 {
		g.more = new(morePlayers)
	}
	for p := range n {
		if err := g.initPlayer(p); err != nil {
			return err
		}
	}
	if n == 2 {
		sides.N = 0 // the two-player game keeps its zero Sides
	}
	g.S.Sides = sides
	g.watch = watches(armies)
	return g.initLeaders()
}

func newWorkspace() *workspace {
	return &workspace{acts: make([]Action, 0, 1024), opts: make([]Option, 0, 6*MaxHexes)}
}

// SetWorkspace gives the game its own Resolver and scratch space, for a
// copy used on another goroutine.
func (g *Game) SetWorkspace(r *Resolver) {
	g.Res = r
	g.ws = newWorkspace()
}

// intn is a uniform integer in [0, n) from the game's generator.
func (g *Game) intn(n int) int {
	hi, _ := bits.Mul64(g.rng.Uint64(), uint64(n))
	return int(hi)
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.Phase == PhaseOver }

// Opp is the other player.
func Opp(p uint8) uint8 { return p ^ 1 }

// ---------------------------------------------------------------- errors

// ErrIllegal is wrapped by Apply's error for an action that is not legal.
var ErrIllegal = errors.New("illegal action")
