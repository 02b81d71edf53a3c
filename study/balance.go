package study

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
)

// balance searches an army's knobs (armies.Knob: counts, initiative,
// toughness, the numbers of edges, links and abilities, the HQ's too) for
// the smallest changes that bring its win rate into a band against every
// opponent, and verifies the best of them with the fair-band sequential
// test. docs/balance.md says why the search is sequential halving on
// common random numbers and what a verdict guarantees.
//
// The search has two stages, both on the run's seed, so that pair k of
// every candidate (and of the army as it is) is played on the same seed,
// draws and seats: the candidates are compared pair by pair.
//
//   - screen: every knob one step up and one step down, by sequential
//     halving: each round brings every candidate still in to more pairs
//     and keeps the better half, by distance from the band's centre, until
//     at most BalanceFinalists are left;
//   - refine: the finalists, each of them two steps, and every two of them
//     together, played on to more pairs.
//
// The finalists and the refined candidates are ranked by smallness (fewest
// knobs, then fewest steps) among those estimated inside the band, then by
// distance; the first Verify are verified with the fair-band test against
// every opponent on a seed of their own (BalanceVerifySeed), so that the
// games that chose a candidate are not the ones that judge it.

// BalanceFinalists is how many single changes sequential halving keeps for
// the refine stage: with four, the refine stage plays 4 + 4 + 6 candidates
// (each, each at two steps, every pair).
const BalanceFinalists = 4

// Shares of the budget: the screen, the refine stage; the verification
// has the rest, half of it at least: a fair-band test of a rate near the
// band's centre needs about 1,000 to 2,000 games to decide (docs/balance.md).
const (
	balanceScreenShare = 0.35
	balanceRefineShare = 0.15
)

// BalanceOptions are what balance is asked: the band, the budget, the
// knobs, how many suggestions to verify and the verification's error
// rates.
type BalanceOptions struct {
	Lo, Hi      float64  // the band, as win rates (0.45, 0.55)
	Budget      int      // games in all, the search and the verification
	Verify      int      // suggestions to verify (the best first)
	Alpha, Beta float64  // the fair-band test's error rates
	Knobs       []string // the knobs to search, by token or TOKEN.FIELD (armies.Knob); none: all
	AllowRemove bool     // a token's count may go to 0
	// Field: the goal is the army's mean win rate over the opponents (its
	// standing in the field) inside the band, not its rate against each
	// one; the verification is one fair-band test of the mean.
	Field bool
	// Journal keeps every match played and gives back those played
	// before (balancejournal.go): a run resumed, or the shards of one.
	// nil: none.
	Journal *BalanceJournal
}

// Check refuses options no search can use, naming the command line's
// flags.
func (o BalanceOptions) Check() error {
	switch {
	case !(o.Lo > 0 && o.Hi < 1 && o.Lo < o.Hi):
		return fmt.Errorf("--band %g-%g: want LO-HI in percent with 0 < LO < HI < 100, e.g. 45-55", 100*o.Lo, 100*o.Hi)
	case o.Budget < MinBalanceBudget || o.Budget > MaxBalanceBudget:
		return fmt.Errorf("--budget %d: want %d to %d games (the search and the verification together)", o.Budget, MinBalanceBudget, MaxBalanceBudget)
	case o.Verify < 1 || o.Verify > 10:
		return fmt.Errorf("--verify %d: want 1 to 10 suggestions", o.Verify)
	case !(o.Alpha > 0 && o.Alpha < 0.5 && o.Beta > 0 && o.Beta < 0.5):
		return fmt.Errorf("--alpha %v --beta %v: want error rates between 0 and 0.5, e.g. 0.05", o.Alpha, o.Beta)
	}
	return nil
}

// Budget bounds: below the minimum a search cannot play each candidate a
// pair against each opponent; the maximum is sim's per match.
const (
	MinBalanceBudget = 200
	MaxBalanceBudget = 10_000_000
)

