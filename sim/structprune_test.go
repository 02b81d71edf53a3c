package sim

import (
	"context"
	"os"
	"strconv"
	"testing"
)

// TestStructureFacingsStrength: scoring a Structure's facings by
// coordinate descent (scoreStructureRun) does not make a player weaker
// than scoring every placement (the allFacings kinds, the old logic):
// the new player against the old on Fortress against Fortress, and each
// on Fortress against the same greedy Moloch, seat-swapped pairs; the
// new player's 95% interval must reach 0.5 in the first, and its rate
// against Moloch must stay within the intervals of the old one's.
// HEXFORGE_FACINGS_PAIRS sets the pairs (100 by default, 200 games);
// HEXFORGE_FACINGS_PLAYER the player ("greedy" by default, e.g. "race:8").
// allFacings is the suffix of player's kinds that score every placement
// of a Structure (player/structprune.go).
const allFacings = "/all-facings"

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
	run := func(m *Match) Tally {
		t.Helper()
		m.Pairs, m.Seed = pairs, 11
		recs, _, err := m.Run(context.Background(), 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		return Summarize(m, recs, false).Tally
	}
	m := structureMatch(t, pl, pl)
	m.B = m.A
	m.Players[1].Kind += allFacings
	head := run(m)
	iv := head.Interval()
	t.Logf("%s new vs old, Fortress mirror: %d-%d-%d, rate %.3f [%.3f, %.3f]", pl, head.Wins, head.Draws, head.Losses, head.Rate(), iv.Lo, iv.Hi)
	if iv.Hi < 0.5 {
		t.Errorf("the new %s is weaker than the old: rate %.3f, 95%% interval [%.3f, %.3f]", pl, head.Rate(), iv.Lo, iv.Hi)
	}
	var rates [2]Tally
	for k, suffix := range []string{"", allFacings} {
		m := structureMatch(t, pl, pl)
		m.Players[0].Kind += suffix
		rates[k] = run(m)
		iv := rates[k].Interval()
		t.Logf("%s%s Fortress vs %s Moloch: %d-%d-%d, rate %.3f [%.3f, %.3f]", pl, suffix, pl, rates[k].Wins, rates[k].Draws, rates[k].Losses, rates[k].Rate(), iv.Lo, iv.Hi)
	}
	if old := rates[1].Interval(); rates[0].Rate() < old.Lo {
		t.Errorf("the new %s wins less with Fortress against Moloch: %.3f, below the old's interval [%.3f, %.3f]", pl, rates[0].Rate(), old.Lo, old.Hi)
	}
}
