package sim

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/stats"
)

// MultiMatch is a run of games of 3 or 4 armies in one of the multiplayer
// modes (docs/rules.md, "Three and four players"). The armies rotate over
// every seating the mode allows (Seatings), each equally often, so a seat's
// advantage is measured apart from the armies'.
type MultiMatch struct {
	Armies     []*rules.Army
	Names      []string
	Mode       engine.Mode
	Teams      [2][]int // teams mode: the armies (indices into Armies) of each team
	Board      *engine.Board
	Player     player.Spec // every seat's player
	Games      int         // rounded up to a whole number of rotations
	Seed       uint64
	MaxActions int
	Shard      Shard // play only this shard's rotations (Span)
	// Leaders are the cards of the two teams of the teams mode (Teams[0]'s
	// first), each shared by its allies (nil: none; docs/rules.md, "Leaders").
	Leaders [2]*rules.Leader
	// Structures plays the Structures variant: each army's structure block
	// may be placed, in any mode ("Struktur można używać w grach dla 2, 3
	// oraz 4 graczy").
	Structures bool
	// UntilCI is a shard's --until-ci target, written in its report for
	// merge to judge (UntilCICheck); a shard itself never stops early.
	UntilCI float64
	// tokens are the per-token figures of the games Run or RunUntil
	// played (multitokens.go), for Report.
	tokens [][]TokenStat
}

// Rotation says in words which seatings a run rotates over (Seatings).
func (m *MultiMatch) Rotation() string {
	if m.Mode == engine.ModeTeams {
		return "the 8 seatings that alternate the teams A-B-A-B (which team starts, the order within each team)"
	}
	n := len(m.Seatings())
	if m.Mode == engine.ModeOneVsTeam {
		return fmt.Sprintf("every seating (%d orders of %d armies; seat 1 plays alone)", n, m.armies())
	}
	return fmt.Sprintf("every seating (%d orders of %d armies)", n, m.armies())
}

// armies is the number of armies: the names', for a match rebuilt from
// shard reports without compiled armies.
func (m *MultiMatch) armies() int { return max(len(m.Armies), len(m.Names)) }

