package player_test

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/player"
	"github.com/hexforge/hexforge/sim"
)

// TestStructureFacingsStrength: scoring a Structure's facings by
// coordinate descent (scoreStructureRun) does not make a player weaker
// than scoring every placement (player.AllFacings, the old logic):
// the new player against the old on Fortress against Fortress, and each
// on Fortress against the same greedy Moloch, seat-swapped pairs; the
// new player's 95% interval must reach 0.5 in the first, and its rate
// against Moloch must stay within the intervals of the old one's.
// HEXFORGE_FACINGS_PAIRS sets the pairs (100 by default, 200 games);
// HEXFORGE_FACINGS_PLAYER the player ("greedy" by default, e.g. "race:8").
func TestStructureFacingsStrength(t *testing.T) {
	pairs, pl := 100, "greedy"
	if n, err := strconv.Atoi(os.Getenv("HEXFORGE_FACINGS_PAIRS")); err == nil && n > 0 {
		pairs = n
	} else if testing.Short() {
		pairs = 20
	}
	if s := os.Getenv("HEXFORGE_FACINGS_PLAYER"); s != "" {
		pl = s
	}
	spec, err := player.Parse(pl)
	if err != nil {
		t.Fatal(err)
	}
	old := player.AllFacings(spec)
	run := func(m *sim.Match) sim.Tally {
		t.Helper()
		m.Pairs, m.Seed = pairs, 11
		recs, _, err := m.Run(context.Background(), 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		return sim.Summarize(m, recs, false).Tally
	}
	m := structureMatch(t, spec, old)
	m.B = m.A
	head := run(m)
	iv := head.Interval()
	t.Logf("%s new vs old, Fortress mirror: %d-%d-%d, rate %.3f [%.3f, %.3f]", pl, head.Wins, head.Draws, head.Losses, head.Rate(), iv.Lo, iv.Hi)
	if iv.Hi < 0.5 {
		t.Errorf("the new %s is weaker than the old: rate %.3f, 95%% interval [%.3f, %.3f]", pl, head.Rate(), iv.Lo, iv.Hi)
	}
	var rates [2]sim.Tally
	for k, suffix := range []string{"", " (all facings)"} {
		m := structureMatch(t, []player.Spec{spec, old}[k], spec)
		rates[k] = run(m)
		iv := rates[k].Interval()
		t.Logf("%s%s Fortress vs %s Moloch: %d-%d-%d, rate %.3f [%.3f, %.3f]", pl, suffix, pl, rates[k].Wins, rates[k].Draws, rates[k].Losses, rates[k].Rate(), iv.Lo, iv.Hi)
	}
	if iv := rates[1].Interval(); rates[0].Rate() < iv.Lo {
		t.Errorf("the new %s wins less with Fortress against Moloch: %.3f, below the old's interval [%.3f, %.3f]", pl, rates[0].Rate(), iv.Lo, iv.Hi)
	}
}

// structureMatch is Fortress (cmd/hexforge/testdata/fortress.army, which
// extends Outpost, so it is loaded as hexforge loads it) against Moloch
// with the Structures variant, one pair.
func structureMatch(t *testing.T, pa, pb player.Spec) *sim.Match {
	t.Helper()
	f, err := armies.Loader{}.Load("../cmd/hexforge/testdata/fortress.army")
	if err != nil {
		t.Fatal(err)
	}
	m, err := armies.Loader{}.Load("moloch")
	if err != nil {
		t.Fatal(err)
	}
	return &sim.Match{A: f.Army, B: m.Army, Players: [2]player.Spec{pa, pb}, Seed: 1, Pairs: 1, Structures: true}
}
