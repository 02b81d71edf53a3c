package engine

import (
	"fmt"

	"github.com/hexforge/hexforge/rules"
)

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

// initPlayer makes player p's deck from their army and the game's
// generator, and works out the facts of the army's tokens.
func (g *Game) initPlayer(p int) error {
	a := g.S.Armies[p]
	g.anyPlace |= armyPlaceRules(a)
	g.anyLimit = g.anyLimit || len(a.Limits) > 0
	g.anyExpire = g.anyExpire || len(a.Expiries) > 0
	g.anyCondT = g.anyCondT || len(a.CondTraits) > 0
	for i := range a.CondTraits {
		g.condImm |= shieldBits(a.CondTraits[i].Trait & rules.Immunities)
	}
	g.anyImm |= g.condImm
	if len(a.Tokens) > MaxArmyTokens {
		return fmt.Errorf("army %q has %d token types; the engine plays at most %d", a.Name, len(a.Tokens), MaxArmyTokens)
	}
	for ti := range a.Tokens {
		t := &a.Tokens[ti]
		sym, facts := g.tables(p)
		sym[ti] = period(t)
		if condEdged(a, ti) {
			sym[ti] = 6 // its conditional edges turn with it: every facing differs
		}
		facts[ti] = factsOf(t)
		g.anyFx |= facts[ti].flags
		g.recovers = g.recovers || recovers(t)
		g.anyImm |= shieldBits(t.Traits & rules.Immunities)
		if ti == a.HQ || t.Kind == rules.HQ {
			continue
		}
		for range t.Count {
			if t.Traits.Has(rules.StartsBesideHQ) {
				if g.AsideLen[p] >= MaxAside {
					return fmt.Errorf("army %q sets aside more than %d tokens at set-up", a.Name, MaxAside)
				}
				g.Aside[p][g.AsideLen[p]] = uint8(ti)
				g.AsideLen[p]++
				continue
			}
			g.Deck[p][g.DeckLen[p]] = uint8(ti)
			g.DeckLen[p]++
		}
	}
	// Fisher-Yates with the game's generator.
	for i := int(g.DeckLen[p]) - 1; i > 0; i-- {
		j := g.intn(i + 1)
		g.Deck[p][i], g.Deck[p][j] = g.Deck[p][j], g.Deck[p][i]
	}
	return nil
}

// period is the smallest rotation that maps a token onto itself.
func period(t *rules.Token) uint8 {
	for _, r := range []rules.Dir{1, 2, 3} {
		if 6%r != 0 {
			continue
		}
		ok := true
		for d := rules.N; d <= rules.NW && ok; d++ {
			ok = t.Edges[d] == t.Edges[d.Rotate(r)]
		}
		for _, e := range t.Effects {
			ok = ok && e.Dirs.Rotate(r) == e.Dirs
		}
		if ok {
			return uint8(r)
		}
	}
	return 6
}
