package player

import (
	"cmp"
	"math"
	"slices"

	"github.com/hexforge/hexforge/engine"
)

// mctsPlayer is a determinised (information-set) Monte Carlo tree search
// player. Every iteration deals the tokens it cannot see at random (as the
// search player does), walks a tree of actions from the root with UCB1,
// and grows it by one node. Growing a node is one greedy pass: every legal
// action of the player to move there is tried on a copy and scored by the
// evaluation. Those scores order the children (the greedy order is the
// prior of progressive widening: a node visited n times offers its best
// 2+sqrt(n) children), seed each child's average as one virtual visit,
// and the best of them is the node's value: what the player to move gets by
// the greedy reply. So a rollout is cut to a single greedy ply (going on
// greedily to the horizon instead cost 1.6 times as much and lost 11
// points against search:64, docs/players.md), and the tree stops at the
// end of the opponent's next turn, where positions are scored by the
// evaluation alone. The evaluation is evalLogit (eval.go): the greedy
// player's features, weighted by a logistic model of the chance to win, so
// a value is a probability in [0, 1] as UCB1 wants it. The budget is
// iterations, never time, so a seed reproduces a game on any machine.
//
// The tree is shared by all determinisations: an action is identified by
// its kind, targets and, for a hand slot, the token type in that slot, so
// the opponent's discard of a given token is one child whatever slot it
// sits in. In a world where a child's action is not legal (the sampled
// opponent hand does not hold that token) the child is skipped. Forced
// actions and the opponent's discard (blind to the board, so every choice
// scores the same) are played at random without a node. Between two of its
// own decisions in a turn nothing hidden happens, so the subtree of the
// action taken is kept and grows on at the next decision.
type mctsPlayer struct {
	greedyPlayer
	budget int
	world  engine.Game
	nodes  []mctsNode
	path   []int32
	cands  []mctsCand
	legal  []engine.Action
	salt   uint64 // orders equal scores (ties.go)

	root     int32       // the root node of this decision
	expect   engine.Game // the position of the next decision, if the turn goes on
	expectOK bool
	next     int32 // the node of expect

	// roll, when set, makes the tree player (tree.go): a walk's end is
	// valued by a greedy rollout to the end of the player's next turn.
	roll *searchPlayer
}

// mctsNode is one node of the tree: the action that leads to it from its
// parent, who took it, and the visit statistics for that player.
type mctsNode struct {
	key   engine.Action // Slot is the token type for hand actions (mctsKey)
	mover uint8         // the player who took key
	n     float64       // visits, counting the virtual visits of the prior
	w     float64       // sum of values, each in [0, 1] for mover
	first int32         // index of the first child in the node pool
	count int32         // children, best prior first; -1 until expanded
}

// mctsCand is a scored legal action during an expansion.
type mctsCand struct {
	key   engine.Action
	score float64
	order int    // place in the legal list
	tie   uint64 // rank among equal scores (ties.go)
}

const (
	// mctsExplore is the UCB1 exploration constant for values in [0, 1].
	// Measured (Moloch mirror, 400 games, seed 1; docs/players.md), 0.15
	// lost about 10 points to 0.35, and 0.7 or 1.5 were no better than
	// 0.35: the greedy prior is not good enough to be trusted without
	// exploration.
	mctsExplore = 0.35
	// mctsWiden is how many children a node offers before its first visit;
	// it offers one more at each perfect square of its visits.
	mctsWiden = 2
	// mctsPrior is how many visits the greedy score of a child counts for.
	mctsPrior = 1.0
)

// mctsDepth caps a path, in actions, for safety against long turns.
const mctsDepth = 32

func newMCTS(seed uint64, res *engine.Resolver, budget int) *mctsPlayer {
	return &mctsPlayer{
		greedyPlayer: greedyPlayer{r: NewRand(seed), res: res},
		budget:       budget,
		legal:        make([]engine.Action, 0, 1024),
		salt:         tieSalt(seed),
		nodes:        (*nodePool.Get().(*[]mctsNode))[:0],
	}
}

// mctsKey is the identity of an action across determinisations: hand slots
// are replaced by the token type they hold.
func mctsKey(g *engine.Game, a engine.Action) engine.Action {
	switch a.Kind {
	case engine.KDiscard, engine.KPlace, engine.KInstant:
		a.Slot = g.Hand[g.Player][a.Slot]
	}
	return a
}

