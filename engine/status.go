// status.go keeps the designers' statuses (rules.Status) on the board's
// units: giving them, what they change, their triggers and their ends.
//
// A unit that carries a status, or gave one that ends when its giver
// leaves, has a tag: a number 1..maxTags kept in the free bits of its
// Marks, so that it moves with the piece wherever the board moves it (a
// move, a push, a swap) and leaves with it. The statuses themselves are a
// small fixed table in the State (Statuses), copied with it by value. A
// game whose armies declare no status never tags a unit and leaves the
// table empty: every hook below is one test of Statuses.N, and the
// pieces, and so the position keys, keep their bytes.

package engine

import "github.com/hexforge/hexforge/rules"

const (
	maxTags       = 15 // units tagged at once (four free bits of Marks)
	maxStatusInst = 14 // statuses on the board at once (the table keeps a Game within its allocation size class)
)

// tagMarks are the bits of Marks that hold a piece's tag.
const tagMarks Marks = 3<<2 | 3<<6

// tag is the piece's tag, 0 for none.
func (p Piece) tag() uint8 {
	m := uint8(p.Marks)
	return (m>>2)&3 | (m>>4)&0xC
}

// setTag gives the piece tag t (0 clears it).
func (p *Piece) setTag(t uint8) {
	p.Marks = p.Marks&^tagMarks | Marks(t&3)<<2 | Marks(t&0xC)<<4
}

// same reports whether p is the piece q, but for the tag a status given
// meanwhile may have added.
func (p Piece) same(q Piece) bool {
	p.Marks &^= tagMarks
	q.Marks &^= tagMarks
	return p == q
}

// StatusInst is one status on one unit.
type StatusInst struct {
	Tag   uint8 // the carrier's tag
	Kind  uint8 // the status's army (player) << 4 | its index in that army's Statuses
	Left  uint8 // until turns: the carrier's owner's turns left; statusRun set when one has started since it was given
	Giver uint8 // until giver_leaves: the giver's tag (0: none)
	GTok  uint8 // the giving token's type in the status's army, credited with what its triggers do
}

// statusRun marks, in StatusInst.Left, a status a turn of whose carrier's
// owner has started since it was given: that turn's end counts.
const statusRun uint8 = 0x80

// Statuses are the statuses on the board's units, in the order given.
type Statuses struct {
	N  uint8
	In [maxStatusInst]StatusInst
}

// statusOf is the rules of a status kind.
func (s *State) statusOf(kind uint8) *rules.Status {
	return &s.Armies[kind>>4&(MaxPlayers-1)].Statuses[kind&15]
}

// tagHex is the hex of the unit with tag t, NoHex when it is not on the
// board.
func (s *State) tagHex(t uint8) Hex {
	for h := 0; h < s.Board.Size; h++ {
		if u := s.Cells[h].Unit; !u.Empty() && u.tag() == t {
			return Hex(h)
		}
	}
	return NoHex
}

// UnitTraits are the standing traits of the unit u: its token's and those
// of the statuses it carries.
func (s *State) UnitTraits(u Piece) rules.Traits {
	t := s.Tok(u).Traits
	if u.Marks&tagMarks != 0 {
		for i := range s.St.In[:s.St.N] {
			if in := &s.St.In[i]; in.Tag == u.tag() {
				t |= s.statusOf(in.Kind).Traits
			}
		}
	}
	return t
}

// StatusesOn lists the names of the statuses the unit on h carries, in
// the order given (for traces, position files and tests; it allocates).
func (s *State) StatusesOn(h Hex) []string {
	u := s.Cells[h].Unit
	if u.Empty() || u.tag() == 0 {
		return nil
	}
	var out []string
	for i := range s.St.In[:s.St.N] {
		if in := &s.St.In[i]; in.Tag == u.tag() {
			out = append(out, s.statusOf(in.Kind).Name)
		}
	}
	return out
}

// newTag returns the tag of the unit on h, tagging it first if it has
// none; 0 when every tag is taken. Tag keep is in use even if no status
// refers to it yet (the giver of the status being given).
func (s *State) newTag(h Hex, keep uint8) uint8 {
	u := &s.Cells[h].Unit
	if t := u.tag(); t != 0 {
		return t
	}
	used := uint16(1) << keep // the tags statuses refer to
	for i := range s.St.In[:s.St.N] {
		used |= 1<<s.St.In[i].Tag | 1<<s.St.In[i].Giver
	}
	for x := 0; x < s.Board.Size; x++ {
		// A tag no status refers to any more is stale: free it.
		if v := &s.Cells[x].Unit; !v.Empty() && v.tag() != 0 && used&(1<<v.tag()) == 0 {
			v.setTag(0)
		}
	}
	for t := uint8(1); t <= maxTags; t++ {
		if used&(1<<t) == 0 {
			u.setTag(t)
			return t
		}
	}
	return 0
}

