// battle.go holds the battle resolver: its tables and scratch buffers
// (Resolver), loading a board, and the initiative loop (Resolve, segment)
// with the end-of-segment wounds. Nets, takeovers and link bonuses are in
// battleprep.go, attacks in battleattack.go, medics in battlemedic.go.

package engine

import (
	"github.com/hexforge/hexforge/rules"
)

// maxHits bounds the attacks recorded in one segment: every unit of the
// largest board firing piercing shots on all six edges stays below it.
const maxHits = MaxHexes * 6 * 8

// maxOptions bounds the options of one question: never more than the
// attacks of a segment.
const maxOptions = maxHits

// mod6 is x % 6 for every byte x: the resolver's hot loops turn directions
// with a table look-up instead of a division (the same values as
// rules.Dir.Rotate, Piece.EdgeDir and Piece.EdgeAt, which compute in bytes).
var mod6 = func() (t [256]rules.Dir) {
	for i := range t {
		t[i] = rules.Dir(i % 6)
	}
	return t
}()

// edgeDir is p.EdgeDir(e) by table.
func edgeDir(p Piece, e rules.Dir) rules.Dir { return mod6[uint8(e+p.Facing)] }

// edgeAt is p.EdgeAt(d) by table.
func edgeAt(p Piece, d rules.Dir) rules.Dir { return mod6[uint8(d+6-p.Facing)] }

// opposite is d.Opposite() by table.
func opposite(d rules.Dir) rules.Dir { return mod6[uint8(d+3)] }

// noCtl is ctl of an empty hex: no player's.
const noCtl uint8 = 0xFF

// hit is one attack of one edge of one unit on one target in one segment,
// after armor and reflection: the unit of a medic's "one attack".
type hit struct {
	target Hex
	src    Hex       // the attacking unit
	dir    rules.Dir // the direction the attack travelled when it arrived
	wounds int8
	ranged bool
}

// Resolver resolves battles. It owns scratch buffers so that resolving a
// battle does not allocate; one Resolver per goroutine.
type Resolver struct {
	s *State
	d Decider

	netted   [MaxHexes]bool
	meleeB   [MaxHexes]int8
	rangedB  [MaxHexes]int8
	initB    [MaxHexes]int8
	toughB   [MaxHexes]int8  // toughness bonus of the linked unit (not an HQ)
	extra    [MaxHexes]bool  // linked to an extra-action effect this segment
	conv     [MaxHexes]uint8 // linked convert effects this segment (convToRanged, convToMelee)
	convUsed [MaxHexes]bool  // the unit has converted an attack in this battle
	armorAll [MaxHexes]bool

	usedInit   [MaxHexes]uint8 // bit k: printed initiative k has been used (or lost)
	lastNormal [MaxHexes]int8  // segment of the last normal attack, -1 = none
	extraUsed  [MaxHexes]bool
	acted      [MaxHexes]bool // attacked in the current segment
	killed     [MaxHexes]bool // destroyed outright this segment (a medic that absorbed)
	medicUsed  [MaxHexes]bool
	pending    [MaxHexes]int16
	hitNow     [MaxHexes]bool // took wounds this segment (a medic so hit cannot absorb)

	// Per-battle tables (load): the token on each hex (nil when empty), its
	// features, and the occupied hexes in board order. Units only leave the
	// board during a battle; segment keeps the tables up to date.
	tok  [MaxHexes]*rules.Token
	feat [MaxHexes]uint8
	ctl  [MaxHexes]uint8 // the side of the unit's controller (Sides.SideOf), noCtl when the hex is empty
	occ  [MaxHexes]Hex
	nocc int

	// Removed this segment: a unit that nets or takes over; one that gives
	// bonuses.
	netsGone, bonusGone bool

	netOut [MaxHexes]uint64
	reach  [MaxHexes]uint64

	hits  [maxHits]hit
	nhits int

	// Dealt counts the wounds each token type inflicted in the last battle
	// (after armor and medics; HQ wounds included), by the attacker's owner.
	Dealt [MaxPlayers][MaxArmyTokens]uint16 // players 1 and 2 go to Game.Dealt, 3 and 4 to Figures
	// Kept counts, by the giver's owner and token type, the units that end
	// the last battle alive only thanks to a toughness bonus (a unit kept by
	// two givers counts for each).
	Kept [MaxPlayers][MaxArmyTokens]uint8
	// Destroyer marks the hexes whose unit wounded an enemy unit that the
	// wounds destroyed in the last battle (if=destroyed_enemy).
	Destroyer [MaxHexes]bool
	// TrackKills asks Resolve to fill Destroyer (an army has a trigger
	// on if=destroyed_enemy); without it the battle skips that work.
	TrackKills bool
	anyTough   bool                                    // some link gives a toughness bonus in this battle (bonuses)
	factsOf    [MaxPlayers]*rules.Army                 // the armies r.takes was worked out for
	takes      bool                                    // either army has a takeover or use_modules effect
	tokFeat    [MaxPlayers][MaxArmyTokens]uint8        // each token type's features (load)
	tokPtr     [MaxPlayers][MaxArmyTokens]*rules.Token // each token type's tables (load)
	tokAtk     [MaxPlayers][MaxArmyTokens]uint8        // bit e: each token type's printed edge e attacks (load)
	featAll    uint8                                   // the features of any unit on the board at the start of the battle
	feud       bool                                    // some player's bonuses reach units their own fight (the feud rule)
	points     bool                                    // a points game: hits on HQs score (scoreHQ)
	opts       [maxOptions]Option
	cand       [maxOptions]int
	structs    bool          // some army has Structures (worked out with factsOf)
	pairs      bool          // some Structure stands on the board: mate holds its parts (structure.go)
	mate       [MaxHexes]Hex // the hex of the other part of the Structure on each hex, NoHex for none

	// Statuses (status.go): the wounds more each unit takes from ranged
	// and melee hits (exposed), set only while some status has one.
	exposedR, exposedM [MaxHexes]int8
	exposedOn          bool

	// Standing effects (expr.go): some army has them (worked out with
	// factsOf), so bonuses are worked out again in every segment; decks
	// are the players' deck sizes for their expressions (set by the game).
	standOn bool
	decks   [MaxPlayers]uint8

	// Conditional edges and traits (condedge.go): some army has them
	// (worked out with factsOf); condTok marks the token types, eff holds
	// each unit's token with those that hold this segment.
	condOn  bool
	condTok [MaxPlayers][MaxArmyTokens]bool
	eff     *[MaxHexes]rules.Token

	// outcomeOnly is set by Outcome: the battle's caller reads the board
	// alone, so the figures of who dealt the wounds (Dealt, Kept,
	// Destroyer) are not counted.
	outcomeOnly bool

	// calmS is CalmOf's copy of a board, to check that its takeovers
	// are settled.
	calmS State
}

