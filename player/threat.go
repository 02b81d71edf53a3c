package player

import (
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// The threat evaluation (docs/players.md, "threat") is issue 25's attempt
// at an evaluation that sees the opponent's reply without playing it. It
// scores a position at the end of a player's turn, the opponent to move
// next, as the logit of the chance to win, from mcts's eight board
// features (eval.go: measured after a hypothetical battle now) and
// features of what the opponent's coming turn can do to the board:
//
//   - how open each HQ is: empty hexes beside it (where a melee unit can
//     be placed) and empty hexes on its six lines up to the first unit
//     (where a ranged unit can be placed to shoot it);
//   - the fire the units left standing after the battle aim at each HQ
//     (melee edges at a neighbour, ranged edges at the first enemy unit
//     in the line), which every coming battle deals again, and the units
//     of each side that fire would destroy in the next battle;
//   - what the battle now changes (HQ points and units before and after
//     it): a battle the opponent can start with a battle token or by
//     filling the board, weighted by the share of battle tokens among the
//     tokens the opponent has not yet played;
//   - the tempo: the HQ difference and the fire at the HQs as the decks
//     run out (the final battle nears), and which deck is longer.
//
// It reads only what a human sees: the board, the deck counts, and of the
// opponent's hand and deck only what they hold together (the opponent's
// tokens not on the board nor discarded), never which is in the hand nor
// their order. The weights are fitted on the outcomes of race:8 self-play
// at the ends of turns (threat_weights.go, TestRefitThreat).

// Threat feature indices, after the eight board features of eval.go.
const (
	tBias         = nFeatures + iota // 1: the side that just moved against the side to move
	tHQOpenMine                      // empty hexes beside the own HQ
	tHQOpenTheirs                    // beside the opponent's
	tHQLineMine                      // empty hexes on the own HQ's lines up to the first unit
	tHQLineTheirs                    // on the opponent's
	tFireMine                        // attack aimed at the own HQ by the units standing after the battle
	tFireTheirs                      // at the opponent's HQ
	tDoomedMine                      // own units (not the HQ) that fire would destroy in the next battle
	tDoomedTheirs                    // the opponent's
	tHQSwing                         // the HQ difference the battle now changes
	tUnitSwing                       // the unit difference the battle now changes
	tBattleSwing                     // the worse for oneself of the two swings, times the opponent's share of battle tokens
	tHQLate                          // the HQ difference, times lateness
	tFireLate                        // the fire at the opponent's HQ less the fire at one's own, times lateness
	tDeckDiff                        // own deck less the opponent's
	nThreat
)

var threatNames = [nThreat]string{"hq", "units", "tough", "links", "melee", "ranged", "nets", "init",
	"bias", "hq-open-mine", "hq-open-theirs", "hq-line-mine", "hq-line-theirs", "fire-mine", "fire-theirs",
	"doomed-mine", "doomed-theirs", "hq-swing", "unit-swing", "battle-swing", "hq-late", "fire-late", "deck-diff"}

// threatFeatures are a position's features for the player who just moved.
type threatFeatures [nThreat]float64

func (f *threatFeatures) dot(w *[nThreat]float64) float64 {
	var z float64
	for i, x := range f {
		z += w[i] * x
	}
	return z
}

// lateness grows from near 0 at the start to 1 when a deck is empty: the
// final battle is about a third of the shorter deck's tokens away.
func lateness(g *engine.Game) float64 {
	d := min(g.DeckLen[0], g.DeckLen[1])
	return 1 / (1 + float64(d)/3)
}

// threatOf measures g, a two-player game not over with both HQs placed,
// for player me (who just moved). The hypothetical battle is resolved on
// scratch.
func threatOf(g *engine.Game, me uint8, res *engine.Resolver, scratch *engine.State) threatFeatures {
	var f threatFeatures
	opp := me ^ 1
	hqBefore := float64(g.S.HQPoints(me) - g.S.HQPoints(opp))
	var unitsBefore float64
	for h := 0; h < g.S.Board.Size; h++ {
		u := g.S.Cells[h].Unit
		if u.Empty() || g.S.Tok(u).Kind == rules.HQ {
			continue
		}
		if u.Controller() == me {
			unitsBefore++
		} else {
			unitsBefore--
		}
	}
	base := features(g, me, res, scratch)
	copy(f[:nFeatures], base[:])
	s := scratch
	b := s.Board
	f[tBias] = 1

	// The fire on every hex from the units left standing.
	var fire [engine.MaxHexes]int
	for h := engine.Hex(0); int(h) < b.Size; h++ {
		u := s.Cells[h].Unit
		if u.Empty() {
			continue
		}
		c := u.Controller()
		t := s.Tok(u)
		for e := range t.Edges {
			ed := &t.Edges[e]
			if ed.Melee == 0 && ed.Ranged == 0 {
				continue
			}
			d := u.EdgeDir(rules.Dir(e))
			n := b.Nb[h][d]
			if ed.Melee > 0 && n != engine.NoHex {
				if v := s.Cells[n].Unit; !v.Empty() && v.Controller() != c {
					fire[n] += int(ed.Melee)
				}
			}
			if ed.Ranged > 0 {
				for ; n != engine.NoHex; n = b.Nb[n][d] {
					if v := s.Cells[n].Unit; !v.Empty() && v.Controller() != c {
						fire[n] += int(ed.Ranged)
						break
					}
				}
			}
		}
	}
	for h := 0; h < b.Size; h++ {
		u := s.Cells[h].Unit
		if u.Empty() || fire[h] == 0 || s.Tok(u).Kind == rules.HQ {
			continue
		}
		if fire[h] >= int(s.Tok(u).Toughness)-int(u.Wounds) {
			if u.Controller() == me {
				f[tDoomedMine]++
			} else {
				f[tDoomedTheirs]++
			}
		}
	}
	for i, p := range [2]uint8{me, opp} {
		hq := s.HQ[p]
		if hq == engine.NoHex {
			continue
		}
		var open, line float64
		for d := range rules.Dir(6) {
			n := b.Nb[hq][d]
			if n != engine.NoHex && s.Cells[n].Unit.Empty() && !b.Blocked[n] {
				open++
			}
			for ; n != engine.NoHex && s.Cells[n].Unit.Empty(); n = b.Nb[n][d] {
				if !b.Blocked[n] {
					line++
				}
			}
		}
		f[tHQOpenMine+i] = open
		f[tHQLineMine+i] = line
		f[tFireMine+i] = float64(fire[hq])
	}

	f[tHQSwing] = base[fHQ] - hqBefore
	f[tUnitSwing] = base[fUnits] - unitsBefore
	f[tBattleSwing] = min(f[tHQSwing], f[tUnitSwing]/4, 0) * battleShare(g, opp)
	late := lateness(g)
	f[tHQLate] = base[fHQ] * late
	f[tFireLate] = (f[tFireTheirs] - f[tFireMine]) * late
	f[tDeckDiff] = float64(g.DeckLen[me]) - float64(g.DeckLen[opp])
	return f
}

// battleShare is the share of battle tokens (instants that start a battle)
// among player p's tokens in hand and deck together: what anyone can count
// from the army list, the board and the discard pile.
func battleShare(g *engine.Game, p uint8) float64 {
	a := g.S.Armies[p]
	n := int(g.HandLen[p]) + int(g.DeckLen[p])
	if n == 0 {
		return 0
	}
	battles := 0
	for _, t := range g.Hand[p][:g.HandLen[p]] {
		battles += b2i(startsBattle(&a.Tokens[t]))
	}
	for _, t := range g.Deck[p][:g.DeckLen[p]] {
		battles += b2i(startsBattle(&a.Tokens[t]))
	}
	return float64(battles) / float64(n)
}

// startsBattle reports whether t is an instant whose effect starts a battle.
func startsBattle(t *rules.Token) bool {
	if t.Kind != rules.Instant {
		return false
	}
	for i := range t.Triggers {
		for _, a := range t.Triggers[i].Actions {
			if a.Op == rules.ActBattle {
				return true
			}
		}
	}
	return false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// threatLogit is the threat evaluation of g for me, the player who just
// moved: the logit of me's chance to win, ±winLogit for a finished game.
func threatLogit(g *engine.Game, me uint8, res *engine.Resolver, scratch *engine.State) float64 {
	if g.Over() {
		return overLogit(g, me)
	}
	if g.S.Players() != 2 || g.S.HQ[0] == engine.NoHex || g.S.HQ[1] == engine.NoHex {
		return fitValue(g, me, res, scratch)
	}
	f := threatOf(g, me, res, scratch)
	z := f.dot(&threatWeights) + hqZeroLogit*hqZero(scratch, me)
	if g.S.Board.Duel {
		z += energyWeight / hqWeight * threatWeights[fHQ] * (float64(g.Energy[me]) - float64(g.Energy[me^1]))
	}
	return z
}
