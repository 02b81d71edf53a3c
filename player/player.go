package player

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// Player is a computer player. It sees what a human player sees: the board,
// both discard piles, its own hand, the number of tokens left in each deck,
// never the order of a deck or the opponent's hand.
type Player interface {
	// Act returns the index in legal (never empty) of the action to take.
	Act(g *engine.Game, legal []engine.Action) int
	// Choose answers the rules' questions (engine.Decider).
	engine.Decider
}

// Spec names a player and its budget, e.g. "greedy" or "search:200".
type Spec struct {
	Kind   string // random, greedy, search, plan, mcts
	Budget int    // search: playouts per decision; plan: sampled worlds per decision; mcts: iterations per decision
}

// Kinds are the players hexforge has.
var Kinds = []string{"random", "greedy", "search", "plan", "race", "mcts"}

// Parse reads "random", "greedy", "search[:N]", "plan[:N]", "race[:N]" or "mcts[:N]".
func Parse(s string) (Spec, error) {
	kind, budget, hasBudget := strings.Cut(strings.ToLower(strings.TrimSpace(s)), ":")
	spec := Spec{Kind: kind}
	switch kind {
	case "random", "greedy":
		if hasBudget {
			return spec, fmt.Errorf("player %q takes no budget", kind)
		}
	case "search":
		spec.Budget = 64
		if hasBudget {
			n, err := strconv.Atoi(budget)
			if err != nil || n < 1 || n > 1_000_000 {
				return spec, fmt.Errorf("search budget %q: want playouts per decision, 1 to 1000000", budget)
			}
			spec.Budget = n
		}
	case "plan":
		spec.Budget = DefaultPlanWorlds
		if hasBudget {
			n, err := strconv.Atoi(budget)
			if err != nil || n < 1 || n > 1_000_000 {
				return spec, fmt.Errorf("plan budget %q: want sampled worlds per decision, 1 to 1000000", budget)
			}
			spec.Budget = n
		}
	case "race":
		spec.Budget = DefaultRaceWorlds
		if hasBudget {
			n, err := strconv.Atoi(budget)
			if err != nil || n < 1 || n > 1_000_000 {
				return spec, fmt.Errorf("race budget %q: want at most this many sampled worlds per decision, 1 to 1000000", budget)
			}
			spec.Budget = n
		}
	case "mcts":
		spec.Budget = DefaultMCTSBudget
		if hasBudget {
			n, err := strconv.Atoi(budget)
			if err != nil || n < 1 || n > 1_000_000 {
				return spec, fmt.Errorf("mcts budget %q: want iterations per decision, 1 to 1000000", budget)
			}
			spec.Budget = n
		}
	default:
		return spec, fmt.Errorf("unknown player %q: use random, greedy, search[:playouts], plan[:worlds], race[:worlds] or mcts[:iterations]", s)
	}
	return spec, nil
}

func (p Spec) String() string {
	if p.Kind == "search" || p.Kind == "plan" || p.Kind == "race" || p.Kind == "mcts" {
		return fmt.Sprintf("%s:%d", p.Kind, p.Budget)
	}
	return p.Kind
}

// New makes a player for one game and seat. Everything random it does flows
// from seed.
func (p Spec) New(seed uint64, res *engine.Resolver) Player {
	if kind, ok := strings.CutSuffix(p.Kind, allFacings); ok {
		pl := Spec{Kind: kind, Budget: p.Budget}.New(seed, res)
		switch x := pl.(type) {
		case *greedyPlayer:
			x.allFacings = true
		case *searchPlayer:
			x.allFacings = true
		}
		return pl
	}
	switch p.Kind {
	case "greedy":
		return newGreedy(seed, res)
	case "search":
		return newSearch(seed, res, p.Budget)
	case "plan":
		return newPlan(seed, res, p.Budget)
	case "race":
		return newRace(seed, res, p.Budget)
	case "mcts":
		return newMCTS(seed, res, p.Budget)
	}
	return newRandom(seed)
}