// Resolve plays one battle on s: every initiative segment from the highest
// down to 0, removing destroyed units and wounding HQs as the rules say.
func (r *Resolver) Resolve(s *State, d Decider, log *BattleLog) {
	if d == nil {
		d = FirstOption{}
	}
	r.s, r.d = s, d
	n := s.Players() // the rows of the players in the game only
	clear(r.Dealt[:n])
	if r.anyTough {
		clear(r.Kept[:n])
	}
	r.anyTough = false
	r.feud = s.side != s.team
	r.points = s.scores
	r.exposedOn = false
	r.load()
	r.usedInit = [MaxHexes]uint8{}
	r.lastNormal = noNormal
	r.extraUsed = [MaxHexes]bool{}
	r.medicUsed = [MaxHexes]bool{}
	r.convUsed = [MaxHexes]bool{}
	if r.TrackKills {
		r.Destroyer = [MaxHexes]bool{}
	}
	takeover := r.takes
	stable := r.prepare(takeover)
	top := 0
	for _, h := range r.occ[:r.nocc] {
		for _, v := range r.tok[h].Initiative {
			top = max(top, int(v)+int(r.initB[h]))
		}
	}
	log.start(s)
	for seg := top; seg >= 0; seg-- {
		// Nets and takeovers change only when a unit that nets or takes
		// over left the board (or when the takeovers did not settle), and
		// bonuses only then or when a unit giving bonuses left: otherwise
		// the last prepare still holds.
		if seg != top {
			switch {
			case r.netsGone || !stable:
				stable = r.prepare(takeover)
			case r.bonusGone && r.pairs:
				bonuses[pairPass](r)
			case r.bonusGone:
				bonuses[plainPass](r)
			}
		}
		// A standing effect's condition or number may change with any
		// unit's wounds or removal: its bonuses are worked out every segment.
		r.netsGone, r.bonusGone = false, r.standOn
		if r.condOn {
			r.condTokens() // condedge.go
		}
		r.segment(seg, log)
	}
	if r.anyTough && !r.outcomeOnly {
		r.creditKept()
	}
	log.end(s)
	r.s, r.d = nil, nil
}

