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

// Shares of the budget: the screen, the refine stage, the verification.
const (
	balanceScreenShare = 0.40
	balanceRefineShare = 0.20
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
	Distance  float64        `json:"distance"` // root mean square over the opponents of (win rate - centre)
	InBand    bool           `json:"in_band"`
	Games     int            `json:"games"` // in all opponents
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
	Passed    bool           `json:"passed"` // inside the band against every opponent
	Games     int            `json:"games"`
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
	st     *staged // plays arms on the run's seeds (staged.play)
	base   *arm
	next   int
	res    *Balance
	ranked []*candidate // the candidates in the suggestions' order
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
	b := &balancer{r: r, ref: ref, ld: ld, army: army, knobs: knobs, opps: opps, o: o, st: &staged{r: r, opps: opps}}
	b.res = &Balance{Army: army.Name, Ref: ref, Opponents: oppNames, Players: [2]string{r.Players[0].String(), r.Players[1].String()}, Seed: r.Seed,
		VerifySeed: BalanceVerifySeed(r.Seed), Band: [2]float64{o.Lo, o.Hi}, Alpha: o.Alpha, Beta: o.Beta, Budget: o.Budget, Knobs: len(knobs),
		Leaders: r.leaderWords(), AllowRemove: o.AllowRemove, KnobsAsked: o.Knobs}
	b.base = b.newArm(army)
	finals, err := b.search(ctx)
	if err != nil {
		return nil, err
	}
	b.res.Base = b.estimate(b.base)
	b.res.SearchGames = b.st.played
	if err := b.rank(finals); err != nil {
		return nil, err
	}
	if err := b.verify(ctx); err != nil {
		return nil, err
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
	if err := b.st.play(ctx, b.base, n); err != nil {
		return err
	}
	for _, c := range cs {
		if err := b.st.play(ctx, c.arm, n); err != nil {
			return err
		}
	}
	return nil
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
	return e
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
	rounds := 1
	for k := len(cs); k > BalanceFinalists; k = (k + 1) / 2 {
		rounds++
	}
	perRound := int(balanceScreenShare*float64(b.o.Budget)) / rounds
	pairs := 0
	for round := 1; ; round++ {
		before := b.st.played
		pairs = b.pairsFor(perRound, len(cs)+1, pairs)
		if err := b.bring(ctx, cs, pairs); err != nil {
			return nil, err
		}
		b.byDistance(cs)
		kept := len(cs)
		if kept > BalanceFinalists {
			kept = max(BalanceFinalists, (len(cs)+1)/2)
		}
		b.res.Stages = append(b.res.Stages, BalanceStage{Stage: fmt.Sprintf("screen %d", round), Candidates: len(cs), Pairs: pairs, Kept: kept, Games: b.st.played - before})
		cs = cs[:kept]
		if kept <= BalanceFinalists || ctx.Err() != nil {
			break
		}
	}
	if ctx.Err() != nil {
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
	before := b.st.played
	// New candidates play from pair 0 and the others on from where they
	// are: the pairs that spend the refine share on all of them alike.
	old := len(cs) + 1
	n := (int(balanceRefineShare*float64(b.o.Budget))/(2*len(b.opps)) + old*pairs) / max(1, old+len(more))
	n = max(n, pairs)
	all := append(cs, more...)
	if err := b.bring(ctx, all, n); err != nil {
		return nil, err
	}
	b.res.Stages = append(b.res.Stages, BalanceStage{Stage: "refine", Candidates: len(all), Pairs: n, Kept: len(all), Games: b.st.played - before})
	return all, nil
}

// rank orders the candidates played to the end (see the top of the file)
// and writes them as suggestions.
func (b *balancer) rank(cs []*candidate) error {
	type scored struct {
		c     *candidate
		e     BalanceEstimate
		steps int
		tier  int
	}
	var list []scored
	for _, c := range cs {
		s := scored{c: c, e: b.estimate(c.arm)}
		for _, m := range c.moves {
			s.steps += abs(m.delta)
		}
		s.tier = b.tier(c.arm)
		list = append(list, s)
	}
	slices.SortStableFunc(list, func(x, y scored) int {
		switch {
		case x.tier != y.tier:
			return x.tier - y.tier
		case x.tier < 2 && len(x.c.moves) != len(y.c.moves):
			return len(x.c.moves) - len(y.c.moves)
		case x.tier < 2 && x.steps != y.steps:
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

// tier sorts an estimate for the ranking: 0 when every opponent's rate
// lies in the middle half of the band (within half its half-width of the
// centre), 1 when inside the band, 2 outside. The fair-band test is built
// to call a rate at the centre "inside" (its power is at the centre, and
// at an edge it says "outside" as often as not), so a fix estimated near
// an edge would often fail its verification: the smallest fix is sought
// first among those the verification is likely to pass.
func (b *balancer) tier(a *arm) int {
	centre, half := (b.o.Lo+b.o.Hi)/2, (b.o.Hi-b.o.Lo)/2
	t := 0
	for _, x := range a.tallies {
		switch d := math.Abs(x.Rate() - centre); {
		case d > half:
			return 2
		case d > half/2:
			t = 1
		}
	}
	return t
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

// verify runs the fair-band test of the best suggestions against every
// opponent on the verification's seed, each test capped at an equal part
// of the verification's share of the budget.
func (b *balancer) verify(ctx context.Context) error {
	n := min(b.o.Verify, len(b.ranked))
	if n == 0 || ctx.Err() != nil {
		return nil
	}
	left := b.o.Budget - b.res.SearchGames
	cap := left / (n * len(b.opps))
	cap -= cap % 2
	if cap < 2 {
		return nil
	}
	r := *b.r
	r.Seed = BalanceVerifySeed(b.r.Seed)
	r.Games = min(cap, sim.MaxGames)
	r.UntilCI = 0
	for i := range n {
		c := b.ranked[i]
		v := &BalanceVerification{Passed: true}
		for k, opp := range b.opps {
			if ctx.Err() != nil {
				return nil
			}
			r.Seq = &sim.Sequential{Kind: "fair-band", Lo: b.o.Lo, Hi: b.o.Hi, Alpha: b.o.Alpha, Beta: b.o.Beta, Verdict: sim.VerdictUndecided}
			s, err := r.Match(ctx, r.NewMatch(c.arm.army, opp))
			if err != nil {
				return err
			}
			iv := s.Tally.Interval()
			g := s.Tally.Games() + s.Tally.Capped
			verdict := s.Seq.Verdict
			if s.Partial {
				verdict = sim.VerdictUndecided
			}
			v.Opponents = append(v.Opponents, OpponentRate{Opponent: b.res.Opponents[k], WinRate: s.Tally.Rate(), Interval: [2]float64{iv.Lo, iv.Hi}, Games: g, Verdict: verdict})
			v.Games += g
			v.Passed = v.Passed && verdict == sim.VerdictInside
		}
		b.res.VerifyGames += v.Games
		b.res.Suggestions[i].Verified = v
		if v.Passed {
			b.res.VerifiedPass++
		}
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