// DefaultPlanWorlds is the sampled worlds per decision of "plan" without a
// budget.
const DefaultPlanWorlds = 4

// Default is the player of sim, importance, sweep, watch and serve
// unless --players says otherwise: the cheapest setting whose round robin
// of the eight embedded armies agrees with a four times stronger one, and
// at least as strong as search:64 (the evidence, with its commands, is in
// docs/players.md).
const Default = "race:8"

// Strong is the strongest setting hexforge measures against: four
// times the default's budget. The ladder's top level; the default's round
// robin is checked against its round robin (docs/players.md).
const Strong = "race:32"

// Rand is a small seeded generator with a uniform Intn. The players draw
// from it, and sim shuffles the decks with it, so that a seed reproduces a
// game.
type Rand struct{ pcg rand.PCG }

// NewRand returns the generator of seed.
func NewRand(seed uint64) Rand {
	var r Rand
	r.pcg.Seed(seed, seed^0x853c49e6748fea9b)
	return r
}

// Intn is uniform in [0, n).
func (r *Rand) Intn(n int) int {
	hi, _ := bits.Mul64(r.pcg.Uint64(), uint64(n))
	return int(hi)
}

// randomPlayer picks uniformly among legal actions: a baseline and a fuzzer.
type randomPlayer struct{ r Rand }

func newRandom(seed uint64) *randomPlayer { return &randomPlayer{r: NewRand(seed)} }

func (p *randomPlayer) Act(_ *engine.Game, legal []engine.Action) int { return p.r.Intn(len(legal)) }

func (p *randomPlayer) Choose(_ *engine.State, _ uint8, _ engine.Question, options []engine.Option) int {
	return p.r.Intn(len(options))
}

// Evaluation weights: an HQ point is worth more than a unit, since HQ points
// decide the game; a unit's worth grows with its toughness and attacks.
const (
	hqWeight  = 4.0
	winScore  = 10000.0
	unitFloor = 1.0
	// energyWeight, the worth of an energy point on a board with an
	// energy track (the Duel board), is fitted to self-play outcomes
	// (energy_weight.go, TestRefitEnergy). Other boards never count it.
)

// unitValue is a rough worth of a token on the board, used by the
// evaluation: one point, plus its attack strength and extra toughness, plus
// one for each link effect.
func unitValue(t *rules.Token) float64 {
	if t.Kind == rules.HQ {
		return 0
	}
	v := unitFloor + 0.5*float64(t.Toughness-1) + 0.5*float64(len(t.Effects))
	for _, e := range t.Edges {
		v += 0.35 * float64(e.Melee+e.Ranged)
		if e.Flags&rules.Net != 0 {
			v += 0.5
		}
	}
	v += 0.2 * float64(len(t.Initiative))
	return v
}

// evaluate scores a game position for player me: a finished game is won or
// lost; otherwise the position after a hypothetical battle now, counting HQ
// points and the worth of the units left.
func evaluate(g *engine.Game, me uint8, res *engine.Resolver, scratch *engine.State) float64 {
	return evaluateWith(g, me, res, scratch, nil)
}

// unitValues is unitValue of every token type of a pair of armies, worked
// out once per game instead of once per unit per evaluation.
type unitValues struct {
	armies [engine.MaxPlayers]*rules.Army
	v      [2][engine.MaxArmyTokens]float64
	// more are players 3 and 4's values, allocated only for a game of more
	// than two players: a greedy player of a two-player game stays as small
	// as it was.
	more *[engine.MaxPlayers - 2][engine.MaxArmyTokens]float64
}

// value is the worth of player o's token type i.
func (t *unitValues) value(o, i uint8) float64 {
	if o < 2 {
		return t.v[o][i&(engine.MaxArmyTokens-1)]
	}
	return t.more[(o-2)&1][i&(engine.MaxArmyTokens-1)]
}

