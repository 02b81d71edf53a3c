// Package workbench is the designer's live loop around an army file: the
// quick simulation that watch and serve run after every good save (Quick)
// and serve's web page with its state (Bench).
package workbench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/stats"
	"github.com/hexforge/hexforge/study"
	"github.com/hexforge/hexforge/watch"
)

// Quick is what watch and serve simulate after each good save: the
// opponents, the games against each, the players, and the variant.
type Quick struct {
	Vs      []string // the opponents as the command line names them
	Games   int
	Players [2]player.Spec
	Board   *engine.Board    // nil: the standard board
	Leaders [2]*rules.Leader // the watched army's and the opponent's
	// Structures is the Structures variant, for a designer iterating on a
	// structure block.
	Structures bool
	// Loader reads the army files: the watched one and its bases.
	Loader armies.Loader
	// Load loads an opponent, its diagnostics written to w; nil loads it
	// as it is (Loader.Load).
	Load func(w io.Writer, ref string) (*rules.Army, error)
}

// Check refuses, before any work, the settings no quick simulation can
// play: a bad value is the command's error, not a line after the first
// save.
func (q *Quick) Check() error {
	if q.Games < 1 || q.Games > sim.MaxGames {
		return fmt.Errorf("--games %d: want 1 to %d", q.Games, sim.MaxGames)
	}
	if q.Structures && len(q.Vs) == 0 {
		// Only the quick simulations play the variant: without one the
		// flag would do nothing.
		return fmt.Errorf("--structures plays the Structures variant in the quick simulations: give an opponent with --vs")
	}
	return nil
}

func (q *Quick) load(w io.Writer, ref string) (*rules.Army, error) {
	if q.Load != nil {
		return q.Load(w, ref)
	}
	l, err := q.Loader.Load(ref)
	if err != nil {
		return nil, err
	}
	return l.Army, nil
}

// OnGood returns the quick simulation to run after each good save, or nil
// when there is no opponent. Every version plays the same seeds, so the
// next one is compared with the last pair by pair (Sims).
func (q *Quick) OnGood() watch.OnGood {
	if len(q.Vs) == 0 {
		return nil
	}
	s := q.NewSims()
	return func(ctx context.Context, out io.Writer, file string, a, prev *rules.Army) {
		s.Play(ctx, out, a, 0, nil)
	}
}

// Sims plays the quick simulations of successive versions of the armies
// and remembers, per army and opponent, the pair scores of the last
// version that played that opponent to the end: the next version is
// compared with it pair by pair.
type Sims struct {
	q    *Quick
	mu   sync.Mutex
	last map[string]baseline // by army name and opponent name
}

// baseline is a version's pair scores against an opponent.
type baseline struct {
	scores  []int8
	version int
}

// NewSims starts the quick simulations of q with no version played.
func (q *Quick) NewSims() *Sims {
	return &Sims{q: q, last: map[string]baseline{}}
}

// Result is a version's quick result against one opponent.
type Result struct {
	Opponent string  `json:"opponent"`
	WinRate  float64 `json:"win_rate"` // the army's points per game, 0 to 1
	Lo       float64 `json:"lo"`       // its 95% interval
	Hi       float64 `json:"hi"`
	Pairs    int     `json:"pairs"` // pairs of games (each deal played from both seats)
	// Change is the paired change against the last version that played
	// this opponent to the end; nil for the first.
	Change *Paired `json:"change,omitempty"`
}

// Paired is the change in win rate between two versions that played the
// same seeds, compared pair by pair.
type Paired struct {
	Against int     `json:"against"` // the version compared with (Play's version number)
	Diff    float64 `json:"diff"`    // the change in win rate, -1 to 1
	Lo      float64 `json:"lo"`      // its paired 95% interval
	Hi      float64 `json:"hi"`
	// Significant: the interval excludes 0; anything else is not significant
	// (which is not "no change": that needs an equivalence test).
	Significant bool `json:"significant"`
}

// Compare compares a version's pair scores with an older version's, pair
// by pair (the same seeds and draws); nil when there is no older one.
func Compare(old, cur []int8) *Paired {
	if old == nil {
		return nil
	}
	d := sim.PairedDiff(cur, old)
	lo, hi := d.Interval(stats.Z95)
	return &Paired{Diff: d.Mean(), Lo: lo, Hi: hi, Significant: d.Significant()}
}

// String says whether the win rate moved, as watch's line ends ("" for
// nil): a bare difference inside its noise is no news.
func (c *Paired) String() string {
	if c == nil {
		return ""
	}
	iv := fmt.Sprintf("%+.1f points, paired 95%% interval [%+.1f, %+.1f]", 100*c.Diff, 100*c.Lo, 100*c.Hi)
	if !c.Significant {
		return "  (no significant change since the last good version: " + iv + ")"
	}
	return "  (" + iv + " since the last good version: significant)"
}

// total is how many games a version plays, against all the opponents.
func (q *Quick) total() int { return 2 * ((q.Games + 1) / 2) * len(q.Vs) }