// Outcome resolves a hypothetical battle on s, every question answered
// with the first option (FirstOption) and nothing logged, for a caller
// that reads only the board it leaves (a player's evaluation of a
// position, which resolves one for nearly every action it tries). The
// board is the one Resolve leaves; the figures (Dealt, Kept, Destroyer)
// are left as the start of a battle leaves them, not counted, which saves
// a pass over each segment's hits: the caller must not read them.
func (r *Resolver) Outcome(s *State) {
	r.outcomeOnly = true
	r.Resolve(s, FirstOption{}, nil)
	r.outcomeOnly = false
}

// noNormal is lastNormal at the start of a battle: no unit has attacked.
var noNormal = func() (a [MaxHexes]int8) {
	for h := range a {
		a[h] = -1
	}
	return a
}()

// Features of a unit's token, for the resolver's hot loops.
const (
	featNets      uint8 = 1 << iota // an edge throws a net
	featBonus                       // an effect bonuses reads
	featTakes                       // a takeover or use_modules effect
	featMedic                       // a medic effect
	featAgony                       // it attacks in agony
	featNetImmune                   // net_immune: no net edge catches it (immunity.go)
)

// load fills the per-battle tables from the board r.s.
func (r *Resolver) load() {
	s := r.s
	// What the tokens can do is a fact of the compiled armies, which never
	// change: worked out once per pair of armies, not per battle.
	if s.Armies != r.factsOf {
		r.factsOf, r.takes, r.standOn = s.Armies, takesOver(s), hasStanding(s)
		r.structs = false
		for _, a := range s.Armies {
			r.structs = r.structs || (a != nil && len(a.Structures) > 0)
		}
		r.tokPtr = [MaxPlayers][MaxArmyTokens]*rules.Token{}
		for o, a := range s.Armies {
			if a == nil {
				continue
			}
			for i := range a.Tokens {
				r.tokFeat[o][i&(MaxArmyTokens-1)] = features(&a.Tokens[i])
				r.tokPtr[o][i&(MaxArmyTokens-1)] = &a.Tokens[i]
				var atk uint8
				for e := range a.Tokens[i].Edges {
					if x := &a.Tokens[i].Edges[e]; x.Melee != 0 || x.Ranged != 0 {
						atk |= 1 << uint(e)
					}
				}
				r.tokAtk[o][i&(MaxArmyTokens-1)] = atk
			}
		}
		r.loadCond()
	}
	r.nocc = 0
	var all uint8
	for h := 0; h < s.Board.Size; h++ {
		p := s.Cells[h].Unit
		if p.Empty() {
			r.tok[h], r.feat[h], r.ctl[h] = nil, 0, noCtl
			continue
		}
		t := r.tokPtr[p.Owner&(MaxPlayers-1)][p.Token&(MaxArmyTokens-1)]
		if t == nil {
			t = s.Tok(p) // an index outside the army: as State.Tok (it panics)
		}
		f := r.tokFeat[p.Owner&(MaxPlayers-1)][p.Token&(MaxArmyTokens-1)]
		r.tok[h], r.feat[h], r.ctl[h] = t, f, s.SideOf(p.Controller())
		all |= f
		r.occ[r.nocc] = Hex(h)
		r.nocc++
	}
	r.featAll = all
	r.pairs = false
	if r.structs {
		r.loadPairs()
	}
}

// features are the features of a token type the resolver's loops test.
func features(t *rules.Token) uint8 {
	var f uint8
	for e := range t.Edges {
		if t.Edges[e].Flags&rules.Net != 0 {
			f |= featNets
		}
	}
	for _, e := range t.Effects {
		switch e.Op {
		case rules.EffTakeover, rules.EffUseModules:
			f |= featTakes
		case rules.EffMedic:
			f |= featMedic
		case rules.EffMelee, rules.EffRanged, rules.EffInitiative, rules.EffExtraAction, rules.EffArmor, rules.EffConvert, rules.EffToughness:
			f |= featBonus
		}
	}
	if t.Agony {
		f |= featAgony
	}
	if t.Traits.Has(rules.NetImmune) {
		f |= featNetImmune
	}
	return f
}

// hasEffect reports whether any token of either army has an effect op.
func hasEffect(s *State, op rules.EffectOp) bool {
	for _, a := range s.Armies[:s.Players()] {
		for i := range a.Tokens {
			for _, e := range a.Tokens[i].Effects {
				if e.Op == op {
					return true
				}
			}
		}
	}
	return false
}

