package player

import (
	"cmp"
	"slices"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// structureRun returns the end (exclusive) of the run of Structure
// placements in legal that starts at i: the same Structure on the same two
// hexes, with every facing of its two parts.
func structureRun(legal []engine.Action, i int) int {
	a := legal[i]
	j := i + 1
	for j < len(legal) && legal[j].Kind == engine.KStructure && legal[j].Slot == a.Slot && legal[j].Hex == a.Hex && legal[j].To == a.To {
		j++
	}
	return j
}

// refineRuns is how many runs of Structure placements, the best by
// their coordinate descent, then have every pair of facings scored.
const refineRuns = 4

// structRun is one run of placements scored by scoreStructureRun: legal[i:j],
// the first part's facing it kept and the best score it saw.
type structRun struct {
	i, j   int
	facing rules.Dir
	best   float64
}

// addRun appends r to runs, making room for a whole decision's runs at
// once (one allocation per player and game, and none in a game without
// Structures).
func addRun(runs []structRun, r structRun) []structRun {
	if runs == nil {
		runs = make([]structRun, 0, 256)
	}
	return append(runs, r)
}

// scoreStructureRun scores the placements legal[i:j] (one run, see
// structureRun) by coordinate descent instead of every pair of facings:
// each facing of the first part with the second part's first facing, then
// each other facing of the second part with the first part's best facing
// (up to 6+6-1 placements scored instead of 6×6). score returns the
// placement's score and whether it could be played; seen gets every
// scored placement, so a player picks among those. It returns the run
// (false when no placement could be played), for refineStructures. A
// placement's battle is the costly part of choosing it
// (docs/performance.md, "Structure placements").
func scoreStructureRun(legal []engine.Action, i, j int, score func(k int) (float64, bool), seen func(k int, sc float64)) (structRun, bool) {
	r := structRun{i: i, j: j, facing: legal[i].Facing}
	found := false
	for k := i; k < j; k++ {
		if legal[k].Token != 0 {
			continue
		}
		sc, ok := score(k)
		if !ok {
			continue
		}
		seen(k, sc)
		if !found || sc > r.best {
			r.facing, r.best, found = legal[k].Facing, sc, true
		}
	}
	if !found {
		return r, false
	}
	for k := i; k < j; k++ {
		if legal[k].Token == 0 || legal[k].Facing != r.facing {
			continue
		}
		if sc, ok := score(k); ok {
			seen(k, sc)
			r.best = max(r.best, sc)
		}
	}
	return r, true
}

// refineStructures scores the placements scoreStructureRun left out of the
// refineRuns best runs (by their best score; the engine's order among
// equals): every pair of facings where a Structure is most likely to go.
// It reorders runs.
func refineStructures(legal []engine.Action, runs []structRun, score func(k int) (float64, bool), seen func(k int, sc float64)) {
	slices.SortStableFunc(runs, func(a, b structRun) int { return cmp.Compare(b.best, a.best) })
	for _, r := range runs[:min(refineRuns, len(runs))] {
		for k := r.i; k < r.j; k++ {
			if legal[k].Token == 0 || legal[k].Facing == r.facing {
				continue
			}
			if sc, ok := score(k); ok {
				seen(k, sc)
			}
		}
	}
}