// The goals of a balance, as its report names them.
const (
	GoalEvery = "every opponent"
	GoalField = "the field"
)

// BalanceVerifySeed is the seed the verification plays on, derived from
// the run's: fresh games, not the search's.
func BalanceVerifySeed(seed uint64) uint64 { return seed ^ 0x5bd1e995a5a5a5a5 }

// OpponentRate is a win rate against one opponent.
type OpponentRate struct {
	Opponent string     `json:"opponent"`
	WinRate  float64    `json:"win_rate"`
	Interval [2]float64 `json:"interval"` // 95%
	Games    int        `json:"games"`
	Verdict  string     `json:"verdict,omitempty"` // the fair-band test's (verification only)
}

// BalanceEstimate is what the search saw of an army or a candidate: its
// win rate against each opponent on the search's seeds, its distance from
// the band's centre and whether every rate lies inside the band.
type BalanceEstimate struct {
	Opponents []OpponentRate `json:"opponents"`
	Distance  float64        `json:"distance"` // root mean square over the opponents of (win rate - centre); with the field goal, |mean - centre|
	InBand    bool           `json:"in_band"`
	Games     int            `json:"games"` // in all opponents
	// Field is the mean win rate over the opponents (their games pooled,
	// as many pairs against each), with the field goal.
	Field *OpponentRate `json:"field,omitempty"`
}

// BalanceChange is one knob of a suggestion: the token, the --set field,
// the number's value before and after, and the statement before and after.
type BalanceChange struct {
	Knob  string `json:"knob"` // armies.Knob.Name
	Token string `json:"token"`
	Field string `json:"field"`
	From  int    `json:"from"`
	To    int    `json:"to"`
}

// BalanceVerification is the fair-band test of a suggestion against every
// opponent, on the verification's seed.
type BalanceVerification struct {
	Opponents []OpponentRate `json:"opponents"`
	Passed    bool           `json:"passed"` // inside the band against every opponent (the field goal: the mean inside)
	Games     int            `json:"games"`
	// Field is the fair-band test of the mean over the opponents, with
	// the field goal (the opponents' rows then carry no verdict).
	Field *OpponentRate `json:"field,omitempty"`
}

// Suggestion is one proposed fix: its changes, as --set lines and as a
// variant file, the search's estimate and, for the best, the verification.
type Suggestion struct {
	Rank     int                  `json:"rank"`
	Changes  []BalanceChange      `json:"changes"`
	Knobs    int                  `json:"knobs"` // how many knobs it changes
	Steps    int                  `json:"steps"` // how far in all
	Sets     []string             `json:"sets"`  // the --set lines
	Variant  string               `json:"variant"`
	Estimate BalanceEstimate      `json:"estimate"`
	Verified *BalanceVerification `json:"verification,omitempty"`
}

// BalanceStage is one stage of the search: a round of the screen or the
// refine stage, its candidates and the pairs each has played by its end.
type BalanceStage struct {
	Stage      string `json:"stage"` // "screen 1", ..., "refine"
	Candidates int    `json:"candidates"`
	Pairs      int    `json:"pairs"` // per opponent, each candidate, by the stage's end
	Kept       int    `json:"kept"`
	Games      int    `json:"games"` // played in the stage
}

