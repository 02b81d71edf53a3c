package armies_test

import "testing"

// TestOutpostSignatures: the Outpost HQ's extra action (also the third action
// of a unit with two initiatives) and the Saboteur slowing an enemy unit.
func TestOutpostSignatures(t *testing.T) {
	runSignatures(t, []signature{
		{name: "outpost_hq_extra", dies: []string{"2 Blocker c2"}, hq: [2]int{20, 20}},
		{name: "outpost_hq_third", dies: []string{"2 Blocker c1"}, hq: [2]int{20, 20}},
		{name: "outpost_saboteur", dies: []string{"2 Hybrid d4"}, hq: [2]int{20, 20}},
		{name: "outpost_scoper", dies: []string{"2 Hybrid d2"}, hq: [2]int{19, 17}},
	})
}
