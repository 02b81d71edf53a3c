// Package study holds the designer's analyses built on sim: how a match is
// run to a precision or a sequential verdict (Run), which tokens carry an
// army (importance), how a parameter moves the win rate (sweep), whether a
// verdict holds at every player level (ladder), how shards and runs merge,
// and the multiplayer run. Each returns a result value and prints nothing;
// its rendering is apart (the *_render.go files).
package study

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
)

// Run is how a study plays its matches: the games of each, the workers,
// when to stop (a fixed number of games, an interval narrow enough, or a
// sequential test) and the variant every match plays.
type Run struct {
	Players    [2]player.Spec // army A's and army B's
	Seed       uint64
	Shard      sim.Shard // the part of every match this run plays
	MaxActions int
	Games      int     // games per matchup, played in seat-swapped pairs
	Workers    int     // 0: one per core; results do not depend on it
	UntilCI    float64 // keep playing until the 95% half-width is below this (0: --games)
	Seq        *sim.Sequential
	Start      engine.StartRule
	Reinforce  bool
	Structures bool
	Board      *engine.Board // nil or position.Standard: the standard board
	Leaders    [2]*rules.Leader
	// Progress gives the callback that shows a match's games (label names
	// it); nil shows nothing.
	Progress func(label string) sim.Progress
	// OnGames sees every game as it finishes (sim --record-losses); nil
	// lets the runner fold the games alone.
	OnGames func([]sim.GameRecord)
	// Expect, with Seq, is told the games the test will have played when
	// it stops (sim.Sequential.ExpectedPairs) before the first batch and
	// after each: what a progress bar's ETA should count on instead of
	// Games, the test's cap. nil: not told.
	Expect func(games int)
	// OnLook, in importance and sweep (staged.go), is told after the
	// reference's first games and after every look but the last what
	// the study has played and about how many games it will play in
	// all, for a command to say how long it will take. nil: not told.
	OnLook func(Look)
}

// MaxWorkers caps --workers. Games are CPU-bound, so more workers than
// cores only add memory (each holds a game and its player's search) and
// scheduling; 256 is more cores than any one machine here has, and a typo
// like --workers 100000 is caught instead of starting 100000 goroutines.
const MaxWorkers = 256

// CheckWorkers validates --workers for every command that has it.
func CheckWorkers(n int) error {
	if n < 0 || n > MaxWorkers {
		return fmt.Errorf("--workers %d: want 0 (one per core) to %d: more workers than cores only slow a run down", n, MaxWorkers)
	}
	return nil
}

// Check refuses, before any game, the settings no run can play: the
// number of games (at most sim.MaxGames, the documented maximum of
// --games per matchup and of what --until-ci may reach), the half-width
// to reach, the workers and the cap on a game's actions. Its errors name
// the command line's flags.
func (r *Run) Check() error {
	if r.Games < 1 || r.Games > sim.MaxGames {
		return fmt.Errorf("--games %d: want 1 to %d", r.Games, sim.MaxGames)
	}
	if r.UntilCI < 0 || r.UntilCI >= 0.5 {
		return fmt.Errorf("--until-ci %v: want a half-width between 0 and 0.5, e.g. 0.02", r.UntilCI)
	}
	if err := CheckWorkers(r.Workers); err != nil {
		return err
	}
	if r.MaxActions < 10 {
		return fmt.Errorf("--max-actions %d: want at least 10", r.MaxActions)
	}
	return nil
}

// JobGames is how many games one matchup plays in this run: a shard's
// part of the games rounded up to pairs.
func (r *Run) JobGames() int {
	g := 2 * ((r.Games + 1) / 2)
	if r.Shard.N > 1 {
		g /= r.Shard.N
	}
	return g
}

// PlayedGames is how many games a whole run plays per matchup: the games
// rounded up to pairs.
func (r *Run) PlayedGames() int { return 2 * ((r.Games + 1) / 2) }

