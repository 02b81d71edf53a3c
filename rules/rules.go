// Package rules holds the compiled rule tables: the compact, flat form of an
// army that the engine runs. The compiler produces these tables from the army
// language; the engine reads them and never sees the source text.
//
// Everything here is data. No token or army is named in this package: an
// ability is a record of general primitives (an effect opcode with a target
// side, a value and a set of edges).
package rules

import "strings"

// Dir is one of the six hex directions of a flat-topped hex, clockwise from
// the top. On a token it names an edge relative to the printed top edge.
type Dir uint8

const (
	N Dir = iota
	NE
	SE
	S
	SW
	NW
)

// DirNames are the names of the six directions, indexed by Dir.
var DirNames = [6]string{"N", "NE", "SE", "S", "SW", "NW"}

func (d Dir) String() string {
	if int(d) < len(DirNames) {
		return DirNames[d]
	}
	return "?"
}

// Rotate turns d clockwise by r sixths of a turn.
func (d Dir) Rotate(r Dir) Dir { return (d + r) % 6 }

// Opposite is the direction pointing the other way.
func (d Dir) Opposite() Dir { return (d + 3) % 6 }

// ParseDir reads a direction name (case-insensitive).
func ParseDir(s string) (Dir, bool) {
	for i, n := range DirNames {
		if strings.EqualFold(n, s) {
			return Dir(i), true
		}
	}
	return 0, false
}

// DirSet is a bit set of edges or directions, bit i for Dir(i).
type DirSet uint8

// AllDirs is the set of all six directions.
const AllDirs DirSet = 0x3f

func (s DirSet) Has(d Dir) bool { return s&(1<<d) != 0 }

// Rotate turns every edge of the set clockwise by r.
func (s DirSet) Rotate(r Dir) DirSet {
	r %= 6
	return ((s << r) | (s >> (6 - r))) & AllDirs
}

func (s DirSet) String() string {
	if s == AllDirs {
		return "all"
	}
	var parts []string
	for d := N; d <= NW; d++ {
		if s.Has(d) {
			parts = append(parts, d.String())
		}
	}
	return strings.Join(parts, ",")
}

// Kind is what sort of token a token is.
type Kind uint8

const (
	HQ Kind = iota
	Warrior
	Module
	Instant
	Foundation
)

// KindNames are the language keywords of the kinds, indexed by Kind.
var KindNames = [...]string{"hq", "warrior", "module", "instant", "foundation"}

func (k Kind) String() string {
	if int(k) < len(KindNames) {
		return KindNames[k]
	}
	return "?"
}

// OnBoard reports whether tokens of this kind are placed on the board.
func (k Kind) OnBoard() bool { return k != Instant }

// IsUnit reports whether the token is a unit: HQs, warriors and modules are
// units (they can be hit, netted, pushed); foundations and instants are not.
func (k Kind) IsUnit() bool { return k == HQ || k == Warrior || k == Module }

// EdgeFlags is the bit set of non-numeric features on one edge.
type EdgeFlags uint16

const (
	Armor            EdgeFlags = 1 << iota // -1 to each ranged hit arriving on this edge
	Net                                    // nets the adjacent enemy unit
	Link                                   // module link: link effects reach the adjacent unit
	Reflect                                // attacks arriving here bounce back one hex
	MeleeHitsFriends                       // melee wounds friendly units too (friendly fire)
	NetHitsFriends                         // the net catches friendly units too (spider net)
	RangedPiercing                         // ranged hits every enemy in the line (Gauss type)
	RangedAimed                            // ranged picks its target anywhere in the line (sniper)
)

var edgeFlagNames = []string{"armor", "net", "link", "reflect", "melee-hits-friends", "net-hits-friends", "piercing", "aimed"}

func (f EdgeFlags) String() string {
	var parts []string
	for i, n := range edgeFlagNames {
		if f&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, " ")
}

// Edge is what is printed on one edge of a token.
type Edge struct {
	Melee  uint8 // melee strength (number of icons), 0 = none
	Ranged uint8 // ranged strength, 0 = none
	Flags  EdgeFlags
}

