package player

import (
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// The quick player (docs/players.md, "quick") is the race player scoring
// one facing of each token on each hex instead of up to six: an attempt at
// issue 25's "race:8's verdict at a tenth of its CPU". Every placement of
// a token on a hex, at its root and at every greedy step of its rollouts,
// is scored only in the facing a cheap count prefers (facingProxy: its
// attacks and nets pointed at enemies, its links at friends, the enemy
// HQ counting double); everything else is race's. It costs about half of
// race:8's CPU and is weaker (docs/players.md gives every variant
// measured, cheaper ones included, and what each cost in strength).

// DefaultQuickWorlds is the most worlds a "quick" decision plays.
const DefaultQuickWorlds = DefaultRaceWorlds

// newQuick makes the quick player: race's shortlist, worlds and drops,
// one facing scored of each token on each hex.
func newQuick(seed uint64, res *engine.Resolver, worlds int) *searchPlayer {
	p := newRace(seed, res, worlds)
	p.oneFacing = true
	return p
}

// placeRun returns, for the placement legal[i] in position pos, the end j
// of the run of the same token on the same hex in other facings (the
// engine lists them together) and the index in legal[i:j] of the facing
// facingProxy prefers; equal counts go by their tie rank (ties.go), as the
// search players' equal scores do, so that no facing is favoured.
func placeRun(w *engine.Game, legal []engine.Action, i int, salt, pos uint64) (best, j int) {
	a := legal[i]
	j = i + 1
	for j < len(legal) && legal[j].Kind == engine.KPlace && legal[j].Slot == a.Slot && legal[j].Hex == a.Hex {
		j++
	}
	if j-i == 1 {
		return i, j
	}
	me := w.Player
	t := &w.S.Armies[me].Tokens[w.Hand[me][a.Slot]]
	best, bv := i, facingProxy(&w.S, a.Hex, me, t, a.Facing)
	var bestTie uint64
	tied := false
	for k := i + 1; k < j; k++ {
		switch v := facingProxy(&w.S, a.Hex, me, t, legal[k].Facing); {
		case v > bv:
			best, bv, tied = k, v, false
		case v == bv:
			if !tied {
				bestTie, tied = tieRank(salt, pos, actionKey(w, legal[best])), true
			}
			if r := tieRank(salt, pos, actionKey(w, legal[k])); r < bestTie {
				best, bestTie = k, r
			}
		}
	}
	return best, j
}

// facingProxy is a cheap guess at what facing f is worth to player me's
// token t placed on h, without a battle: the melee and net edges pointed
// at an adjacent enemy, the ranged edges at the first enemy along their
// line, the link edges at an adjacent friend, and half a point for an
// armoured edge towards an adjacent enemy; an enemy HQ counts double.
func facingProxy(s *engine.State, h engine.Hex, me uint8, t *rules.Token, f rules.Dir) float64 {
	var v float64
	for e := rules.N; e <= rules.NW; e++ {
		ed := t.Edges[e]
		if ed.Empty() {
			continue
		}
		d := (e + f) % 6
		n := s.Board.Nb[h][d]
		if n != engine.NoHex {
			if u := s.Cells[n].Unit; !u.Empty() {
				switch {
				case !s.Allies(u.Controller(), me):
					w := hqDouble(s, u)
					v += w * float64(ed.Melee)
					if ed.Flags&rules.Net != 0 {
						v += w
					}
					if ed.Flags&rules.Armor != 0 {
						v += 0.5
					}
				case ed.Flags&rules.Link != 0:
					v++
				}
			}
		}
		if ed.Ranged == 0 {
			continue
		}
		for m := n; m != engine.NoHex; m = s.Board.Nb[m][d] {
			if u := s.Cells[m].Unit; !u.Empty() && !s.Allies(u.Controller(), me) {
				v += hqDouble(s, u) * float64(ed.Ranged)
				break
			}
		}
	}
	return v
}

// hqDouble is 2 for an HQ, 1 for any other unit.
func hqDouble(s *engine.State, u engine.Piece) float64 {
	if s.Tok(u).Kind == rules.HQ {
		return 2
	}
	return 1
}