// NewMatch is the match of a against b with the run's players, seed,
// shard, action cap and variant.
func (r *Run) NewMatch(a, b *rules.Army) *sim.Match {
	return &sim.Match{A: a, B: b, Players: r.Players, Seed: r.Seed, Shard: r.Shard, MaxActions: r.MaxActions,
		Start: r.Start, Reinforce: r.Reinforce, Structures: r.Structures, Board: r.Board, Leaders: r.Leaders}
}

func (r *Run) progress(m *sim.Match) sim.Progress {
	if r.Progress == nil {
		return nil
	}
	return r.Progress(m.A.Name + " vs " + m.B.Name)
}

// Match plays m with the run's variant, and with UntilCI keeps adding
// batches (each continuing the same series of seeds) until the interval is
// narrow enough; with Seq it plays batch by batch until the test decides.
func (r *Run) Match(ctx context.Context, m *sim.Match) (*sim.Summary, error) {
	m.Pairs, m.FirstPair, m.Start, m.Reinforce, m.Leaders = (r.Games+1)/2, 0, r.Start, r.Reinforce, r.Leaders
	m.Structures = r.Structures
	if r.Board != nil && r.Board != position.Standard {
		m.Board = r.Board
	}
	if r.Seq != nil {
		return r.sequential(ctx, m)
	}
	var total *sim.Summary
	for {
		s, err := r.summary(ctx, m)
		if err != nil {
			return nil, err
		}
		partial := s.Partial
		if total == nil {
			total = s
		} else if err := total.Merge(s); err != nil {
			return nil, err
		}
		total.Pairs = m.FirstPair + m.Pairs
		if m.Shard.N > 1 && r.UntilCI > 0 {
			// A shard never stops on its own games: merge judges the
			// target on all of them (sim.UntilCICheck).
			run := *total.Run
			run.UntilCI = r.UntilCI
			total.Run = &run
			return total, nil
		}
		if partial || ctx.Err() != nil || r.UntilCI == 0 || total.Tally.Interval().HalfWidth() < r.UntilCI || total.Pairs >= sim.MaxGames/2 {
			return total, nil
		}
		m.FirstPair += m.Pairs
	}
}

// summary plays m as Match.RunSummary does, also showing each game to
// OnGames.
func (r *Run) summary(ctx context.Context, m *sim.Match) (*sim.Summary, error) {
	progress := r.progress(m)
	if r.OnGames == nil {
		return m.RunSummary(ctx, r.Workers, progress)
	}
	s := sim.Summarize(m, nil, false)
	partial, err := m.Stream(ctx, r.Workers, progress, func(recs []sim.GameRecord) {
		s.Fold(recs)
		r.OnGames(recs)
	})
	if err != nil {
		return nil, err
	}
	s.Partial = partial
	return s, nil
}

// seqBatch is how many pairs a sequential test plays between two looks:
// fixed, so that where it stops does not depend on the workers.
const seqBatch = 50

// sequential plays a match batch by batch until its sequential test
// decides or the games are played. A shard cannot stop early (the other
// shards would not know): it plays every game and marks the test
// fixed-length.
func (r *Run) sequential(ctx context.Context, m *sim.Match) (*sim.Summary, error) {
	max := m.Pairs
	if m.Shard.N > 1 {
		s, err := r.summary(ctx, m)
		if err != nil {
			return nil, err
		}
		q := *r.Seq
		q.FixedLength = true
		q.Update(s.Tally.Pairs)
		s.Seq = &q
		return s, nil
	}
	expect := func(p stats.Pentanomial) {
		if r.Expect != nil {
			r.Expect(2 * r.Seq.ExpectedPairs(p, seqBatch, max))
		}
	}
	expect(stats.Pentanomial{})
	var total *sim.Summary
	for first := 0; first < max; first += seqBatch {
		m.FirstPair, m.Pairs = first, min(seqBatch, max-first)
		s, err := r.summary(ctx, m)
		if err != nil {
			return nil, err
		}
		if total == nil {
			total = s
			q := *r.Seq
			total.Seq = &q
		} else {
			seq := total.Seq
			total.Seq = nil // Merge would mark it fixed-length: this run looks after each batch
			if err := total.Merge(s); err != nil {
				return nil, err
			}
			total.Seq = seq
		}
		total.Pairs = first + m.Pairs
		if total.Seq.Update(total.Tally.Pairs) || s.Partial || ctx.Err() != nil {
			break
		}
		expect(total.Tally.Pairs)
	}
	return total, nil
}