// Balance is the answer of balance: the army as it is, the suggestions
// ranked, and how the games were spent.
type Balance struct {
	Army         string          `json:"army"`
	Ref          string          `json:"ref"` // as the command line named it
	Opponents    []string        `json:"opponents"`
	Players      [2]string       `json:"players"`
	Seed         uint64          `json:"seed"`
	VerifySeed   uint64          `json:"verify_seed"`
	Band         [2]float64      `json:"band"`
	Alpha        float64         `json:"alpha"`
	Beta         float64         `json:"beta"`
	Budget       int             `json:"budget"`
	Games        int             `json:"games"` // played in all
	SearchGames  int             `json:"search_games"`
	VerifyGames  int             `json:"verify_games"`
	Knobs        int             `json:"knobs"`      // searched
	Candidates   int             `json:"candidates"` // single changes screened
	Refused      int             `json:"refused"`    // single changes the compiler refused (not played)
	Leaders      string          `json:"leaders,omitempty"`
	Partial      bool            `json:"partial"`
	Base         BalanceEstimate `json:"base"`
	Stages       []BalanceStage  `json:"stages"`
	Suggestions  []Suggestion    `json:"suggestions"`
	AllowRemove  bool            `json:"allow_remove"`
	KnobsAsked   []string        `json:"knobs_asked,omitempty"`
	VerifiedPass int             `json:"verified_passed"` // suggestions that passed their verification
	Goal         string          `json:"goal"`            // "every opponent", or "the field" (the mean over the opponents)
	// VerifyFixedLength: the verification was played by shards, each
	// test to its cap (a shard cannot stop a test early).
	VerifyFixedLength bool `json:"verify_fixed_length,omitempty"`
}

// move is one knob moved by delta steps.
type move struct {
	knob  int
	delta int
}

// candidate is one set of moves being searched, with the army it gives.
type candidate struct {
	moves []move
	arm   *arm
	index int // its order of creation: the last tie-break
}

// balancer is a search in progress.
type balancer struct {
	r      *Run
	ref    string
	ld     armies.Loader
	army   *rules.Army
	knobs  []armies.Knob
	opps   []*rules.Army
	o      BalanceOptions
	base   *arm
	next   int
	res    *Balance
	ranked []*candidate   // the candidates in the suggestions' order
	have   map[*arm][]int // the pairs each arm has against each opponent
	played int            // games the search counted (played, or read from the journal)
	// waiting: a shard lacks the other shards' games of a match it needs.
	waiting bool
}

// RunBalance searches the knobs of army (ref: as the command line named
// it, ld: the loader that builds its variants) for the smallest changes
// that bring it into the band against every opponent, and verifies the
// best. Cancelling ctx stops it with what was played, marked partial.
func RunBalance(ctx context.Context, r *Run, army *rules.Army, ref string, ld armies.Loader, opps []*rules.Army, oppNames []string, o BalanceOptions) (*Balance, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	if len(opps) == 0 {
		return nil, errors.New("balance: give at least one opponent")
	}
	knobs, err := ld.Knobs(ref, o.AllowRemove)
	if err != nil {
		return nil, fmt.Errorf("balance: reading the knobs of %s: %w", ref, err)
	}
	if knobs, err = FilterKnobs(knobs, o.Knobs); err != nil {
		return nil, err
	}
	b := &balancer{r: r, ref: ref, ld: ld, army: army, knobs: knobs, opps: opps, o: o, have: map[*arm][]int{}}
	b.res = &Balance{Army: army.Name, Ref: ref, Opponents: oppNames, Players: [2]string{r.Players[0].String(), r.Players[1].String()}, Seed: r.Seed,
		VerifySeed: BalanceVerifySeed(r.Seed), Band: [2]float64{o.Lo, o.Hi}, Alpha: o.Alpha, Beta: o.Beta, Budget: o.Budget, Knobs: len(knobs),
		Leaders: r.leaderWords(), AllowRemove: o.AllowRemove, KnobsAsked: o.Knobs, Goal: GoalEvery}
	if o.Field {
		b.res.Goal = GoalField
	}
	b.base = b.newArm(army)
	finals, err := b.search(ctx)
	if err != nil {
		return nil, err
	}
	if b.waiting {
		return nil, ErrBalanceWaiting
	}
	b.res.Base = b.estimate(b.base)
	b.res.SearchGames = b.played
	if err := b.rank(finals); err != nil {
		return nil, err
	}
	if err := b.verify(ctx); err != nil {
		return nil, err
	}
	if b.waiting {
		return nil, ErrBalanceWaiting
	}
	b.res.Games = b.res.SearchGames + b.res.VerifyGames
	b.res.Partial = ctx.Err() != nil
	return b.res, nil
}

