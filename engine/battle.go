package engine

import (
	"math/bits"

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
	Dealt [2][MaxArmyTokens]uint16 // players 1 and 2 (Game.Dealt)
	// Kept counts, by the giver's owner and token type, the units that end
	// the last battle alive only thanks to a toughness bonus (a unit kept by
	// two givers counts for each).
	Kept [2][MaxArmyTokens]uint8
	// Destroyer marks the hexes whose unit wounded an enemy unit that the
	// wounds destroyed in the last battle (if=destroyed_enemy).
	Destroyer [MaxHexes]bool
	// TrackKills asks Resolve to fill Destroyer (an army has a trigger
	// on if=destroyed_enemy); without it the battle skips that work.
	TrackKills bool
	anyTough   bool                                    // some link gives a toughness bonus in this battle (computeBonuses)
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
}

// Resolve plays one battle on s: every initiative segment from the highest
// down to 0, removing destroyed units and wounding HQs as the rules say.
func (r *Resolver) Resolve(s *State, d Decider, log *BattleLog) {
	if d == nil {
		d = FirstOption{}
	}
	r.s, r.d = s, d
	r.Dealt = [2][MaxArmyTokens]uint16{}
	if r.anyTough {
		r.Kept = [2][MaxArmyTokens]uint8{}
	}
	r.anyTough = false
	r.feud = s.side != s.team
	r.points = s.Mode == ModePoints
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
			case r.bonusGone:
				r.computeBonuses()
			}
		}
		r.netsGone, r.bonusGone = false, false
		r.segment(seg, log)
	}
	if r.anyTough {
		r.creditKept()
	}
	log.end(s)
	r.s, r.d = nil, nil
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
	featNets  uint8 = 1 << iota // an edge throws a net
	featBonus                   // an effect computeBonuses reads
	featTakes                   // a takeover or use_modules effect
	featMedic                   // a medic effect
	featAgony                   // it attacks in agony
)