// of returns the table for armies, filling it when they changed.
func (t *unitValues) of(armies [engine.MaxPlayers]*rules.Army) *unitValues {
	if t.armies != armies {
		t.armies = armies
		for o, a := range armies {
			if a == nil {
				continue
			}
			row := &t.v[o&1]
			if o >= 2 {
				if t.more == nil {
					t.more = new([engine.MaxPlayers - 2][engine.MaxArmyTokens]float64)
				}
				row = &t.more[o-2]
			}
			for i := range a.Tokens {
				if i < engine.MaxArmyTokens {
					row[i] = unitValue(&a.Tokens[i])
				}
			}
		}
	}
	return t
}

// evaluateWith is evaluate, reading the units' worth from vals when it is
// not nil (the same numbers, so the same scores bit for bit).
func evaluateWith(g *engine.Game, me uint8, res *engine.Resolver, scratch *engine.State, vals *unitValues) float64 {
	if g.S.N > 2 {
		return evaluateN(g, me, res, scratch, vals) // multieval.go
	}
	if g.Over() {
		switch {
		case g.Result == engine.Draw:
			return 0
		case (g.Result == engine.Win1) == (me == 0):
			return winScore
		default:
			return -winScore
		}
	}
	*scratch = g.S
	if scratch.HQ[0] != engine.NoHex && scratch.HQ[1] != engine.NoHex {
		res.Resolve(scratch, engine.FirstOption{}, nil)
	}
	s := scratch
	mine, theirs := s.HQPoints(me), s.HQPoints(me^1)
	score := hqWeight * float64(mine-theirs)
	for h := 0; h < s.Board.Size; h++ {
		u := s.Cells[h].Unit
		if u.Empty() {
			continue
		}
		var v float64
		if vals != nil && int(u.Token) < engine.MaxArmyTokens {
			v = vals.v[u.Owner&1][u.Token]
		} else {
			v = unitValue(s.Tok(u))
		}
		if u.Controller() == me {
			score += v
		} else {
			score -= v
		}
	}
	if s.Board.Duel {
		score += energyWeight * (float64(g.Energy[me]) - float64(g.Energy[me^1]))
	}
	if theirs == 0 && mine > 0 {
		score += winScore / 2
	}
	if mine == 0 {
		score -= winScore / 2
	}
	return score
}

// greedyPlayer looks one action ahead: it tries every legal action on a copy
// of the game and keeps the one whose position scores best after a
// hypothetical battle. Ties are broken at random.
type greedyPlayer struct {
	r       Rand
	res     *engine.Resolver
	scratch engine.State
	copyG   engine.Game
	same    boardScore // the score of the board as it stands, for actions that leave it so
	vals    unitValues // the worth of each token type of the game's armies
	// allFacings scores every placement of a Structure, as before
	// scoreStructureRun (the kind's allFacings suffix, for tests).
	allFacings bool
	runs       []structRun // the runs of Structure placements of a decision
}

// boardScore remembers the evaluation of one board for one player. The
// evaluation of a game that is not over depends on its board alone (the
// units, foundations and HQs: it is the battle that would follow), so the
// actions that leave the board as it was (a discard, keeping a token, an
// end of turn that starts no battle) share one hypothetical battle, and so
// do the decisions of a turn until a token reaches the board.
type boardScore struct {
	ok    bool
	me    uint8
	cells [engine.MaxHexes]engine.Cell
	hq    [engine.MaxPlayers]engine.Hex
	// energy: on the Duel board the evaluation counts it too, and buying
	// it leaves the board as it was.
	energy [engine.MaxPlayers]uint8
	score  float64
}

func newGreedy(seed uint64, res *engine.Resolver) *greedyPlayer {
	return &greedyPlayer{r: NewRand(seed), res: res}
}