// Empty reports whether nothing is printed on the edge.
func (e Edge) Empty() bool { return e.Melee == 0 && e.Ranged == 0 && e.Flags == 0 }

// Traits is the bit set of a token's standing traits.
type Traits uint32

const (
	Mobility        Traits = 1 << iota // may move one hex and/or rotate once per own turn
	Rotation                           // may rotate once per own turn
	PushTrait                          // may push one adjacent enemy once per own turn
	PullTrait                          // may pull one enemy at distance 2 once per own turn
	Flying                             // melee attacks do not wound it (battle and strike)
	Heavy                              // can never be moved by any player
	Replaceable                        // its owner may replace it with a drawn board token
	Scavenger                          // after each battle its owner may move it to any empty hex
	StartsBesideHQ                     // set aside at set-up and placed next to the HQ
	TetheredToHQ                       // removed when it is no longer adjacent to its HQ
	TakeoverImmune                     // cannot be taken over
	NoBattleAtPlace                    // placing it never triggers a battle (reserved)
	InstantImmune                      // no step of an opponent's instant picks or hits it
	EnemyMoveImmune                    // no step or trait of an opponent moves it to another hex
	AreaImmune                         // no area step of an opponent reaches it (radius=, every, a battle ability's area)
	NetImmune                          // never netted: no net edge catches it, no net step of an opponent's marks it
)

// Immunities are the immunity traits (docs/dsl.md, "Immunities"): standing
// traits that keep an opponent's steps off the unit, never a use a link
// can grant.
const Immunities = InstantImmune | EnemyMoveImmune | AreaImmune | NetImmune

// TraitNames are the language names of the traits, bit i for 1<<i.
var TraitNames = []string{"mobility", "rotation", "push", "pull", "flying", "heavy", "replaceable", "scavenger", "starts_beside_hq", "tethered_to_hq", "takeover_immune", "no_battle_at_place", "instant_immune", "enemy_move_immune", "area_immune", "net_immune"}

func (t Traits) Has(x Traits) bool { return t&x != 0 }

func (t Traits) String() string {
	var parts []string
	for i, n := range TraitNames {
		if t&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, " ")
}

// Side selects whose units an effect reaches, relative to the token's owner.
type Side uint8

const (
	Friends Side = 1 << iota
	Enemies
	AnySide = Friends | Enemies
)

func (s Side) String() string {
	switch s {
	case Friends:
		return "friend"
	case Enemies:
		return "enemy"
	case AnySide:
		return "any"
	}
	return "none"
}

// EffectOp is what a link effect does to a linked unit.
type EffectOp uint8

const (
	EffMelee       EffectOp = iota + 1 // +Value melee strength on every melee edge
	EffRanged                          // +Value ranged strength on every (non-piercing) ranged edge
	EffInitiative                      // +Value (may be negative) to every initiative
	EffMedic                           // absorbs one attack, then the module is discarded
	EffExtraAction                     // one more action one segment lower
	EffGrant                           // grants the traits in Grant: a use besides the unit's own; grants do not stack
	EffConvert                         // once per battle one edge's melee becomes a shot (Value: 0) or its shot melee (1)
	EffTakeover                        // the linked enemy unit is controlled by this token's owner
	EffUseModules                      // the linked enemy module's effects work for this token's owner
	EffArmor                           // the linked unit gets armor on every edge (reserved for designers)
	EffMove                            // +Value hexes to each move of the unit (move steps, mobility)
	EffToughness                       // +Value toughness of the linked unit (not an HQ)
)

// EffectOpNames are the language names of effect ops, indexed by EffectOp.
var EffectOpNames = [...]string{"", "melee", "ranged", "initiative", "medic", "extra_action", "grant", "convert", "takeover", "use_modules", "armor", "move", "toughness", "exposed_ranged", "exposed_melee"}

func (o EffectOp) String() string {
	if int(o) < len(EffectOpNames) {
		return EffectOpNames[o]
	}
	return "?"
}

// Effect is one thing a token does to the units on its linked edges.
type Effect struct {
	Op    EffectOp
	Side  Side   // whose units it reaches
	Dirs  DirSet // edges it works through (relative to the printed top)
	Value int8
	Grant Traits // for EffGrant
	// Global: the effect reaches every unit of Side on the board, wherever
	// it stands (the token itself included), instead of the units on its
	// links; Dirs is then empty.
	Global bool
}

