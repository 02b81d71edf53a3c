package engine

// Deeds: what the steps of a token's instants, abilities and foundation
// triggers did in a game, so that per-token figures show more than battle
// wounds (a mine, a sniper, a field hospital all did something).

// Deed kinds, indexes into Deeds.
const (
	DeedWounds  = iota // wounds its steps gave enemy units
	DeedRemoved        // enemy units its steps destroyed or removed
	DeedHealed         // wounds its steps took off units
	DeedTokens         // tokens its steps moved between discard pile, hand and deck (recovered, discarded by the opponent)
	DeedKept           // units its toughness bonus kept alive at the end of a battle
	NDeeds
)

// Deeds counts one token type's deeds in a game, each saturating at 255.
type Deeds [NDeeds]uint8

// credit is the token whose step is running: its deeds are counted.
type credit struct {
	on           bool
	owner, token uint8
}

// deed counts n of deed kind k for the running step's token; wounds and
// removals count only against the other side (victim is the unit's
// controller), heals and token moves whatever the side.
func (g *Game) deed(k int, victim uint8, n int) {
	c := g.credit
	if !c.on || n <= 0 || ((k == DeedWounds || k == DeedRemoved) && victim == c.owner) {
		return
	}
	var d *uint8
	switch {
	case c.owner < 2:
		d = &g.Deeds[c.owner][c.token][k]
	case g.fig != nil && g.counting():
		// Players 3 and 4: counted only in a game with figures attached
		// (a Game copied by a player stays as small as a two-player one).
		d = &g.fig.Deeds34[c.owner-2][c.token][k]
	default:
		return
	}
	*d = uint8(min(255, int(*d)+n))
}

// crediting makes owner's token type the one whose deeds count, returning
// what was before (steps nest: a step's destruction fires destroyed steps).
func (g *Game) crediting(owner, token uint8) credit {
	prev := g.credit
	g.credit = credit{on: true, owner: owner, token: token}
	return prev
}