// Seatings lists the seatings of a run, seat by seat the index of the army
// in it: every ordering of the armies (every man for himself, points, and
// one against a team, where seat 1 plays alone), or, for teams, the 8
// orderings that keep the A1-B1-A2-B2 alternation (which team starts, and
// the order within each team).
func (m *MultiMatch) Seatings() [][]int {
	if m.Mode == engine.ModeTeams {
		var out [][]int
		for first := range 2 {
			x, y := m.Teams[first], m.Teams[1-first]
			for _, xo := range [][2]int{{0, 1}, {1, 0}} {
				for _, yo := range [][2]int{{0, 1}, {1, 0}} {
					out = append(out, []int{x[xo[0]], y[yo[0]], x[xo[1]], y[yo[1]]})
				}
			}
		}
		return out
	}
	var out [][]int
	var perm func(cur []int, used int)
	perm = func(cur []int, used int) {
		if len(cur) == m.armies() {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for i := range m.armies() {
			if used&(1<<i) == 0 {
				perm(append(cur, i), used|1<<i)
			}
		}
	}
	perm(nil, 0)
	return out
}

// MultiRecord is one game's outcome.
type MultiRecord struct {
	Game    int   `json:"game"`             // its number in the run (its seeds and seating)
	Seating int   `json:"seating"`          // index into Seatings
	Winners uint8 `json:"winners"`          // a bit per seat that won or shared
	Capped  bool  `json:"capped,omitempty"` // the action cap ended it: no result
	Actions int   `json:"actions"`
	Turns   int   `json:"turns"`
	// LeaderUses is how often each team's shared card was used (the teams
	// mode with leaders; Teams[0]'s first).
	LeaderUses [2]uint8 `json:"leader_uses"`
	// Final is each seat's HQ points at the end (the score in the points
	// game), for sim --record-losses to rank the games an army lost. It is
	// not in the JSON: a shard's records stay as they were, and losses are
	// not recorded from shards. Bytes, as the HQ tracks are, so that it
	// fits the record's padding: a run keeps every record (48 bytes).
	Final [engine.MaxPlayers]uint8 `json:"-"`
}

// multiSeed derives game k's seed (SplitMix64), as pairSeed does.
func multiSeed(seed uint64, k int) uint64 { return pairSeed(seed^0x6d756c7469, k) }

// Play plays game k: seating k mod the number of seatings, every army's
// deck shuffled from the seed of its rotation, so an army draws the same
// tokens from every seat of one rotation.
func (m *MultiMatch) Play(k int, w *worker) (MultiRecord, error) {
	seats := m.Seatings()
	si := k % len(seats)
	round := MultiRound(m.Seed, k, len(seats))
	seating := seats[si]
	as := make([]*rules.Army, len(seating))
	for s, a := range seating {
		as[s] = m.Armies[a]
	}
	board := m.Board
	if board == nil {
		board = position.Standard
	}
	var team []uint8
	if m.Mode == engine.ModeTeams {
		team = make([]uint8, len(seating))
		for s, a := range seating {
			if a == m.Teams[1][0] || a == m.Teams[1][1] {
				team[s] = 1
			}
		}
	}
	w.cfg = engine.Config{Board: board, Mode: m.Mode, Teams: team, Structures: m.Structures}
	if m.Leaders[0] != nil || m.Leaders[1] != nil {
		if team == nil {
			return MultiRecord{}, fmt.Errorf("leaders are played with 2 players or in the teams mode, not in mode %s", m.Mode)
		}
		ls := make([]*rules.Leader, len(seating))
		for s := range seating {
			ls[s] = m.Leaders[team[s]]
		}
		w.cfg.Leaders = ls
	}
	if w.g == nil {
		w.g = new(engine.Game)
		w.g.SetWorkspace(w.res)
	}
	g := w.g
	if err := g.Init(&w.cfg, as, round); err != nil {
		return MultiRecord{}, err
	}
	g.SetFigures(&w.fig) // after Init, which detaches it
	ShuffleMulti(g, round, seating)
	for s := range seating {
		w.tok.seats[s].played = [engine.MaxArmyTokens]uint8{}
	}
	players := player.Seats(w.seats[:len(seating)])
	for s := range players {
		players[s] = m.Player.New(multiSeed(round, 16*k+s), w.res)
	}
	defer func() {
		for s, p := range players {
			player.Release(p) // the search caches go back to the pool
			players[s] = nil
		}
	}()
	var d engine.Decider = players
	rec := MultiRecord{Game: k, Seating: si}
	maxActions := m.MaxActions
	if maxActions <= 0 {
		maxActions = DefaultMaxActions
	}
	dec := d
	if w.obs != nil {
		info := GameInfo{Seed: m.Seed, GameSeed: round, Players: [2]player.Spec{m.Player, m.Player}, MaxActions: m.MaxActions,
			Multi: &MultiGame{Game: k, Seatings: len(seats), Seating: seating, Teams: team}}
		dec = w.obs.Begin(g, info, d)
	}
	for !g.Over() {
		if rec.Actions >= maxActions {
			rec.Capped = true
			break
		}
		w.buf = g.LegalActions(w.buf[:0])
		i := players[g.Player].Act(g, w.buf)
		countPlayed(g, g.Player, w.buf[i], &w.tok.seats[g.Player].played)
		if w.obs != nil {
			w.obs.Action(g, w.buf[i])
		}
		if err := g.ApplyLegal(w.buf[i], dec); err != nil {
			return rec, fmt.Errorf("game %d: %w", k, err)
		}
		rec.Actions++
	}
	if w.obs != nil {
		w.obs.End(g, rec.Capped)
	}
	rec.Winners, rec.Turns = g.Winners, g.Turn
	w.tok.finish(g, &w.fig)
	for s := range seating {
		rec.Final[s] = uint8(min(255, g.S.HQPoints(uint8(s))))
	}
	if w.cfg.Leaders != nil {
		for s := range seating {
			rec.LeaderUses[team[s]] = g.LeaderUsed[s] // the allies' counts are the card's (engine.Config.Leaders)
		}
	}
	return rec, nil
}

// MultiRound is the seed of the rotation of game k of a run with seed
// seed and seatings seatings: every game of a rotation is set up with it.
func MultiRound(seed uint64, k, seatings int) uint64 { return multiSeed(seed, k/seatings) }

// ShuffleMulti orders the decks of a game just set up (engine.Game.Init)
// as a multiplayer run's games are: each army (by seat, its index in the
// run) draws the same tokens from every seat of one rotation.
func ShuffleMulti(g *engine.Game, round uint64, seating []int) {
	for s, a := range seating {
		shuffleDeck(g, s, multiSeed(round, a))
	}
}

// PlayObserved plays game k of the run, the very game Run plays for it,
// with obs watching.
func (m *MultiMatch) PlayObserved(k int, res *engine.Resolver, obs Observer) (MultiRecord, error) {
	return m.Play(k, &worker{res: res, obs: obs})
}

// Run plays every game of the run (or of its shard) on workers goroutines
// (0 = one per core); the records come back in game order, so the report
// is the same whatever the number of workers. When ctx is cancelled it
// returns the whole rotations finished so far with partial set.
func (m *MultiMatch) Run(ctx context.Context, workers int, progress Progress) (recs []MultiRecord, partial bool, err error) {
	m.tokens = nil
	lo, hi := m.Span()
	return m.RunGames(ctx, workers, lo, hi, progress)
}

// Span is the games [lo, hi) this run plays: every game, or the shard's
// whole rotations (shard i of n plays rotations i*R/n to (i+1)*R/n of the
// R rotations), so that n shards play exactly the games of one run.
func (m *MultiMatch) Span() (lo, hi int) {
	per := len(m.Seatings())
	rlo, rhi := m.Shard.span(0, m.Rounded()/per)
	return rlo * per, rhi * per
}

// RunGames plays games lo to hi-1 (whole rotations) as Run does.
func (m *MultiMatch) RunGames(ctx context.Context, workers, lo, hi int, progress Progress) (recs []MultiRecord, partial bool, err error) {
	n := hi - lo
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out := make([]MultiRecord, n)
	ok := make([]bool, n)
	var next, done atomic.Int64
	var firstErr error
	var errOnce sync.Once
	var wg sync.WaitGroup
	fold := newTokenFold(m, lo)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := &worker{res: new(engine.Resolver)}
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				rec, err := m.Play(lo+i, wk)
				if err != nil {
					errOnce.Do(func() { firstErr = err })
					return
				}
				fold.add(lo+i, &rec, &wk.tok)
				out[i], ok[i] = rec, true
				if d := int(done.Add(1)); progress != nil {
					progress(d, n)
				}
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, false, firstErr
	}
	if m.tokens == nil {
		m.tokens = newTokenStats(m.Armies)
	}
	MergeMultiTokens(m.tokens, fold.tab)
	per := len(m.Seatings())
	for r := 0; r+per <= n; r += per {
		whole := true
		for i := r; i < r+per; i++ {
			whole = whole && ok[i]
		}
		if !whole {
			partial = true
			break
		}
		recs = append(recs, out[r:r+per]...)
	}
	return recs, partial, nil
}

