package player

import (
	"math"
	"math/bits"

	"github.com/hexforge/hexforge/engine"
)

// The mcts player with more than two players (max^n). In a two-player
// game one value serves both sides (v for one, 1-v for the other); with
// three or four each player has its own, and they do not sum to one (every
// man for himself, a win may be shared). So every walk ends with a value
// for every player, each node adds the value of the player who moved into
// it, and selection at a node maximises the mover's own value by UCB1: the
// max^n rule, under which every player is assumed to play for itself (in
// the team modes, for its side: the evaluation counts the allies' HQs with
// one's own). The tree ends when the turn comes back to the searching
// player, after every other player's next turn, where positions are scored
// by the evaluation.
//
// The fitted evaluation (evalLogit) reads two players, so a player's value
// is the multiplayer greedy evaluation (evaluateN) turned into a logit at
// the fitted model's rate for an HQ point (evalWeights[fHQ] per hqWeight
// points, as the energy term converts), then into [0, 1] by the logistic
// function. That rate was fitted on two-player games: the values order
// positions as the greedy player does, but their scale, which sets how
// much UCB1 explores, is not fitted for three or four.

// mctsNScale turns evaluateN's points into a logit.
var mctsNScale = evalWeights[fHQ] / hqWeight

// logit scores g for player who: evalLogit with two players, logitN with
// more.
func (p *mctsPlayer) logit(g *engine.Game, who uint8) float64 {
	if g.S.N > 2 {
		return p.logitN(g, who)
	}
	return evalLogit(g, who, p.res, &p.scratch)
}

// logitN is player who's value in g as a logit: a finished game is a win
// (winLogit), a loss (-winLogit), or a share 1/k of a win among k winners
// (the logit of 1/k); otherwise the scaled evaluation.
func (p *mctsPlayer) logitN(g *engine.Game, who uint8) float64 {
	if g.Over() {
		if g.Winners&(1<<who) == 0 {
			return -winLogit
		}
		k := bits.OnesCount8(g.Winners)
		if k == 1 {
			return winLogit
		}
		return -math.Log(float64(k - 1)) // logit(1/k)
	}
	return mctsNScale * evaluateN(g, who, p.res, &p.scratch, nil)
}

// valuesN is every player's value of g, in [0, 1].
func (p *mctsPlayer) valuesN(g *engine.Game) (vals [engine.MaxPlayers]float64) {
	for q := range uint8(g.S.Players()) {
		vals[q] = sigmoid(p.logitN(g, q))
	}
	return vals
}

// bestValuesN is every player's value after the best reply of the player
// to move at node x, just expanded in w: its first child (expand orders
// them best first). Two players read one number for both; more need the
// position itself.
func (p *mctsPlayer) bestValuesN(x int32, w *engine.Game) [engine.MaxPlayers]float64 {
	nd := p.nodes[x]
	if nd.count <= 0 {
		return p.valuesN(w)
	}
	a, ok := concrete(w, p.nodes[nd.first].key)
	if !ok {
		return p.valuesN(w)
	}
	p.copyG = *w
	if err := p.copyG.ApplyLegal(a, p); err != nil {
		return p.valuesN(w)
	}
	return p.valuesN(&p.copyG)
}

// horizonN reports whether a walk in w has reached the end of the tree of
// a player me who decided in turn startTurn: the turn has come back to me
// (TurnPlayer: a leader's moment in another's turn makes me the player to
// move before that), or, should the turn order skip me, a full cycle has
// passed.
func horizonN(w *engine.Game, me uint8, startTurn int) bool {
	return w.Turn > startTurn && w.TurnPlayer() == me || w.Turn > startTurn+engine.MaxPlayers
}
