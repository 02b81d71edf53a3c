package player

import (
	"cmp"
	"slices"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/internal/testarmy"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/rules"
)

// firstPlay is the first decision of a Moloch mirror with a token to
// place: nothing on the board to fight, so most placements score the same.
func firstPlay(t testing.TB) (*engine.Game, *engine.Resolver, []engine.Action) {
	ma, mb := testarmy.Load(t, "moloch"), testarmy.Load(t, "moloch")
	g, err := engine.NewGame(engine.Config{Board: position.Standard}, []*rules.Army{ma, mb}, 3)
	if err != nil {
		t.Fatal(err)
	}
	res := new(engine.Resolver)
	g.SetWorkspace(res)
	gp := newGreedy(1, res)
	buf := make([]engine.Action, 0, 1024)
	for !g.Over() {
		buf = g.LegalActions(buf[:0])
		if g.Turn >= 1 && g.Phase == engine.PhasePlay && len(buf) > 50 {
			return g, res, buf
		}
		if err := g.Apply(buf[gp.Act(g, buf)], gp); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no placement decision")
	return nil, nil, nil
}

// hexes counts the different hexes of the shortlisted actions.
func hexes(legal []engine.Action, cands []candidate) int {
	seen := map[engine.Hex]bool{}
	for _, c := range cands {
		seen[legal[c.idx].Hex] = true
	}
	return len(seen)
}

// Where placements tie, race's shortlist is a few facings of the first
// hexes in the engine's order; wide's is wideWidth actions over many
// hexes, none two facings of one placement that score the same.
func TestWideShortlistIsVaried(t *testing.T) {
	g, res, legal := firstPlay(t)
	w := newWide(7, res, DefaultWideWorlds)
	defer w.release()
	w.shortlist(g, legal)
	if len(w.cands) != wideWidth {
		t.Fatalf("%d candidates, want %d", len(w.cands), wideWidth)
	}
	for i, a := range w.cands {
		for _, b := range w.cands[:i] {
			if a.greed == b.greed && sameButFacing(legal[a.idx], legal[b.idx]) {
				t.Errorf("%v and %v: two facings of one placement, scored the same", legal[a.idx], legal[b.idx])
			}
		}
		if i > 0 && a.greed > w.cands[i-1].greed {
			t.Errorf("candidate %d scores %.2f, above the one before it", i, a.greed)
		}
	}
	// The same position under race: its shortlist sorted stably, the
	// engine's order among equals.
	r := newRace(7, res, DefaultRaceWorlds)
	defer r.release()
	var top []candidate
	pos := g.PositionKey(false)
	for i, a := range legal {
		if sc := r.score(g, pos, a); sc != failed {
			top = append(top, candidate{idx: i, greed: sc})
		}
	}
	ties := 0
	for _, c := range top {
		if c.greed == w.cands[0].greed {
			ties++
		}
	}
	if ties < 2*wideWidth {
		t.Skipf("only %d actions tie at the top here: the position does not show the point", ties)
	}
	slices.SortStableFunc(top, func(a, b candidate) int { return cmp.Compare(b.greed, a.greed) })
	raceHexes, wideHexes := hexes(legal, top[:raceShortlist]), hexes(legal, w.cands)
	if wideHexes < wideWidth/2 || wideHexes <= raceHexes {
		t.Errorf("wide's shortlist covers %d hexes, race's %d: want wide's at least %d and more than race's", wideHexes, raceHexes, wideWidth/2)
	}
}

// A decision of the wide player plays every candidate on at least
// wideMinWorlds worlds before it drops one, and a clear one stops well
// short of the budget.
func TestWideSpendsWorlds(t *testing.T) {
	g, res, legal := midGame(t)
	w := newWide(5, res, DefaultWideWorlds)
	defer w.release()
	w.Act(g, legal)
	k := min(wideWidth, len(w.cands))
	if w.rollouts < k*wideMinWorlds || w.rollouts > k*DefaultWideWorlds {
		t.Errorf("%d rollouts for %d candidates: want between %d and %d", w.rollouts, k, k*wideMinWorlds, k*DefaultWideWorlds)
	}
}

// BenchmarkWideDecision is one decision of the wide player (default
// budget) in the middle-game position of BenchmarkMCTSDecision, its caches
// emptied each time.
func BenchmarkWideDecision(b *testing.B) {
	g, res, legal := midGame(b)
	w := newWide(5, res, DefaultWideWorlds)
	w.Act(g, legal) // grow the buffers once
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.forget()
		w.Act(g, legal)
	}
}