// Event is when a triggered ability fires.
type Event uint8

const (
	OnPlay       Event = iota + 1 // an instant is played
	OnPlaced                      // a board token is placed
	OnDestroyed                   // the token is destroyed
	AfterBattle                   // a battle ends
	TurnStart                     // the owner's turn starts
	OwnTurn                       // may be used once in each of the owner's turns
	OnEnemyEnter                  // an enemy unit is placed on or moved onto this token's hex
	OnAttack                      // in a battle, whenever the unit could attack, it may do this instead
	OnUnitEnter                   // any unit, own or enemy, is placed on or moved onto this token's hex
)

// EventNames are the language names of events, indexed by Event.
var EventNames = [...]string{"", "play", "placed", "destroyed", "after_battle", "turn_start", "own_turn", "enemy_enters", "instead_of_attack", "unit_enters"}

func (e Event) String() string {
	if int(e) < len(EventNames) {
		return EventNames[e]
	}
	return "?"
}

// ActionOp is one primitive step of an instant or a triggered ability.
type ActionOp uint8

const (
	ActBattle       ActionOp = iota + 1 // start a battle; ends the turn
	ActMove                             // an own unit moves up to Value hexes and/or rotates
	ActPush                             // an own unit pushes an adjacent enemy one hex away
	ActPull                             // an own unit pulls an enemy Value+1 hexes away next to itself
	ActRotate                           // rotate one unit of Side
	ActSwap                             // two own units exchange hexes (castling)
	ActDamage                           // Value wounds to one unit (or an area of Radius)
	ActDestroy                          // destroy one unit outright
	ActNet                              // put a net marker on one unit (at most Value of the player's markers out, when Value > 0)
	ActStrike                           // an own unit attacks once with one of its edges (hunt)
	ActForbidPlace                      // the opponent may not place board tokens next turn (terror)
	ActReturnToDeck                     // the token goes back on top of its owner's deck
	ActReplace                          // remove a unit and put this token on its hex (execution)
	ActExtraDraw                        // draw Value more tokens
	ActHeal                             // remove up to Value wounds from one unit
	ActRecover                          // take a token of the own discard pile into the hand (or onto the deck)
	ActDiscard                          // the opponent discards Value tokens of their hand, their choice
	ActLook                             // look at the top Value tokens of the own deck and put them back in any order
	ActPickUp                           // an own unit, not the HQ, not netted, leaves the board into its owner's hand
	ActRedraw                           // the opponent shuffles their hand into their deck and draws a full hand again (a leader's, on OpponentDraw)
	ActGive                             // put status Pick-1 of the army on one unit (or every unit within Radius of the target hex)
	ActAttack                           // a unit attacks once outside a battle along a direction its player picks, as Attack says (attack.go)
)

// ActionOpNames are the language names of action ops, indexed by ActionOp.
var ActionOpNames = [...]string{"", "battle", "move", "push", "pull", "rotate", "swap", "damage", "destroy", "net", "strike", "forbid_place", "return_to_deck", "replace", "draw", "heal", "recover", "discard", "look", "pick_up", "redraw", "give", "attack"}

func (o ActionOp) String() string {
	if int(o) < len(ActionOpNames) {
		return ActionOpNames[o]
	}
	return "?"
}

// Where limits which hexes or units an action may pick.
type Where uint8

const (
	Anywhere      Where = iota
	AdjacentOwnHQ       // next to the acting player's HQ
	AdjacentSelf        // next to the token itself
	InLine              // in a straight line from the token
	Self                // the token itself (an area centred on its own hex)
)

// WhereNames are the language names of Where, indexed by Where.
var WhereNames = [...]string{"anywhere", "adjacent_own_hq", "adjacent_self", "in_line", "self"}

func (w Where) String() string {
	if int(w) < len(WhereNames) {
		return WhereNames[w]
	}
	return "?"
}

