package sim

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

// DefaultMaxActions caps one game's length. A game that reaches it is
// reported as capped, apart from wins, draws and losses.
const DefaultMaxActions = 4000

// Match is a series of games between two armies.
type Match struct {
	A, B       *rules.Army
	Players    [2]player.Spec // the players of army A and army B
	Board      *engine.Board
	Seed       uint64
	Pairs      int // games are played in pairs with seats swapped
	MaxActions int
	Shard      Shard // which pairs this run plays (all by default)
	FirstPair  int   // the first pair index, for runs that continue a series
	// KeepPoints keeps each pair's score in the summary (one byte a pair),
	// for paired comparisons of variants played on the same seeds.
	KeepPoints bool
	Start      engine.StartRule // how the first turns draw
	Reinforce  bool             // the Reinforcements variant (hands of six)
	Structures bool             // the Structures variant (each army's structure blocks may be placed)
	Leaders    [2]*rules.Leader // the leader cards of army A and army B (nil: none; the Leaders variant)
	// Drained, when not nil, is called once as soon as the match's last
	// game has gone to a worker (its last games may still be playing):
	// a caller playing matches one after another can start the next then,
	// so the cores that finished do not wait for the slowest game. Not
	// called when the match stops before (cancelled or failed).
	Drained func()
}

// Shard I of N plays the I-th of N contiguous slices of a run's pairs. A
// slice, not every N-th pair, so the record of the pairs a result covers is
// one range however long the run (see PairSet).
type Shard struct{ I, N int }

// span is the slice [lo, hi) of the pairs first .. first+pairs-1 that the
// shard plays.
func (s Shard) span(first, pairs int) (lo, hi int) {
	if s.N <= 1 {
		return first, first + pairs
	}
	return first + s.I*pairs/s.N, first + (s.I+1)*pairs/s.N
}

// GameRecord is what one game gives the statistics.
type GameRecord struct {
	Pair       int
	AFirst     bool    // army A moved first
	Outcome    Outcome // from army A's side
	HQ         [2]int  // HQ points of A and B at the end
	Turns      int
	Battles    int
	Actions    int
	Played     [2][engine.MaxArmyTokens]uint8        // tokens of each army put into play, by type
	Survivors  [2][engine.MaxArmyTokens]uint8        // tokens of each army on the board at the end, by type
	LeaderUses [2]uint8                              // how many times each army's leader card was used (the Leaders variant)
	Dealt      [2][engine.MaxArmyTokens]uint16       // wounds inflicted in battles by each army's token types
	Deeds      [2][engine.MaxArmyTokens]engine.Deeds // what each token type's steps did (instants, abilities, foundations)
	// What each token type moved on the board (engine.Figures): units it
	// moved, units it turned, turns its statuses lasted; saturating at 255.
	Moves, Rotations, StatusTurns [2][engine.MaxArmyTokens]uint8
	// On a board with energy (the Duel board), by army: energy bought and
	// Procedures run, by kind (engine.Proc*).
	Energy [2]int
	Procs  [2][engine.NumProcedures]int
}

