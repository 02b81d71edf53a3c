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

// Game is a whole two-player game: the position, decks, hands, discards and
// turn flow. A simulator drives it like this:
//
//	g, err := engine.NewGame(engine.Standard, a0, a1, seed)
//	buf := make([]engine.Action, 0, 4096)
//	for !g.Over() {
//		buf = g.LegalActions(buf[:0])   // for g.Player
//		a := choose(g, buf)            // any policy
//		if err := g.Apply(a, decider); err != nil { ... }
//	}
//	_ = g.Result                       // Win1, Win2 or Draw
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
	Start      StartRule         // how the first turns draw (set after Init, before the first turn)
	Reinforce  bool              // the Reinforcements variant (reinforce.go; set after Init)
	Structures bool              // the Structures variant (structure.go; set after Init)
	// StructPlaced has a bit per player who has placed their Structure
	// (once a game).
	StructPlaced uint8
	// The token figures count players 1 and 2 only (docs/rules.md, "Three
	// and four players"): kept at two rows, a Game copied in playouts is
	// no bigger for the players 3 and 4 few games have.
	Dealt      [2][MaxArmyTokens]uint16  // wounds inflicted in battles so far, by owner and token type
	Deeds      [2][MaxArmyTokens]Deeds   // what steps of instants, abilities and foundations did, by owner and token type
	Leader     [MaxPlayers]*rules.Leader // each player's leader card, nil for none (the Leaders variant: SetLeaders)
	LeaderUsed [MaxPlayers]uint8         // how many times each player's leader has been used
	// Winners has a bit per player who won (several share a win; both
	// players of a two-player draw), set when the game ends.
	Winners uint8
	// Out has a bit per player who takes no more turns: their HQ fell
	// (every man for himself), or they lost a three-player tie.
	Out uint8

	orderAt uint8 // the position of the turn in the turn order's cycle (multi_turn.go)

	fresh bool             // nothing has been done since the last draw (bad-draw rule)
	used  [MaxHexes]uint16 // abilities used this turn by the unit on each hex
	// grantUsed: the granters (a bit per hex) whose move the unit on each
	// hex used this turn; each granter gives one move (mobilityGranters).
	grantUsed [MaxHexes]uint64
	sym       [2][MaxArmyTokens]uint8 // rotation period of each token type (1, 2, 3 or 6); players 3 and 4 in more
	facts     [2][MaxArmyTokens]tokFacts
	// more holds the token facts of players 3 and 4: nil in a two-player
	// game, and never changed once InitN is done, so that copies share it
	// and a two-player Game is no bigger to copy than it was.
	more     *morePlayers
	anyFx    uint16 // the fact flags of any token type of either army
	recovers bool   // some token type of either army has a recover step (the discard piles matter)
	pend     pending
	rng      rand.PCG
	tr       *tracing // nil unless traced (SetTracer, trace.go)

	Res *Resolver
	ws  *workspace

	dq [maxQueued]queued // destroyed events waiting to fire (flushDestroyed)

	destroyer [MaxHexes]bool // the unit on the hex destroyed an enemy in the last battle

	credit    credit // whose step is running, for Deeds
	playedNow uint8  // tokens played (placed or instants) this turn
	usedNow   uint8  // tokens played or discarded at will this turn (the Reinforcements limit)
	nq        int

	leaders    bool            // some player has a leader: the only switch on the path of a game without
	leaderTurn [MaxPlayers]int // the turn each player's leader was last used in
	leadWin    bool            // right after the turn's mandatory discard, before anything else (rules.AfterDiscard)
}

// workspace is scratch memory for one goroutine.
type workspace struct {
	acts []Action
	opts []Option
	nets [MaxHexes]bool
	pair *Resolver // the nets of a board with a Structure (pairedNets), made when first needed
}

// NewGame sets up a game on board b: each army's tokens are shuffled into a
// deck from seed, tokens with starts_beside_hq are set aside, and player 1
// is to place the HQ.
func NewGame(b *Board, a0, a1 *rules.Army, seed uint64) (*Game, error) {
	g := &Game{}
	if err := g.Init(b, a0, a1, seed); err != nil {
		return nil, err
	}
	return g, nil
}