// RunUntil plays the run's games, then, while some army's (or team's)
// 95% interval is as wide as halfWidth or wider, as many again, continuing
// the same series of games, up to maxGames. It stops only at whole
// rotations, and only between batches of a fixed size, so where it stops
// does not depend on the number of workers, and its report is the one of
// a run of that many games.
func (m *MultiMatch) RunUntil(ctx context.Context, workers int, halfWidth float64, maxGames int, progress Progress) (recs []MultiRecord, partial bool, err error) {
	batch := m.Rounded()
	m.tokens = nil
	for lo := 0; ; lo += batch {
		got, part, err := m.RunGames(ctx, workers, lo, lo+batch, progress)
		if err != nil {
			return nil, false, err
		}
		recs = append(recs, got...)
		if part || ctx.Err() != nil {
			return recs, true, nil
		}
		if lo+2*batch > maxGames || m.Report(recs, false).Widest() < halfWidth {
			return recs, false, nil
		}
	}
}

// Widest is the largest half-width of the armies' and teams' intervals.
func (r *MultiReport) Widest() float64 {
	w := 0.0
	for _, s := range append(slices.Clone(r.Army), r.Team...) {
		w = max(w, (s.Hi-s.Lo)/2)
	}
	return w
}

// Rounded is the number of games played: Games rounded up to whole
// rotations of the seatings.
func (m *MultiMatch) Rounded() int {
	per := len(m.Seatings())
	return max(1, (m.Games+per-1)/per) * per
}

