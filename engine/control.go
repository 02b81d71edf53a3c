package engine

import "github.com/hexforge/hexforge/rules"

// Takeover in the turn flow. A unit linked to an enemy takeover effect is
// controlled by the taker "automatically" and "while it stays linked"
// (rulebook 001), not only during battles: after every action the game
// recomputes who controls whom with the battle's own rules (Resolver.prepare:
// nets and takeovers to a fixed point), and the taker may turn each unit it
// has just taken over (QTakeoverFacing). A unit taken over during a battle
// may be turned right after the battle. A released unit keeps its facing.
// Only a takeover link gives the turn; a module taken by use_modules alone
// keeps its facing (the rulebook gives the turn to takeover only).

// controlledSet is the set of hexes whose unit is taken over.
func (s *State) controlledSet() uint64 {
	var m uint64
	for h := 0; h < s.Board.Size; h++ {
		if u := s.Cells[h].Unit; !u.Empty() && u.Marks&Controlled != 0 {
			m |= 1 << uint(h)
		}
	}
	return m
}

// Recontrol recomputes who controls which unit after the board was changed
// directly (State.Place, a loaded position); Apply does it after every
// action. Units taken over that were not before are turned as d decides.
func (g *Game) Recontrol(d Decider) {
	if d == nil {
		d = FirstOption{}
	}
	g.settled = 0
	g.control(d, g.S.controlledSet())
}

// control recomputes takeovers; before is the set of units that were taken
// over before the change. Each unit newly taken over is turned by its new
// controller; turning it may change links, so this repeats (bounded).
func (g *Game) control(d Decider, before uint64) {
	s := &g.S
	if g.anyFx&factTakeover == 0 { // no token has a takeover or use_modules effect
		return
	}
	r := g.Res
	for round := 0; round <= s.Board.Size; round++ {
		r.s = s
		r.control()
		r.s = nil
		now := s.controlledSet()
		fresh := now &^ before
		if fresh == 0 {
			return
		}
		turned := false
		for h := Hex(0); int(h) < s.Board.Size; h++ {
			if fresh&(1<<uint(h)) == 0 || !takeoverReaches(s, h, &r.netted) {
				continue // a module taken by use_modules only is not turned
			}
			u := s.Cells[h].Unit
			per := rules.Dir(g.symOf(u))
			// The current facing first: FirstOption keeps it, and OwnerBest
			// when no other facing aims more attack strength at enemies.
			var dirs [6]rules.Dir
			n := 0
			dirs[n], n = u.Facing, n+1
			for f := rules.Dir(0); f < per; f++ {
				if f != u.Facing%per {
					dirs[n], n = f, n+1
				}
			}
			if n < 2 {
				continue
			}
			opts := g.ws.opts[:0]
			for _, f := range dirs[:n] {
				opts = append(opts, Option{Hex: h, To: NoHex, Dir: f, Index: g.aimScore(h, f)})
			}
			g.ws.opts = opts[:0]
			i := clampChoice(d.Choose(s, u.Controller(), QTakeoverFacing, opts), n)
			if f := dirs[i]; f != u.Facing {
				s.Cells[h].Unit.Facing = f
				turned = true
			}
		}
		if !turned {
			return
		}
		before = now
	}
}

// control computes nets and takeovers on r.s to their fixed point, as at
// the start of a battle segment, leaving the Controlled marks set.
func (r *Resolver) control() {
	r.load()
	r.computeNets()
	for i := 0; i <= r.s.Board.Size && r.applyTakeover(); i++ {
		r.computeNets()
	}
}

// aimScore is the printed attack strength the unit on h would aim at enemy
// units (of its controller) if it faced f: melee at an adjacent enemy,
// ranged at the first enemy in the line (every enemy for piercing). It is
// QTakeoverFacing's Option.Index, so that OwnerBest turns a taken unit
// towards its new enemies.
func (g *Game) aimScore(h Hex, f rules.Dir) int {
	s := &g.S
	b := s.Board
	u := s.Cells[h].Unit
	t := s.Tok(u)
	me := u.Controller()
	enemy := func(n Hex) bool {
		v := s.Cells[n].Unit
		return !v.Empty() && !s.Friends(v.Controller(), me)
	}
	score := 0
	for e := rules.N; e <= rules.NW; e++ {
		edge := t.Edges[e]
		dir := e.Rotate(f)
		if edge.Melee > 0 {
			if n := b.Nb[h][dir]; n != NoHex && enemy(n) {
				score += int(edge.Melee)
			}
		}
		if edge.Ranged > 0 {
			for n := b.Nb[h][dir]; n != NoHex; n = b.Nb[n][dir] {
				if enemy(n) {
					score += int(edge.Ranged)
					if edge.Flags&rules.RangedPiercing == 0 {
						break
					}
				}
			}
		}
	}
	return score
}
