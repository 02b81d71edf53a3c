package armies_test

import "testing"

// TestRulebookSignatures replays the worked examples and special situations
// of rulebook 000 (core rules 3.0) with official tokens of the embedded
// armies (the engine's own tests use abstract test armies).
func TestRulebookSignatures(t *testing.T) {
	runSignatures(t, []signature{
		// "Przykład strzału": the shot skips the own Runner, kills the
		// Hybrid, never reaches the Moloch HQ hidden behind it.
		{name: "rulebook_shot", dies: []string{"2 Hybrid c3"}, hq: [2]int{20, 20}},
		// "Przykład użycia Modułów": a Scout linked only to the other Scout
		// adds nothing: the Annihilator fires at 3, with the Hybrid.
		{name: "rulebook_modules", dies: []string{"1 Annihilator c3", "2 Hybrid c1"}, hq: [2]int{20, 20}},
		// Initiative, example 1: the Scout dies in segment 3, the Annihilator
		// does not fire again at 2: the Moloch HQ takes 2, not 4.
		{name: "rulebook_initiative_module_dies", dies: []string{"1 Scout c2"}, hq: [2]int{20, 18}},
		// Initiative, example 2: the Saboteur dies in segment 3, the Hybrid it
		// slowed never fires.
		{name: "rulebook_initiative_saboteur", dies: []string{"1 Saboteur c4"}, hq: [2]int{20, 20}},
		// Initiative, example 3: the netter dies in segment 3, the Annihilator
		// (3 again) never fires.
		{name: "rulebook_initiative_netted_module", dies: []string{"2 Net Fighter d1"}, hq: [2]int{20, 20}},
		// A shooter netted in its own segment and freed in it lost its chance.
		{name: "rulebook_initiative_netted_shooter", dies: []string{"2 Net Fighter d2"}, hq: [2]int{20, 20}},
		// Medic: hit in the same segment as its unit, it saves nothing.
		{name: "rulebook_medic_same_segment", dies: []string{"2 Hybrid c3", "2 Medic c2"}, hq: [2]int{20, 20}},
		// Medic chain: the second Medic takes the wound.
		{name: "rulebook_medic_chain", dies: []string{"2 Medic c1"}, hq: [2]int{20, 20}},
		// Two enemy nets facing each other cancel; other nets still hold.
		{name: "rulebook_mutual_nets", dies: []string{"2 Net Fighter d3"}, hq: [2]int{20, 20}},
	})
}
