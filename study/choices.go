package study

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
	"github.com/hexforge/hexforge/trace"
)

// Choices is a second opinion on how an army is played: the games of the
// army against its opponents played by one player on both seats, and at
// each of the army's decisions with a choice a second player (Asked, as a
// rule the stronger) asked what it would do in the same position, seeing
// what the first sees. The game goes on with the first player's action,
// so the positions are the very games `sim` plays, and each decision is a
// paired comparison: which actions does the asked player take more or less
// often than the player whose verdict is read? A verdict that moves
// between the two players (agree, ladder) is explained by the actions
// whose rates differ here (docs/players.md, "choices").
type Choices struct {
	Army      string   `json:"army"`
	Opponents []string `json:"opponents"`
	Player    string   `json:"player"` // plays both seats
	Asked     string   `json:"asked"`  // asked at each of the army's decisions
	Seed      uint64   `json:"seed"`
	Games     int      `json:"games"` // games per opponent that were played to the end
	Partial   bool     `json:"partial,omitempty"`
	// Decisions are the army's decisions with more than one legal action;
	// Same those in which the asked player picked the very action played,
	// SameWords those in which its action reads the same (Actions' words:
	// the same token placed elsewhere is the same words).
	Decisions int         `json:"decisions"`
	Same      ChoiceRate  `json:"same_action"`
	SameWords ChoiceRate  `json:"same_words"`
	Actions   []ChoiceRow `json:"actions"`
}

// ChoiceRate is a share of decisions with its 95% interval over
// seat-swapped pairs (the pair is the unit of sampling: the decisions of a
// game, and the two games of a pair, are not independent of each other).
type ChoiceRate struct {
	Rate     float64    `json:"rate"`
	Interval [2]float64 `json:"interval95"`
}

// ChoiceRow is one action, in words, over the decisions in which it was
// legal: how often each player took it, and the asked player's rate less
// the player's, in points of those decisions.
type ChoiceRow struct {
	Action  string `json:"action"`
	Offered int    `json:"offered"` // decisions in which it was legal
	Pairs   int    `json:"pairs"`   // seat-swapped pairs with such a decision
	// ByPlayer and ByAsked count the decisions in which each took it.
	ByPlayer int `json:"by_player"`
	ByAsked  int `json:"by_asked"`
	// Diff is (ByAsked - ByPlayer) / Offered, Interval its 95% interval
	// (clustered by pair), P its two-sided p-value after Holm's correction
	// over the rows, Significant whether that is at most 0.05.
	Diff        float64    `json:"difference"`
	Interval    [2]float64 `json:"interval95"`
	P           float64    `json:"p_holm"`
	Significant bool       `json:"significant"`
}

// choiceGame is what one game's decisions gave: per action words, the
// decisions it was legal in and taken by each player (and by one only).
type choiceGame struct {
	decisions, same, sameWords int
	rows                       map[string]*[5]int // offered, by player, by asked, only player, only asked
}

// plus is the counts of two games together.
func (g *choiceGame) plus(o *choiceGame) *choiceGame {
	sum := &choiceGame{decisions: g.decisions + o.decisions, same: g.same + o.same, sameWords: g.sameWords + o.sameWords, rows: map[string]*[5]int{}}
	for _, rows := range []map[string]*[5]int{g.rows, o.rows} {
		for w, r := range rows {
			t := sum.rows[w]
			if t == nil {
				t = new([5]int)
				sum.rows[w] = t
			}
			for i := range r {
				t[i] += r[i]
			}
		}
	}
	return sum
}

// asker is the Observer that asks the second player at each of the army's
// decisions of one game.
type asker struct {
	spec  player.Spec
	res   *engine.Resolver
	seat  uint8 // the army's seat in this game
	ask   player.Player
	legal []engine.Action
	out   choiceGame
}

func (o *asker) Begin(g *engine.Game, info sim.GameInfo, dec engine.Decider) engine.Decider {
	o.seat = 0
	if !info.AFirst {
		o.seat = 1
	}
	// Its own seed, from the game's: the asked player's samples are its
	// own and the same on every run.
	o.ask = o.spec.New(info.GameSeed^0x6a09e667f3bcc909, o.res)
	o.out = choiceGame{rows: map[string]*[5]int{}}
	return dec
}

func (o *asker) Action(g *engine.Game, a engine.Action) {
	if g.Player != o.seat {
		return
	}
	o.legal = g.LegalActions(o.legal[:0])
	if len(o.legal) < 2 {
		return
	}
	c := *g // the asked player sees the position, never the game itself
	b := o.legal[o.ask.Act(&c, o.legal)]
	o.out.decisions++
	if a == b {
		o.out.same++
	}
	offered := map[string]bool{}
	for _, l := range o.legal {
		offered[ActionWords(g, l)] = true
	}
	wa, wb := ActionWords(g, a), ActionWords(g, b)
	if wa == wb {
		o.out.sameWords++
	}
	for w := range offered {
		r := o.out.rows[w]
		if r == nil {
			r = new([5]int)
			o.out.rows[w] = r
		}
		r[0]++
		switch {
		case w == wa && w == wb:
			r[1]++
			r[2]++
		case w == wa:
			r[1]++
			r[3]++
		case w == wb:
			r[2]++
			r[4]++
		}
	}
}

