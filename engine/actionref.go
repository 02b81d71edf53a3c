package engine

import "github.com/hexforge/hexforge/rules"

// TakesRef reports whether the Token of a, an action the player to move
// may take in g, holds the hex (plus one) of the reference a selector lets
// the player choose (of=own, of=enemy, of=any) rather than a token to take
// back: a's targets are those of a step with such a selector (the first
// step of an instant or of the leader card, or the pending step). A trace
// must record the one as a hex and the other as a token name.
func (g *Game) TakesRef(a Action) bool {
	var act *rules.Action
	p := g.Player
	switch a.Kind {
	case KInstant:
		if a.Slot < g.HandLen[p] {
			tok := &g.S.Armies[p].Tokens[g.Hand[p][a.Slot]]
			if ti := onPlay(tok); ti >= 0 && len(tok.Triggers[ti].Actions) > 0 {
				act = &tok.Triggers[ti].Actions[0]
			}
		}
	case KLeader:
		if l := g.Leader(p); l != nil && len(l.Steps.Actions) > 0 && g.Phase != PhaseLeader {
			act = &l.Steps.Actions[0]
		}
	case KStep:
		if g.pend.active {
			if prog := g.program(); int(g.pend.step) < len(prog.Actions) {
				act = &prog.Actions[g.pend.step]
			}
		}
	}
	return act != nil && act.Sel != nil && act.Sel.Of.Chosen()
}
