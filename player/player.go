package player

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/engine"
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

// Seats are a game's players, seat by seat. As an engine.Decider they
// route each rule question to the player it is asked of.
type Seats []Player

// Choose asks the player of seat p.
func (s Seats) Choose(st *engine.State, p uint8, q engine.Question, opts []engine.Option) int {
	return s[p].Choose(st, p, q, opts)
}

// Kind is a kind of computer player.
type Kind uint8

// The kinds of player (docs/players.md).
const (
	Random Kind = iota // uniformly among the legal actions
	Greedy             // the best action by the evaluation, one action ahead
	Search             // the greedy shortlist played out on sampled worlds
	Plan               // search on shared worlds, to the opponent's first reply
	Race               // plan's worlds spent where a decision is close
	MCTS               // Monte Carlo tree search
	Wide               // race on a wider, varied shortlist, surer before it drops a move
	Fit                // greedy's close calls played out to the end of the turn, scored by a fitted evaluation
	Quick              // race scoring one facing of each token on each hex
	Threat             // fit with the threat evaluation at its leaves
	Deep               // wide looking to the end of its own next turn, both battles weighed
	Tree               // mcts valuing a walk's end by a rollout to the end of its own next turn, both turns weighed
)

// kinds are each kind's name, its budget when none is given (0: it takes
// none) and what the budget counts.
var kinds = [...]struct {
	name   string
	budget int
	counts string
}{
	Random: {"random", 0, ""},
	Greedy: {"greedy", 0, ""},
	Search: {"search", 64, "playouts per decision"},
	Plan:   {"plan", DefaultPlanWorlds, "sampled worlds per decision"},
	Race:   {"race", DefaultRaceWorlds, "at most this many sampled worlds per decision"},
	MCTS:   {"mcts", DefaultMCTSBudget, "iterations per decision"},
	Wide:   {"wide", DefaultWideWorlds, "at most this many sampled worlds per decision"},
	Fit:    {"fit", DefaultFitWorlds, "sampled worlds per decision"},
	Quick:  {"quick", DefaultQuickWorlds, "at most this many sampled worlds per decision"},
	Threat: {"threat", DefaultFitWorlds, "sampled worlds per decision"},
	Deep:   {"deep", DefaultDeepWorlds, "at most this many sampled worlds per decision"},
	Tree:   {"tree", DefaultTreeBudget, "iterations per decision"},
}