// FilterKnobs keeps the knobs a --knobs list names: a token ("Gauss
// Cannon"), a token's field ("Gauss Cannon.count", "Hybrid.edge N") or a
// field of every token ("count", "initiative"), any case. A name that
// matches no knob is an error naming the knobs there are.
func FilterKnobs(knobs []armies.Knob, names []string) ([]armies.Knob, error) {
	if len(names) == 0 {
		return knobs, nil
	}
	var out []armies.Knob
	for _, n := range names {
		n = strings.TrimSpace(n)
		found := false
		for _, k := range knobs {
			field := strings.Fields(k.Field)[0]
			if strings.EqualFold(n, k.Token) || strings.EqualFold(n, k.Token+"."+k.Field) || strings.EqualFold(n, k.Token+"."+field) || strings.EqualFold(n, field) {
				found = true
				if !slices.ContainsFunc(out, func(x armies.Knob) bool { return x.ID() == k.ID() }) {
					out = append(out, k)
				}
			}
		}
		if !found {
			var tokens []string
			for _, k := range knobs {
				if !slices.Contains(tokens, k.Token) {
					tokens = append(tokens, k.Token)
				}
			}
			return nil, fmt.Errorf("--knobs %q: no knob of that name; name a token (%s), TOKEN.FIELD or a field (count, initiative, toughness, edge, link, on)", n, strings.Join(tokens, ", "))
		}
	}
	return out, nil
}

func (b *balancer) newArm(a *rules.Army) *arm {
	return &arm{army: a, tallies: make([]sim.Tally, len(b.opps)), points: make([][]int8, len(b.opps)), open: true}
}

// sets are the --set overrides of moves, one per statement: two knobs of
// one statement (an initiative's two values) make one override.
func (b *balancer) sets(moves []move) []armies.Set {
	type stmt struct{ token, field string }
	var order []stmt
	vals := map[stmt]map[int]int{}
	first := map[stmt]int{}
	for _, m := range moves {
		k := b.knobs[m.knob]
		s := stmt{k.Token, k.Field}
		if vals[s] == nil {
			vals[s], first[s] = map[int]int{}, m.knob
			order = append(order, s)
		}
		vals[s][k.Index] = k.At + m.delta
	}
	var out []armies.Set
	for _, s := range order {
		k := b.knobs[first[s]]
		v := k.With(vals[s][k.Index], vals[s])
		out = append(out, armies.Set{Army: b.ref, Token: s.token, Field: s.field, Value: v, Raw: fmt.Sprintf("%s/%s.%s=%s", b.ref, s.token, s.field, v)})
	}
	return out
}

// candidate builds the army of moves, or nil when the compiler refuses it
// (a value the language does not allow there).
func (b *balancer) candidate(moves []move) *candidate {
	l, err := b.ld.LoadVariant(b.ref, b.sets(moves))
	if err != nil || l.Army == nil {
		return nil
	}
	b.next++
	return &candidate{moves: moves, arm: b.newArm(l.Army), index: b.next}
}

// bring plays the candidates (and the army as it is) to n pairs against
// every opponent.
func (b *balancer) bring(ctx context.Context, cs []*candidate, n int) error {
	if err := b.play(ctx, b.base, n); err != nil {
		return err
	}
	for _, c := range cs {
		if err := b.play(ctx, c.arm, n); err != nil {
			return err
		}
	}
	return nil
}

// play brings arm a to n pairs against every opponent on the run's seed,
// each match continuing the same series of seeds as one long match would.
func (b *balancer) play(ctx context.Context, a *arm, n int) error {
	have := b.have[a]
	if have == nil {
		have = make([]int, len(b.opps))
		b.have[a] = have
	}
	for i, opp := range b.opps {
		if have[i] >= n || ctx.Err() != nil {
			continue
		}
		t, ok, err := b.tally(ctx, b.match(a.army, opp, b.r.Seed, have[i], n-have[i]))
		if err != nil || !ok {
			return err
		}
		a.tallies[i].Merge(t)
		b.played += t.Games() + t.Capped
		have[i] = n
	}
	a.pairs = slices.Min(have)
	return nil
}

