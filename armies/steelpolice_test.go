package armies_test

import "testing"

func TestSteelPoliceSignatures(t *testing.T) {
	runSignatures(t, []signature{
		{name: "steelpolice_reflection", dies: []string{"2 Juggernaut c5"}, hq: [2]int{20, 18}},
		{name: "steelpolice_sergeant", dies: []string{"2 Blocker d1"}, hq: [2]int{20, 16}},
		{name: "steelpolice_steroid", dies: []string{"2 Blocker b1"}, hq: [2]int{20, 20}},
		{name: "steelpolice_saboteur", dies: []string{"2 Hybrid c2"}, hq: [2]int{20, 20}},
		{name: "steelpolice_netofsteel", dies: []string{"2 Gauss Cannon c1"}, hq: [2]int{20, 20}},
	})
}
