package engine

import "github.com/hexforge/hexforge/rules"

// PlacedBoard writes into s the board after placement a (a KPlace action
// legal in g) and reports true when the placement does nothing but put its
// token on the board; it reports false, s then undefined, when anything
// else could follow (the caller applies the action to a copy of the game).
//
// The search players try every legal action on a copy of the game to
// evaluate the board it leaves, and most of what they try are placements
// (a token, a hex, a facing): for a plain one this is that board without
// the copy of the whole Game and Apply's rules after an action, each of
// which its conditions rule out. The placement is plain when the token is
// a unit with no placed trigger, the hex holds neither a unit (so nothing
// is replaced) nor a foundation (whose entry steps would run), no program
// is pending, no rule that runs after every action can change the board
// in this game (no observer, status or toughness effect in any army, no
// thrown-net marker that could come back, every tethered unit beside its
// HQ), no HQ has fallen and the board does not fill (which starts a
// battle). In a
// game with takeover or use_modules effects who controls whom is worked out on
// the placement's board as Game.control's first pass does, and the
// placement is plain when that takes over no unit that was not taken over
// before: control then stops, asking no question (a unit newly taken over
// is turned by its taker's choice), and the board is that pass's. The
// rest of the position that an
// evaluation reads (the result, the turn, the energy, who is out) a plain
// placement leaves as it was. TestPlacedBoardIsApply checks it against
// ApplyLegal in random games of every embedded army.
func (g *Game) PlacedBoard(a Action, s *State) bool {
	if a.Kind != KPlace || g.Phase != PhasePlay || !g.quiet() ||
		int(a.Slot) >= int(g.HandLen[g.Player]) || a.Hex < 0 || int(a.Hex) >= g.S.Board.Size {
		return false
	}
	p := g.Player
	t := g.Hand[p][a.Slot]
	tok := &g.S.Armies[p].Tokens[t]
	if !tok.Kind.IsUnit() || tok.Kind == rules.HQ {
		return false
	}
	for i := range tok.Triggers {
		if tok.Triggers[i].Event == rules.OnPlaced {
			return false
		}
	}
	if c := &g.S.Cells[a.Hex]; !c.Unit.Empty() || !c.Ground.Empty() {
		return false
	}
	*s = g.S
	s.Cells[a.Hex].Unit = Piece{Token: t, Owner: p, Facing: a.Facing % 6}
	return g.plainAfter(s, NoHex, a.Hex)
}

// MovedBoard is PlacedBoard for a unit's own or granted move or rotation
// (a KAbility action legal in g, Slot AbMove, AbRotate, AbGrantedMove or
// AbGrantedRotate) and for an instant that only moves or turns a unit
// (plainMoveInstant: the armies' Move and Rotation): it writes into s the
// board after the unit moved and/or turned and reports true, with the hex
// the unit stands on, when that is all the action does; false, s then
// undefined, when anything else could follow. The move is plain
// on PlacedBoard's conditions, with the destination's foundation in place
// of the placed hex's (entering one runs its steps), and in a game
// without Structures (whose parts go together). The rest of what the
// action changes (the ability used, the figures) no evaluation reads.
// TestMovedBoardIsApply checks it against ApplyLegal in random games of
// every embedded army.
func (g *Game) MovedBoard(a Action, s *State) (Hex, bool) {
	if (a.Kind != KAbility && a.Kind != KInstant) || g.Phase != PhasePlay || !g.quiet() || g.cfg.Structures ||
		a.Hex < 0 || int(a.Hex) >= g.S.Board.Size {
		return NoHex, false
	}
	to := a.Hex
	switch {
	case a.Kind == KInstant:
		switch g.plainMoveInstant(a) {
		case rules.ActMove:
			to = a.To // a.Hex itself: a turn on the spot (doMove)
			if to < 0 || int(to) >= g.S.Board.Size {
				return NoHex, false
			}
		case rules.ActRotate:
		default:
			return NoHex, false
		}
	case a.Slot == AbMove || a.Slot == AbGrantedMove:
		to = a.To
		if to < 0 || int(to) >= g.S.Board.Size {
			return NoHex, false
		}
	case a.Slot == AbRotate || a.Slot == AbGrantedRotate:
	default:
		return NoHex, false
	}
	u := g.S.Cells[a.Hex].Unit
	if u.Empty() || (to != a.Hex && (!g.S.Cells[to].Unit.Empty() || !g.S.Cells[to].Ground.Empty())) {
		return NoHex, false
	}
	*s = g.S
	u.Facing = a.Facing
	s.Cells[a.Hex].Unit = emptyPiece
	s.Cells[to].Unit = u
	if s.HQ[u.Owner] == a.Hex && s.Tok(u).Kind == rules.HQ { // as moveUnit
		s.HQ[u.Owner] = to
	}
	return to, g.plainAfter(s, a.Hex, to)
}

// DiscardedBoard is PlacedBoard for a discard (a KDiscard action legal in
// g): it writes into s the board after it, g's own, and reports true when
// the discard changes nothing on the board (the rules Apply runs after an
// action have nothing to do on it); false, s then undefined, when anything
// could follow. What it changes besides (the hand, the discards, the
// phase) no evaluation reads: the three discards of a turn score alike.
// TestDiscardedBoardIsApply checks it against ApplyLegal.
func (g *Game) DiscardedBoard(a Action, s *State) bool {
	if a.Kind != KDiscard || !g.quiet() || g.cfg.Structures || g.leaders {
		return false
	}
	*s = g.S
	return g.plainAfter(s, NoHex, NoHex)
}