// match is the match of a against opp on seed over pairs first ..
// first+pairs-1, with the run's players and variant, not sharded.
func (b *balancer) match(a, opp *rules.Army, seed uint64, first, pairs int) *sim.Match {
	m := b.r.NewMatch(a, opp)
	m.Seed, m.Shard, m.FirstPair, m.Pairs = seed, sim.Shard{}, first, pairs
	if b.r.Board == position.Standard {
		m.Board = nil
	}
	return m
}

// tally is the tally of match m: from the journal, or played (a shard's
// slice of it when sharded) and recorded. ok is false when it is not
// whole: stopped (ctx), or a shard waiting for the others' slices
// (b.waiting).
func (b *balancer) tally(ctx context.Context, m *sim.Match) (t sim.Tally, ok bool, err error) {
	key := matchKey(m)
	j, n := b.o.Journal, b.r.Shard.N
	if t, ok := j.get(key, n); ok {
		return t, true, nil
	}
	shard := ""
	if n > 1 {
		shard = fmt.Sprintf("%d/%d", b.r.Shard.I, n)
		if j.has(key, shard) {
			b.waiting = true
			return t, false, nil
		}
		m.Shard = b.r.Shard
	}
	s, err := b.r.summary(ctx, m)
	if err != nil || s.Partial || ctx.Err() != nil {
		return t, false, err // a match stopped is not recorded: a resumed run plays it whole
	}
	if err := j.put(key, m.A.Name, m.B.Name, shard, s.Tally); err != nil {
		return t, false, err
	}
	if n > 1 {
		if t, ok = j.get(key, n); !ok {
			b.waiting = true
		}
		return t, ok, nil
	}
	return s.Tally, true, nil
}

// estimate is what the search saw of an arm.
func (b *balancer) estimate(a *arm) BalanceEstimate {
	e := BalanceEstimate{InBand: true}
	centre := (b.o.Lo + b.o.Hi) / 2
	sq := 0.0
	for i, t := range a.tallies {
		iv := t.Interval()
		g := t.Games() + t.Capped
		e.Opponents = append(e.Opponents, OpponentRate{Opponent: b.res.Opponents[i], WinRate: t.Rate(), Interval: [2]float64{iv.Lo, iv.Hi}, Games: g})
		e.Games += g
		d := t.Rate() - centre
		sq += d * d
		if t.Rate() < b.o.Lo || t.Rate() > b.o.Hi {
			e.InBand = false
		}
	}
	e.Distance = math.Sqrt(sq / float64(len(a.tallies)))
	if b.o.Field {
		var pooled sim.Tally
		for _, t := range a.tallies {
			pooled.Merge(t)
		}
		f := rateOf("the field", pooled)
		e.Field = &f
		e.Distance = math.Abs(f.WinRate - centre)
		e.InBand = f.WinRate >= b.o.Lo && f.WinRate <= b.o.Hi
	}
	return e
}

// rateOf is a tally as a win rate against who.
func rateOf(who string, t sim.Tally) OpponentRate {
	iv := t.Interval()
	return OpponentRate{Opponent: who, WinRate: t.Rate(), Interval: [2]float64{iv.Lo, iv.Hi}, Games: t.Games() + t.Capped}
}

// byDistance orders candidates by their estimated distance from the
// band's centre, then by creation.
func (b *balancer) byDistance(cs []*candidate) {
	slices.SortStableFunc(cs, func(x, y *candidate) int {
		dx, dy := b.estimate(x.arm).Distance, b.estimate(y.arm).Distance
		switch {
		case dx < dy:
			return -1
		case dx > dy:
			return 1
		}
		return x.index - y.index
	})
}

