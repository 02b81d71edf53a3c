package player

import (
	"math"
	"math/bits"

	"github.com/hexforge/hexforge/engine"
)

// The mcts player's values, for any number of players (max^n). Every walk
// ends with a value for every player, in [0, 1]; each node adds the value
// of the player who moved into it, and selection at a node maximises the
// mover's own value by UCB1: the max^n rule, under which every player is
// assumed to play for itself (in the team modes, for its side: the
// evaluation counts the allies' HQs with one's own). The tree ends when
// the turn comes back to the searching player, after every other player's
// next turn, where positions are scored by the evaluation. A two-player
// game is zero-sum: one value serves both sides (v for one, 1-v for the
// other). With three or four each player has its own, and they do not sum
// to one (every man for himself, a win may be shared).
//
// The fitted evaluation (evalLogit) reads two players, so with more a
// player's value is the greedy evaluation (evaluate) turned into a logit
// at the fitted model's rate for an HQ point (evalWeights[fHQ] per
// hqWeight points, as the energy term converts), then into [0, 1] by the
// logistic function. That rate was fitted on two-player games: the values
// order positions as the greedy player does, but their scale, which sets
// how much UCB1 explores, is not fitted for three or four.

// mctsNScale turns evaluate's points into a logit.
var mctsNScale = evalWeights[fHQ] / hqWeight

// logit is player who's value of g as a logit: a finished game's share of
// the win (finishedLogit); otherwise with two players the fitted model
// (evalLogit), with more the scaled evaluation.
func (p *mctsPlayer) logit(g *engine.Game, who uint8) float64 {
	switch {
	case g.Over():
		return finishedLogit(g, who)
	case g.S.Players() == 2:
		return evalLogit(g, who, p.res, &p.scratch)
	}
	return mctsNScale * evaluate(g, who, p.res, &p.scratch, nil)
}

// finishedLogit is player who's value of a finished game as a logit: a
// win (winLogit), a loss (-winLogit), or a share 1/k of a win among k
// winners (the logit of 1/k: 0 for a two-player draw).
func finishedLogit(g *engine.Game, who uint8) float64 {
	if g.Winners&(1<<who) == 0 {
		return -winLogit
	}
	k := bits.OnesCount8(g.Winners)
	if k == 1 {
		return winLogit
	}
	return 0 - math.Log(float64(k-1)) // logit(1/k); 0 - x keeps a draw's 0 positive
}

// zeroSum is both values of a two-player game in which player me's is v.
func zeroSum(me uint8, v float64) (vals [engine.MaxPlayers]float64) {
	vals[me&1], vals[engine.Opp(me)&1] = v, 1-v
	return vals
}

// values is every player's value of g, in [0, 1]; with two players, me's
// and its complement.
func (p *mctsPlayer) values(g *engine.Game, me uint8) (vals [engine.MaxPlayers]float64) {
	if g.S.Players() == 2 {
		return zeroSum(me, sigmoid(p.logit(g, me)))
	}
	for q := range uint8(g.S.Players()) {
		vals[q] = sigmoid(p.logit(g, q))
	}
	return vals
}

// expandedValues is every player's value at node x, just expanded in w by
// player who, whose best child scored best (a logit): the value after the
// best reply of who, its first child (expand orders them best first). With
// two players that score is both values (me's, or its complement when who
// is the other player); more need the position after the reply itself.
func (p *mctsPlayer) expandedValues(x int32, w *engine.Game, who, me uint8, best float64) [engine.MaxPlayers]float64 {
	if w.S.Players() == 2 {
		v := sigmoid(best)
		if who != me {
			v = 1 - v
		}
		return zeroSum(me, v)
	}
	nd := p.nodes[x]
	if nd.count <= 0 {
		return p.values(w, me)
	}
	a, ok := concrete(w, p.nodes[nd.first].key)
	if !ok {
		return p.values(w, me)
	}
	p.copyG = *w
	if err := p.copyG.ApplyLegal(a, p); err != nil {
		return p.values(w, me)
	}
	return p.values(&p.copyG, me)
}

// horizon reports whether a walk in w has reached the end of the tree of
// a player me who decided in turn startTurn: the turn has come back to me
// (TurnPlayer: a leader's moment in another's turn makes me the player to
// move before that), or, should the turn order skip me, a full cycle has
// passed. With two players that is the end of the opponent's next turn.
func horizon(w *engine.Game, me uint8, startTurn int) bool {
	return w.Turn > startTurn && w.TurnPlayer() == me || w.Turn > startTurn+engine.MaxPlayers
}