func (p *greedyPlayer) Act(g *engine.Game, legal []engine.Action) int {
	if len(legal) == 1 {
		return 0
	}
	me := g.Player
	best, bestScore, ties := 0, -1e18, 0
	if p.same.ok && (p.same.me != me || p.same.cells != g.S.Cells || p.same.hq != g.S.HQ || p.same.energy != g.Energy) {
		p.same.ok = false
	}
	vals := p.vals.of(g.S.Armies)
	p.runs = p.runs[:0]
	for i := 0; i < len(legal); i++ {
		if !p.allFacings && legal[i].Kind == engine.KStructure {
			j := structureRun(legal, i)
			best, bestScore, ties = p.structures(g, legal, i, j, vals, best, bestScore, ties)
			i = j - 1
			continue
		}
		sc, ok := p.score(g, legal[i], vals)
		if !ok {
			continue
		}
		switch {
		case sc > bestScore+1e-9:
			best, bestScore, ties = i, sc, 1
		case sc > bestScore-1e-9:
			ties++
			if p.r.Intn(ties) == 0 {
				best = i
			}
		}
	}
	if len(p.runs) > 0 {
		best, _, _ = p.structures(g, legal, -1, 0, vals, best, bestScore, ties)
	}
	return best
}

// score is the evaluation after action a in g for the player to move, and
// whether a could be played.
func (p *greedyPlayer) score(g *engine.Game, a engine.Action, vals *unitValues) (float64, bool) {
	me := g.Player
	p.copyG = *g
	if err := p.copyG.ApplyLegal(a, p); err != nil {
		return 0, false
	}
	var sc float64
	if !p.copyG.Over() && p.copyG.S.Cells == g.S.Cells && p.copyG.S.HQ == g.S.HQ && p.copyG.Energy == g.Energy {
		if !p.same.ok {
			p.same = boardScore{ok: true, me: me, cells: g.S.Cells, hq: g.S.HQ, energy: g.Energy, score: evaluateWith(&p.copyG, me, p.res, &p.scratch, vals)}
		}
		sc = p.same.score
	} else {
		sc = evaluateWith(&p.copyG, me, p.res, &p.scratch, vals)
	}
	if a.Kind == engine.KEndTurn {
		sc -= 0.01 // prefer doing something when it is worth the same
	}
	return sc, true
}

// structures is Act's choice among one run of Structure placements,
// legal[i:j], scored as scoreStructureRun picks them, against the best so
// far; the run goes to p.runs. With i < 0 it is the choice among the
// placements refineStructures adds for p.runs.
func (p *greedyPlayer) structures(g *engine.Game, legal []engine.Action, i, j int, vals *unitValues, best int, bestScore float64, ties int) (int, float64, int) {
	score := func(k int) (float64, bool) { return p.score(g, legal[k], vals) }
	seen := func(k int, sc float64) {
		switch {
		case sc > bestScore+1e-9:
			best, bestScore, ties = k, sc, 1
		case sc > bestScore-1e-9:
			ties++
			if p.r.Intn(ties) == 0 {
				best = k
			}
		}
	}
	if i < 0 {
		refineStructures(legal, p.runs, score, seen)
	} else if r, ok := scoreStructureRun(legal, i, j, score, seen); ok {
		p.runs = addRun(p.runs, r)
	}
	return best, bestScore, ties
}

// Choose answers a rule question (where a pushed unit goes, which attack a
// medic takes, ...) with the engine's first option. Questions arise in the
// middle of an action, where a copy-and-try lookahead is not available.
// Whether to use a battle ability instead of attacking is answered as the
// battle calculator does (OwnerBest): the first option always attacks, so a
// unit that blows up would never do it. Whether to convert an attack
// likewise (the first option never converts). A unit just taken over is
// turned as OwnerBest does: towards the most enemy attack strength.
func (p *greedyPlayer) Choose(s *engine.State, pl uint8, q engine.Question, options []engine.Option) int {
	if q == engine.QExplode || q == engine.QConvert || q == engine.QTakeoverFacing {
		return engine.OwnerBest{}.Choose(s, pl, q, options)
	}
	return 0
}