// load fills the per-battle tables from the board r.s.
func (r *Resolver) load() {
	s := r.s
	// What the tokens can do is a fact of the compiled armies, which never
	// change: worked out once per pair of armies, not per battle.
	if s.Armies != r.factsOf {
		r.factsOf, r.takes = s.Armies, takesOver(s)
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

// prepare computes, from the board at the start of a segment, who is netted,
// who is taken over and what bonuses every unit gets. It reports whether the
// takeovers reached their fixed point (so that running it again on the same
// board would change nothing).
func (r *Resolver) prepare(takeover bool) bool {
	r.computeNets()
	// A taken-over unit may itself carry a takeover link, and nets depend on
	// who controls whom: repeat until nothing changes (bounded, in case
	// takeovers chase each other round a cycle).
	settled := !takeover
	for i := 0; takeover && i <= r.s.Board.Size; i++ {
		if !r.applyTakeover() {
			settled = true
			break
		}
		r.computeNets()
	}
	r.computeBonuses()
	return settled
}

// computeNets fills r.netted. Nets on a directed cycle (two netters netting
// each other, or a ring of three or more) cancel; the rest are resolved in
// dependency order: a net works when its netter is not itself netted.
func (r *Resolver) computeNets() {
	s := r.s
	n := s.Board.Size
	r.netOut = [MaxHexes]uint64{}
	r.netted = [MaxHexes]bool{}
	var marked uint64 // units carrying a net marker
	netters := 0
	for _, h := range r.occ[:r.nocc] {
		p := s.Cells[h].Unit
		if p.Marks&NetMarker != 0 {
			r.netted[h] = true
			marked |= 1 << uint(h)
		}
		if r.feat[h]&featNets == 0 {
			continue
		}
		t := r.tok[h]
		for e := rules.N; e <= rules.NW; e++ {
			f := t.Edges[e].Flags
			if f&rules.Net == 0 {
				continue
			}
			nb := s.Board.Nb[h][edgeDir(p, e)]
			if nb == NoHex {
				continue
			}
			if c := r.ctl[nb]; c == noCtl || (c == r.ctl[h] && f&rules.NetHitsFriends == 0) {
				continue
			}
			r.netOut[h] |= 1 << uint(nb)
		}
		if r.pairs && r.netOut[h] != 0 {
			// A net on either part of a Structure nets both: the net
			// graph runs to both, so its cycles and its order see the
			// Structure as one unit.
			r.netOut[h] = r.pairUp(r.netOut[h])
		}
		if r.netOut[h] != 0 {
			netters++
		}
	}
	if netters == 0 {
		if r.pairs {
			r.pairNets(marked)
		}
		return
	}
	// Transitive closure of the net graph.
	for h := 0; h < n; h++ {
		r.reach[h] = r.netOut[h]
	}
	for changed := true; changed; {
		changed = false
		for h := 0; h < n; h++ {
			m := r.reach[h]
			acc := m
			for m != 0 {
				v := bits.TrailingZeros64(m)
				m &= m - 1
				acc |= r.reach[v]
			}
			if acc != r.reach[h] {
				r.reach[h] = acc
				changed = true
			}
		}
	}
	// Drop the edges on cycles: u->v where v reaches u.
	for h := 0; h < n; h++ {
		m := r.netOut[h]
		for m != 0 {
			v := bits.TrailingZeros64(m)
			m &= m - 1
			if r.reach[v]&(1<<uint(h)) != 0 {
				r.netOut[h] &^= 1 << uint(v)
			}
		}
	}
	// The remaining graph is acyclic: iterate to the fixed point.
	if r.pairs {
		marked = r.pairUp(marked) // a net marker on either part nets both
	}
	netted := marked
	for iter := 0; iter <= n; iter++ {
		now := marked
		for h := 0; h < n; h++ {
			if r.netOut[h] != 0 && netted&(1<<uint(h)) == 0 {
				now |= r.netOut[h]
			}
		}
		if now == netted {
			break
		}
		netted = now
	}
	for h := 0; h < n; h++ {
		r.netted[h] = netted&(1<<uint(h)) != 0
	}
}

// applyTakeover marks the enemy units linked to an active takeover effect as
// Controlled, and releases the others. It reports whether anything changed.
func (r *Resolver) applyTakeover() bool {
	s := r.s
	n := s.Board.Size
	var taken uint64
	var by [MaxHexes]uint8 // who takes the unit on each hex of taken
	var contested uint64   // units two players' takeovers reach (more than two players)
	for _, h := range r.occ[:r.nocc] {
		if r.feat[h]&featTakes == 0 {
			continue
		}
		p := s.Cells[h].Unit
		var targets uint64
		t := r.tok[h]
		for _, e := range t.Effects {
			if e.Op != rules.EffTakeover && e.Op != rules.EffUseModules {
				continue
			}
			for d := rules.N; d <= rules.NW; d++ {
				if !e.Dirs.Has(d) {
					continue
				}
				nb := s.Board.Nb[h][p.EdgeDir(d)]
				if nb == NoHex {
					continue
				}
				q := s.Cells[nb].Unit
				if q.Empty() || s.Friends(q.Owner, p.Controller()) {
					continue
				}
				qt := r.tok[nb]
				if qt.Kind == rules.HQ || qt.Traits.Has(rules.TakeoverImmune) {
					continue
				}
				if e.Op == rules.EffUseModules && !usesModule(s, h, nb, func(x Hex) bool { return r.netted[x] }) {
					continue
				}
				targets |= 1 << uint(nb)
			}
		}
		if targets == 0 {
			continue
		}
		// Takeover beats a net thrown by the unit it takes over; any other
		// working net (or a net marker) stops it.
		if r.netted[h] {
			blocked := p.Marks&NetMarker != 0
			for u := 0; u < n && !blocked; u++ {
				if r.netOut[u]&(1<<uint(h)) != 0 && !r.netted[u] && targets&(1<<uint(u)) == 0 {
					blocked = true
				}
			}
			if blocked {
				continue
			}
		}
		if r.s.N > 2 {
			// Two players' takeovers on one unit cancel, as two nets facing
			// each other do (docs/rules.md, "Three and four players").
			for m := targets & taken; m != 0; m &= m - 1 {
				if x := bits.TrailingZeros64(m); by[x] != p.Controller() {
					contested |= 1 << uint(x)
				}
			}
		}
		for m := targets; m != 0; m &= m - 1 {
			by[bits.TrailingZeros64(m)] = p.Controller()
		}
		taken |= targets
	}
	taken &^= contested
	if r.pairs {
		// A Structure is taken over whole, by whoever takes either part.
		for _, h := range r.occ[:r.nocc] {
			if m := r.mate[h]; m != NoHex && taken&(1<<uint(h)) != 0 && taken&(1<<uint(m)) == 0 {
				taken |= 1 << uint(m)
				by[m] = by[h]
			}
		}
	}
	changed := false
	for _, h := range r.occ[:r.nocc] {
		p := &s.Cells[h].Unit
		q := *p
		if taken&(1<<uint(h)) != 0 {
			q.takeBy(by[h])
		} else {
			q.release()
		}
		if q.Marks != p.Marks {
			p.Marks = q.Marks
			r.ctl[h] = s.SideOf(p.Controller())
			changed = true
		}
	}
	return changed
}

// linked calls f for every unit reached by effect e of the unit on h,
// with the side it must be on already checked.
func (r *Resolver) computeBonuses() {
	if r.pairs {
		r.computePairBonuses() // structure.go; kept apart, off the path of the battles without a Structure
		return
	}
	s := r.s
	r.meleeB, r.rangedB, r.initB, r.toughB = [MaxHexes]int8{}, [MaxHexes]int8{}, [MaxHexes]int8{}, [MaxHexes]int8{}
	r.extra, r.armorAll = [MaxHexes]bool{}, [MaxHexes]bool{}
	r.conv = [MaxHexes]uint8{}
	for _, h := range r.occ[:r.nocc] {
		if r.feat[h]&featBonus == 0 || r.netted[h] {
			continue
		}
		p := s.Cells[h].Unit
		t := r.tok[h]
		me := r.ctl[h]
		for _, e := range t.Effects {
			for m := uint(e.Dirs) & 0x3f; m != 0; m &= m - 1 {
				d := rules.Dir(bits.TrailingZeros(m))
				nb := s.Board.Nb[h][edgeDir(p, d)]
				if nb == NoHex {
					continue
				}
				c := r.ctl[nb]
				if c == noCtl {
					continue
				}
				side := rules.Enemies
				if c == me || (r.feud && s.Allies(s.Cells[nb].Unit.Controller(), p.Controller())) {
					side = rules.Friends
				}
				if e.Side&side == 0 {
					continue
				}
				switch e.Op {
				case rules.EffMelee:
					r.meleeB[nb] += e.Value
				case rules.EffRanged:
					r.rangedB[nb] += e.Value
				case rules.EffInitiative:
					r.initB[nb] += e.Value
				case rules.EffExtraAction:
					r.extra[nb] = true
				case rules.EffArmor:
					r.armorAll[nb] = true
				case rules.EffConvert:
					r.conv[nb] |= convToRanged << uint(e.Value)
				case rules.EffToughness:
					r.toughB[nb] += e.Value
					r.anyTough = true
				}
			}
		}
	}
}

// segment plays one initiative segment.
func (r *Resolver) segment(seg int, log *BattleLog) {
	s := r.s
	r.nhits = 0
	r.acted, r.killed, r.hitNow = [MaxHexes]bool{}, [MaxHexes]bool{}, [MaxHexes]bool{}
	r.pending = [MaxHexes]int16{}
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
	// Wounds and removals at the end of the segment.
	for i := 0; i < r.nhits; i++ {
		if x := &r.hits[i]; x.wounds > 0 {
			// A taken-over unit fights for its controller; its wounds are
			// not credited to its own army's token.
			a := s.Cells[x.src].Unit
			if !a.Empty() && a.Controller() == a.Owner && a.Owner < 2 {
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

// attack makes the unit on h attack with all its edges.
func (r *Resolver) attack(h Hex, log *BattleLog, agony bool) {
	s := r.s
	r.acted[h] = true
	p := s.Cells[h].Unit
	t := r.tok[h]
	isHQ := t.Kind == rules.HQ
	me := r.ctl[h] // the attacker's side: its shots pass friends
	log.acts(s, h, agony)
	ce, cmode := noConvert, uint8(0)
	if r.conv[h] != 0 {
		ce, cmode = r.convertChoice(h)
	}
	for m := uint(r.tokAtk[p.Owner&(MaxPlayers-1)][p.Token&(MaxArmyTokens-1)]); m != 0; m &= m - 1 {
		e := rules.Dir(bits.TrailingZeros(m))
		edge := &t.Edges[e]
		d := edgeDir(p, e)
		melee, ranged := edge.Melee, edge.Ranged
		if e == ce {
			if cmode == convToRanged {
				r.convertedAttack(h, d, int(melee), cmode, log)
				melee = 0
			} else {
				r.convertedAttack(h, d, int(ranged), cmode, log)
				ranged = 0
			}
		}
		if melee > 0 {
			str := int(melee) + int(r.meleeB[h])
			nb := s.Board.Nb[h][d]
			if str > 0 && nb != NoHex {
				if c := r.ctl[nb]; c != noCtl && (c != me || edge.Flags&rules.MeleeHitsFriends != 0) {
					r.strike(h, nb, d, str, false, isHQ, me, log)
				}
			}
		}
		if ranged > 0 {
			switch {
			case edge.Flags&rules.RangedPiercing != 0:
				str := int(ranged)
				for nb := s.Board.Nb[h][d]; nb != NoHex; nb = s.Board.Nb[nb][d] {
					if c := r.ctl[nb]; c != noCtl && c != me {
						r.strike(h, nb, d, str, true, isHQ, me, log)
					}
				}
			default:
				str := int(ranged) + int(r.rangedB[h])
				if str <= 0 {
					continue
				}
				target := NoHex
				if edge.Flags&rules.RangedAimed != 0 {
					target = r.aim(h, d, p.Controller(), str)
				} else {
					for nb := s.Board.Nb[h][d]; nb != NoHex; nb = s.Board.Nb[nb][d] {
						if c := r.ctl[nb]; c != noCtl && c != me {
							target = nb
							break
						}
					}
				}
				if target != NoHex {
					r.strike(h, target, d, str, true, isHQ, me, log)
				}
			}
		}
	}
}

// aim asks the attacker which enemy in the line its aimed shot hits.
func (r *Resolver) aim(h Hex, d rules.Dir, me uint8, str int) Hex {
	s := r.s
	k := 0
	for nb := s.Board.Nb[h][d]; nb != NoHex && k < maxOptions; nb = s.Board.Nb[nb][d] {
		q := s.Cells[nb].Unit
		if c := r.ctl[nb]; c != noCtl && c != r.ctl[h] {
			kills := 0
			if int(q.Wounds)+str >= r.tough(nb) {
				kills = 1
			}
			r.opts[k] = Option{Hex: nb, To: h, Dir: d, Index: kills}
			k++
		}
	}
	switch k {
	case 0:
		return NoHex
	case 1:
		return r.opts[0].Hex
	}
	i := r.d.Choose(s, me, QAimTarget, r.opts[:k])
	if i < 0 || i >= k {
		i = 0
	}
	return r.opts[i].Hex
}

// strike delivers one attack travelling in direction d onto the unit on
// target: reflection, the HQ rule and armor, then records the wounds.
func (r *Resolver) strike(src, target Hex, d rules.Dir, str int, ranged, fromHQ bool, me uint8, log *BattleLog) {
	s := r.s
	q := s.Cells[target].Unit
	qt := r.tok[target]
	arrive := edgeAt(q, opposite(d))
	if qt.Edges[arrive].Flags&rules.Reflect != 0 && !r.netted[target] {
		log.reflected(s, target, src)
		back := opposite(d)
		nb := s.Board.Nb[target][back]
		if nb == NoHex {
			return
		}
		if c := r.ctl[nb]; c == noCtl || c == r.ctl[target] {
			return
		}
		if r.tok[nb].Traits.Has(rules.Flying) {
			log.hit(s, src, nb, 0, ranged) // no reflected attack wounds a flying unit
			return
		}
		r.land(src, nb, back, str, ranged, fromHQ, log)
		return
	}
	r.land(src, target, d, str, ranged, fromHQ, log)
}

// land applies the HQ rule and armor and records the hit.
func (r *Resolver) land(src, target Hex, d rules.Dir, str int, ranged, fromHQ bool, log *BattleLog) {
	s := r.s
	q := s.Cells[target].Unit
	qt := r.tok[target]
	if (fromHQ && qt.Kind == rules.HQ) || (!ranged && qt.Traits.Has(rules.Flying)) {
		log.hit(s, src, target, 0, ranged) // a flying unit takes no melee wounds
		return
	}
	if ranged && (qt.Edges[edgeAt(q, opposite(d))].Flags&rules.Armor != 0 || r.armorAll[target]) {
		str--
	}
	if str < 0 {
		str = 0
	}
	if r.points && qt.Kind == rules.HQ {
		r.scoreHQ(src, target, str, ranged, log)
		return
	}
	log.hit(s, src, target, str, ranged)
	if str == 0 || r.nhits >= maxHits {
		return
	}
	r.hits[r.nhits] = hit{target: target, src: src, dir: d, wounds: int8(min(str, 127)), ranged: ranged}
	r.nhits++
}

// medicLinks reports whether the active medic on m links to the unit on u.
func (r *Resolver) medicLinks(m, u Hex) bool {
	if r.pairs && r.mate[u] != NoHex && r.mate[u] != m && r.medicLinksOne(m, r.mate[u]) {
		return true // a medic linked to either part of a Structure serves both
	}
	return r.medicLinksOne(m, u)
}

// medicLinksOne reports whether the medic on m is linked to the unit on u
// itself.
func (r *Resolver) medicLinksOne(m, u Hex) bool {
	s := r.s
	p := s.Cells[m].Unit
	q := s.Cells[u].Unit
	if q.Empty() || r.ctl[u] != r.ctl[m] {
		return false
	}
	d, ok := s.Board.DirTo(m, u)
	if !ok {
		return false
	}
	e := p.EdgeAt(d)
	for _, ef := range r.tok[m].Effects {
		if ef.Op == rules.EffMedic && ef.Dirs.Has(e) && ef.Side&rules.Friends != 0 {
			return true
		}
	}
	return false
}

// medicReady reports whether the unit on m is a medic that can still absorb
// an attack this segment.
func (r *Resolver) medicReady(m Hex) bool {
	return r.feat[m]&featMedic != 0 && !r.netted[m] && !r.medicUsed[m] && !r.killed[m] && !r.hitNow[m]
}

// medics lets ready medics absorb the attacks recorded from index from on.
// Each medic takes one attack on a linked friendly non-medic unit (its
// controller chooses which); medics with fewer candidates choose first.
func (r *Resolver) medics(from int, log *BattleLog) {
	s := r.s
	r.tally()
	for {
		best, bestN := NoHex, 1<<30
		for _, m := range r.occ[:r.nocc] {
			if !r.medicReady(m) {
				continue
			}
			c := r.candidates(m, from)
			if c > 0 && c < bestN {
				best, bestN = m, c
			}
		}
		if best == NoHex {
			return
		}
		c := r.candidates(best, from)
		owner := s.Cells[best].Unit.Controller()
		i := 0
		if c > 1 {
			for k := 0; k < c; k++ {
				x := &r.hits[r.cand[k]]
				saves := 0
				q := s.Cells[x.target].Unit
				tough := r.tough(x.target)
				if int(q.Wounds)+int(r.pending[x.target]) >= tough &&
					int(q.Wounds)+int(r.pending[x.target])-int(x.wounds) < tough {
					saves = 1
				}
				r.opts[k] = Option{Hex: x.target, To: x.src, Dir: x.dir, Index: saves}
			}
			i = r.d.Choose(s, owner, QMedicAbsorb, r.opts[:c])
			if i < 0 || i >= c {
				i = 0
			}
		}
		x := &r.hits[r.cand[i]]
		// Follow the chain: a medic linked to a further ready medic passes
		// the wounds on.
		absorber := best
		var visited uint64 = 1 << uint(best)
		for {
			k := 0
			for _, m := range r.occ[:r.nocc] {
				if k >= maxOptions {
					break
				}
				if visited&(1<<uint(m)) != 0 || !r.medicReady(m) || !r.medicLinks(m, absorber) {
					continue
				}
				r.opts[k] = Option{Hex: m, To: absorber}
				k++
			}
			if k == 0 {
				break
			}
			j := 0
			if k > 1 {
				j = r.d.Choose(s, owner, QMedicAbsorb, r.opts[:k])
				if j < 0 || j >= k {
					j = 0
				}
			}
			absorber = r.opts[j].Hex
			visited |= 1 << uint(absorber)
		}
		log.absorbed(s, absorber, x.target, x.src, int(x.wounds))
		x.wounds = 0
		r.medicUsed[absorber] = true
		r.killed[absorber] = true
		r.tally()
	}
}

// candidates fills r.cand with the attacks (from index from on) the medic on
// m may absorb and returns how many.
func (r *Resolver) candidates(m Hex, from int) int {
	c := 0
	for i := from; i < r.nhits && c < maxOptions; i++ {
		x := &r.hits[i]
		if x.wounds == 0 || x.target == m {
			continue
		}
		if r.feat[x.target]&featMedic != 0 || !r.medicLinks(m, x.target) {
			continue
		}
		r.cand[c] = i
		c++
	}
	return c
}

// scoreHQ credits a hit of str on the HQ on target in a points game:
// "Sztaby posiadają nieograniczoną Wytrzymałość, a za każdym razem, gdy
// gracz trafia w Sztab któregokolwiek przeciwnika, zamiast zadawać rany,
// otrzymuje odpowiednią liczbę punktów." Kept out of land, whose other
// games never need it.
//
//go:noinline
func (r *Resolver) scoreHQ(src, target Hex, str int, ranged bool, log *BattleLog) {
	s := r.s
	log.hit(s, src, target, 0, ranged)
	if c := s.Cells[src].Unit.Controller(); !s.Friends(c, s.Cells[target].Unit.Controller()) {
		s.score(c, str)
	}
}
