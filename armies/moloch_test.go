package armies_test

import "testing"

// TestMolochSignatures: the Moloch army's signature rules in battle.
func TestMolochSignatures(t *testing.T) {
	full := [2]int{20, 20}
	runSignatures(t, []signature{
		// The Gauss Cannon wounds every enemy in its line, the enemy HQ too;
		// the HQ's ranged +1 does not raise a piercing shot.
		{name: "moloch_gauss", dies: []string{"2 Hybrid c3", "2 Hybrid c4"}, hq: [2]int{20, 19}},
		// The Clown turns into a Bomb instead of attacking: the three Borgo
		// units of toughness 1 around it die, the Super-mutant and the own
		// Blocker are wounded, the adjacent Borgo HQ is untouched.
		{name: "moloch_clown", dies: []string{"1 Clown c3", "2 Brawler b2", "2 Claws d3", "2 Mutant d2"}, hq: full},
		// The HQ's ranged +1: the Hybrid beside it shoots 2 and destroys the
		// Super-mutant; the Hybrid away from it only wounds the Super-officer.
		{name: "moloch_hq", dies: []string{"2 Super-mutant e3"}, hq: full},
		// The Medic takes the Brawler's blow meant for the linked Hybrid.
		{name: "moloch_medic", dies: []string{"1 Medic c4"}, hq: full},
	})
}