// concrete turns a key back into an action of world g, or reports that the
// token it names is not in hand there.
func concrete(g *engine.Game, key engine.Action) (engine.Action, bool) {
	switch key.Kind {
	case engine.KDiscard, engine.KPlace, engine.KInstant:
		p := g.Player
		for s := uint8(0); s < g.HandLen[p]; s++ {
			if g.Hand[p][s] == key.Slot {
				key.Slot = s
				return key, true
			}
		}
		return key, false
	}
	return key, true
}

// firstSlot reports whether a hand action uses the first slot holding its
// token type: two slots with the same token give the same children, and
// only the first is kept.
func firstSlot(g *engine.Game, a engine.Action) bool {
	switch a.Kind {
	case engine.KDiscard, engine.KPlace, engine.KInstant:
		p, t := g.Player, g.Hand[g.Player][a.Slot]
		for s := uint8(0); s < a.Slot; s++ {
			if g.Hand[p][s] == t {
				return false
			}
		}
	}
	return true
}

func (p *mctsPlayer) Act(g *engine.Game, legal []engine.Action) int {
	if len(legal) == 1 {
		return 0
	}
	me := g.Player
	// Within a turn the position after the last decision is known in
	// advance (nothing hidden happens between two of one's own actions), so
	// when the game is there, the subtree of the action taken goes on
	// growing instead of starting again.
	reuse := p.expectOK && *g == p.expect
	p.expectOK = false
	if reuse {
		p.root = p.next
	} else {
		p.root = 0
		p.nodes = append(p.nodes[:0], mctsNode{mover: me ^ 1, n: 1, count: -1})
	}
	if p.nodes[p.root].count < 0 {
		// The root is expanded on the real game with the caller's legal
		// list, so its children map straight back to indices of legal.
		best := p.expand(p.root, g, legal)
		root := &p.nodes[p.root]
		if root.count <= 0 {
			return 0
		}
		if root.count == 1 || best >= winLogit/2 {
			return p.index(g, legal, p.nodes[root.first].key)
		}
	}
	startTurn := g.Turn
	for it := 1; it < p.budget; it++ {
		p.world = *g
		deal(&p.r, &p.world, me)
		p.iterate(&p.world, me, startTurn)
	}
	root := &p.nodes[p.root]
	pick := root.first
	for c := root.first + 1; c < root.first+root.count; c++ {
		n, b := &p.nodes[c], &p.nodes[pick]
		if n.n > b.n || (n.n == b.n && n.w > b.w) {
			pick = c
		}
	}
	i := p.index(g, legal, p.nodes[pick].key)
	p.remember(g, legal[i], pick)
	return i
}

// remember records the position the game will be in at this player's next
// decision of the turn if it plays a (forced actions played out), and the
// node for it.
func (p *mctsPlayer) remember(g *engine.Game, a engine.Action, node int32) {
	p.expect = *g
	w := &p.expect
	if err := w.ApplyLegal(a, p); err != nil {
		return
	}
	for !w.Over() && w.Player == g.Player && w.Turn == g.Turn {
		p.legal = w.LegalActions(p.legal[:0])
		if len(p.legal) != 1 {
			p.expectOK, p.next = len(p.legal) > 1, node
			return
		}
		if err := w.ApplyLegal(p.legal[0], p); err != nil {
			return
		}
	}
}

// index finds the action a key names in the real game's legal list.
func (p *mctsPlayer) index(g *engine.Game, legal []engine.Action, key engine.Action) int {
	a, _ := concrete(g, key)
	if i := slices.Index(legal, a); i >= 0 {
		return i
	}
	return 0
}