// giveStatus runs a give step centred on hex c: status Pick-1 of the
// program's army goes on the unit there, or on every unit of the step's
// side within its radius. A unit that already carries it has it again from
// the start (its turns counted anew, its giver the new one).
func (g *Game) giveStatus(act *rules.Action, c Hex) {
	s := &g.S
	owner := g.pend.owner
	idx := int(act.Pick) - 1
	if idx < 0 || idx >= len(s.Armies[owner].Statuses) {
		return
	}
	st := &s.Armies[owner].Statuses[idx]
	g.sweepStatuses()
	giver := uint8(0)
	if st.Ends&rules.EndGiverLeaves != 0 {
		src := g.pend.src
		if src == NoHex || s.Cells[src].Unit.Empty() {
			return // no giver on the board: it would end at once
		}
		if giver = s.newTag(src, 0); giver == 0 {
			return
		}
	}
	kind := owner<<4 | uint8(idx)
	gtok := g.pend.token
	if g.pend.status {
		gtok = g.pend.gtok
	}
	for h := Hex(0); int(h) < s.Board.Size; h++ {
		if int(s.Board.Dist[c][h]) > int(act.Radius) || !g.hitsUnit(act, act.Side, g.Player, h) {
			continue
		}
		t := s.newTag(h, giver)
		if t == 0 {
			continue // every tag is taken: no room for another carrier
		}
		in := StatusInst{Tag: t, Kind: kind, Left: st.Turns, Giver: giver, GTok: gtok}
		i := g.findStatus(t, kind)
		switch {
		case i >= 0:
			s.St.In[i] = in
		case int(s.St.N) < maxStatusInst:
			s.St.In[s.St.N] = in
			s.St.N++
		default:
			continue // the table is full
		}
		g.traceGiven(h, st.Name, owner, gtok)
	}
}

// findStatus is the index of status kind on the unit tagged t, or -1.
func (g *Game) findStatus(t, kind uint8) int {
	for i := range g.S.St.In[:g.S.St.N] {
		if in := &g.S.St.In[i]; in.Tag == t && in.Kind == kind {
			return i
		}
	}
	return -1
}

// endStatus takes status i off its carrier (on h, NoHex when it has left
// the board), keeping the others in order.
func (g *Game) endStatus(i int, h Hex) {
	st := &g.S.St
	if h != NoHex {
		g.traceStatus(TrStatusEnd, h, g.S.statusOf(st.In[i].Kind).Name)
	}
	copy(st.In[i:], st.In[i+1:st.N])
	st.N--
	st.In[st.N] = StatusInst{}
}

// endStatuses ends every status whose ends include end and for which ok
// holds (nil: all of them).
func (g *Game) endStatuses(end rules.StatusEnd, ok func(in *StatusInst) bool) {
	s := &g.S
	for i := 0; i < int(s.St.N); {
		in := &s.St.In[i]
		if s.statusOf(in.Kind).Ends&end != 0 && (ok == nil || ok(in)) {
			g.endStatus(i, s.tagHex(in.Tag))
			continue
		}
		i++
	}
}

// sweepStatuses drops the statuses of units that left the board (with
// them) and ends those whose giver left it (until giver_leaves).
func (g *Game) sweepStatuses() {
	s := &g.S
	if s.St.N == 0 {
		return
	}
	var on uint16 // the tags on the board
	for h := 0; h < s.Board.Size; h++ {
		if u := s.Cells[h].Unit; !u.Empty() {
			on |= 1 << u.tag()
		}
	}
	for i := 0; i < int(s.St.N); {
		in := &s.St.In[i]
		switch {
		case on&(1<<in.Tag) == 0:
			g.endStatus(i, NoHex)
		case in.Giver != 0 && on&(1<<in.Giver) == 0:
			g.endStatus(i, s.tagHex(in.Tag))
		default:
			i++
		}
	}
}

// healedStatus ends the statuses that end when their carrier, on h, is
// healed.
func (g *Game) healedStatus(h Hex) {
	if t := g.S.Cells[h].Unit.tag(); t != 0 {
		g.endStatuses(rules.EndHealed, func(in *StatusInst) bool { return in.Tag == t })
	}
}

// statusTurnStart starts a turn of player p for the statuses of p's units:
// their turns are counted from now, and their turn_start triggers run, in
// the order the statuses were given.
func (g *Game) statusTurnStart(p uint8, d Decider) {
	s := &g.S
	g.sweepStatuses()
	var fire [maxStatusInst]StatusInst
	n := 0
	for i := range s.St.In[:s.St.N] {
		in := &s.St.In[i]
		if h := s.tagHex(in.Tag); h != NoHex && s.Cells[h].Unit.Owner == p {
			in.Left |= statusRun
			g.figStatusTurn(in)
			fire[n] = *in
			n++
		}
	}
	for _, in := range fire[:n] {
		if g.Phase == PhaseOver {
			return
		}
		st := s.statusOf(in.Kind)
		for k := range st.Triggers {
			// The status may have ended, or its carrier left, meanwhile.
			h := s.tagHex(in.Tag)
			if h == NoHex || g.findStatus(in.Tag, in.Kind) < 0 || st.Triggers[k].Event != rules.TurnStart {
				continue
			}
			g.runFired(&st.Triggers[k], pending{active: true, owner: in.Kind >> 4, token: in.Kind & 15, trig: uint8(k), src: h, status: true, gtok: in.GTok}, d)
			g.flushDestroyed(d)
			g.sweepStatuses()
		}
	}
}

