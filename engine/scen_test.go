package engine

import "testing"

func TestScenarioBasic(t *testing.T) {
	runScenario(t, scenario{name: "basic_melee_ranged", dies: []string{"2 Spitter c1"}, hq: [2]int{20, 20}}, FirstOption{})
}