// Action is one primitive step.
type Action struct {
	Op       ActionOp
	Side     Side  // whose units it may pick
	Value    int8  // strength, distance or count; for net, the most net markers of its player out at once (0 = no limit)
	Radius   uint8 // area radius around the target hex (0 = the target only)
	Where    Where // where the target must be
	HitsHQ   bool  // whether HQs may be picked / are hit
	Optional bool  // the player may decline this step
	At       At    // where an area (or a single hit) is centred
	Kinds    uint8 // recover: the kinds it may take (a bit per Kind); 0 = any
	Pick     int16 // recover: 1 + the index of the one token type it may take; 0 = any of Kinds; give: 1 + the index of the status in Army.Statuses
	ToDeck   bool  // recover: onto the top of the deck, not into the hand (with Value 1: shuffled into it, Shuffled)
	// Sel, when not nil, picks the step's units instead of Where and At
	// (selector.go); the engine's steps without one are as they were.
	Sel *Selector
	// Num, when not nil, is the step's number (Value) computed from the
	// board when the step runs (expr.go).
	Num *Expr
	// Attack, when not nil, is how an attack step attacks (attack.go).
	Attack *Attack
}

// Shuffled reports whether a recover step shuffles the token into the deck
// (to=shuffle) rather than putting it on top. It is kept in Value, which a
// recover step has no other use for, so that the rule tables of every army
// without it, and their hashes (sim.ArmyHash), stay as they were.
func (a *Action) Shuffled() bool { return a.Op == ActRecover && a.ToDeck && a.Value == 1 }

// At is where a damage or heal step is centred. By default the player picks
// the target hex and an area must fit on the board (the rulebook's bombs);
// any other At clips the area to the board, and all but AtTarget fix the
// centre, so the step has exactly one target.
type At uint8

const (
	AtFit     At = iota // the chosen hex; the whole area must be on the board
	AtTarget            // the chosen hex; the area is clipped to the board
	AtOwnHQ             // the acting player's HQ
	AtEnemyHQ           // the opponent's HQ
	AtSelf              // the token itself (or where it was, for destroyed)
)

// AtNames are the language names of At (after at=), indexed by At; AtFit
// has none: it is what no at= means.
var AtNames = [...]string{"", "target", "own_hq", "enemy_hq", "self"}

func (a At) String() string {
	if int(a) < len(AtNames) {
		return AtNames[a]
	}
	return "?"
}

// Trigger is an ability that fires on an event.
type Trigger struct {
	Event   Event
	CostHQ  uint8 // HQ hit points paid to use it
	Discard uint8 // tokens of the hand discarded to use it (cost=discard), the player's choice
	FreeIf  int16 // index of a token of the same army that waives the cost while on the board, -1 = none
	If      Cond  // the trigger works only when this holds
	Actions []Action
}

// Cond is a condition on a trigger (if=).
type Cond uint8

const (
	Always           Cond = iota
	IfDestroyedEnemy      // the token destroyed an enemy unit in this battle (after_battle)
	IfAdjacentOwnHQ       // the token stands (or stood, for destroyed) next to its player's HQ
	IfUnwounded           // the token has taken no wound
)

// CondNames are the language names of Cond (after if=), indexed by Cond.
var CondNames = [...]string{"", "destroyed_enemy", "adjacent_own_hq", "unwounded"}

func (c Cond) String() string {
	if int(c) < len(CondNames) {
		return CondNames[c]
	}
	return "?"
}

// Token is one token type of an army with everything the engine needs.
type Token struct {
	Name       string
	Aliases    []string
	Kind       Kind
	Count      int
	Initiative []uint8 // printed initiative values, highest first
	Agony      bool    // also acts in the segment in which it is destroyed
	Toughness  uint8   // total wounds it takes before it is removed
	Edges      [6]Edge // indexed by Dir relative to the printed top
	Traits     Traits
	Effects    []Effect
	Triggers   []Trigger
	Notes      string
	Uncertain  []string // facts the designer marked uncertain
	Line       int      // where the token is declared in its source file
}

// LinkDirs is the set of edges carrying a link.
func (t *Token) LinkDirs() DirSet {
	var s DirSet
	for d := N; d <= NW; d++ {
		if t.Edges[d].Flags&Link != 0 {
			s |= 1 << d
		}
	}
	return s
}

