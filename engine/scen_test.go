package engine

import "testing"

// lastOption always takes the last option.
type lastOption struct{}

func (lastOption) Choose(_ *State, _ uint8, _ Question, o []Option) int { return len(o) - 1 }

// TestScenarios runs every rule scenario in testdata/battles: the position,
// who is destroyed and the HQ points after the battle; the full battle log
// is compared with the golden file (refresh with -update).
func TestScenarios(t *testing.T) {
	none := []string(nil)
	full := [2]int{20, 20}
	for _, sc := range []scenario{
		{name: "basic_melee_ranged", dies: []string{"2 Spitter c1"}, hq: full},
		{name: "melee_armor_simultaneous", dies: []string{"2 Shield d2", "2 Spitter c2"}, hq: full},
		{name: "ranged_first_enemy", dies: []string{"2 Spitter c2"}, hq: full},
		{name: "hq_rules", dies: []string{"2 Shield b2", "2 Spitter d1"}, hq: full},
		{name: "piercing", dies: []string{"2 Shield c4", "2 Spitter c3"}, hq: [2]int{20, 19}},
		{name: "aimed", dies: []string{"1 Sniper c5", "2 Shield c4"}, hq: full},
		{name: "aimed", variant: "_last", d: lastOption{}, dies: []string{"1 Sniper c5", "2 Spitter c3"}, hq: full},
		{name: "initiative_bonus", dies: []string{"2 Spitter d1"}, hq: full},
		{name: "initiative_jammer", dies: []string{"1 Sniper d3", "2 Jammer b3", "2 Spitter d1"}, hq: full},
		{name: "two_initiatives", dies: []string{"1 Double c3", "2 Prism c2", "2 Shield c4"}, hq: full},
		{name: "extra_action", dies: []string{"2 Prism c2"}, hq: full},
		{name: "extra_two_initiatives", dies: []string{"2 Bulwark c2"}, hq: full},
		{name: "corporal_extra", dies: none, hq: full},
		{name: "netted", dies: none, hq: full},
		{name: "dying_netter", dies: []string{"1 Netter c3"}, hq: full},
		{name: "mutual_nets", dies: []string{"2 Spitter b2"}, hq: full},
		{name: "net_ring", dies: none, hq: full},
		{name: "spider_net", dies: none, hq: full},
		{name: "friendly_fire", dies: []string{"1 Gunner d2", "2 Netter b3", "2 Spitter c2"}, hq: full},
		{name: "reflection", dies: []string{"1 Gunner c4"}, hq: full},
		{name: "reflection_own_side", dies: []string{"2 Shield c1", "2 Spitter c4"}, hq: full},
		{name: "reflection_hq", dies: none, hq: full},
		{name: "reflection_netted", dies: none, hq: full},
		{name: "agony", dies: []string{"1 Brute c2", "2 Martyr c3"}, hq: full},
		{name: "agony_once", dies: []string{"2 Bruiser c3"}, hq: full},
		{name: "flying", dies: []string{"1 Kestrel c5"}, hq: full},
		{name: "flying_reflected", dies: none, hq: full},
		{name: "agony_chain", dies: []string{"1 Martyr c3", "2 Martyr c2"}, hq: full},
		{name: "medic", dies: []string{"1 Medic b3"}, hq: [2]int{20, 19}},
		{name: "medic_hit_too", dies: []string{"1 Gunner c3", "1 Medic b3", "2 Spitter b1"}, hq: [2]int{20, 19}},
		{name: "medic_chain", dies: []string{"1 Medic b4"}, hq: [2]int{20, 19}},
		{name: "medic_choice", dies: []string{"1 Brute c3", "1 Medic d3"}, hq: full},
		{name: "medic_choice", variant: "_best", d: OwnerBest{}, dies: []string{"1 Medic d3"}, hq: full},
		{name: "takeover", dies: none, hq: full},
		{name: "takeover_beats_net", dies: none, hq: full},
		{name: "module_links", dies: none, hq: full},
		{name: "full_board", dies: []string{"1 Double b2", "1 Gunner c3", "1 Officer c4", "2 Prism c2", "2 Martyr e1", "2 Medic a1", "2 Spitter c1"}, hq: [2]int{20, 18}},
		{name: "duel_example", dies: []string{"2 Escort d3", "2 Medic d2", "2 Hireling c2", "2 Scout e3"}, hq: [2]int{19, 18}},
		{name: "fauna_example", dies: []string{"1 Beetle d3", "1 Hydra c2", "1 Scout b2", "1 Grappler b3", "2 Prism d1", "2 Officer d2", "2 Corporal c4"}, hq: [2]int{16, 18}},
		{name: "rulebook_initiative_1", dies: []string{"1 Scout c4"}, hq: full},
		{name: "rulebook_initiative_2", dies: []string{"2 Jammer c4"}, hq: full},
		{name: "rulebook_initiative_3", dies: []string{"2 Netter d4"}, hq: full},
		{name: "rulebook_initiative_4", dies: []string{"2 Netter d3"}, hq: full},
		{name: "hq_destroyed", dies: []string{"1 Gunner c4", "2 HQ c1"}, hq: [2]int{1, 0}},
	} {
		t.Run(sc.name+sc.variant, func(t *testing.T) { runScenario(t, sc) })
	}
}
