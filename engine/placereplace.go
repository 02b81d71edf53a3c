package engine

import "github.com/hexforge/hexforge/rules"

// directReplace reports which placed trigger lets token type t of player p
// be placed straight onto the unit on h, replacing it: the token's placed
// trigger (the first one p can pay, as Apply runs) begins with a replace
// step that may pick that unit, and that step does not depend on where
// the token stands (where= anywhere or adjacent_own_hq). It returns -1
// when there is none, or when the unit is an own replaceable unit (which
// a placed token simply replaces).
func (g *Game) directReplace(h Hex, p, t uint8) int {
	s := &g.S
	u := s.Cells[h].Unit
	if u.Empty() {
		return -1
	}
	if u.Owner == p && u.Controller() == p && s.Tok(u).Traits.Has(rules.Replaceable) && g.traitOK(p, u.Token, rules.Replaceable) {
		return -1
	}
	tok := &s.Armies[p].Tokens[t]
	if !tok.Kind.IsUnit() {
		return -1
	}
	for i := range tok.Triggers {
		trg := &tok.Triggers[i]
		if trg.Event != rules.OnPlaced || !g.canPay(p, p, trg) || !g.holds(trg.If, p, h) {
			continue
		}
		if len(trg.Actions) == 0 || trg.Actions[0].Op != rules.ActReplace {
			return -1
		}
		act := &trg.Actions[0]
		side := act.Side
		if side == 0 {
			side = rules.Enemies
		}
		if act.Where != rules.Anywhere && act.Where != rules.AdjacentOwnHQ {
			return -1
		}
		if !g.sideOK(side, p, u, h) || (!act.HitsHQ && s.Tok(u).Kind == rules.HQ) || !g.where(act.Where, p, NoHex, h) {
			return -1
		}
		return i
	}
	return -1
}
