package player

import (
	"sync"

	"github.com/hexforge/hexforge/engine"
)

// The tree player (docs/players.md, "tree") is the mcts player's search
// with deep's look at the tree's edge: hexforge's second family of strong
// player. mcts backs up, from a node it has just grown, the fitted value
// of the mover's best reply, one action ahead, and scores the end of the
// opponent's next turn by a battle fought then, before the player's own
// reply: both flatter the side that moved last. tree plays the grown
// node's best action and goes on greedily (the greedy player of the
// rollouts of race and deep, its caches included) to the end of its own
// next turn, and backs up the mean of the fitted values at the start of
// that turn and at its end: each side's reply counted once, as deep
// weighs a rollout. The tree, its determinised worlds, its widening by
// the greedy order and UCB1 are mcts's; its evaluation is the fitted one
// (evalLogit), where race, wide and deep score with the hand-set one.
// The budget is iterations, never time. With three or four players the
// fitted evaluation, which reads two, has no logits to average: tree
// plays there as mcts does.

// DefaultTreeBudget is the iterations per decision of "tree" without a
// budget: four times more (1,024) did not play better against race:8
// (docs/players.md).
const DefaultTreeBudget = 256

// newTree makes the tree player: mcts's search, deep's leaves, budget
// iterations per decision.
func newTree(seed uint64, res *engine.Resolver, budget int) *mctsPlayer {
	p := newMCTS(seed, res, budget)
	// Its own greedy player for the rollouts, seeded apart from the tree's
	// draws (it breaks ties by its salt and draws nothing).
	p.roll = newSearch(seed^0x9e3779b97f4a7c15, res, 0)
	return p
}

// nodePool keeps the node pools of finished games of mcts and tree for
// the next: tree grows about 70,000 nodes a decision (3 MB), which a new
// player allocated again every game.
var nodePool = sync.Pool{New: func() any { return new([]mctsNode) }}

// release gives the node pool and the rollouts' caches back.
func (p *mctsPlayer) release() {
	if p.nodes != nil {
		nodes := p.nodes[:0]
		nodePool.Put(&nodes)
		p.nodes = nil
	}
	if p.roll != nil {
		p.roll.release()
	}
}

// rollValue is every player's value of a walk of the tree that ended in
// w (two players), which it changes: w is played on greedily to the end
// of me's next turn, and me's value is the logistic of the mean of the
// fitted logits at the start of that turn and at its end (or the one
// reached, when the game or the rollout's cap ends first). The decision
// was taken in turn startTurn.
func (p *mctsPlayer) rollValue(w *engine.Game, me uint8, startTurn int) [engine.MaxPlayers]float64 {
	r := p.roll
	mid, haveMid, midTurn := 0.0, false, 0
	for n := 0; n < 3*rolloutActions && !w.Over(); n++ {
		if !haveMid && horizon(w, me, startTurn) {
			mid, haveMid, midTurn = p.logit(w, me), true, w.Turn
		}
		if haveMid && w.Turn > midTurn {
			break
		}
		if !r.greedyStep(w) {
			break
		}
	}
	v := p.logit(w, me)
	if haveMid {
		v = (mid + v) / 2
	}
	return zeroSum(me, sigmoid(v))
}