// Share is a win share with its 95% Wilson score interval over the games
// (a shared win counts 1/k of a success to each of its k winners):
// stats.Wilson, the closed form of stats.ScoreInterval for 0-or-1 scores,
// the interval of every other figure. A share
// in [0, 1] varies at most p(1-p), the variance Wilson assumes, so the
// interval is never too narrow; unlike the normal approximation it does
// not collapse to [0, 0] when an army never won in a handful of games.
type Share struct {
	Games int     `json:"games"`
	Share float64 `json:"share"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
	sum   float64
}

func (s *Share) add(x float64) {
	s.Games++
	s.sum += x
}

func (s *Share) finish() {
	if s.Games == 0 {
		return
	}
	n := float64(s.Games)
	s.Share = s.sum / n
	s.Lo, s.Hi = stats.Wilson(s.sum, n, stats.Z95)
}

// MultiReport is what a multiplayer run found.
type MultiReport struct {
	Mode     string `json:"mode"`
	Players  string `json:"players"`
	Board    string `json:"board"`
	Seed     uint64 `json:"seed"`
	Games    int    `json:"games"`
	Seatings int    `json:"seatings"` // every one played equally often
	Rotation string `json:"rotation"` // which seatings: every one, or the teams' balanced subset
	Capped   int    `json:"capped"`   // games the action cap ended (no result; not in the shares)
	Shared   int    `json:"shared"`   // games whose win was shared (in the team modes: drawn between the sides)
	Partial  bool   `json:"partial,omitempty"`
	// Planned and SeatingsDone say, in a partial report only, how much of
	// the run finished: the games it was to play, and how many of its
	// seatings played all of theirs, so that a run stopped early reads as
	// such and not as a run whose shares are all zero.
	Planned      int       `json:"planned,omitempty"`
	SeatingsDone *int      `json:"seatings_done,omitempty"`
	Armies       []string  `json:"armies"`
	Army         []Share   `json:"army"`            // each army's win share
	BySeat       [][]Share `json:"by_seat"`         // army by seat (seat 1 first)
	Seat         []Share   `json:"seat"`            // each seat's win share over every army: the seat advantage
	Teams        []string  `json:"teams,omitempty"` // teams mode: "a+b"
	Team         []Share   `json:"team,omitempty"`  // each team's win share
	MeanTurn     float64   `json:"mean_turns"`
	Leaders      []string  `json:"leaders,omitempty"` // teams mode with leaders: each team's card ("none" for none)
	// Structures: the run played the Structures variant.
	Structures bool `json:"structures,omitempty"`
	// Tokens are the per-token figures of each army (as Armies) over
	// every seat it played, as the two-player report's tokens; absent in
	// a report merged from shards that have none (an older version).
	Tokens [][]TokenStat `json:"tokens,omitempty"`
	Shard  *MultiShard   `json:"shard,omitempty"` // a shard's report: what merge needs
}

// Report sums the records of a run.
func (m *MultiMatch) Report(recs []MultiRecord, partial bool) *MultiReport {
	seats := m.Seatings()
	n := m.armies()
	r := &MultiReport{Mode: m.Mode.String(), Players: m.Player.String(), Seed: m.Seed, Games: len(recs), Seatings: len(seats),
		Partial: partial, Armies: m.Names, Army: make([]Share, n), BySeat: make([][]Share, n), Seat: make([]Share, n), Structures: m.Structures}
	r.Rotation = m.Rotation()
	r.Board = position.Standard.Name
	if m.Board != nil {
		r.Board = m.Board.Name
	}
	for a := range r.BySeat {
		r.BySeat[a] = make([]Share, n)
	}
	if m.Mode == engine.ModeTeams {
		r.Team = make([]Share, 2)
		for i, t := range m.Teams {
			r.Teams = append(r.Teams, m.Names[t[0]]+"+"+m.Names[t[1]])
			if l := m.Leaders[i]; l != nil {
				r.Leaders = append(r.Leaders, l.Name)
			} else if m.Leaders[1-i] != nil {
				r.Leaders = append(r.Leaders, "none")
			}
		}
	}
	turns := 0
	for _, rec := range recs {
		if rec.Capped {
			r.Capped++
			continue
		}
		turns += rec.Turns
		k := bits.OnesCount8(rec.Winners)
		// Shared: more than one winner every man for himself; in the team
		// modes a side wins as a whole, and only a draw shares.
		if team := m.Mode.Teams(); !team && k > 1 || team && k == n {
			r.Shared++
		}
		var teamShare [2]float64
		for s, a := range seats[rec.Seating] {
			x := 0.0
			if rec.Winners&(1<<s) != 0 {
				x = 1 / float64(k)
			}
			r.Army[a].add(x)
			r.BySeat[a][s].add(x)
			r.Seat[s].add(x)
			if r.Team != nil {
				if a == m.Teams[1][0] || a == m.Teams[1][1] {
					teamShare[1] += x
				} else {
					teamShare[0] += x
				}
			}
		}
		if r.Team != nil {
			r.Team[0].add(teamShare[0])
			r.Team[1].add(teamShare[1])
		}
	}
	for i := range r.Army {
		r.Army[i].finish()
		r.Seat[i].finish()
		for s := range r.BySeat[i] {
			r.BySeat[i][s].finish()
		}
	}
	for i := range r.Team {
		r.Team[i].finish()
	}
	if played := r.Games - r.Capped; played > 0 {
		r.MeanTurn = float64(turns) / float64(played)
	}
	if m.tokens != nil {
		r.Tokens = m.tokens
	}
	if m.Shard.N > 1 {
		r.Shard = m.shardOf(recs)
	}
	if partial {
		r.Planned, r.SeatingsDone = m.done(recs)
	}
	return r
}

// done is how much of the run (or of its shard) recs finished: the games
// it was to play, and the seatings that played every game of theirs.
func (m *MultiMatch) done(recs []MultiRecord) (planned int, seatings *int) {
	lo, hi := m.Span()
	per := make([]int, len(m.Seatings()))
	for _, rec := range recs {
		per[rec.Seating]++
	}
	full := 0
	for _, n := range per {
		if n > 0 && n >= (hi-lo)/len(per) {
			full++
		}
	}
	return hi - lo, &full
}
