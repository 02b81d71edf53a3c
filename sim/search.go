package sim

import (
	"sort"

	"github.com/hexforge/hexforge/engine"
)

// searchPlayer is a determinised Monte Carlo player. It shortlists the
// greedy player's best few actions, then for each one plays short rollouts
// on sampled worlds: the tokens it cannot see (its own deck order, the
// opponent's hand and deck) are dealt at random from what is unseen, its
// action is applied, and both sides continue with the greedy policy until
// the end of the opponent's next turn. It keeps the action with the best
// average outcome. The budget is the number of rollouts per decision, so a
// seed reproduces a game exactly.
type searchPlayer struct {
	greedyPlayer
	budget int
	world  engine.Game
	cands  []candidate
	buf    []engine.Action
}

type candidate struct {
	idx   int
	greed float64
	sum   float64
	n     int
}

// shortlist is how many of the greedy player's best actions are searched.
const shortlist = 4

// rolloutActions caps one rollout's length.
const rolloutActions = 24

func newSearch(seed uint64, res *engine.Resolver, budget int) *searchPlayer {
	return &searchPlayer{greedyPlayer: greedyPlayer{r: newRng(seed), res: res}, budget: budget, buf: make([]engine.Action, 0, 1024)}
}

func (p *searchPlayer) Act(g *engine.Game, legal []engine.Action) int {
	if len(legal) == 1 {
		return 0
	}
	me := g.Player
	p.cands = p.cands[:0]
	for i, a := range legal {
		p.copyG = *g
		if err := p.copyG.ApplyLegal(a, p); err != nil {
			continue
		}
		sc := evaluate(&p.copyG, me, p.res, &p.scratch)
		if a.Kind == engine.KEndTurn {
			sc -= 0.01
		}
		p.cands = append(p.cands, candidate{idx: i, greed: sc})
	}
	if len(p.cands) == 0 {
		return 0
	}
	sort.SliceStable(p.cands, func(i, j int) bool { return p.cands[i].greed > p.cands[j].greed })
	k := min(shortlist, len(p.cands))
	if k == 1 || p.cands[0].greed >= winScore/2 {
		return p.cands[0].idx
	}
	cands := p.cands[:k]
	for i := 0; i < p.budget; i++ {
		c := &cands[i%k]
		c.sum += p.rollout(g, legal[c.idx], me)
		c.n++
	}
	best := 0
	for i := 1; i < k; i++ {
		if cands[i].n > 0 && cands[i].sum/float64(cands[i].n) > cands[best].sum/float64(max(cands[best].n, 1)) {
			best = i
		}
	}
	return cands[best].idx
}

// rollout plays action a on a sampled world and continues greedily to the
// end of the opponent's next turn, returning the evaluation for me.
func (p *searchPlayer) rollout(g *engine.Game, a engine.Action, me uint8) float64 {
	p.world = *g
	determinise(&p.r, &p.world, me)
	if err := p.world.Apply(a, p); err != nil {
		return -winScore
	}
	startTurn := g.Turn
	for n := 0; n < rolloutActions && !p.world.Over(); n++ {
		if p.world.Turn > startTurn+1 || (p.world.Turn == startTurn+1 && p.world.Player == me) {
			break
		}
		p.buf = p.world.LegalActions(p.buf[:0])
		if len(p.buf) == 0 {
			break
		}
		act := p.buf[p.greedyPick(&p.world, p.buf)]
		if err := p.world.ApplyLegal(act, p); err != nil {
			break
		}
	}
	return evaluate(&p.world, me, p.res, &p.scratch)
}

// greedyPick is the greedy policy on a world of the rollout (it must not
// disturb p.world, so it works on p.copyG).
func (p *searchPlayer) greedyPick(w *engine.Game, legal []engine.Action) int {
	who := w.Player
	best, bestScore := 0, -1e18
	for i, a := range legal {
		p.copyG = *w
		if err := p.copyG.ApplyLegal(a, p); err != nil {
			continue
		}
		sc := evaluate(&p.copyG, who, p.res, &p.scratch)
		if a.Kind == engine.KEndTurn {
			sc -= 0.01
		}
		if sc > bestScore {
			best, bestScore = i, sc
		}
	}
	return best
}

// determinise deals the tokens me cannot see at random (from r): its own
// deck is shuffled, and the opponent's hand and deck are refilled from the
// opponent's unseen tokens. Counts stay what a player can see. The search
// and mcts players look ahead in such worlds.
func determinise(r *rng, w *engine.Game, me uint8) {
	shuffle := func(d []uint8) {
		for i := len(d) - 1; i > 0; i-- {
			j := r.intn(i + 1)
			d[i], d[j] = d[j], d[i]
		}
	}
	shuffle(w.Deck[me][:w.DeckLen[me]])
	opp := me ^ 1
	var pool [engine.MaxArmyTokens + engine.MaxHand]uint8
	n := copy(pool[:], w.Deck[opp][:w.DeckLen[opp]])
	n += copy(pool[n:], w.Hand[opp][:w.HandLen[opp]])
	shuffle(pool[:n])
	m := copy(w.Hand[opp][:w.HandLen[opp]], pool[:n])
	copy(w.Deck[opp][:w.DeckLen[opp]], pool[m:n])
}