// Progress is how far a version's quick simulation is: the opponent under
// way and the games played of all the opponents'.
type Progress struct {
	Opponent string `json:"opponent"`
	Done     int    `json:"done"`
	Total    int    `json:"total"`
}

// Play plays a version of army a (version is the caller's number for it,
// which later versions' changes name) against every opponent: notes and
// one line per opponent go to out, as watch prints them, and the results
// are returned. progress, optional, is told the games played as they
// finish (from several goroutines at once). complete is false when ctx
// stopped the run; the opponents finished before are in the results and
// are the baselines of the next version.
func (s *Sims) Play(ctx context.Context, out io.Writer, a *rules.Army, version int, progress func(Progress)) (results []Result, complete bool) {
	q := s.q
	pairs := (q.Games + 1) / 2
	total := q.total()
	for i, ref := range q.Vs {
		opp, err := q.load(out, ref)
		if err != nil {
			fmt.Fprintf(out, "  vs %s: %v\n", ref, err)
			continue
		}
		// The watched army changes with every save, so whether the
		// variant does anything is known only now: a note line says
		// so, and the games are played all the same (they are the
		// games without the flag).
		note, err := study.CheckStructures(q.Structures, a, opp)
		if note != "" {
			fmt.Fprintln(out, note)
		}
		if err != nil {
			fmt.Fprintf(out, "  vs %s: note: %v\n", opp.Name, err)
		}
		m := &sim.Match{A: a, B: opp, Players: q.Players, Seed: 1, Pairs: pairs, Board: q.Board, Leaders: q.Leaders, Structures: q.Structures}
		var prog sim.Progress
		if progress != nil {
			before := 2 * pairs * i
			progress(Progress{Opponent: opp.Name, Done: before, Total: total})
			prog = func(done, _ int) { progress(Progress{Opponent: opp.Name, Done: before + done, Total: total}) }
		}
		scores := make([]int8, 0, m.Pairs)
		partial, err := m.Stream(ctx, 0, prog, func(recs []sim.GameRecord) { scores = sim.AppendPairPoints(scores, recs) })
		if err != nil {
			fmt.Fprintf(out, "  vs %s: %v\n", ref, err)
			continue
		}
		if partial || ctx.Err() != nil {
			// A newer save and Ctrl-C both cancel ctx; only the cause
			// tells them apart.
			why := "interrupted"
			if errors.Is(context.Cause(ctx), watch.ErrNewerSave) {
				why = "cancelled by a newer save"
			}
			fmt.Fprintf(out, "  vs %s: %s\n", opp.Name, why)
			return results, false
		}
		var p stats.Pentanomial
		for _, k := range scores {
			if k >= 0 {
				p[k]++
			}
		}
		r := Result{Opponent: opp.Name, WinRate: p.Mean(), Pairs: p.Pairs()}
		r.Lo, r.Hi = p.Interval(stats.Z95)
		key := a.Name + "\x00" + opp.Name
		s.mu.Lock()
		old := s.last[key]
		if r.Change = Compare(old.scores, scores); r.Change != nil {
			r.Change.Against = old.version
		}
		s.last[key] = baseline{scores, version}
		s.mu.Unlock()
		results = append(results, r)
		fmt.Fprintf(out, "  vs %s: %.1f%% [%.1f%%, %.1f%%] over %d pairs of %s games%s%s\n", opp.Name, 100*r.WinRate, 100*r.Lo, 100*r.Hi, r.Pairs, playersWords(q.Players), q.VariantWords(), r.Change)
	}
	return results, true
}

// playersWords names the players of a quick simulation: "race:8" when both
// sides play the same, "race:8 vs greedy" otherwise.
func playersWords(p [2]player.Spec) string {
	if p[0] == p[1] {
		return p[0].String()
	}
	return p[0].String() + " vs " + p[1].String()
}

// Plan says what the quick simulation plays after each good save against
// the opponents called names, for the watcher's first line ("" with no
// opponent).
func (q *Quick) Plan(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return "then " + q.games(names)
}

// plan says what each version plays, for the page ("" with no opponent).
func (q *Quick) plan() string {
	if len(q.Vs) == 0 {
		return ""
	}
	return q.games(q.Vs) + ", " + playersWords(q.Players)
}

// games says how many games a version plays against each of names, and
// the variant.
func (q *Quick) games(names []string) string {
	return fmt.Sprintf("%d games against %s%s", 2*((q.Games+1)/2), strings.Join(names, ", "), q.VariantWords())
}

// VariantWords names the board and the leaders of the quick simulations
// for the lines that report them ("" for the standard game).
func (q *Quick) VariantWords() string {
	s := ""
	if q.Board != nil && q.Board != position.Standard {
		s = ", on the " + q.Board.Name + " board"
	}
	if q.Leaders[0] != nil || q.Leaders[1] != nil {
		s += fmt.Sprintf(", leaders %s vs %s", sim.LeaderName(q.Leaders[0]), sim.LeaderName(q.Leaders[1]))
	}
	if q.Structures {
		s += ", Structures"
	}
	return s
}
