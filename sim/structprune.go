package sim

import "github.com/hexforge/hexforge/engine"

// pruneStructures makes the greedy and search players score only some of
// a Structure's facings (structureRun); false scores every placement, as
// before (kept for TestStructurePruneStrength's old-against-new games).
var pruneStructures = true

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

// scoreStructureRun scores the placements legal[i:j] (one run, see
// structureRun) by coordinate descent instead of every pair of facings:
// each facing of the first part with the second part's first facing, then
// each other facing of the second part with the first part's best facing
// (up to 6+6-1 placements scored instead of 6×6). score returns the
// placement's score and whether it could be played; seen gets every
// scored placement, so a player picks among those. A placement's battle is
// the costly part of choosing it (docs/performance.md, "Structure
// placements").
func scoreStructureRun(legal []engine.Action, i, j int, score func(k int) (float64, bool), seen func(k int, sc float64)) {
	bestF, bestSc, found := legal[i].Facing, 0.0, false
	for k := i; k < j; k++ {
		if legal[k].Token != 0 {
			continue
		}
		sc, ok := score(k)
		if !ok {
			continue
		}
		seen(k, sc)
		if !found || sc > bestSc {
			bestF, bestSc, found = legal[k].Facing, sc, true
		}
	}
	if !found {
		return
	}
	for k := i; k < j; k++ {
		if legal[k].Token == 0 || legal[k].Facing != bestF {
			continue
		}
		if sc, ok := score(k); ok {
			seen(k, sc)
		}
	}
}