// CheckStructures checks the Structures variant against the armies of a
// run, before any game is played. With it on some army must have a
// structure block, or the variant would change nothing: that is an error.
// Without it an army's structure blocks are not played, as at a table that
// does not play the variant (the Structures are tokens besides the army,
// not in its draw pile); the note says so, since every figure of a report
// is then of the game without them.
func CheckStructures(on bool, list ...*rules.Army) (note string, err error) {
	var with []string
	for _, a := range list {
		if len(a.Structures) > 0 {
			with = append(with, fmt.Sprintf("%q", a.Name))
		}
	}
	switch {
	case on && len(with) == 0:
		return "", fmt.Errorf("--structures: no army of this run has a structure block, so the variant would change nothing (docs/dsl.md, \"Structures\")")
	case !on && len(with) > 0:
		return fmt.Sprintf("note: %s %s structure blocks, played only with --structures; this run plays without them", strings.Join(with, ", "), map[bool]string{true: "has", false: "have"}[len(with) == 1]), nil
	}
	return "", nil
}

// RoundRobin plays every matchup of the armies, mirrors included, each
// named as names says. Cancelling ctx stops it: the matchups not reached
// are there with the games played, none, marked partial like the one it
// stopped in, so the report of a run stopped between two matchups is
// marked partial too.
//
// A run of a fixed number of games starts each matchup as soon as the
// one before has handed its last game to a worker (sim.Match.Drained), so
// a worker that is done does not wait for the slowest game of a matchup:
// at most two matchups play at once. Each matchup's games and summary are
// its own, so the result does not depend on it.
func (r *Run) RoundRobin(ctx context.Context, list []*rules.Army, names []string) (*sim.RoundRobin, error) {
	rr := &sim.RoundRobin{Armies: names, Players: sim.RoundRobinPlayers(r.Players[0].String(), r.Players[1].String()), Matches: map[[2]int]*sim.Summary{}}
	var cells [][2]int
	for i := range list {
		for j := i; j < len(list); j++ {
			cells = append(cells, [2]int{i, j})
		}
	}
	sums := make([]*sim.Summary, len(cells))
	errs := make([]error, len(cells))
	// Looks between batches (--until-ci, a sequential test) and a caller
	// seeing every game (OnGames, which sees them in order) play the
	// matchups strictly one after another.
	overlap := r.UntilCI == 0 && r.Seq == nil && r.OnGames == nil
	var wg sync.WaitGroup
	drained := make([]chan struct{}, len(cells))
	over := make([]chan struct{}, len(cells))
	failed := func(k int) bool { // matchup k is over and failed
		select {
		case <-over[k]:
			return errs[k] != nil
		default:
			return false
		}
	}
	for k, c := range cells {
		if k > 0 {
			<-drained[k-1]
			if k > 1 {
				<-over[k-2]
			}
			if failed(k-1) || k > 1 && failed(k-2) {
				break
			}
		}
		m := r.NewMatch(list[c[0]], list[c[1]])
		drained[k], over[k] = make(chan struct{}), make(chan struct{})
		var once sync.Once
		drain := func() { once.Do(func() { close(drained[k]) }) }
		if overlap {
			m.Drained = drain
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(over[k])
			defer drain() // a matchup that stops early or fails
			sums[k], errs[k] = r.Match(ctx, m)
		}()
		if !overlap {
			<-over[k]
		}
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for k, c := range cells {
		s := sums[k]
		s.A, s.B = names[c[0]], names[c[1]]
		rr.Matches[c] = s
	}
	return rr, nil
}