// pairsFor is how many pairs per opponent each of n arms, from pairs
// already played, can be brought to with games more: at least one more.
func (b *balancer) pairsFor(games, n, from int) int {
	return from + max(1, games/(2*len(b.opps)*max(n, 1)))
}

// BudgetTooSmallError is balance's refusal of a budget that cannot play
// every single change one pair a round of its screen: a caller that runs
// balance as a part (the report) says so instead of failing.
type BudgetTooSmallError struct {
	Budget, Need       int // games given, games needed
	Changes, Opponents int
}

func (e *BudgetTooSmallError) Error() string {
	opp := "opponents"
	if e.Opponents == 1 {
		opp = "opponent"
	}
	return fmt.Sprintf("--budget %d: too small to screen %d single changes against %d %s: give at least %d games (or fewer --knobs)",
		e.Budget, e.Changes, e.Opponents, opp, e.Need)
}

// search screens every single step by sequential halving, then refines
// the finalists; it returns every candidate played to the last stage.
func (b *balancer) search(ctx context.Context) ([]*candidate, error) {
	var cs []*candidate
	for i, k := range b.knobs {
		for _, d := range []int{-1, 1} {
			if k.At+d < k.Min || k.At+d > k.Max {
				continue
			}
			if c := b.candidate([]move{{i, d}}); c != nil {
				cs = append(cs, c)
			} else {
				b.res.Refused++
			}
		}
	}
	b.res.Candidates = len(cs)
	if len(cs) == 0 {
		// Nothing to change: the army as it is, at the screen's share.
		n := b.pairsFor(int(balanceScreenShare*float64(b.o.Budget)), 1, 0)
		return nil, b.bring(ctx, nil, n)
	}
	rounds, least := 1, len(cs)+1
	for k := len(cs); k > BalanceFinalists; k = max(BalanceFinalists, (k+1)/2) {
		rounds++
		least += max(BalanceFinalists, (k+1)/2) + 1
	}
	// Every round plays each candidate still in at least one more pair:
	// a budget below that would be overspent before the first verdict.
	if need := int(math.Ceil(float64(2*len(b.opps)*least) / balanceScreenShare)); b.o.Budget < need {
		return nil, &BudgetTooSmallError{Budget: b.o.Budget, Need: need, Changes: len(cs), Opponents: len(b.opps)}
	}
	perRound := int(balanceScreenShare*float64(b.o.Budget)) / rounds
	pairs := 0
	for round := 1; ; round++ {
		before := b.played
		pairs = b.pairsFor(perRound, len(cs)+1, pairs)
		if err := b.bring(ctx, cs, pairs); err != nil {
			return nil, err
		}
		b.byDistance(cs)
		kept := len(cs)
		if kept > BalanceFinalists {
			kept = max(BalanceFinalists, (len(cs)+1)/2)
		}
		b.res.Stages = append(b.res.Stages, BalanceStage{Stage: fmt.Sprintf("screen %d", round), Candidates: len(cs), Pairs: pairs, Kept: kept, Games: b.played - before})
		cs = cs[:kept]
		if kept <= BalanceFinalists || ctx.Err() != nil || b.waiting {
			break
		}
	}
	if ctx.Err() != nil || b.waiting {
		return cs, nil
	}
	// Refine: only the finalists that moved the army towards the band's
	// centre are worth a second step or a partner.
	baseDist := b.estimate(b.base).Distance
	var good []*candidate
	for _, c := range cs {
		if b.estimate(c.arm).Distance < baseDist {
			good = append(good, c)
		}
	}
	var more []*candidate
	for _, c := range good {
		m := c.moves[0]
		k := b.knobs[m.knob]
		if to := k.At + 2*m.delta; to >= k.Min && to <= k.Max {
			if x := b.candidate([]move{{m.knob, 2 * m.delta}}); x != nil {
				more = append(more, x)
			}
		}
	}
	for i := range good {
		for j := i + 1; j < len(good); j++ {
			if good[i].moves[0].knob == good[j].moves[0].knob {
				continue
			}
			if x := b.candidate([]move{good[i].moves[0], good[j].moves[0]}); x != nil {
				more = append(more, x)
			}
		}
	}
	before := b.played
	// New candidates play from pair 0 and the others on from where they
	// are: the pairs that spend the refine share on all of them alike.
	old := len(cs) + 1
	n := (int(balanceRefineShare*float64(b.o.Budget))/(2*len(b.opps)) + old*pairs) / max(1, old+len(more))
	n = max(n, pairs)
	all := append(cs, more...)
	if err := b.bring(ctx, all, n); err != nil {
		return nil, err
	}
	b.res.Stages = append(b.res.Stages, BalanceStage{Stage: "refine", Candidates: len(all), Pairs: n, Kept: len(all), Games: b.played - before})
	return all, nil
}

