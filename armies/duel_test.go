package armies_test

import "testing"

// TestDuelSignatures replays the worked example game of rulebook 001 (Duel
// box: Smart vs Vegas) with the real embedded armies.
func TestDuelSignatures(t *testing.T) {
	runSignatures(t, []signature{
		// Turn 7's battle: the Cyborg kills the Mercenary and the Bodyguard
		// (with its Scout) hits the Smart HQ in segment 3; both Gauss Cannons
		// kill the Bodyguard, the Scout and the Medic and wound the Vegas HQ
		// in segment 2; the Mother's Gauss Cannon wounds it again in segment 1.
		// The rulebook's HQ points: Smart 19, Vegas 18.
		{name: "duel_example", dies: []string{"2 Mercenary c2", "2 Bodyguard d2", "2 Scout d3", "2 Medic d1"}, hq: [2]int{19, 18}},
	})
}
