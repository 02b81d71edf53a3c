// legalabilities.go lists the own-turn abilities of the units of the player
// to move (traits and own_turn triggers) and checks triggers' conditions
// and HQ costs.

package engine

import (
	"github.com/hexforge/hexforge/rules"
)

// abilities appends the own-turn abilities of the units of the player to
// move: traits (mobility, rotation, push, pull) and own_turn triggers,
// each once per turn, none while the unit is netted nor once its
// allowance is used up (limits.go; a granted use has none).
func (g *Game) abilities(buf []Action, nets *[MaxHexes]bool) []Action {
	s := &g.S
	p := g.Player
	for h := Hex(0); int(h) < s.Board.Size; h++ {
		u := s.Cells[h].Unit
		if u.Empty() || u.Controller() != p || nets[h] {
			continue
		}
		used := g.used[h]
		if g.cfg.Structures {
			used |= g.mateUsed(h) // one move, rotation, push and pull a turn for the whole Structure
		}
		own, granted := g.traitsOf(h, s.Tok(u)), g.grantedAt(h, nets)
		for k := uint8(0); k < 4; k++ {
			if own.Has(abilityTraits[k]) && used&(usedMove<<k) == 0 && g.traitOK(u.Owner, u.Token, abilityTraits[k]) {
				buf = g.traitActions(buf, AbMove+k, h, nets)
			}
			if k == AbMove {
				if g.freeGrantedMove(h, nets) {
					buf = g.traitActions(buf, AbGrantedMove, h, nets)
				}
			} else if granted.Has(abilityTraits[k]) && used&(usedGranted0<<k) == 0 {
				buf = g.traitActions(buf, AbGrantedMove+k, h, nets)
			}
		}
		t := s.Tok(u)
		for i := range t.Triggers {
			if i >= 4 {
				break
			}
			trg := &t.Triggers[i]
			if trg.Event != rules.OwnTurn || used&(usedTrig0<<i) != 0 || len(trg.Actions) == 0 || !g.canPay(p, u.Owner, trg) || !g.holds(trg.If, p, h) || !g.limitOK(u.Owner, u.Token, uint8(i)) {
				continue
			}
			// Offer it only when its first step can do something.
			n := len(buf)
			buf = g.targets(buf, Action{Kind: KStep}, &trg.Actions[0], p, h, nets)
			ok := len(buf) > n
			buf = buf[:n]
			if ok {
				buf = append(buf, Action{Kind: KAbility, Slot: AbTrigger + uint8(i), Hex: h, To: NoHex})
			}
		}
	}
	return buf
}

// abilityTraits are the traits behind AbMove .. AbPull, in that order.
var abilityTraits = [4]rules.Traits{rules.Mobility, rules.Rotation, rules.PushTrait, rules.PullTrait}

// traitActions appends the actions of the trait ability slot (AbMove ..
// AbGrantedPull) of the unit on h.
func (g *Game) traitActions(buf []Action, slot uint8, h Hex, nets *[MaxHexes]bool) []Action {
	k := slot
	if k >= AbGrantedMove {
		k -= AbGrantedMove
	}
	switch k {
	case AbMove:
		return g.moves(buf, Action{Kind: KAbility, Slot: slot}, h, g.moveDist(h, 1, nets))
	case AbRotate:
		return g.rotations(buf, Action{Kind: KAbility, Slot: slot, To: NoHex}, h)
	case AbPush:
		return g.pushes(buf, Action{Kind: KAbility, Slot: slot}, h, rules.Enemies, nets)
	}
	return g.pulls(buf, Action{Kind: KAbility, Slot: slot}, h, 2, rules.Enemies, nets)
}

// holds reports whether condition c of a trigger holds for player p's
// token on (or, for destroyed, last on) src.
func (g *Game) holds(c rules.Cond, p uint8, src Hex) bool {
	switch c {
	case rules.IfDestroyedEnemy:
		return src != NoHex && g.destroyer[src]
	case rules.IfAdjacentOwnHQ:
		hq := g.S.HQ[p]
		return src != NoHex && hq != NoHex && g.S.Board.Dist[hq][src] == 1
	case rules.IfUnwounded:
		return src != NoHex && g.S.Cells[src].Unit.Wounds == 0
	}
	return true
}

// canPay reports whether player p can pay a trigger's HQ cost (never with
// the HQ's last point), or needs not.
func (g *Game) canPay(p, owner uint8, trg *rules.Trigger) bool {
	if (trg.CostHQ == 0 && trg.Discard == 0) || g.freeIf(owner, trg) {
		return true
	}
	return g.S.HQPoints(p) > int(trg.CostHQ) && int(g.HandLen[p]) >= int(trg.Discard)
}

func (g *Game) freeIf(owner uint8, trg *rules.Trigger) bool {
	if trg.FreeIf < 0 {
		return false
	}
	for h := 0; h < g.S.Board.Size; h++ {
		if u := g.S.Cells[h].Unit; !u.Empty() && u.Owner == owner && int(u.Token) == int(trg.FreeIf) {
			return true
		}
	}
	return false
}