// pairSeed derives the seed of pair k (SplitMix64), so any pair can be
// played alone and gives the same game whatever ran before it.
func pairSeed(seed uint64, k int) uint64 {
	z := seed + uint64(k+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Play plays one game of pair k: aFirst says whether army A takes the first
// seat. Both games of a pair use the same seed for each army's deck, so each
// army draws the same tokens in the same order from either seat.
func (m *Match) Play(k int, aFirst bool, res *engine.Resolver) (GameRecord, error) {
	return m.play(k, aFirst, &worker{res: res})
}

// worker is one goroutine's reusable game and buffers: a game restarts in
// place (engine.Game.Init), so a long run allocates only per game what the
// players need, not the game's own large state.
type worker struct {
	res *engine.Resolver
	g   *engine.Game
	buf []engine.Action
	obs Observer // nil except for a recorded game (PlayObserved)
	fig engine.Figures
	tok gameTokens // a multiplayer game's per-token figures (MultiMatch.Play)
	cfg engine.Config
	// leaders backs cfg.Leaders in a two-player game, so that setting it
	// up allocates nothing.
	leaders [2]*rules.Leader
	// seats hold the players of the game being played (player.Seats of
	// them), so that a game allocates no list of its players.
	seats [engine.MaxPlayers]player.Player
}

func (m *Match) play(k int, aFirst bool, w *worker) (GameRecord, error) {
	res := w.res
	seed := pairSeed(m.Seed, k)
	armies := [2]*rules.Army{m.A, m.B}
	specs := m.Players
	side := [2]int{0, 1} // side[seat] = 0 for army A, 1 for army B
	if !aFirst {
		armies[0], armies[1] = armies[1], armies[0]
		specs[0], specs[1] = specs[1], specs[0]
		side = [2]int{1, 0}
	}
	board := m.Board
	if board == nil {
		board = position.Standard
	}
	// The worker's config: its games (and their copies in the players)
	// end before the next game changes it.
	w.cfg = engine.Config{Board: board, Start: m.Start, Reinforce: m.Reinforce, Structures: m.Structures}
	if m.Leaders[0] != nil || m.Leaders[1] != nil {
		w.leaders = m.Leaders
		if !aFirst {
			w.leaders[0], w.leaders[1] = w.leaders[1], w.leaders[0]
		}
		w.cfg.Leaders = w.leaders[:]
	}
	if w.g == nil {
		g, err := engine.NewGame(w.cfg, armies[:], seed)
		if err != nil {
			return GameRecord{}, err
		}
		g.SetWorkspace(res)
		w.g = g
	} else if err := w.g.Init(&w.cfg, armies[:], seed); err != nil {
		return GameRecord{}, err
	}
	g := w.g
	g.SetFigures(&w.fig) // after Init, which detaches it
	ShuffleDecks(g, seed, aFirst)
	players := player.Seats(w.seats[:2])
	for seat := range players {
		players[seat] = specs[seat].New(seed^uint64(side[seat]+7)*0xe7037ed1a0b428db, res)
	}
	defer func() {
		for seat, p := range players {
			player.Release(p) // the search caches go back to the pool
			players[seat] = nil
		}
	}()
	var dec engine.Decider = players // boxed once per game, not per action
	if w.obs != nil {
		dec = w.obs.Begin(g, GameInfo{Pair: k, AFirst: aFirst, Seed: m.Seed, GameSeed: seed, Players: specs, MaxActions: m.MaxActions}, dec)
	}
	rec := GameRecord{Pair: k, AFirst: aFirst}
	maxActions := m.MaxActions
	if maxActions == 0 {
		maxActions = DefaultMaxActions
	}
	if w.buf == nil {
		w.buf = make([]engine.Action, 0, 1024)
	}
	buf := w.buf[:0]
	defer func() { w.buf = buf[:0] }()
	for !g.Over() {
		if rec.Actions >= maxActions {
			rec.Outcome = Capped
			break
		}
		buf = g.LegalActions(buf[:0])
		if len(buf) == 0 {
			return rec, fmt.Errorf("pair %d: no legal action in phase %d", k, g.Phase)
		}
		seat := g.Player
		a := buf[players[seat].Act(g, buf)]
		countPlayed(g, seat, a, &rec.Played[side[seat]])
		if a.Kind == engine.KEnergy || a.Kind == engine.KProcedure { // the Duel board's actions (not KLeader, which follows them)
			if a.Kind == engine.KEnergy {
				rec.Energy[side[seat]] += bits.OnesCount8(a.Slot) + int(a.Token)
			} else if a.Slot < engine.NumProcedures {
				rec.Procs[side[seat]][a.Slot]++
			}
		}
		if w.obs != nil {
			w.obs.Action(g, a)
		}
		if err := g.ApplyLegal(a, dec); err != nil {
			return rec, fmt.Errorf("pair %d action %d (%s): %w", k, rec.Actions, a, err)
		}
		rec.Actions++
	}
	for seat := 0; seat < 2; seat++ {
		rec.HQ[side[seat]] = g.S.HQPoints(uint8(seat))
		rec.Dealt[side[seat]] = g.Dealt[seat]
		rec.Deeds[side[seat]] = g.Deeds[seat]
		for t := range engine.MaxArmyTokens {
			rec.Moves[side[seat]][t] = uint8(min(255, w.fig.Moves[seat][t]))
			rec.Rotations[side[seat]][t] = uint8(min(255, w.fig.Rotations[seat][t]))
			rec.StatusTurns[side[seat]][t] = uint8(min(255, w.fig.StatusTurns[seat][t]))
		}
		rec.LeaderUses[side[seat]] = g.LeaderUsed[seat]
	}
	for h := 0; h < g.S.Board.Size; h++ {
		if u := g.S.Cells[h].Unit; !u.Empty() && g.S.Tok(u).Kind != rules.HQ {
			rec.Survivors[side[u.Owner]][u.Token]++
		}
	}
	rec.Turns, rec.Battles = g.Turn, g.Battles
	if rec.Outcome != Capped {
		switch g.Result {
		case engine.Draw:
			rec.Outcome = Draw
		case engine.Win1, engine.Win2:
			rec.Outcome = Loss
			if (g.Result == engine.Win1) == aFirst {
				rec.Outcome = Win
			}
		}
	}
	if w.obs != nil {
		w.obs.End(g, rec.Outcome == Capped)
	}
	return rec, nil
}

// shuffleDeck reorders a seat's deck from seed: the same army gets the same
// order whichever seat it plays.
func shuffleDeck(g *engine.Game, seat int, seed uint64) {
	r := player.NewRand(seed)
	d := g.Deck[seat][:g.DeckLen[seat]]
	// Sort first so the result does not depend on the engine's own shuffle.
	for i := 1; i < len(d); i++ {
		for j := i; j > 0 && d[j] < d[j-1]; j-- {
			d[j], d[j-1] = d[j-1], d[j]
		}
	}
	for i := len(d) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		d[i], d[j] = d[j], d[i]
	}
}

// Progress is told how many games are done out of how many.
type Progress func(done, total int)

// Run plays every game of the match on workers goroutines (0 = one per
// core). Records come back in game order, so the statistics are the same
// whatever the number of workers. When ctx is cancelled it stops early and
// returns the games finished so far with partial set.
func (m *Match) Run(ctx context.Context, workers int, progress Progress) (recs []GameRecord, partial bool, err error) {
	type job struct {
		k      int
		aFirst bool
	}
	var jobs []job
	lo, hi := m.Shard.span(m.FirstPair, m.Pairs)
	for k := lo; k < hi; k++ {
		jobs = append(jobs, job{k, true}, job{k, false})
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out := make([]GameRecord, len(jobs))
	ok := make([]bool, len(jobs))
	var next, done atomic.Int64
	var firstErr error
	var errOnce sync.Once
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := &worker{res: new(engine.Resolver)}
			for {
				if ctx.Err() != nil {
					return
				}
				i := int(next.Add(1) - 1)
				if i >= len(jobs) {
					if i == len(jobs) && m.Drained != nil {
						m.Drained() // the first worker to find the queue empty
					}
					return
				}
				rec, err := m.play(jobs[i].k, jobs[i].aFirst, wk)
				if err != nil {
					errOnce.Do(func() { firstErr = err })
					return
				}
				out[i], ok[i] = rec, true
				n := int(done.Add(1))
				if progress != nil {
					progress(n, len(jobs))
				}
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, false, firstErr
	}
	// Keep whole pairs only, in order, so a partial run stays seat-balanced.
	for i := 0; i+1 < len(jobs); i += 2 {
		if ok[i] && ok[i+1] {
			recs = append(recs, out[i], out[i+1])
		} else {
			partial = true
		}
	}
	return recs, partial, nil
}

// blockPairs bounds how many pairs RunSummary plays between two folds into
// the summary, so memory stays constant whatever --games is.
var blockPairs = 1 << 12

// RunSummary plays the match like Run but folds the records into a summary
// block by block, so memory does not grow with the number of games. The
// summary's sums are exact integers (and halves), so the result is the same
// for any number of workers. When ctx is cancelled it stops within a game
// and returns the whole pairs finished so far with Partial set.
func (m *Match) RunSummary(ctx context.Context, workers int, progress Progress) (*Summary, error) {
	s := Summarize(m, nil, false)
	partial, err := m.Stream(ctx, workers, progress, s.Fold)
	if err != nil {
		return nil, err
	}
	s.Partial = partial
	return s, nil
}

// Stream plays the match like Run but hands the records to fold block by
// block (whole pairs, in game order) instead of keeping them, so a caller
// that folds them into counts runs in constant memory at any length.
func (m *Match) Stream(ctx context.Context, workers int, progress Progress, fold func([]GameRecord)) (partial bool, err error) {
	lo, hi := m.Shard.span(m.FirstPair, m.Pairs)
	total := 2 * (hi - lo)
	done := 0
	for first := lo; first < hi; first += blockPairs {
		if ctx.Err() != nil {
			return true, nil
		}
		b := *m
		b.FirstPair, b.Pairs, b.Shard = first, min(blockPairs, hi-first), Shard{} // the block is inside the shard
		if first+blockPairs < hi {
			b.Drained = nil // only the last block drains the match
		}
		var prog Progress
		if progress != nil {
			base := done
			prog = func(n, _ int) { progress(base+n, total) }
		}
		recs, partial, err := b.Run(ctx, workers, prog)
		if err != nil {
			return false, err
		}
		fold(recs)
		done += len(recs)
		if partial {
			return true, nil
		}
	}
	return false, nil
}

// PlayFromObserved plays a game started at a position (engine.PrepareFrom,
// then StartFrom) to its end with computer players (specs[p] plays player
// p; with more than two players specs[p&1]), every random choice from
// seed, at most maxActions actions; obs (when not nil) watches from before
// the position's turn starts, as PlayObserved watches a match's game: its
// GameInfo has the seed as both seeds, pair 0, the first seat first. It
// reports the engine's result and whether the cap stopped the game.
func PlayFromObserved(s *engine.State, piles *engine.Piles, specs [2]player.Spec, seed uint64, maxActions int, obs Observer) (g *engine.Game, actions int, capped bool, err error) {
	res := new(engine.Resolver)
	n := s.Players()
	players := make(player.Seats, n)
	for p := range n {
		// A position of more than two players is played with one player
		// for every seat (the CLI refuses two): seat p takes specs[p&1].
		players[p] = specs[p&1].New(seed^uint64(p+7)*0xe7037ed1a0b428db, res)
	}
	var dec engine.Decider = players
	g, err = engine.PrepareFrom(s, piles, seed)
	if err != nil {
		return nil, 0, false, err
	}
	g.SetWorkspace(res)
	if obs != nil {
		dec = obs.Begin(g, GameInfo{Seed: seed, GameSeed: seed, AFirst: true, Players: specs, MaxActions: maxActions}, dec)
		defer func() {
			if err == nil {
				obs.End(g, capped)
			}
		}()
	}
	g.StartFrom(dec)
	buf := make([]engine.Action, 0, 1024)
	for !g.Over() {
		if actions >= maxActions {
			return g, actions, true, nil
		}
		buf = g.LegalActions(buf[:0])
		if len(buf) == 0 {
			return g, actions, false, fmt.Errorf("no legal action in phase %d", g.Phase)
		}
		a := buf[players[g.Player].Act(g, buf)]
		if obs != nil {
			obs.Action(g, a)
		}
		if err := g.ApplyLegal(a, dec); err != nil {
			return g, actions, false, err
		}
		actions++
	}
	return g, actions, false, nil
}