// segment plays one initiative segment.
func (r *Resolver) segment(seg int, log *BattleLog) {
	s := r.s
	r.nhits = 0
	// One clear each: a tuple of array literals is built on the stack and
	// copied.
	clear(r.acted[:])
	clear(r.killed[:])
	clear(r.hitNow[:])
	clear(r.pending[:])
	log.segment(seg)
	// Normal attacks and extra actions.
	for _, h := range r.occ[:r.nocc] {
		t := r.tok[h]
		normal, pendingLater := false, false
		for k, v := range t.Initiative {
			if r.usedInit[h]&(1<<uint(k)) != 0 {
				continue
			}
			cur := max(0, int(v)+int(r.initB[h]))
			if cur == seg {
				r.usedInit[h] |= 1 << uint(k)
				normal = true
			} else if cur < seg {
				pendingLater = true
			}
		}
		if r.netted[h] {
			continue
		}
		if normal {
			r.lastNormal[h] = int8(seg)
			r.act(h, log)
			continue
		}
		if r.extra[h] && !r.extraUsed[h] && int(r.lastNormal[h]) == seg+1 && !pendingLater {
			r.extraUsed[h] = true
			r.act(h, log)
		}
	}
	// Medics, then agony waves until nothing more happens.
	from := 0
	for {
		// Attacks recorded since the last tally (none: the tally and the
		// medics would change nothing).
		if r.nhits > from {
			if r.featAll&featMedic != 0 {
				r.medics(from, log) // leaves the wounds tallied
			} else {
				r.tally()
			}
		}
		from = r.nhits
		if r.featAll&featAgony == 0 {
			break
		}
		any := false
		for _, h := range r.occ[:r.nocc] {
			if r.feat[h]&featAgony == 0 || r.acted[h] || r.netted[h] || !r.unitDies(h) {
				continue
			}
			r.attack(h, log, true)
			any = true
		}
		if !any {
			break
		}
	}
	// Wounds and removals at the end of the segment: first who dealt
	// them, for the figures (not for an Outcome).
	for i := 0; i < r.nhits && !r.outcomeOnly; i++ {
		if x := &r.hits[i]; x.wounds > 0 {
			// A taken-over unit fights for its controller; its wounds are
			// not credited to its own army's token.
			a := s.Cells[x.src].Unit
			if !a.Empty() && a.Controller() == a.Owner {
				d := &r.Dealt[a.Owner][a.Token]
				*d = uint16(min(65535, int(*d)+int(x.wounds)))
			}
			if v := s.Cells[x.target].Unit; r.TrackKills && !a.Empty() && !v.Empty() && !s.Friends(v.Controller(), a.Controller()) && r.dies(x.target) {
				r.Destroyer[x.src] = true
			}
		}
	}
	var gone uint64 // r.pairs: the units destroyed, with their Structures' mates
	if r.pairs {
		for _, h := range r.occ[:r.nocc] {
			if r.dies(h) {
				gone |= 1 << uint(h)
				if m := r.mate[h]; m != NoHex {
					gone |= 1 << uint(m) // both parts leave at the same moment
				}
			}
		}
	}
	k := 0
	for _, h := range r.occ[:r.nocc] {
		p := &s.Cells[h].Unit
		dies := r.dies(h)
		if r.pairs {
			dies = gone&(1<<uint(h)) != 0
		}
		if r.pending[h] > 0 {
			p.Wounds = uint8(min(255, int(p.Wounds)+int(r.pending[h])))
		}
		if dies {
			log.destroyed(s, h)
			// Only these change nets, takeovers or bonuses of the units left.
			if r.feat[h]&(featNets|featTakes) != 0 {
				r.netsGone = true
			}
			if r.feat[h]&featBonus != 0 {
				r.bonusGone = true
			}
			if r.tok[h].Kind == rules.HQ && s.HQ[p.Owner] == h { // as State.Remove
				s.HQ[p.Owner] = NoHex
			}
			*p = emptyPiece
			r.tok[h], r.feat[h], r.ctl[h] = nil, 0, noCtl
			continue
		}
		r.occ[k] = h
		k++
	}
	r.nocc = k
}

// tally sums the wounds recorded so far this segment.
func (r *Resolver) tally() {
	n := r.s.Board.Size
	for h := 0; h < n; h++ {
		r.pending[h] = 0
		r.hitNow[h] = false
	}
	for i := 0; i < r.nhits; i++ {
		x := &r.hits[i]
		if x.wounds > 0 {
			r.pending[x.target] += int16(x.wounds)
			r.hitNow[x.target] = true
		}
	}
}

// dies reports whether the unit on h is destroyed at the end of the segment.
func (r *Resolver) dies(h Hex) bool {
	return r.killed[h] || int(r.s.Cells[h].Unit.Wounds)+int(r.pending[h]) >= r.tough(h)
}

// tough is the toughness of the unit on h in this segment.
func (r *Resolver) tough(h Hex) int {
	if r.toughB[h] == 0 { // the common case: the printed toughness
		return int(r.tok[h].Toughness)
	}
	return effTough(r.tok[h], int(r.toughB[h]))
}