// rank orders the candidates played to the end (see the top of the file)
// and writes them as suggestions.
func (b *balancer) rank(cs []*candidate) error {
	type scored struct {
		c     *candidate
		e     BalanceEstimate
		steps int
	}
	var list []scored
	for _, c := range cs {
		s := scored{c: c, e: b.estimate(c.arm)}
		for _, m := range c.moves {
			s.steps += abs(m.delta)
		}
		list = append(list, s)
	}
	slices.SortStableFunc(list, func(x, y scored) int {
		switch {
		case x.e.InBand != y.e.InBand:
			if x.e.InBand {
				return -1
			}
			return 1
		case x.e.InBand && len(x.c.moves) != len(y.c.moves):
			return len(x.c.moves) - len(y.c.moves)
		case x.e.InBand && x.steps != y.steps:
			return x.steps - y.steps
		case x.e.Distance != y.e.Distance:
			if x.e.Distance < y.e.Distance {
				return -1
			}
			return 1
		}
		return x.c.index - y.c.index
	})
	for i, s := range list {
		sug := Suggestion{Rank: i + 1, Knobs: len(s.c.moves), Steps: s.steps, Estimate: s.e}
		for _, m := range s.c.moves {
			k := b.knobs[m.knob]
			sug.Changes = append(sug.Changes, BalanceChange{Knob: k.Name(), Token: k.Token, Field: k.Field, From: k.At, To: k.At + m.delta})
		}
		sets := b.sets(s.c.moves)
		for _, st := range sets {
			sug.Sets = append(sug.Sets, st.Raw)
		}
		sug.Variant = b.variantFile(sets, i+1)
		b.res.Suggestions = append(b.res.Suggestions, sug)
	}
	b.ranked = make([]*candidate, len(list))
	for i, s := range list {
		b.ranked[i] = s.c
	}
	return nil
}

// variantFile is a suggestion as a variant file that extends the army:
// saved beside the army's file (or anywhere, for an embedded army), it
// compiles to the suggestion's army.
func (b *balancer) variantFile(sets []armies.Set, rank int) string {
	base := b.ref
	if armies.IsPath(base) {
		base = filepath.Base(base)
	}
	var w strings.Builder
	fmt.Fprintf(&w, "# balance suggestion %d for %s: save beside the army's file\n", rank, b.army.Name)
	fmt.Fprintf(&w, "army %s extends %s {\n", strconv.Quote(fmt.Sprintf("%s (balance %d)", b.army.Name, rank)), strconv.Quote(base))
	for _, s := range sets {
		t := b.army.Tokens[b.army.Lookup(s.Token)]
		if len(strings.Fields(s.Field)) > 1 {
			fmt.Fprintf(&w, "    %s %s {\n        %s: %s\n    }\n", t.Kind, strconv.Quote(t.Name), s.Field, s.Value)
		} else {
			fmt.Fprintf(&w, "    %s %s {\n        %s %s\n    }\n", t.Kind, strconv.Quote(t.Name), s.Field, s.Value)
		}
	}
	w.WriteString("}\n")
	return w.String()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