func (o *asker) End(*engine.Game, bool) {
	player.Release(o.ask)
	o.ask = nil
}

// ActionWords is an action of the player to move in g as a designer says
// it: "place Judge", "discard Battle", "play Terror", "Judge: move",
// "HQ: net" (a unit's own-turn ability, by its first action), "end the
// turn". Where on the board and which facing are left out: they are the
// same words.
func ActionWords(g *engine.Game, a engine.Action) string {
	p := g.Player
	army := g.S.Armies[p]
	hand := func() string {
		if int(a.Slot) < int(g.HandLen[p]) && int(g.Hand[p][a.Slot]) < len(army.Tokens) {
			return army.Tokens[g.Hand[p][a.Slot]].Name
		}
		return "?"
	}
	unit := func() (string, *rules.Token) {
		if a.Hex >= 0 && int(a.Hex) < g.S.Board.Size {
			if u := g.S.Cells[a.Hex].Unit; !u.Empty() {
				t := g.S.Tok(u)
				return t.Name, t
			}
		}
		return "?", nil
	}
	switch a.Kind {
	case engine.KPlaceHQ:
		return "place the HQ"
	case engine.KPlaceAside:
		return "place the set-aside token"
	case engine.KDiscard:
		return "discard " + hand()
	case engine.KMulligan:
		return "discard a hand of instants"
	case engine.KPlace:
		return "place " + hand()
	case engine.KInstant:
		return "play " + hand()
	case engine.KAbility:
		name, t := unit()
		if a.Slot >= engine.AbTrigger {
			if i := int(a.Slot - engine.AbTrigger); t != nil && i < len(t.Triggers) && len(t.Triggers[i].Actions) > 0 {
				return name + ": " + t.Triggers[i].Actions[0].Op.String()
			}
			return name + ": ability"
		}
		return name + ": " + trace.AbilityName(a.Slot)
	case engine.KStep:
		return "a step's target"
	case engine.KSkip:
		return "skip the optional step"
	case engine.KEndTurn:
		return "end the turn"
	case engine.KEnergy:
		return "buy energy"
	case engine.KProcedure:
		if a.Slot < engine.NumProcedures {
			return "Procedure " + engine.ProcNames[a.Slot]
		}
		return "a Procedure"
	case engine.KLeader:
		if l := g.Leader(p); l != nil {
			return "use the leader " + l.Name
		}
		return "use the leader"
	case engine.KStructure:
		if int(a.Slot) < len(army.Structures) {
			return "place the Structure " + army.Structures[a.Slot].Name
		}
		return "place a Structure"
	}
	return a.Kind.String()
}

// RunChoices plays army against each of opps (named oppNames) with r's
// first player on both seats, r.Games a matchup in seat-swapped pairs, and
// asks ask at every decision of army's with a choice. Results do not
// depend on r.Workers. A cancelled ctx stops it with the games finished
// (Partial).
func RunChoices(ctx context.Context, r *Run, army *rules.Army, opps []*rules.Army, oppNames []string, ask player.Spec) (*Choices, error) {
	play := r.Players[0]
	pairs := r.PlayedGames() / 2
	type job struct {
		m     *sim.Match
		k     int
		first bool
	}
	var jobs []job
	for _, opp := range opps {
		run := *r
		run.Players = [2]player.Spec{play, play}
		m := run.NewMatch(army, opp)
		for k := range pairs {
			jobs = append(jobs, job{m, k, true}, job{m, k, false})
		}
	}
	games := make([]*choiceGame, len(jobs))
	errs := make([]error, len(jobs))
	workers := r.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var progress sim.Progress
	if r.Progress != nil {
		progress = r.Progress(army.Name + "'s decisions")
	}
	var next sync.Mutex // hands out the jobs, counts and shows those done
	i, done := 0, 0
	var wg sync.WaitGroup
	for range min(workers, len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := new(engine.Resolver)
			obs := &asker{spec: ask, res: new(engine.Resolver)}
			for {
				next.Lock()
				j := i
				i++
				next.Unlock()
				if j >= len(jobs) || ctx.Err() != nil {
					return
				}
				if _, err := jobs[j].m.PlayObserved(jobs[j].k, jobs[j].first, res, obs); err != nil {
					errs[j] = err
					return
				}
				out := obs.out
				games[j] = &out
				next.Lock()
				done++
				if progress != nil {
					progress(done, len(jobs))
				}
				next.Unlock()
			}
		}()
	}
	wg.Wait()
	for j, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("%s vs %s, pair %d: %w", army.Name, jobs[j].m.B.Name, jobs[j].k, err)
		}
	}
	c := &Choices{Army: army.Name, Opponents: oppNames, Player: play.String(), Asked: ask.String(), Seed: r.Seed}
	// A pair counts when both its games were played (a cancelled run
	// stops between games), and is the unit of sampling: its two games
	// share their draws.
	var pairsPlayed []*choiceGame
	for j := 0; j+1 < len(games); j += 2 {
		if games[j] == nil || games[j+1] == nil {
			c.Partial = true
			continue
		}
		pairsPlayed = append(pairsPlayed, games[j].plus(games[j+1]))
	}
	c.Games = 2 * len(pairsPlayed) / max(1, len(opps))
	c.summarise(pairsPlayed)
	return c, nil
}