// Init starts a new game in g as NewGame does, keeping g's Resolver and
// scratch space, so that a simulator can replay games without allocating.
func (g *Game) Init(b *Board, a0, a1 *rules.Army, seed uint64) error {
	for i, a := range [2]*rules.Army{a0, a1} {
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
	*g = Game{Phase: PhaseHQ, Res: res, ws: ws}
	g.S = State{Board: b, Armies: [MaxPlayers]*rules.Army{a0, a1}, HQ: noHQs}
	for h := range g.S.Cells {
		g.S.Cells[h] = Cell{Unit: emptyPiece, Ground: emptyPiece}
	}
	g.rng.Seed(seed, seed^0x9e3779b97f4a7c15)
	for p := range 2 {
		if err := g.initPlayer(p); err != nil {
			return err
		}
	}
	return nil
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

// ---------------------------------------------------------------- nets

// computeNets fills ws.nets: a unit is netted when a not-netted unit of the
// other side (or any side, for net-hits-friends) turns a net edge to it, or
// when it carries a net marker. Netters netting each other in a loop all
// stay free (two nets facing each other cancel: rulebook 000, on netters
// netting each other).
func (g *Game) computeNets() *[MaxHexes]bool {
	if g.Structures && g.StructPlaced != 0 && g.pairsOnBoard() {
		return g.pairedNets()
	}
	s := &g.S
	b := s.Board
	const unknown, free, netted = 0, 1, 2
	var st [MaxHexes]uint8
	var has [MaxHexes]bool // some netter faces the unit
	anyNet := false
	for h := 0; h < b.Size; h++ {
		u := s.Cells[h].Unit
		if u.Empty() {
			st[h] = free
			continue
		}
		if g.fact(u).net == 0 {
			continue
		}
		for d := rules.N; d <= rules.NW; d++ {
			if g.netsDir(Hex(h), d) {
				has[b.Nb[h][d]] = true
				anyNet = true
			}
		}
	}
	nets := &g.ws.nets
	if !anyNet {
		for h := 0; h < b.Size; h++ {
			nets[h] = s.Cells[h].Unit.Marks&NetMarker != 0
		}
		return nets
	}
	for h := 0; h < b.Size; h++ {
		if st[h] == unknown && !has[h] {
			st[h] = free
		}
	}
	for changed := true; changed; {
		changed = false
		for h := 0; h < b.Size; h++ {
			if st[h] != unknown {
				continue
			}
			allNetted := true
			for d := rules.N; d <= rules.NW; d++ {
				n := b.Nb[h][d]
				if n == NoHex || !g.netsDir(n, d.Opposite()) {
					continue
				}
				switch st[n] {
				case free:
					st[h] = netted
					changed = true
				case unknown:
					allNetted = false
				}
				if st[h] == netted {
					break
				}
			}
			if st[h] == unknown && allNetted {
				st[h] = free
				changed = true
			}
		}
	}
	for h := 0; h < b.Size; h++ {
		nets[h] = st[h] == netted || s.Cells[h].Unit.Marks&NetMarker != 0
	}
	return nets
}

// netsDir reports whether the unit on h throws a net on the unit next to it
// in direction d.
func (g *Game) netsDir(h Hex, d rules.Dir) bool {
	s := &g.S
	u := s.Cells[h].Unit
	if u.Empty() {
		return false
	}
	f := g.fact(u)
	e := u.EdgeAt(d)
	if !f.net.Has(e) {
		return false
	}
	n := s.Board.Nb[h][d]
	if n == NoHex {
		return false
	}
	v := s.Cells[n].Unit
	if v.Empty() {
		return false
	}
	return !s.Friends(v.Controller(), u.Controller()) || f.netFriends.Has(e)
}

// Netted reports whether the unit on h is netted now.
func (g *Game) Netted(h Hex) bool { return g.computeNets()[h] }

// grantedAt are the traits granted to the unit on h by linked tokens and
// global grants of tokens that are not netted (not its own traits).
func (g *Game) grantedAt(h Hex, nets *[MaxHexes]bool) rules.Traits {
	var tr rules.Traits
	g.eachGrant(h, nets, func(_ Hex, grant rules.Traits, _ bool) { tr |= grant })
	return tr
}

// ---------------------------------------------------------------- turn flow

func (g *Game) allInstants(p uint8) bool {
	if g.HandLen[p] == 0 {
		return false
	}
	for i := uint8(0); i < g.HandLen[p]; i++ {
		if g.S.Armies[p].Tokens[g.Hand[p][i]].Kind != rules.Instant {
			return false
		}
	}
	return true
}

// drawTarget is how many tokens the player holds after drawing this turn.
func (g *Game) drawTarget() int {
	if g.Turn > 2 {
		return g.handCap()
	}
	if g.Start == StartAlternative {
		return HandSize // the first player draws three too (startrule.go)
	}
	return g.Turn // 1, then 2
}

// draw fills the hand of the player to move up to n tokens.
func (g *Game) draw(n int) {
	p := g.Player
	for int(g.HandLen[p]) < n {
		if g.DeckLen[p] == 0 {
			g.lastDrawn()
			break
		}
		g.DeckLen[p]--
		g.Hand[p][g.HandLen[p]] = g.Deck[p][g.DeckLen[p]]
		g.HandLen[p]++
		g.traceEv(TrDraw, p, g.Hand[p][g.HandLen[p]-1], NoHex, NoHex, 0, 0)
		if g.DeckLen[p] == 0 {
			g.lastDrawn()
		}
	}
	g.fresh = true
	g.Phase = PhasePlay
	if (g.Turn > 2 || g.Start == StartAlternative) && int(g.HandLen[p]) == g.drawTarget() {
		g.Phase = PhaseDiscard
		if g.leaders {
			g.interrupt() // a full hand drawn: the opponent's leader may answer (leader.go)
		}
	}
}

// lastDrawn: the player to move has drawn their last token; the opponent
// plays one more turn, then comes the final battle.
func (g *Game) lastDrawn() {
	g.LastDrawn = true
	if g.FinalAfter == 0 {
		if g.S.N > 2 {
			g.FinalAfter = g.Turn + g.turnsForOthers()
			return
		}
		g.FinalAfter = g.Turn + 1
	}
}

func (g *Game) startTurn(d Decider) {
	g.Turn++
	g.traceEv(TrTurn, g.Player, NoToken, NoHex, NoHex, 0, g.Turn)
	g.used = [MaxHexes]uint16{}
	g.grantUsed = [MaxHexes]uint64{}
	g.playedNow, g.usedNow = 0, 0
	g.pend = pending{}
	// turn_start triggers work before the draw: the turn begins with drawing
	// (docs/rules.md, "Triggered events").
	g.fireUnits(rules.TurnStart, factTurnStart, g.Player, d)
	if g.checkHQ() {
		return
	}
	g.draw(g.drawTarget())
}

// endTurn ends the turn of the player to move: the final battle if this was
// the last turn, otherwise the opponent's turn.
func (g *Game) endTurn(d Decider) {
	if g.Phase == PhaseOver {
		return
	}
	p := g.Player
	g.Forbid[p] = false
	if g.pend.active {
		g.finishProgram()
	}
	if g.S.N > 2 {
		g.endTurnN(d)
		return
	}
	if g.Turn == g.FinalAfter {
		g.battle(d)
		if g.checkHQ() {
			return
		}
		a, b := g.S.HQPoints(0), g.S.HQPoints(1)
		switch {
		case a > b:
			g.finish(Win1)
			return
		case b > a:
			g.finish(Win2)
			return
		case g.TieBreak:
			g.finish(Draw)
			return
		}
		g.TieBreak = true
		g.FinalAfter = g.Turn + 2
	}
	g.Player = Opp(p)
	g.startTurn(d)
}

func (g *Game) finish(r Result) {
	g.Result = r
	g.Winners = [...]uint8{Win1: 1, Win2: 2, Draw: 3, Decided: 0}[r]
	g.traceEv(TrResult, 0, NoToken, NoHex, NoHex, 0, int(r))
	g.Phase = PhaseOver
	g.pend = pending{}
}

// checkHQ ends the game when an HQ is gone; it reports whether it did.
func (g *Game) checkHQ() bool {
	if g.Phase == PhaseOver {
		return true
	}
	if g.Turn == 0 {
		return false // set-up: an HQ not placed yet has no points
	}
	if g.S.N > 2 {
		return g.checkHQN()
	}
	a, b := g.S.HQPoints(0), g.S.HQPoints(1)
	switch {
	case a == 0 && b == 0:
		g.finish(Draw)
	case a == 0:
		g.finish(Win2)
	case b == 0:
		g.finish(Win1)
	default:
		return false
	}
	return true
}

// battle resolves one battle and moves the destroyed tokens to their
// owners' discards. It reports whether anything changed on the board.
func (g *Game) battle(d Decider) bool {
	var before, after [MaxPlayers][MaxArmyTokens]uint8
	g.countBoard(&before)
	hq := g.hqs()
	g.Battles++
	ctl := g.controlled()
	var units [MaxHexes]Piece // before the battle, for its destroyed events
	if g.anyFx&factDestroyedSteps != 0 {
		for h := range g.S.Board.Size {
			units[h] = g.S.Cells[h].Unit
		}
	}
	g.Res.TrackKills = g.anyFx&factKillCond != 0
	g.Res.Resolve(&g.S, d, g.traceBattleStart())
	g.traceBattleEnd()
	// Kept apart: a Decider asked during the after-battle events may
	// resolve hypothetical battles with the same Resolver.
	g.destroyer = g.Res.Destroyer
	for p := range 2 { // token figures count the first two players (Dealt)
		for t, n := range g.Res.Dealt[p] {
			g.Dealt[p][t] = uint16(min(65535, int(g.Dealt[p][t])+int(n)))
		}
		if g.anyFx&factToughness != 0 {
			for t, n := range g.Res.Kept[p] {
				d := &g.Deeds[p][t][DeedKept]
				*d = uint8(min(255, int(*d)+int(n)))
			}
		}
	}

	g.control(d, ctl) // units taken over during the battle may be turned now
	g.countBoard(&after)
	changed := hq != g.hqs()
	for p := range g.S.Players() {
		for t := range before[p] {
			for k := after[p][t]; k < before[p][t]; k++ {
				g.toPile(uint8(p), uint8(t))
				changed = true
			}
		}
	}
	if g.anyFx&factDestroyedSteps != 0 {
		for h := range g.S.Board.Size {
			if u := units[h]; !u.Empty() && g.S.Cells[h].Unit.Empty() {
				g.queueDestroyed(u, Hex(h)) // units do not move in a battle
			}
		}
		g.flushDestroyed(d)
	}
	// after_battle triggers, the player whose turn it was first; then
	// scavengers move.
	if g.S.N > 2 {
		if g.S.Mode == ModePoints {
			g.pointsWin()
		}
		if g.checkHQ() {
			return changed
		}
		order, n := g.inOrder()
		for _, q := range order[:n] {
			g.fireUnits(rules.AfterBattle, factAfterBattle, q, d)
		}
	}
	for k := uint8(0); g.S.N <= 2 && k < 2 && g.S.HQPoints(0) > 0 && g.S.HQPoints(1) > 0; k++ {
		g.fireUnits(rules.AfterBattle, factAfterBattle, g.Player^k, d)
	}
	g.afterBattle(d)
	return changed
}

// hqs are every player's HQ points (scores in a points game).
func (g *Game) hqs() (hq [MaxPlayers]int) {
	for p := range g.S.Players() {
		hq[p] = g.S.HQPoints(uint8(p))
	}
	return hq
}

func (g *Game) countBoard(c *[MaxPlayers][MaxArmyTokens]uint8) {
	for h := 0; h < g.S.Board.Size; h++ {
		cell := &g.S.Cells[h]
		if !cell.Unit.Empty() {
			c[cell.Unit.Owner][cell.Unit.Token]++
		}
		if !cell.Ground.Empty() {
			c[cell.Ground.Owner][cell.Ground.Token]++
		}
	}
}

// battleEndsTurn starts a battle (a battle instant or a full board): the
// turn ends; while the board stays full more battles follow, unless a
// battle changed nothing (it would repeat for ever).
func (g *Game) battleEndsTurn(d Decider) {
	for {
		changed := g.battle(d)
		if g.checkHQ() {
			return
		}
		if !g.S.InnerFull() || !changed {
			break
		}
	}
	g.endTurn(d)
}

// ---------------------------------------------------------------- board changes

// removeUnit destroys the unit on h: it leaves the board for its owner's
// discard (or deck, see toPile).
func (g *Game) removeUnit(h Hex) {
	u := g.S.Cells[h].Unit
	if u.Empty() {
		return
	}
	m := NoHex
	if g.Structures {
		m = mateOn(&g.S, h) // both parts leave together, one unit destroyed
	}
	g.tracePiece(TrRemove, h, 0, false)
	g.deed(DeedRemoved, u.Controller(), 1)
	g.toPile(u.Owner, u.Token)
	g.queueDestroyed(u, h)
	g.S.Remove(h)
	g.used[h] = 0
	g.grantUsed[h] = 0
	if m != NoHex {
		g.tracePiece(TrRemove, m, 0, false)
		g.queueDestroyed(g.S.Cells[m].Unit, m)
		g.S.Remove(m)
		g.used[m] = 0
		g.grantUsed[m] = 0
	}
}

func (g *Game) removeGround(h Hex) {
	f := g.S.Cells[h].Ground
	if f.Empty() {
		return
	}
	g.tracePiece(TrRemove, h, 0, true)
	g.Discarded[f.Owner][f.Token]++
	g.S.Cells[h].Ground = emptyPiece
}

// wound gives n wounds to the unit on h (armor does not help against
// instants); it is removed at once when its wounds reach its toughness.
// With ground set, the foundation on h is wounded instead.
func (g *Game) wound(h Hex, n int, ground bool) {
	c := &g.S.Cells[h]
	p := &c.Unit
	if ground {
		p = &c.Ground
	}
	if p.Empty() {
		return
	}
	if !ground && g.S.Mode == ModePoints && g.S.Tok(*p).Kind == rules.HQ {
		// "zamiast zadawać rany, otrzymuje odpowiednią liczbę punktów"
		if !g.S.Friends(g.Player, p.Controller()) {
			g.S.score(g.Player, n)
		}
		return
	}
	g.tracePiece(TrWound, h, n, ground)
	w := int(p.Wounds) + n
	if w > 255 {
		w = 255
	}
	if !ground {
		g.deed(DeedWounds, p.Controller(), w-int(p.Wounds))
	}
	p.Wounds = uint8(w)
	tough := max(1, int(g.S.Tok(*p).Toughness))
	if !ground {
		tough = g.toughness(h)
	}
	if w >= tough {
		if ground {
			g.removeGround(h)
		} else {
			g.removeUnit(h)
		}
	}
}

// moveUnit moves the unit on from to the empty hex to, turning it to f.
func (g *Game) moveUnit(from, to Hex, f rules.Dir, d Decider) {
	c := &g.S.Cells[from]
	u := c.Unit
	g.traceEv(TrMove, u.Owner, u.Token, from, to, f, 0)
	u.Facing = f
	c.Unit = emptyPiece
	g.S.Cells[to].Unit = u
	if g.S.HQ[u.Owner] == from && g.S.Tok(u).Kind == rules.HQ {
		g.S.HQ[u.Owner] = to
	}
	g.used[to] = g.used[from]
	g.used[from] = 0
	g.grantUsed[to] = g.grantUsed[from]
	g.grantUsed[from] = 0
	g.entered(to, d)
}

// tether removes units that must stay beside their HQ and no longer do.
func (g *Game) tether() {
	s := &g.S
	if g.anyFx&factTethered == 0 {
		return
	}
	for h := 0; h < s.Board.Size; h++ {
		u := s.Cells[h].Unit
		if u.Empty() || !s.Tok(u).Traits.Has(rules.TetheredToHQ) {
			continue
		}
		hq := s.HQ[u.Owner]
		if hq == NoHex || s.Board.Dist[h][hq] != 1 {
			g.removeUnit(Hex(h))
		}
	}
}

// ---------------------------------------------------------------- errors

// ErrIllegal is wrapped by Apply's error for an action that is not legal.
var ErrIllegal = errors.New("illegal action")

// Constructors for the actions whose fields are fixed; any action can also
// be taken from LegalActions, which is the usual way.

// EndTurn is the action that ends the turn.
func EndTurn() Action { return Action{Kind: KEndTurn, Hex: NoHex, To: NoHex} }

// Discard discards hand slot i.
func Discard(i uint8) Action { return Action{Kind: KDiscard, Slot: i, Hex: NoHex, To: NoHex} }

// Mulligan is the bad-draw action.
func Mulligan() Action { return Action{Kind: KMulligan, Hex: NoHex, To: NoHex} }

// Place puts the board token of hand slot i on h facing f.
func Place(i uint8, h Hex, f rules.Dir) Action {
	return Action{Kind: KPlace, Slot: i, Hex: h, To: NoHex, Facing: f}
}

// PlaceHQ is the set-up action putting the HQ on h facing f.
func PlaceHQ(h Hex, f rules.Dir) Action { return Action{Kind: KPlaceHQ, Hex: h, To: NoHex, Facing: f} }
