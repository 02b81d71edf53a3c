package player

import (
	"cmp"
	"slices"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// searchPlayer is a determinised Monte Carlo player. It shortlists the
// greedy player's best few actions, then for each one plays short rollouts
// on sampled worlds: the tokens it cannot see (its own deck order, the
// opponent's hand and deck) are dealt at random from what is unseen, its
// action is applied, and both sides continue with the greedy policy until
// the end of the opponent's next turn. It keeps the action with the best
// average outcome. The budget is the number of rollouts per decision, so a
// seed reproduces a game exactly.
//
// The plan player is the same machinery with three changes that make it
// both stronger and cheaper (docs/players.md): every candidate is played
// out on the same sampled worlds (common random numbers), so candidates
// are compared on the same draws; a rollout stops after the opponent's
// first reply (a token played or an ability used), which is what an
// action has to survive, and the cost saved buys more worlds; and the
// budget counts worlds, each candidate playing in every one.
type searchPlayer struct {
	greedyPlayer
	budget int
	world  engine.Game
	cands  []candidate
	buf    []engine.Action

	// Caches of the greedy policy's work (memo.go): the score of an action
	// in a position, and the greedy choice in a position with a given hand.
	// Rollouts repeat both: the rest of the player's own turn is the same
	// in every sampled world, and the opponent's tokens come from one pool.
	// Both are pure functions of their keys, so the player decides exactly
	// as without them, only faster.
	*memos

	// worlds > 0 makes the plan player: the candidates are played out on
	// the same worlds (common random numbers), worlds of them each.
	worlds int
	wr     Rand

	// raceWorlds > 0 makes the race player (race.go): at most that many
	// worlds, candidates dropped once clearly behind.
	raceWorlds int
	raceZ      float64
	raceVals   []float64

	// oneFacing makes the quick player (quick.go): of the placements of a
	// token on a hex only the facing facingProxy prefers is scored, at the
	// root and in the rollouts.
	oneFacing bool

	rollouts int // rollouts played, for the tests of what the budget buys

	calm calmCache // calmScore's

	// salt orders equal scores (ties.go).
	salt uint64
}

type candidate struct {
	idx   int
	greed float64
	sum   float64
	n     int
	tie   uint64 // the rank among equal scores (ties.go)
}

// shortlist is how many of the greedy player's best actions are searched.
const shortlist = 4

// rolloutActions caps one rollout's length.
const rolloutActions = 24

// newPlan makes the plan player: the search player's shortlist played out
// on the same worlds, worlds of them.
func newPlan(seed uint64, res *engine.Resolver, worlds int) *searchPlayer {
	p := newSearch(seed, res, worlds*shortlist)
	p.worlds = worlds
	return p
}

func newSearch(seed uint64, res *engine.Resolver, budget int) *searchPlayer {
	p := &searchPlayer{
		greedyPlayer: greedyPlayer{r: NewRand(seed), res: res},
		budget:       budget,
		buf:          make([]engine.Action, 0, 1024),
		memos:        getMemos(),
		salt:         tieSalt(seed),
	}
	p.vals.more = &p.memos.more
	return p
}

// release gives the caches back for another game.
func (p *searchPlayer) release() {
	if p.memos != nil {
		memoPool.Put(p.memos)
		p.memos = nil
		p.vals = unitValues{} // its rows of players 3 and 4 went with the memos
	}
}

// score is evaluate of the position after action a in g for the player to
// move (failed when a cannot be applied), looked up in the memo when g's
// position (pos, its PositionKey without the hand) was met before.
func (p *searchPlayer) score(g *engine.Game, pos uint64, a engine.Action) float64 {
	if p.memos == nil { // released, or TestMemosKeepDecisions's reference
		p.copyG = *g
		if err := p.copyG.ApplyLegal(a, p); err != nil {
			return failed
		}
		return evaluate(&p.copyG, g.Player, p.res, &p.scratch, nil)
	}
	k := engine.MixKey(pos, actionKey(g, a))
	if sc, ok := p.scores.get(k); ok {
		return sc
	}
	sc := failed
	if g.PlacedBoard(a, &p.scratch) {
		// A placement that only puts its token down (most of what the
		// player tries): its board, without copying the game and applying
		// the action to the copy; the rest of what evaluate reads is g's.
		var ok bool
		if sc, ok = p.calmScore(g, pos, engine.NoHex, a.Hex); !ok {
			sc = p.boardScore(g, g, &p.scratch)
		}
	} else if to, moved := g.MovedBoard(a, &p.scratch); moved {
		// A unit's plain move or turn, the same way.
		var ok bool
		if sc, ok = p.calmScore(g, pos, a.Hex, to); !ok {
			sc = p.boardScore(g, g, &p.scratch)
		}
	} else if g.DiscardedBoard(a, &p.scratch) {
		sc = p.boardScore(g, g, &p.scratch)
	} else if p.copyG = *g; p.copyG.ApplyLegal(a, p) == nil {
		sc = p.boardScore(g, &p.copyG, nil)
	}
	p.scores.put(k, sc)
	return sc
}

// calmScore is the evaluation, for the player to move in g, of a plain
// placement or move whose board PlacedBoard or MovedBoard left in
// p.scratch, the unit standing on to (it stood on from, or from is NoHex
// for a placement), when that unit is calm (engine.Calm: it takes no part
// in the battle): the outcome of g's board without the unit, worked out
// once for the position (pos) and from, with the unit put down on it is
// the board the battle would leave, and its score is the one evaluate
// gives, bit for bit, without a battle of its own. It reports false when
// the unit is not calm.
func (p *searchPlayer) calmScore(g *engine.Game, pos uint64, from, to engine.Hex) (float64, bool) {
	if g.Turn == 0 { // set-up: evaluate resolves no battle
		return 0, false
	}
	c := &p.calm
	if !c.known || c.pos != pos || c.from != from {
		c.pos, c.from, c.known, c.resolved = pos, from, true, false
		c.pre = g.S
		if from != engine.NoHex {
			if g.S.Tok(g.S.Cells[from].Unit).Kind == rules.HQ {
				// Without its HQ the board is not one evaluate knows.
				c.of = engine.Calm{}
				return 0, false
			}
			c.pre.Cells[from].Unit = engine.Piece{Token: engine.NoToken}
		}
		p.res.CalmOf(&c.pre, &c.of)
	}
	u := p.scratch.Cells[to].Unit
	if !c.of.Placed(&c.pre, to, u) {
		return 0, false
	}
	if !c.resolved {
		c.board = c.pre
		p.res.Outcome(&c.board)
		c.resolved = true
	}
	empty := c.board.Cells[to].Unit // the battle leaves the hex empty
	c.board.Cells[to].Unit = u
	sc := scoreBoard(g, g.Player, &c.board, p.vals.of(g.S.Armies))
	c.board.Cells[to].Unit = empty
	return sc, true
}

// calmCache is what calmScore keeps of the last position and mover it was
// asked about: the board without the mover, where a unit placed on it is
// calm, and its outcome.
type calmCache struct {
	pos             uint64     // the position's PositionKey without the hand
	from            engine.Hex // the mover's hex (NoHex for placements)
	known, resolved bool       // pre and of are worked out; board is the outcome
	pre, board      engine.State
	of              engine.Calm
}

// boardScore is the evaluation, for the player to move in g, of the game
// after (g after an action) or, when board is not nil, of after with its
// board replaced by *board (which it resolves in place). Different
// actions often lead to the same board (every discard, ending the turn, a
// move and its way back): its evaluation is looked up by the board alone,
// with what else evaluate reads: whether the game is over and its result,
// whether set-up is over (Turn > 0) and the energy of a Duel board. Not
// the phase, which evaluate does not read: the board after a discard (play
// phase) and after ending the turn (the next player's draw) is one
// evaluation, not two.
func (p *searchPlayer) boardScore(g, after *engine.Game, board *engine.State) float64 {
	s := &after.S
	if board != nil {
		s = board
	}
	e := after.Energy
	bk := engine.MixKey(s.StateKey(), uint64(g.Player)|uint64(after.Result)<<8|b2u(after.Over())<<16|b2u(after.Turn > 0)<<17|uint64(e[0])<<24|uint64(e[1])<<32)
	sc, ok := p.boards.get(bk)
	if !ok {
		if board != nil {
			sc = evaluateBoard(after, g.Player, p.res, board, p.vals.of(g.S.Armies))
		} else {
			sc = evaluate(after, g.Player, p.res, &p.scratch, p.vals.of(g.S.Armies))
		}
		p.boards.put(bk, sc)
	}
	return sc
}

// scoreCandidates scores every legal action as the greedy player does into
// p.cands, in the engine's order, ending the turn losing ties against doing
// something; with runs, a structure's placements are scored as runs
// (structures) instead of one by one. search, fit and wide shortlist from it.
func (p *searchPlayer) scoreCandidates(g *engine.Game, legal []engine.Action, runs bool) {
	p.cands = p.cands[:0]
	p.runs = p.runs[:0]
	pos := g.PositionKey(false)
	for i := 0; i < len(legal); i++ {
		a := legal[i]
		if runs && a.Kind == engine.KStructure {
			j := structureRun(legal, i)
			p.structures(g, pos, legal, i, j)
			i = j - 1
			continue
		}
		idx := i
		if p.oneFacing && a.Kind == engine.KPlace {
			var j int
			idx, j = placeRun(g, legal, i, p.salt, pos)
			a, i = legal[idx], j-1
		}
		sc := p.score(g, pos, a)
		if sc == failed {
			continue
		}
		if a.Kind == engine.KEndTurn {
			sc -= 0.01
		}
		p.cands = append(p.cands, candidate{idx: idx, greed: sc, tie: tieRank(p.salt, pos, actionKey(g, a))})
	}
	if len(p.runs) > 0 {
		p.structures(g, pos, legal, -1, 0)
	}
}

// rankCandidates leaves in p.cands every legal action scored as the greedy
// player scores it (structures in runs unless the player weighs every
// facing), best first, equal scores in the order of their tie ranks
// (ties.go), not the engine's; slices' sort allocates nothing
// (sort.SliceStable did, every decision). It reports whether any action
// could be scored. search, plan, race and fit shortlist from it.
func (p *searchPlayer) rankCandidates(g *engine.Game, legal []engine.Action) bool {
	p.scoreCandidates(g, legal, !p.allFacings)
	slices.SortFunc(p.cands, byScore)
	return len(p.cands) > 0
}

// byScore orders candidates best first, equal scores by their tie rank
// (ties.go): a total order, so the sort is deterministic.
func byScore(a, b candidate) int {
	if c := cmp.Compare(b.greed, a.greed); c != 0 {
		return c
	}
	if c := cmp.Compare(a.tie, b.tie); c != 0 {
		return c
	}
	return cmp.Compare(a.idx, b.idx)
}

func (p *searchPlayer) Act(g *engine.Game, legal []engine.Action) int {
	if len(legal) == 1 {
		return 0
	}
	me := g.Player
	if !p.rankCandidates(g, legal) {
		return 0
	}
	sl := shortlist
	if p.raceWorlds > 0 { // race and quick
		sl = raceShortlist
	}
	k := min(sl, len(p.cands))
	if k == 1 || p.cands[0].greed >= winScore/2 {
		return p.cands[0].idx
	}
	cands := p.cands[:k]
	if p.raceWorlds > 0 {
		return cands[p.race(g, legal, cands, me, p.r.pcg.Uint64())].idx
	}
	if p.worlds > 0 {
		// Common random numbers: every candidate is played out on the
		// same sampled worlds, so the difference between two candidates
		// is the actions', not the luck of two different draws. Against
		// search:64 this took 16 rollouts from 40% to 54% (docs/players.md).
		base := p.r.pcg.Uint64()
		for w := 0; w < p.worlds; w++ {
			for i := range cands {
				p.wr = NewRand(base + uint64(w))
				cands[i].sum += p.rollout(g, legal[cands[i].idx], me, &p.wr)
				cands[i].n++
			}
		}
	} else {
		for i := 0; i < p.budget; i++ {
			c := &cands[i%k]
			c.sum += p.rollout(g, legal[c.idx], me, &p.r)
			c.n++
		}
	}
	best := 0
	for i := 1; i < k; i++ {
		if cands[i].n > 0 && cands[i].sum/float64(cands[i].n) > cands[best].sum/float64(max(cands[best].n, 1)) {
			best = i
		}
	}
	return cands[best].idx
}

// structures adds the candidates of one run of Structure placements,
// legal[i:j], scored as scoreStructureRun picks them; the run goes to
// p.runs. With i < 0 it adds those refineStructures adds for p.runs.
func (p *searchPlayer) structures(g *engine.Game, pos uint64, legal []engine.Action, i, j int) {
	score := func(k int) (float64, bool) {
		sc := p.score(g, pos, legal[k])
		return sc, sc != failed
	}
	seen := func(k int, sc float64) {
		p.cands = append(p.cands, candidate{idx: k, greed: sc, tie: tieRank(p.salt, pos, actionKey(g, legal[k]))})
	}
	if i < 0 {
		refineStructures(legal, p.runs, score, seen)
	} else if r, ok := scoreStructureRun(legal, i, j, score, seen); ok {
		p.runs = addRun(p.runs, r)
	}
}

// bestStructure is greedyPick's choice among one run of Structure
// placements, legal[i:j], scored as scoreStructureRun picks them, against
// the best so far; the run goes to p.runs. With i < 0 it is the choice
// among the placements refineStructures adds for p.runs.
func (p *searchPlayer) bestStructure(w *engine.Game, pos uint64, legal []engine.Action, i, j int, best int, bestScore float64) (int, float64) {
	score := func(k int) (float64, bool) {
		sc := p.score(w, pos, legal[k])
		return sc, sc != failed
	}
	seen := func(k int, sc float64) {
		if sc > bestScore {
			best, bestScore = k, sc
		}
	}
	if i < 0 {
		refineStructures(legal, p.runs, score, seen)
	} else if r, ok := scoreStructureRun(legal, i, j, score, seen); ok {
		p.runs = addRun(p.runs, r)
	}
	return best, bestScore
}

// rollout plays action a on a world sampled from r and continues greedily
// to the end of the opponent's next turn, returning the evaluation for me.
func (p *searchPlayer) rollout(g *engine.Game, a engine.Action, me uint8, r *Rand) float64 {
	p.rollouts++
	p.world = *g
	deal(r, &p.world, me)
	if err := p.world.Apply(a, p); err != nil {
		return -winScore
	}
	startTurn := g.Turn
	oppPlays := 0
	for n := 0; n < rolloutActions && !p.world.Over(); n++ {
		if p.world.Turn > startTurn+1 || (p.world.Turn == startTurn+1 && p.world.TurnPlayer() == me) {
			break
		}
		if p.worlds > 0 && oppPlays > 0 && p.world.Player != me && p.world.Phase == engine.PhasePlay {
			// The plan player stops at the opponent's first reply: the
			// position after it is what an action has to survive, and the
			// cost saved buys more worlds (docs/players.md).
			break
		}
		p.buf = p.world.LegalActions(p.buf[:0])
		if len(p.buf) == 0 {
			break
		}
		act := p.buf[p.greedyPick(&p.world, p.buf)]
		if p.world.Player != me && (act.Kind == engine.KPlace || act.Kind == engine.KInstant || act.Kind == engine.KAbility) {
			oppPlays++
		}
		if err := p.world.ApplyLegal(act, p); err != nil {
			break
		}
	}
	return evaluate(&p.world, me, p.res, &p.scratch, p.vals.of(g.S.Armies))
}

// greedyStep plays the greedy choice in w (the rollouts of deep and
// tree); false when w offers no action or the choice fails.
func (p *searchPlayer) greedyStep(w *engine.Game) bool {
	p.buf = w.LegalActions(p.buf[:0])
	if len(p.buf) == 0 {
		return false
	}
	return w.ApplyLegal(p.buf[p.greedyPick(w, p.buf)], p) == nil
}

// greedyPick is the greedy policy on a world of the rollout (it must not
// disturb p.world, so it works on p.copyG).
func (p *searchPlayer) greedyPick(w *engine.Game, legal []engine.Action) int {
	if len(legal) == 1 {
		// The only action is the choice, whatever it scores: a fifth of
		// a rollout's picks (ending a turn with nothing left to play, a
		// draw), each of which would hash the position and try the action.
		return 0
	}
	// The legal list, in order, is a function of the position with the
	// hand of the player to move, so the choice is too.
	var pos, dk uint64
	if p.memos != nil {
		pos, dk = w.PositionKeys() // one pass for both keys
		if i, ok := p.choices.get(dk); ok {
			return int(i)
		}
	} else {
		pos = w.PositionKey(false)
	}
	best, bestScore := 0, -1e18
	var bestTie uint64 // the tie rank of best, once an equal score met it
	tied := false
	p.runs = p.runs[:0]
	for i := 0; i < len(legal); i++ {
		a := legal[i]
		if !p.allFacings && a.Kind == engine.KStructure {
			j := structureRun(legal, i)
			best, bestScore = p.bestStructure(w, pos, legal, i, j, best, bestScore)
			i = j - 1
			continue
		}
		idx := i
		if p.oneFacing && a.Kind == engine.KPlace {
			var j int
			idx, j = placeRun(w, legal, i, p.salt, pos)
			a, i = legal[idx], j-1
		}
		sc := p.score(w, pos, a)
		if sc == failed {
			continue
		}
		if a.Kind == engine.KEndTurn {
			sc -= 0.01
		}
		switch {
		case sc > bestScore:
			best, bestScore, tied = idx, sc, false
		case sc == bestScore:
			// Equal scores: the lower tie rank (ties.go), worked out only
			// when two scores meet.
			if !tied {
				bestTie, tied = tieRank(p.salt, pos, actionKey(w, legal[best])), true
			}
			if t := tieRank(p.salt, pos, actionKey(w, a)); t < bestTie {
				best, bestTie = idx, t
			}
		}
	}
	if len(p.runs) > 0 {
		best, _ = p.bestStructure(w, pos, legal, -1, 0, best, bestScore)
	}
	if p.memos != nil {
		p.choices.put(dk, int32(best))
	}
	return best
}

// determinise deals the tokens me cannot see at random (from r): its own
// deck is shuffled, and every other player's hand and deck are refilled
// from that player's unseen tokens. Counts stay what a player can see. The search
// and mcts players look ahead in such worlds.
func determinise(r *Rand, w *engine.Game, me uint8) {
	shuffle := func(d []uint8) {
		for i := len(d) - 1; i > 0; i-- {
			j := r.Intn(i + 1)
			d[i], d[j] = d[j], d[i]
		}
	}
	shuffle(w.Deck[me][:w.DeckLen[me]])
	// Every other player's hand and deck, in seat order after me (in a
	// two-player game the one opponent, so its draws are as before).
	n := uint8(w.S.Players())
	for k := uint8(1); k < n; k++ {
		opp := (me + k) % n
		var pool [engine.MaxArmyTokens + engine.MaxHand]uint8
		n := copy(pool[:], w.Deck[opp][:w.DeckLen[opp]])
		n += copy(pool[n:], w.Hand[opp][:w.HandLen[opp]])
		shuffle(pool[:n])
		m := copy(w.Hand[opp][:w.HandLen[opp]], pool[:n])
		copy(w.Deck[opp][:w.DeckLen[opp]], pool[m:n])
	}
}

// deal samples the world a searching player plays on: determinise. It is a
// variable for TestPlayersSeeNoHiddenTokens alone, which deals from the
// hidden tokens sorted, so that two games differing only in what a player
// cannot see give it the same worlds and so, if it reads nothing hidden
// elsewhere, the same decision.
var deal = determinise