// iterate is one walk from the root down the tree in world w (a sampled
// copy of the game, changed as it goes), one expansion or leaf evaluation,
// and the backup of its value.
func (p *mctsPlayer) iterate(w *engine.Game, me uint8, startTurn int) {
	x := p.root
	p.path = append(p.path[:0], x)
	// vals is the value of the walk's end for every player, in [0, 1]
	// (mctsvalues.go), so that each node adds the value of the player who
	// moved into it (max^n).
	var vals [engine.MaxPlayers]float64
	leaf := func() {
		if p.roll != nil && w.S.Players() == 2 {
			vals = p.rollValue(w, me, startTurn)
			return
		}
		vals = p.values(w, me)
	}
	for depth := 0; ; depth++ {
		// TurnPlayer, not Player: a leader's moment in the opponent's turn
		// makes me the player to move before my turn comes.
		if w.Over() || depth >= mctsDepth || horizon(w, me, startTurn) {
			leaf()
			break
		}
		p.legal = w.LegalActions(p.legal[:0])
		if len(p.legal) == 0 {
			leaf()
			break
		}
		// A forced action is no decision, and the opponent's discard is
		// made blind to the board by the greedy player too (its choices
		// all score the same): neither gets a node, so the tree spends its
		// iterations where choices differ.
		if len(p.legal) == 1 || (w.Phase == engine.PhaseDiscard && w.Player != me) {
			a := p.legal[0]
			if len(p.legal) > 1 {
				a = p.legal[p.r.Intn(len(p.legal))]
			}
			if err := w.ApplyLegal(a, p); err != nil {
				leaf()
				break
			}
			continue
		}
		if p.nodes[x].count < 0 {
			who := w.Player
			best := p.expand(x, w, p.legal)
			if p.roll != nil && w.S.Players() == 2 && p.nodes[x].count > 0 {
				// tree: the best child's action, then the rollout.
				if a, ok := concrete(w, p.nodes[p.nodes[x].first].key); ok && w.ApplyLegal(a, p) == nil {
					vals = p.rollValue(w, me, startTurn)
					break
				}
			}
			vals = p.expandedValues(x, w, who, me, best)
			break
		}
		c, a, ok := p.selectChild(x, w)
		if !ok {
			leaf()
			break
		}
		if err := w.ApplyLegal(a, p); err != nil {
			leaf()
			break
		}
		x = c
		p.path = append(p.path, x)
	}
	for _, i := range p.path {
		n := &p.nodes[i]
		n.n++
		n.w += vals[n.mover&(engine.MaxPlayers-1)]
	}
}

// selectChild picks by UCB1 among the children node x offers (progressive
// widening) whose actions are legal in w; when none of those is, the first
// legal child beyond the window. It returns the child and its action in w.
func (p *mctsPlayer) selectChild(x int32, w *engine.Game) (int32, engine.Action, bool) {
	nd := p.nodes[x]
	window := min(int(nd.count), mctsWiden+int(math.Sqrt(nd.n)))
	logN := math.Log(nd.n)
	bestC, bestA, bestU := int32(-1), engine.Action{}, -1.0
	for i := int32(0); i < nd.count; i++ {
		if int(i) >= window && bestC >= 0 {
			break
		}
		c := nd.first + i
		a, ok := concrete(w, p.nodes[c].key)
		if !ok || !slices.Contains(p.legal, a) {
			continue
		}
		ch := &p.nodes[c]
		u := ch.w/ch.n + mctsExplore*math.Sqrt(logN/ch.n)
		if u > bestU {
			bestC, bestA, bestU = c, a, u
		}
	}
	return bestC, bestA, bestC >= 0
}

// expand scores every legal action of the player to move in w (a greedy
// pass, on a copy), adds them as children of node x in order of score, and
// returns the best score (a logit): the node's value for the player to
// move.
func (p *mctsPlayer) expand(x int32, w *engine.Game, legal []engine.Action) float64 {
	who := w.Player
	pos := w.PositionKey(false)
	p.cands = p.cands[:0]
	for _, a := range legal {
		if !firstSlot(w, a) {
			continue
		}
		p.copyG = *w
		if err := p.copyG.ApplyLegal(a, p); err != nil {
			continue
		}
		sc := p.logit(&p.copyG, who)
		if a.Kind == engine.KEndTurn {
			sc -= 1e-4 // prefer doing something when it is worth the same
		}
		p.cands = append(p.cands, mctsCand{key: mctsKey(w, a), score: sc, order: len(p.cands), tie: tieRank(p.salt, pos, actionKey(w, a))})
	}
	// Equal scores in the order of their tie ranks (ties.go), then the
	// engine's: a total order lets the unstable sort do it (a stable sort
	// took a tenth of a decision).
	slices.SortFunc(p.cands, func(a, b mctsCand) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		case a.tie != b.tie:
			return cmp.Compare(a.tie, b.tie)
		}
		return a.order - b.order
	})
	first := int32(len(p.nodes))
	for _, c := range p.cands {
		p.nodes = append(p.nodes, mctsNode{key: c.key, mover: who, n: mctsPrior, w: mctsPrior * sigmoid(c.score), count: -1})
	}
	nd := &p.nodes[x]
	nd.first, nd.count = first, int32(len(p.cands))
	if len(p.cands) == 0 {
		return p.logit(w, who)
	}
	return p.cands[0].score
}

// DefaultMCTSBudget is the iterations per decision of "mcts" without a
// budget.
const DefaultMCTSBudget = 32