// Army is a compiled army.
type Army struct {
	Name    string
	Aliases []string
	Notes   string
	Size    int // declared army size (35 when not declared)
	Tokens  []Token
	HQ      int    // index of the HQ in Tokens
	File    string // source file name, for messages
	// Structures are the army's Structures (the Structures variant), each
	// one pair of faces of its two double-sided tokens. Their parts are
	// tokens of Tokens with Count 0: given before the game, never drawn.
	Structures []Structure
	// Statuses are the army's named statuses (status.go), put on units by
	// its give steps.
	Statuses []Status
	// Observers are its tokens' triggers on other units' events (when ...,
	// observer.go), by token.
	Observers []Observer
	// Placements and Facings are its tokens' placement rules (place,
	// facing; placement.go), by token.
	Placements []Placement
	Facings    []Facing
	// Limits are its allowances on abilities (per_turn=, per_game=,
	// group; limits.go).
	Limits []Limit
	// Expiries are its foundations' ends (until; expiry.go).
	Expiries []Expiry
	// Standing are its tokens' link effects that hold under a condition
	// or compute their bonus (expr.go), by token.
	Standing []Standing
	// CondEdges and CondTraits are its tokens' edge features and traits
	// that hold under a condition or compute their strength (expr.go), by
	// token.
	CondEdges  []CondEdge
	CondTraits []CondTrait
}

// Structure is one pair of faces of an army's Structure: two tokens that
// stand on adjacent hexes and act as one unit ("złożeni z dwóch żetonów,
// które nigdy nie mogą zostać rozdzielone").
type Structure struct {
	Name    string
	Aliases []string
	Notes   string
	Parts   [2]int // indexes of its two parts in Army.Tokens
	Line    int    // where the structure is declared
}

// Mate is the other part of the Structure token t belongs to, or -1 when t
// is not a part of one.
func (a *Army) Mate(t int) int {
	for i := range a.Structures {
		switch t {
		case a.Structures[i].Parts[0]:
			return a.Structures[i].Parts[1]
		case a.Structures[i].Parts[1]:
			return a.Structures[i].Parts[0]
		}
	}
	return -1
}

// Total is the number of tokens in the army.
func (a *Army) Total() int {
	n := 0
	for i := range a.Tokens {
		n += a.Tokens[i].Count
	}
	return n
}

// Lookup finds a token by name or alias (case-insensitive); -1 when unknown.
func (a *Army) Lookup(name string) int {
	for i := range a.Tokens {
		t := &a.Tokens[i]
		if strings.EqualFold(t.Name, name) {
			return i
		}
		for _, al := range t.Aliases {
			if strings.EqualFold(al, name) {
				return i
			}
		}
	}
	return -1
}

// LeaderUses is how many times a leader's ability may be used in a game; it
// may be used at most once in each of its player's turns.
const LeaderUses = 2

// Timing is when a leader's ability may be used.
type Timing uint8

const (
	// AnyOwnTurn: at any time of the owner's turn, as an own-turn ability.
	AnyOwnTurn Timing = iota + 1
	// AfterDiscard: right after the mandatory discard at the start of the
	// owner's turn, before anything else; a turn without that discard has
	// no such moment.
	AfterDiscard
	// OpponentDraw: in the opponent's turn, right after they draw a full
	// hand (up to three, six under Reinforcements), before their discard:
	// the owner is asked whether to use it (an interruption).
	OpponentDraw
)

// TimingNames are the language names of Timing (after on), indexed by Timing.
var TimingNames = [...]string{"", "own_turn", "after_discard", "opponent_draw"}

func (t Timing) String() string {
	if int(t) < len(TimingNames) {
		return TimingNames[t]
	}
	return "?"
}

// Leader is a player's leader card (the Leaders variant): an ability with
// its timing, usable LeaderUses times a game and once a turn.
type Leader struct {
	Name    string
	Aliases []string
	Notes   string
	Timing  Timing
	Steps   Trigger // Event is unused; Actions are the steps, as an instant's
	File    string  // source file name, for messages
	Line    int     // where the leader is declared
}