// summarise fills the rates and rows from the counts of the seat-swapped
// pairs, the unit of sampling.
func (c *Choices) summarise(games []*choiceGame) {
	num := make([]float64, len(games))
	den := make([]float64, len(games))
	for i, g := range games {
		c.Decisions += g.decisions
		num[i], den[i] = float64(g.same), float64(g.decisions)
	}
	c.Same = clusteredRate(num, den)
	for i, g := range games {
		num[i] = float64(g.sameWords)
	}
	c.SameWords = clusteredRate(num, den)
	words := map[string]bool{}
	for _, g := range games {
		for w := range g.rows {
			words[w] = true
		}
	}
	var ps []float64
	for _, w := range slices.Sorted(maps.Keys(words)) {
		row := ChoiceRow{Action: w}
		var d, n []float64
		var discordant int
		for _, g := range games {
			r := g.rows[w]
			if r == nil {
				continue
			}
			row.Pairs++
			row.Offered += r[0]
			row.ByPlayer += r[1]
			row.ByAsked += r[2]
			discordant += r[3] + r[4]
			d = append(d, float64(r[2]-r[1]))
			n = append(n, float64(r[0]))
		}
		row.Diff, row.Interval, row.P = pairedDiff(d, n, discordant)
		c.Actions = append(c.Actions, row)
		ps = append(ps, row.P)
	}
	for i, p := range stats.Holm(ps) {
		c.Actions[i].P = p
		c.Actions[i].Significant = p <= 0.05
	}
	slices.SortStableFunc(c.Actions, func(a, b ChoiceRow) int {
		if x := cmp.Compare(a.P, b.P); x != 0 {
			return x
		}
		return cmp.Compare(b.Offered, a.Offered)
	})
}

// clusteredRate is Σnum/Σden with its 95% interval over the clusters
// (pairs): the ratio estimator's standard error, at least that of a
// binomial share with one success and one failure added, so that a rate of
// 0 or 1, or one pair, never gets an interval of zero width; clipped to
// [0, 1]. With fewer than two pairs nothing bounds it: [0, 1].
func clusteredRate(num, den []float64) ChoiceRate {
	var sn, sd float64
	for i := range num {
		sn += num[i]
		sd += den[i]
	}
	if sd == 0 {
		return ChoiceRate{Interval: [2]float64{0, 1}}
	}
	r := sn / sd
	if len(num) < 2 {
		return ChoiceRate{Rate: r, Interval: [2]float64{0, 1}}
	}
	var v float64
	for i := range num {
		e := num[i] - r*den[i]
		v += e * e
	}
	v = v / (sd * sd) * float64(len(num)) / float64(len(num)-1)
	q := (sn + 1) / (sd + 2)
	v = max(v, q*(1-q)/(sd+2))
	h := 1.96 * math.Sqrt(v)
	return ChoiceRate{Rate: r, Interval: [2]float64{max(0, r-h), min(1, r+h)}}
}

// pairedDiff is the difference Σd/Σn of two players' rates of taking one
// action over the decisions it was offered in (d: by pair, the asked
// player's takes less the player's; n: by pair, the decisions), its 95%
// interval and its two-sided p-value. The standard error is the ratio
// estimator's over pairs, at least McNemar's with one more decision each
// way than the discordant ones seen, so that no difference and a handful
// of pairs never give an interval of zero width; with one pair nothing
// bounds it ([-1, 1]). Clipped to what is possible.
func pairedDiff(d, n []float64, discordant int) (diff float64, iv [2]float64, p float64) {
	var sd, sn float64
	for i := range d {
		sd += d[i]
		sn += n[i]
	}
	if sn == 0 || len(d) < 2 {
		if sn > 0 {
			diff = sd / sn
		}
		return diff, [2]float64{-1, 1}, 1
	}
	diff = sd / sn
	var v float64
	for i := range d {
		e := d[i] - diff*n[i]
		v += e * e
	}
	v = v / (sn * sn) * float64(len(d)) / float64(len(d)-1)
	v = max(v, float64(discordant+2)/(sn*sn))
	se := math.Sqrt(v)
	p = math.Erfc(math.Abs(diff) / se / math.Sqrt2)
	return diff, [2]float64{max(-1, diff-1.96*se), min(1, diff+1.96*se)}, p
}
