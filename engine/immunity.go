// immunity.go keeps an opponent's steps off the units with an immunity
// trait (rules.Immunities, docs/dsl.md "Immunities"): instant_immune,
// enemy_move_immune, area_immune and net_immune. A step that lists or
// runs its targets sets Game.shield to the immunities that stop it, and
// sideOK, the one side test of every step's targets, then refuses the
// opponent's units that have one of them; the trait pushes and pulls,
// net edges and battle abilities test their immunity where they pick.
// Without an immunity in either army (anyImm 0) nothing here runs.
//
// An immunity may hold under a condition (`trait area_immune
// if=adjacent_own_hq`, rules.CondTrait): every test here takes the hex
// the piece stands on and works the condition out there, now; an army
// without one (condImm 0) pays one byte test.

package engine

import "github.com/hexforge/hexforge/rules"

// stepShield is the immunities that keep step act off an opponent's
// unit: inst when it is a step of an instant.
func (g *Game) stepShield(act *rules.Action, inst bool) rules.Traits {
	if g.anyImm == 0 {
		return 0
	}
	var t rules.Traits
	if inst {
		t |= rules.InstantImmune
	}
	switch act.Op {
	case rules.ActMove, rules.ActPush, rules.ActPull, rules.ActSwap:
		t |= rules.EnemyMoveImmune
	case rules.ActNet:
		t |= rules.NetImmune
	}
	if act.Radius > 0 || (act.Sel != nil && act.Sel.Every) {
		t |= rules.AreaImmune
	}
	return t & g.immTraits()
}

// shieldBits is a step's shield as Game.shield keeps it.
func shieldBits(t rules.Traits) uint8 { return uint8(t >> immShift) }

// immTraits are the immunities some token of the game has.
func (g *Game) immTraits() rules.Traits { return rules.Traits(g.anyImm) << immShift }

// immShift is where the immunities sit in rules.Traits: Game keeps them
// in a byte (anyImm).
const immShift = 12

func init() {
	if rules.Immunities>>immShift != 0xf || rules.InstantImmune != 1<<immShift {
		panic("engine: the immunity traits are not the four bits anyImm keeps")
	}
}

// immuneTo reports whether unit u on h, an opponent's of player p, has
// one of the immunities t.
func (g *Game) immuneTo(u Piece, h Hex, p uint8, t rules.Traits) bool {
	if t&g.immTraits() == 0 || u.Empty() {
		return false
	}
	c := u.Controller()
	if c == p || g.S.Friends(c, p) {
		return false
	}
	b := shieldBits(t)
	return shieldBits(g.S.Tok(u).Traits)&b != 0 || (g.condImm&b != 0 && g.condImmAt(u, h)&b != 0)
}

// shielded is sideOK's test of an opponent's piece u on h: whether the
// step being listed or run cannot reach it.
func (g *Game) shielded(u Piece, h Hex) bool {
	return g.shield != 0 && (shieldBits(g.S.Tok(u).Traits)&g.shield != 0 ||
		(g.condImm&g.shield != 0 && g.condImmAt(u, h)&g.shield != 0))
}

// condImmAt are the conditional immunities of piece u on h that hold now,
// worked out from its controller, as shieldBits.
func (g *Game) condImmAt(u Piece, h Hex) uint8 {
	s := &g.S
	a := s.Armies[u.Owner]
	var b uint8
	for i := range a.CondTraits {
		ct := &a.CondTraits[i]
		if ct.Token == int(u.Token) && ct.Trait&rules.Immunities != 0 && s.Holds(ct.If, u.Controller(), h, &g.DeckLen) {
			b |= shieldBits(ct.Trait & rules.Immunities)
		}
	}
	return b
}

// targetsOf lists the targets of step act as targets does, with the
// step's shield up; inst: the step is an instant's.
func (g *Game) targetsOf(buf []Action, tmpl Action, act *rules.Action, p uint8, src Hex, nets *[MaxHexes]bool, inst bool) []Action {
	if g.anyImm == 0 {
		return g.listTargets(buf, tmpl, act, p, src, nets)
	}
	prev := g.shield
	g.shield = shieldBits(g.stepShield(act, inst))
	buf = g.listTargets(buf, tmpl, act, p, src, nets)
	g.shield = prev
	return buf
}

// targets appends tmpl with each target of step act for player p; src is
// the unit using the ability (NoHex for instants): those of the pending
// program's step when one runs (an instant's: instantTargets).
func (g *Game) targets(buf []Action, tmpl Action, act *rules.Action, p uint8, src Hex, nets *[MaxHexes]bool) []Action {
	return g.targetsOf(buf, tmpl, act, p, src, nets, g.pend.active && g.pend.inst)
}
