package engine

import "github.com/hexforge/hexforge/rules"

// tokFacts are facts about a token type that the hot paths (legal actions,
// nets) ask about every unit at every step, derived once per game from the
// printed tables (Game.Init), so that they need not read the token itself.
type tokFacts struct {
	net        rules.DirSet // printed edges carrying a net
	netFriends rules.DirSet // printed edges whose net also hits friends
	flags      uint16       // fact* bits
}

const (
	factLinkGrant      uint16 = 1 << iota // a grant effect through its links
	factGlobalGrant                       // a global grant effect
	factLinkMove                          // a move effect through its links
	factGlobalMove                        // a global move effect
	factTakeover                          // a takeover or use_modules effect
	factTethered                          // the tethered_to_hq trait
	factScavenger                         // the scavenger trait, or a grant of it
	factFoundation                        // a foundation
	factReplaceable                       // the replaceable trait
	factDirectReplace                     // a unit with a placed trigger whose first step replaces (directReplace)
	factTurnStart                         // a turn_start trigger
	factAfterBattle                       // an after_battle trigger
	factDestroyedSteps                    // a destroyed trigger with steps fire runs (events.go)
	factNetThrower                        // a trigger with a net step (recallNetMarkers)
	factToughness                         // a toughness effect (toughness.go)
	factKillCond                          // a trigger on if=destroyed_enemy (the battle records who destroyed whom)
)

func factsOf(t *rules.Token) tokFacts {
	var f tokFacts
	for d := rules.N; d <= rules.NW; d++ {
		fl := t.Edges[d].Flags
		if fl&rules.Net != 0 {
			f.net |= 1 << d
			if fl&rules.NetHitsFriends != 0 {
				f.netFriends |= 1 << d
			}
		}
	}
	for i := range t.Effects {
		e := &t.Effects[i]
		switch {
		case e.Op == rules.EffGrant && e.Global:
			f.flags |= factGlobalGrant
		case e.Op == rules.EffGrant:
			f.flags |= factLinkGrant
		case e.Op == rules.EffMove && e.Global:
			f.flags |= factGlobalMove
		case e.Op == rules.EffMove:
			f.flags |= factLinkMove
		case e.Op == rules.EffTakeover || e.Op == rules.EffUseModules:
			f.flags |= factTakeover
		case e.Op == rules.EffToughness:
			f.flags |= factToughness
		}
	}
	if t.Traits.Has(rules.TetheredToHQ) {
		f.flags |= factTethered
	}
	if t.Kind == rules.Foundation {
		f.flags |= factFoundation
	}
	if t.Traits.Has(rules.Replaceable) {
		f.flags |= factReplaceable
	}
	for i := range t.Triggers {
		if trg := &t.Triggers[i]; t.Kind.IsUnit() && trg.Event == rules.OnPlaced && len(trg.Actions) > 0 && trg.Actions[0].Op == rules.ActReplace {
			f.flags |= factDirectReplace
		}
	}
	if t.Traits.Has(rules.Scavenger) {
		f.flags |= factScavenger
	}
	for i := range t.Triggers {
		if t.Triggers[i].If == rules.IfDestroyedEnemy {
			f.flags |= factKillCond
		}
	}
	if throwsNets(t) {
		f.flags |= factNetThrower
	}
	for ev, flag := range map[rules.Event]uint16{rules.TurnStart: factTurnStart, rules.AfterBattle: factAfterBattle, rules.OnDestroyed: factDestroyedSteps} {
		if firesSteps(t, ev) {
			f.flags |= flag
		}
	}
	for i := range t.Effects {
		if e := &t.Effects[i]; e.Op == rules.EffGrant && e.Grant.Has(rules.Scavenger) {
			f.flags |= factScavenger
		}
	}
	return f
}

// fact is the facts of the token type of a (non-empty) piece.
func (g *Game) fact(p Piece) tokFacts {
	if p.Owner < 2 {
		return g.facts[p.Owner][p.Token&(MaxArmyTokens-1)]
	}
	return g.more.facts[(p.Owner-2)&1][p.Token&(MaxArmyTokens-1)]
}

// symOf is the rotation period of piece p's token type.
func (g *Game) symOf(p Piece) uint8 {
	if p.Owner < 2 {
		return g.sym[p.Owner][p.Token&(MaxArmyTokens-1)]
	}
	return g.more.sym[(p.Owner-2)&1][p.Token&(MaxArmyTokens-1)]
}

// morePlayers are the token facts of players 3 and 4 (Game.more).
type morePlayers struct {
	sym   [MaxPlayers - 2][MaxArmyTokens]uint8
	facts [MaxPlayers - 2][MaxArmyTokens]tokFacts
}

// tables are player p's token facts, to fill at Init.
func (g *Game) tables(p int) (*[MaxArmyTokens]uint8, *[MaxArmyTokens]tokFacts) {
	if p < 2 {
		return &g.sym[p], &g.facts[p]
	}
	return &g.more.sym[p-2], &g.more.facts[p-2]
}

// controlled is S.controlledSet for Game.control; without any takeover
// effect in either army it is not needed (control returns at once).
func (g *Game) controlled() uint64 {
	if g.anyFx&factTakeover == 0 {
		return 0
	}
	return g.S.controlledSet()
}