// statusTurnEnd counts the end of a turn of player p for the statuses of
// p's units that last some turns.
func (g *Game) statusTurnEnd(p uint8) {
	s := &g.S
	g.sweepStatuses()
	for i := 0; i < int(s.St.N); {
		in := &s.St.In[i]
		h := s.tagHex(in.Tag)
		if in.Left&statusRun != 0 && s.statusOf(in.Kind).Ends&rules.EndTurns != 0 && h != NoHex && s.Cells[h].Unit.Owner == p {
			if in.Left--; in.Left == statusRun {
				g.endStatus(i, h)
				continue
			}
		}
		i++
	}
}

// statusBattleEnd: after a battle, the statuses of the units it destroyed
// are gone, and those that last until a battle ends end.
func (g *Game) statusBattleEnd() {
	g.sweepStatuses()
	g.endStatuses(rules.EndBattle, nil)
}

// statusBonuses gives every unit carrying statuses their effects for the
// segment, as bonuses gives a link's: initiative, melee, ranged and armor
// through the same tables, exposed through its own. A status whose giver
// has left the board in this battle no longer works (it ends after it).
func (r *Resolver) statusBonuses() {
	s := r.s
	clear(r.exposedR[:])
	clear(r.exposedM[:])
	for i := range s.St.In[:s.St.N] {
		in := &s.St.In[i]
		h := r.tagOcc(in.Tag)
		if h == NoHex || (in.Giver != 0 && r.tagOcc(in.Giver) == NoHex) {
			continue
		}
		st := s.statusOf(in.Kind)
		for k := range st.Effects {
			switch e := &st.Effects[k]; e.Op {
			case rules.EffExposedRanged:
				r.exposedR[h] += e.Value
				r.exposedOn = true
			case rules.EffExposedMelee:
				r.exposedM[h] += e.Value
				r.exposedOn = true
			default:
				r.give(h, e)
			}
		}
	}
}

// tagOcc is the hex of the unit tagged t among the battle's units, NoHex
// when it is not (or no longer) on the board.
func (r *Resolver) tagOcc(t uint8) Hex {
	for _, h := range r.occ[:r.nocc] {
		if r.s.Cells[h].Unit.tag() == t {
			return h
		}
	}
	return NoHex
}

// exposed is what a hit landing on target wounds more for its statuses.
func (r *Resolver) exposed(target Hex, ranged bool) int {
	if ranged {
		return int(r.exposedR[target])
	}
	return int(r.exposedM[target])
}

// traceStatus sends a status given or ended on the unit on h.
// traceGiven sends the status name given to the unit on h by player p's
// token type tok.
func (g *Game) traceGiven(h Hex, name string, p, tok uint8) {
	if g.tr != nil && g.traced() {
		u := g.S.Cells[h].Unit
		g.tr.t.Trace(TraceEvent{Kind: TrStatus, Player: u.Owner, Token: u.Token, Hex: h, To: NoHex, Facing: u.Facing, Status: name, TPlayer: p, TToken: tok})
	}
}

func (g *Game) traceStatus(k TraceKind, h Hex, name string) {
	if g.tr != nil && g.traced() {
		u := g.S.Cells[h].Unit
		g.tr.t.Trace(TraceEvent{Kind: k, Player: u.Owner, Token: u.Token, Hex: h, To: NoHex, Facing: u.Facing, Status: name})
	}
}

// giveTargets appends the targets of a give step: a unit of its side (an
// HQ only with hq), or, with a radius, a centre whose area holds one; a
// fixed centre (at=) is the one target when its area holds one.
func (g *Game) giveTargets(buf []Action, tmpl Action, act *rules.Action, p uint8, src Hex) []Action {
	b := g.S.Board
	side := act.Side
	reaches := func(c Hex) bool {
		for x := Hex(0); int(x) < b.Size; x++ {
			if int(b.Dist[c][x]) <= int(act.Radius) && g.hitsUnit(act, side, p, x) {
				return true
			}
		}
		return false
	}
	if act.At >= rules.AtOwnHQ {
		if c := g.centre(act.At, p, src); c != NoHex && reaches(c) {
			tmpl.Hex = c
			buf = append(buf, tmpl)
		}
		return buf
	}
	for h := Hex(0); int(h) < b.Size; h++ {
		if g.where(act.Where, p, src, h) && g.fits(act, h) && (act.Radius == 0 && g.hitsUnit(act, side, p, h) || act.Radius > 0 && reaches(h)) {
			tmpl.Hex = h
			buf = append(buf, tmpl)
		}
	}
	return buf
}