// quiet reports what PlacedBoard, MovedBoard and DiscardedBoard ask of
// the position before any action: no program pending, no observer, no
// question queued, no status, no toughness effect in any army (each a rule
// Apply runs after an action that may change the board), and no HQ
// fallen (the game ends).
func (g *Game) quiet() bool {
	return !g.pend.active && g.watch == 0 && g.nq == 0 && g.noq == 0 && g.S.St.N == 0 &&
		g.anyFx&factToughness == 0 && !(g.Turn > 0 && g.hqFell())
}

// plainMoveInstant is the step of the instant a plays (a KInstant action
// legal in g), rules.ActMove or rules.ActRotate, when the instant does
// nothing to the board but the move or turn its targets name; 0 when it
// may do more. Its on-play program must be that one step with fixed
// targets (no selector, no computed number), unconditional and free, not
// declined, in a game where no unit is immune to a step (the step's
// shield). What else playing it changes (the hand, the discards, the
// turn's limits and figures) no evaluation reads.
func (g *Game) plainMoveInstant(a Action) rules.ActionOp {
	p := g.Player
	if a.Hex == NoHex || g.anyImm != 0 || a.Slot >= g.HandLen[p] {
		return 0
	}
	tok := &g.S.Armies[p].Tokens[g.Hand[p][a.Slot]]
	ti := onPlay(tok)
	if ti < 0 {
		return 0
	}
	trg := &tok.Triggers[ti]
	if len(trg.Actions) != 1 || trg.If != rules.Always || trg.CostHQ != 0 || trg.Discard != 0 {
		return 0
	}
	act := &trg.Actions[0]
	if (act.Op != rules.ActMove && act.Op != rules.ActRotate) || act.Sel != nil || act.Num != nil {
		return 0
	}
	return act.Op
}

// plainAfter reports whether the rules Apply runs after an action leave
// s, the board after a placement or a move (PlacedBoard, MovedBoard), as
// it is, working out takeovers on s as they do. s is g.S but for one unit
// that left from and stands on to (either NoHex: a placement has no from,
// a discard neither).
func (g *Game) plainAfter(s *State, from, to Hex) bool {
	if !g.S.InnerFull() && s.InnerFull() {
		return false
	}
	if g.anyFx&(factTethered|factNetThrower) != 0 {
		// tether would remove a tethered unit away from its HQ, and
		// recallNetMarkers look at the nets once a marker lies on the
		// board: neither may have anything to do (apartFromMarkers).
		for h := 0; h < s.Board.Size; h++ {
			u := s.Cells[h].Unit
			if u.Empty() {
				continue
			}
			if u.Marks&NetMarker != 0 && !g.apartFromMarkers(s, from, to) {
				return false
			}
			if g.fact(u).flags&factTethered != 0 {
				if hq := s.HQ[u.Owner]; hq == NoHex || s.Board.Dist[h][hq] != 1 {
					return false
				}
			}
		}
	}
	if g.anyFx&factTakeover != 0 && !g.apartFromTakeovers(s, from, to) {
		// Who controls whom after the action, as Game.control works it
		// out: its first pass, on s; when it takes over no unit that was
		// not taken over before, control stops there and asks nothing.
		before := g.S.controlledSet()
		r := g.Res
		r.s = s
		r.control()
		r.s = nil
		if s.controlledSet()&^before != 0 {
			return false
		}
	}
	return true
}

// apartFromTakeovers reports whether the unit that left from and stands
// on to (plainAfter) changes no takeover, so that control's pass on s
// would find what it found on g.S: it neither takes over (nor uses
// modules) nor throws a net, no unit that takes over stands next to
// either hex, and the pass would leave g.S as it is (Game.settled: worked
// out once a position; then the unit was not held either, as a held unit
// stands next to its taker). Takeovers reach adjacent units only and nets
// change only with a net edge, so the pass then sees on s the links it
// saw on g.S. Most placements and moves of a game with takeovers are
// such, and the pass (a load of the board, its nets and a takeover pass)
// costs about a third of a battle.
func (g *Game) apartFromTakeovers(s *State, from, to Hex) bool {
	if to != NoHex {
		u := s.Cells[to].Unit
		if f := g.fact(u); f.net != 0 || f.flags&factTakeover != 0 {
			return false
		}
	}
	for _, h := range [2]Hex{from, to} {
		if h == NoHex {
			continue
		}
		for _, nb := range s.Board.Nb[h] {
			if nb != NoHex {
				if u := s.Cells[nb].Unit; !u.Empty() && g.fact(u).flags&factTakeover != 0 {
					return false
				}
			}
		}
	}
	if g.settled&controlKnown == 0 {
		g.settled |= controlKnown
		cp := g.S
		r := g.Res
		r.s = &cp
		r.control()
		r.s = nil
		if cp == g.S {
			g.settled |= controlStays
		}
	}
	return g.settled&controlStays != 0
}

// apartFromMarkers reports whether recallNetMarkers would leave the net
// markers of s, g.S but for the unit that left from and stands on to
// (plainAfter), where they are: the unit has no net edge and throws no
// markers, no marker of g.S would come back (worked out once a position,
// Game.settled), and no takeover changes (apartFromTakeovers: a unit
// released or taken changes whom the nets catch). A unit without a net
// edge nets no one, and netted or not it frees no one, so the throwers
// are netted on s as on g.S.
func (g *Game) apartFromMarkers(s *State, from, to Hex) bool {
	if to != NoHex {
		if f := g.fact(s.Cells[to].Unit); f.net != 0 || f.flags&factNetThrower != 0 {
			return false
		}
	}
	if g.anyFx&factTakeover != 0 && !g.apartFromTakeovers(s, from, to) {
		return false
	}
	if g.settled&markersKnown == 0 {
		g.settled |= markersKnown
		if g.markersStay() {
			g.settled |= markersStay
		}
	}
	return g.settled&markersStay != 0
}