func (k Kind) String() string {
	if int(k) < len(kinds) {
		return kinds[k].name
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Spec names a player and its budget, e.g. "greedy" or "search:200".
type Spec struct {
	Kind   Kind
	Budget int // search: playouts per decision; plan, fit, threat: sampled worlds per decision; race, wide, quick, deep: at most that many; mcts, tree: iterations per decision
	// allFacings makes a greedy or searching player score every placement
	// of a Structure, as before scoreStructureRun: the old logic, kept for
	// TestStructureFacingsStrength's games against the new. Parse never
	// sets it.
	allFacings bool
}

// ParsePair reads a command's --players: one player for both sides, or
// A,B.
func ParsePair(s string) ([2]Spec, error) {
	var specs [2]Spec
	parts := strings.Split(s, ",")
	if len(parts) > 2 {
		return specs, fmt.Errorf("--players %q: give one player for both sides or two separated by a comma", s)
	}
	for i := range specs {
		p, err := Parse(parts[min(i, len(parts)-1)])
		if err != nil {
			return specs, err
		}
		specs[i] = p
	}
	return specs, nil
}

// ParseLevels reads a ladder's --levels: players separated by commas,
// weakest first.
func ParseLevels(s string) ([]Spec, error) {
	var out []Spec
	for _, lv := range strings.Split(s, ",") {
		p, err := Parse(lv)
		if err != nil {
			return nil, fmt.Errorf("--levels %q: %w", s, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// Names are the kinds of player by name, in the order of Usage.
func Names() []string {
	var out []string
	for _, k := range kinds {
		out = append(out, k.name)
	}
	return out
}

// Usage lists the players a --players or --levels flag takes, from the
// kinds table ("random, greedy, search[:playouts], ... or tree[:iterations]"):
// a new kind is a row there and nothing else.
var Usage = usage()

func usage() string {
	var out []string
	for _, k := range kinds {
		if k.budget == 0 {
			out = append(out, k.name)
			continue
		}
		what, _, _ := strings.Cut(k.counts, " per decision")
		out = append(out, k.name+"[:"+what[strings.LastIndex(what, " ")+1:]+"]")
	}
	return strings.Join(out[:len(out)-1], ", ") + " or " + out[len(out)-1]
}

// Parse reads a player of Usage: "random", "greedy", "search[:N]", "plan[:N]", "race[:N]", "mcts[:N]", "wide[:N]", "fit[:N]", "quick[:N]", "threat[:N]", "deep[:N]" or "tree[:N]".
func Parse(s string) (Spec, error) {
	name, budget, hasBudget := strings.Cut(strings.ToLower(strings.TrimSpace(s)), ":")
	for k, d := range kinds {
		if d.name != name {
			continue
		}
		spec := Spec{Kind: Kind(k), Budget: d.budget}
		switch {
		case !hasBudget:
		case d.budget == 0:
			return spec, fmt.Errorf("player %q takes no budget", name)
		default:
			n, err := strconv.Atoi(budget)
			if err != nil || n < 1 || n > 1_000_000 {
				return spec, fmt.Errorf("%s budget %q: want %s, 1 to 1000000", name, budget, d.counts)
			}
			spec.Budget = n
		}
		return spec, nil
	}
	return Spec{}, fmt.Errorf("unknown player %q: use %s", s, Usage)
}

func (p Spec) String() string {
	if int(p.Kind) < len(kinds) && kinds[p.Kind].budget > 0 {
		return fmt.Sprintf("%s:%d", p.Kind, p.Budget)
	}
	return p.Kind.String()
}

// New makes a player for one game and seat. Everything random it does flows
// from seed.
func (p Spec) New(seed uint64, res *engine.Resolver) Player {
	switch p.Kind {
	case Greedy:
		pl := newGreedy(seed, res)
		pl.allFacings = p.allFacings
		return pl
	case Search, Plan, Race, Quick:
		var pl *searchPlayer
		switch p.Kind {
		case Search:
			pl = newSearch(seed, res, p.Budget)
		case Plan:
			pl = newPlan(seed, res, p.Budget)
		case Quick:
			pl = newQuick(seed, res, p.Budget)
		default:
			pl = newRace(seed, res, p.Budget)
		}
		pl.allFacings = p.allFacings
		return pl
	case MCTS:
		return newMCTS(seed, res, p.Budget)
	case Wide:
		return newWide(seed, res, p.Budget)
	case Deep:
		return newDeep(seed, res, p.Budget)
	case Tree:
		return newTree(seed, res, p.Budget)
	case Fit, Threat:
		pl := newFit(seed, res, p.Budget)
		pl.threat = p.Kind == Threat
		pl.allFacings = p.allFacings
		return pl
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

// Strong is the strongest setting hexforge measures against, the
// ladder's top level: deep with its default budget, which beats wide (the
// level below it, itself about +70 Elo over the default) head to head by
// about +60 Elo, where more of wide's worlds did not (docs/players.md,
// "deep").
const Strong = "deep"

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
	// scoreStructureRun (Spec.allFacings, for tests).
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
			p.same = boardScore{ok: true, me: me, cells: g.S.Cells, hq: g.S.HQ, energy: g.Energy, score: evaluate(&p.copyG, me, p.res, &p.scratch, vals)}
		}
		sc = p.same.score
	} else {
		sc = evaluate(&p.copyG, me, p.res, &p.scratch, vals)
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
