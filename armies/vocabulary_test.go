package armies

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/compiler"
)

// coverage names, for every word of the language, the tests that show its
// effect: a game, a battle, a help card or a compile result that differs
// without it. "pkg.TestName" is a test function of that package directory;
// "pkg.TestName/case" also needs the literal "case" in that package's tests
// (a table case). A word the compiler accepts with no entry here fails
// TestVocabularyHasScenarios: accepted must mean implemented, and shown.
var coverage = map[string][]string{

	"action/attack":                 {"engine.TestAttackStep", "engine.TestAttackUnitSelf"},
	"action qualifier/piercing":     {"engine.TestAttackStep/piercing", "engine.TestAttackStep/piercing_past_hq"},
	"action qualifier/aimed":        {"engine.TestAttackStep/aimed"},
	"action qualifier/hits_friends": {"engine.TestAttackStep/hits_friends", "engine.TestAttackStep/hits_friends_melee"},
	"attack kind/melee":             {"engine.TestAttackStep/melee", "engine.TestAttackStep/flying"},
	"attack kind/ranged":            {"engine.TestAttackStep/ranged", "engine.TestAttackStep/armor", "engine.TestAttackStep/reflect"},
	"attack stop/friends":           {"engine.TestAttackStep/stopped_by_friends"},
	"attack stop/hq":                {"engine.TestAttackStep/stopped_by_hq"},
	"attacking unit/own":            {"engine.TestAttackStep/ranged"},
	"attacking unit/own_hq":         {"engine.TestAttackStep/own_hq"},
	"attacking unit/self":           {"engine.TestAttackUnitSelf"},
	"computed step/attack":          {"engine.TestAttackStep/computed", "engine.TestAttackStep/computed_zero"},
	"named value/range":             {"engine.TestAttackStep/range", "engine.TestAttackStep/range_near"},
	"named value/stopped_by":        {"engine.TestAttackStep/stopped_by_friends", "engine.TestAttackStep/stopped_by_hq"},

	"condition/unwounded":                     {"engine.TestTriggerUnwounded", "engine.TestStandingBonuses/unwounded"},
	"standing condition/adjacent_own_hq":      {"engine.TestStandingBonuses/adjacent_own_hq"},
	"standing condition/unwounded":            {"engine.TestStandingBonuses/unwounded", "engine.TestStandingInitiativeArmor"},
	"standing effect/melee":                   {"engine.TestExprWords/melee"},
	"standing effect/ranged":                  {"engine.TestStandingBonuses", "engine.TestExprWords"},
	"standing effect/initiative":              {"engine.TestStandingInitiativeArmor/Spur"},
	"standing effect/armor":                   {"engine.TestStandingInitiativeArmor/Plate"},
	"standing effect/extra_action":            {"engine.TestStandingBonuses/extra_action"},
	"conditional edge/melee":                  {"engine.TestCondEdgesBattle/melee_adjacent_own_hq", "engine.TestCondEdgesOutsideBattle/strike_melee_adjacent_own_hq"},
	"conditional edge/ranged":                 {"engine.TestCondEdgesBattle/ranged_comparison"},
	"conditional edge/armor":                  {"engine.TestCondEdgesBattle/armor_unwounded", "engine.TestCondEdgesOutsideBattle/attack_armor"},
	"conditional edge/reflect":                {"engine.TestCondEdgesBattle/reflect_unwounded", "engine.TestCondEdgesOutsideBattle/strike_reflect"},
	"conditional edge qualifier/hits_friends": {"engine.TestCondEdgesBattle/hits_friends_unwounded"},
	"conditional edge qualifier/piercing":     {"engine.TestCondEdgesBattle/piercing_unwounded"},
	"conditional edge qualifier/aimed":        {"engine.TestCondEdgeAimed"},
	"computed edge strength/melee":            {"engine.TestCondEdgesBattle/melee_count"},
	"computed edge strength/ranged":           {"engine.TestCondEdgesBattle/ranged_count", "engine.TestCondEdgesOutsideBattle/strike_computed"},
	"conditional trait/flying":                {"engine.TestCondTraitFlying/battle", "engine.TestCondTraitFlying/strike"},
	"conditional trait/mobility":              {"engine.TestCondTraitAbilities/mobility"},
	"conditional trait/rotation":              {"engine.TestCondTraitAbilities/rotation"},
	"conditional trait/push":                  {"engine.TestCondTraitAbilities/push"},
	"conditional trait/pull":                  {"engine.TestCondTraitAbilities/pull"},
	"conditional trait/heavy":                 {"engine.TestCondTraitHeavy"},
	"conditional trait/instant_immune":        {"engine.TestCondImmunity/instant_immune"},
	"conditional trait/enemy_move_immune":     {"engine.TestCondImmunity/enemy_move_immune"},
	"conditional trait/area_immune":           {"engine.TestCondImmunity/area_immune", "engine.TestCondImmunity/area_battle_ability"},
	"measure/count":                           {"engine.TestStandingBonuses/count", "engine.TestExprWords"},
	"measure/most_melee":                      {"engine.TestStandingBonuses/most_melee"},
	"measure/most_ranged":                     {"engine.TestStandingBonuses/most_ranged"},
	"measure/wounds":                          {"engine.TestStandingBonuses/wounds", "engine.TestComputedSteps/damage"},
	"measure/deck":                            {"engine.TestStandingBonuses/deck", "engine.TestExprWords/deck_enemy"},
	"measure/min":                             {"engine.TestStandingBonuses/deck", "engine.TestComputedSteps/draw"},
	"measure/max":                             {"engine.TestStandingBonuses/of_enemy_hq"},
	"comparison/>=":                           {"engine.TestExprWords/>="},
	"comparison/>":                            {"engine.TestExprWords/>"},
	"comparison/<=":                           {"engine.TestExprWords/<="},
	"comparison/<":                            {"engine.TestExprWords/<"},
	"comparison/==":                           {"engine.TestExprWords/==", "engine.TestStandingBonuses/extra_action"},
	"comparison/!=":                           {"engine.TestExprWords/!="},
	"expression word/friend":                  {"engine.TestExprWords/>="},
	"expression word/own":                     {"engine.TestExprWords/own"},
	"expression word/enemy":                   {"engine.TestExprWords/enemy"},
	"expression word/any":                     {"engine.TestExprWords/any"},
	"expression word/hq":                      {"engine.TestExprWords/hq"},
	"expression word/adjacent":                {"engine.TestStandingBonuses/count"},
	"expression word/in_line":                 {"engine.TestExprWords/in_line"},
	"expression word/linked":                  {"engine.TestExprWords/linked"},
	"expression word/kind":                    {"engine.TestExprWords/kind"},
	"expression word/name":                    {"engine.TestExprWords/name"},
	"expression word/within":                  {"engine.TestExprWords/within"},
	"expression word/of":                      {"engine.TestExprWords/of", "engine.TestStandingBonuses/of_enemy_hq"},
	"expression reference/self":               {"engine.TestExprWords/self"},
	"expression reference/own_hq":             {"engine.TestExprWords/of", "engine.TestComputedSteps/heal"},
	"expression reference/enemy_hq":           {"engine.TestExprWords/enemy_hq", "engine.TestComputedSteps/draw"},
	"deck/own":                                {"engine.TestStandingBonuses/deck"},
	"deck/enemy":                              {"engine.TestExprWords/deck_enemy"},
	"computed step/damage":                    {"engine.TestComputedSteps/damage"},
	"computed step/heal":                      {"engine.TestComputedSteps/heal"},
	"computed step/draw":                      {"engine.TestComputedSteps/draw"},
	"top-level statement/army":                {"engine.TestBattleInstant"},
	"top-level statement/leader":              {"engine.TestLeaderOwnTurn"},
	"leader statement/alias":                  {"compiler.TestLeaderFile"},
	"leader statement/notes":                  {"compiler.TestLeaderFile"},
	"leader statement/on":                     {"engine.TestLeaderOwnTurn"},
	"leader moment/own_turn":                  {"engine.TestLeaderOwnTurn"},
	"leader moment/after_discard":             {"engine.TestLeaderAfterDiscard"},
	"leader moment/opponent_draw":             {"engine.TestLeaderOpponentDraw"},

	"army statement/alias":      {"card.TestHTMLStructure"},
	"army statement/notes":      {"card.TestGolden"},
	"army statement/size":       {"compiler.TestGolden"},
	"army statement/hq":         {"engine.TestScenarios/hq_rules"},
	"army statement/warrior":    {"engine.TestScenarios/basic_melee_ranged"},
	"army statement/module":     {"engine.TestScenarios/module_links"},
	"army statement/instant":    {"engine.TestBattleInstant"},
	"army statement/foundation": {"engine.TestMine", "engine.TestUnitEnters"},
	"army statement/structure":  {"engine.TestStructurePlace", "engine.TestRandomGamesStructures"},

	"structure statement/part":  {"engine.TestStructureDestroyedTogether", "compiler.TestStructureTables"},
	"structure statement/alias": {"compiler.TestStructureTables"},
	"structure statement/notes": {"compiler.TestStructureTables"},

	"token statement/alias":      {"card.TestHTMLStructure"},
	"token statement/count":      {"engine.TestNetMarkersLimit", "armies.TestHegemonyTransportsGiveSeparateMoves"},
	"token statement/initiative": {"engine.TestScenarios/two_initiatives", "engine.TestScenarios/initiative_bonus"},
	"token statement/toughness":  {"engine.TestScenarios/melee_armor_simultaneous"},
	"token statement/edge":       {"engine.TestScenarios/basic_melee_ranged"},
	"token statement/link":       {"engine.TestScenarios/module_links"},
	"token statement/global":     {"engine.TestGlobalMoveBonus"},
	"token statement/trait":      {"engine.TestMobilityOncePerTurn"},
	"token statement/on":         {"engine.TestBattleInstant"},
	"token statement/notes":      {"card.TestGolden"},
	"token statement/uncertain":  {"card.TestHTMLStructure"},

	"event/play":              {"engine.TestBattleInstant"},
	"event/placed":            {"engine.TestEveryPlacedTriggerRuns", "engine.TestReplaceOnPlace"},
	"event/destroyed":         {"engine.TestDestroyedFires", "engine.TestDestroyedReturnsToDeck"},
	"event/after_battle":      {"engine.TestAfterBattleFires"},
	"event/turn_start":        {"engine.TestTurnStartFires"},
	"event/own_turn":          {"engine.TestNetMarkersLimit"},
	"event/enemy_enters":      {"engine.TestMine"},
	"event/unit_enters":       {"engine.TestUnitEnters"},
	"event/instead_of_attack": {"engine.TestBattleAbilityScenarios/blast"},

	"action/battle":           {"engine.TestBattleInstant"},
	"action/move":             {"engine.TestHuntStrike"},
	"action/push":             {"engine.TestPushRules"},
	"action/pull":             {"engine.TestPullAndSwap"},
	"action/pick_up":          {"engine.TestPickUp"},
	"action/redraw":           {"engine.TestLeaderOpponentDraw"},
	"action/rotate":           {"armies.TestVegasRotation"},
	"action/swap":             {"engine.TestPullAndSwap"},
	"action/damage":           {"engine.TestBombAndGrenade", "engine.TestDestroyedFires"},
	"action/destroy":          {"engine.TestBombAndGrenade"},
	"action/net":              {"engine.TestNetMarkersLimit"},
	"action/strike":           {"engine.TestHuntStrike"},
	"action/forbid_place":     {"engine.TestTerror", "engine.TestTerrorAllowsFoundations"},
	"action/return_to_deck":   {"engine.TestDestroyedReturnsToDeck"},
	"action/replace":          {"engine.TestReplaceOnPlace", "armies.TestSteelPoliceExecutioner"},
	"action/draw":             {"engine.TestEveryPlacedTriggerRuns"},
	"action/heal":             {"engine.TestHeal", "engine.TestAreasAt"},
	"action/recover":          {"engine.TestHandSteps"},
	"action/discard":          {"engine.TestHandSteps"},
	"action/look":             {"engine.TestHandSteps"},
	"named value/kind":        {"engine.TestHandSteps", "engine.TestSelectorWords/warrior"},
	"named value/name":        {"engine.TestHandSteps", "engine.TestSelectorWords/name"},
	"named value/to":          {"engine.TestHandSteps"},
	"recover kind/warrior":    {"engine.TestHandSteps/warrior"},
	"recover kind/module":     {"engine.TestHandSteps/module"},
	"recover kind/instant":    {"engine.TestHandSteps/instant"},
	"recover kind/foundation": {"engine.TestHandSteps/foundation"},
	"recover to/hand":         {"engine.TestHandSteps"},
	"recover to/deck":         {"engine.TestHandSteps"},
	"recover to/shuffle":      {"engine.TestRecoverShuffle"},

	"action qualifier/hq":       {"engine.TestBattleAbilityScenarios/blast_hq", "engine.TestVocabularyWhere"},
	"action qualifier/optional": {"engine.TestVocabularyWhere"},

	"named value/radius":        {"engine.TestBombAndGrenade", "engine.TestAreasAt"},
	"named value/at":            {"engine.TestAreasAt"},
	"named value/if":            {"engine.TestTriggerConditions"},
	"condition/destroyed_enemy": {"engine.TestTriggerConditions"},
	"condition/adjacent_own_hq": {"engine.TestTriggerConditions"},
	"at/target":                 {"engine.TestAreasAt"},
	"at/own_hq":                 {"engine.TestAreasAt"},
	"at/enemy_hq":               {"engine.TestAreasAt"},
	"at/self":                   {"engine.TestAreasAt"},
	"named value/where":         {"engine.TestBombAndGrenade", "engine.TestVocabularyWhere"},
	"named value/markers":       {"engine.TestNetMarkersLimit"},
	"named value/cost":          {"engine.TestNetMarkersLimit", "engine.TestDiscardCost"},
	"named value/free_if":       {"engine.TestNetMarkersLimit"},

	"where/anywhere":        {"engine.TestVocabularyWhere"},
	"where/adjacent_own_hq": {"engine.TestBombAndGrenade"},
	"where/adjacent_self":   {"engine.TestVocabularyWhere"},
	"where/in_line":         {"engine.TestVocabularyWhere"},
	"where/self":            {"engine.TestBattleAbilityScenarios/blast"},

	"side/friend": {"engine.TestVocabularyWhere", "engine.TestSideWordsMoveSteps"},
	"side/own":    {"engine.TestSelectorWords/own"},

	"action qualifier/every":    {"engine.TestSelectorWords/every", "engine.TestSelectorShockwave"},
	"action qualifier/adjacent": {"engine.TestSelectorWords/adjacent"},
	"action qualifier/in_line":  {"engine.TestSelectorWords/in_line", "engine.TestSelectorHook"},
	"action qualifier/linked":   {"engine.TestSelectorWords/linked"},
	"named value/of":            {"engine.TestSelectorWords/of", "engine.TestSelectorDecoy"},
	"named value/within":        {"engine.TestSelectorWords/within", "engine.TestSelectorShockwave"},
	"named value/unit":          {"engine.TestSelectorWords/unit", "engine.TestSelectorCharger"},
	"named value/toward":        {"engine.TestSelectorWords/toward", "engine.TestSelectorCharger"},
	"named value/away":          {"engine.TestSelectorWords/away"},
	"selector kind/hq":          {"engine.TestSelectorWords/hq"},
	"selector kind/warrior":     {"engine.TestSelectorWords/warrior", "engine.TestSelectorWords/toward_self"},
	"selector kind/module":      {"engine.TestSelectorWords/module"},
	"reference/self":            {"engine.TestSelectorWords/unit", "engine.TestSelectorWords/toward_self"},
	"reference/own_hq":          {"engine.TestSelectorWords/within", "engine.TestSelectorWords/unit_own_hq"},
	"reference/enemy_hq":        {"engine.TestSelectorWords/of", "engine.TestSelectorWords/toward"},
	"reference/target":          {"engine.TestSelectorWords/target"},
	"reference/event":           {"engine.TestEntrySelector"},
	"reference/own":             {"engine.TestSelectorWords/of_own", "engine.TestSelectorDecoy"},
	"reference/enemy":           {"engine.TestSelectorWords/of_enemy"},
	"reference/any":             {"engine.TestSelectorWords/of_any"},
	"reference/nearest_own":     {"engine.TestSelectorWords/nearest_own"},
	"reference/nearest_enemy":   {"engine.TestSelectorWords/nearest_enemy", "engine.TestSelectorCharger"},
	"side/enemy":                {"engine.TestTerror", "engine.TestSideWordsMoveSteps"},
	"side/any":                  {"armies.TestRulebookBombArea", "engine.TestSideWordsMoveSteps", "engine.TestEntryArea"},

	"link effect/melee":        {"engine.TestScenarios/module_links"},
	"link effect/ranged":       {"engine.TestScenarios/module_links"},
	"link effect/initiative":   {"engine.TestScenarios/initiative_bonus"},
	"link effect/medic":        {"engine.TestScenarios/medic"},
	"link effect/extra_action": {"engine.TestScenarios/extra_action"},
	"link effect/grant":        {"engine.TestGrantedMoveIsExtra"},
	"link effect/convert":      {"engine.TestConvertToRanged"},
	"link effect/takeover":     {"engine.TestScenarios/takeover"},
	"link effect/use_modules":  {"engine.TestUseModulesScenarios"},
	"link effect/armor":        {"engine.TestVocabularyTraits"},
	"link effect/move":         {"engine.TestLinkedMoveBonusAndGlobalGrant"},
	"link effect/toughness":    {"engine.TestToughnessBonus", "engine.TestToughnessBonusOutsideBattle"},

	"global effect/grant": {"engine.TestLinkedMoveBonusAndGlobalGrant"},
	"global effect/move":  {"engine.TestGlobalMoveBonus"},

	"conversion/to_ranged": {"engine.TestConvertToRanged"},
	"conversion/to_melee":  {"engine.TestVocabularyTraits"},

	"trait/mobility":           {"engine.TestMobilityOncePerTurn", "engine.TestTraitAllowances/mobility_free"},
	"trait/rotation":           {"engine.TestVocabularyTraits"},
	"trait/push":               {"engine.TestPushRules"},
	"trait/pull":               {"armies.TestBeastsPull"},
	"trait/flying":             {"engine.TestScenarios/flying", "engine.TestScenarios/flying_reflected"},
	"trait/heavy":              {"engine.TestVocabularyTraits"},
	"trait/replaceable":        {"engine.TestPlaceOntoReplaced"},
	"trait/scavenger":          {"engine.TestScavengerAfterBattle"},
	"trait/starts_beside_hq":   {"armies.TestBeastsCerberusSetUp"},
	"trait/tethered_to_hq":     {"armies.TestBeastsCerberusLair"},
	"trait/takeover_immune":    {"engine.TestVocabularyTraits"},
	"trait/no_battle_at_place": {"engine.TestVocabularyTraits"},
	"trait/instant_immune":     {"engine.TestImmunity/instant_immune", "engine.TestImmunityStrike/melee_immune", "engine.TestImmunityStrike/shot_immune"},
	"trait/enemy_move_immune":  {"engine.TestImmunity/enemy_move_immune", "engine.TestImmunityEveryStep/move_every", "engine.TestImmunityEveryStep/move_swap"},
	"trait/area_immune":        {"engine.TestImmunity/area_immune", "engine.TestImmunityEveryStep/area_every", "engine.TestImmunityEveryStep/area_battle_ability"},
	"trait/net_immune":         {"engine.TestImmunity/net_immune"},

	"token statement/place":    {"engine.TestPlacementRules"},
	"token statement/facing":   {"engine.TestFacingRules"},
	"place mode/only":          {"engine.TestPlacementRules/only"},
	"place mode/never":         {"engine.TestPlacementRules/never"},
	"place qualifier/friend":   {"engine.TestPlacementRules/only"},
	"place qualifier/own":      {"engine.TestPlacementRules/own"},
	"place qualifier/enemy":    {"engine.TestPlacementRules/never"},
	"place qualifier/any":      {"engine.TestPlacementRules/any"},
	"place qualifier/adjacent": {"engine.TestPlacementRules/only"},
	"place qualifier/in_line":  {"engine.TestPlacementRules/in_line"},
	"place qualifier/hq":       {"engine.TestPlacementRules/hq"},
	"place named value/kind":   {"engine.TestPlacementRules/only"},
	"place named value/name":   {"engine.TestPlacementRules/own"},
	"place named value/within": {"engine.TestPlacementRules/any"},
	"facing/toward":            {"engine.TestFacingRules/toward"},
	"facing/away":              {"engine.TestFacingRules/away"},

	"named value/per_turn": {"engine.TestAllowances/per_turn", "engine.TestAllowances/play"},
	"named value/per_game": {"engine.TestAllowances/per_game"},
	"army statement/group": {"engine.TestAllowances/group", "engine.TestTraitAllowances/group_trait_trigger"},

	"granted trait/mobility":  {"engine.TestGrantedTraits", "engine.TestGrantedMoveIsExtra"},
	"granted trait/rotation":  {"engine.TestGrantedTraits"},
	"granted trait/push":      {"engine.TestGrantedTraits"},
	"granted trait/pull":      {"engine.TestGrantedTraits"},
	"granted trait/scavenger": {"engine.TestGrantedTraits"},
	"direction/N":             {"engine.TestEdgeDirections/N"},
	"direction/NE":            {"engine.TestEdgeDirections/NE"},
	"direction/SE":            {"engine.TestEdgeDirections/SE"},
	"direction/S":             {"engine.TestEdgeDirections/S"},
	"direction/SW":            {"engine.TestEdgeDirections/SW"},
	"direction/NW":            {"engine.TestEdgeDirections/NW"},
	"direction/all":           {"engine.TestEdgeDirections/all"},
	"cost/discard":            {"engine.TestDiscardCost"},
	"variant word/extends":    {"compiler.TestVariantChangesTokens", "armies.TestLoadVariant"},
	"variant word/remove":     {"compiler.TestVariantChangesTokens"},

	"trait named value/per_turn": {"engine.TestTraitAllowances/pull_per_turn", "engine.TestTraitAllowances/mobility_per_turn", "engine.TestScavengerAllowance"},
	"trait named value/per_game": {"engine.TestTraitAllowances/push_per_game", "engine.TestTraitAllowances/rotation_per_game", "engine.TestReplaceableAllowance"},
	"group named value/per_turn": {"engine.TestAllowances/group", "engine.TestTraitAllowances/group_trait_trigger"},
	"group named value/per_game": {"engine.TestTraitAllowances/group_per_game"},

	"token statement/until":     {"engine.TestFoundationExpiry"},
	"foundation end/turns":      {"engine.TestFoundationExpiry/turns"},
	"foundation end/battle_end": {"engine.TestFoundationExpiry/battle_end"},

	"edge feature/melee":   {"engine.TestScenarios/basic_melee_ranged"},
	"edge feature/ranged":  {"engine.TestScenarios/basic_melee_ranged"},
	"edge feature/armor":   {"engine.TestScenarios/melee_armor_simultaneous"},
	"edge feature/net":     {"engine.TestScenarios/netted"},
	"edge feature/reflect": {"engine.TestScenarios/reflection"},

	"edge qualifier/hits_friends": {"engine.TestScenarios/friendly_fire", "engine.TestScenarios/spider_net"},
	"edge qualifier/piercing":     {"engine.TestScenarios/piercing"},
	"edge qualifier/aimed":        {"engine.TestScenarios/aimed"},

	"initiative kind/agony": {"engine.TestScenarios/agony"},

	"army statement/status":    {"engine.TestStatusMarked", "compiler.TestGolden"},
	"action/give":              {"engine.TestStatusMarked", "engine.TestStatusEffects"},
	"status statement/notes":   {"compiler.TestGolden"},
	"status statement/effect":  {"engine.TestStatusEffects", "engine.TestStatusSlowed"},
	"status statement/trait":   {"engine.TestStatusRooted"},
	"status statement/on":      {"engine.TestStatusBurning"},
	"status statement/until":   {"engine.TestStatusSlowed", "engine.TestStatusBurning"},
	"status effect/melee":      {"engine.TestStatusEffects/melee"},
	"status effect/ranged":     {"engine.TestStatusEffects/ranged"},
	"status effect/armor":      {"engine.TestStatusEffects/armor"},
	"status effect/initiative": {"engine.TestStatusSlowed"},
	"status effect/exposed":    {"engine.TestStatusMarked", "engine.TestStatusGiverLeaves"},
	"exposed kind/ranged":      {"engine.TestStatusMarked"},
	"exposed kind/melee":       {"engine.TestStatusGiverLeaves"},
	"status trait/heavy":       {"engine.TestStatusRooted"},
	"status event/turn_start":  {"engine.TestStatusBurning"},
	"status end/turns":         {"engine.TestStatusSlowed", "engine.TestStatusRooted"},
	"status end/battle_end":    {"engine.TestStatusMarked"},
	"status end/giver_leaves":  {"engine.TestStatusGiverLeaves"},
	"status end/healed":        {"engine.TestStatusBurning"},

	"token statement/when":          {"engine.TestObserverBanner"},
	"observed event/destroyed":      {"engine.TestObserverBanner", "engine.TestObserverShrine"},
	"observed event/wounded":        {"engine.TestObserverWords/wounded_within", "engine.TestObserverWords/wounded_hq"},
	"observed event/placed":         {"engine.TestObserverSentry", "engine.TestObserverWords/placed_of_own_hq"},
	"observed event/moved":          {"engine.TestObserverWords/moved_in_line"},
	"observed event/netted":         {"engine.TestObserverWords/netted_kind_name"},
	"observer qualifier/friend":     {"engine.TestObserverBanner"},
	"observer qualifier/own":        {"engine.TestObserverWords/wounded_within"},
	"observer qualifier/enemy":      {"engine.TestObserverShrine"},
	"observer qualifier/any":        {"engine.TestObserverWords/netted_kind_name"},
	"observer qualifier/adjacent":   {"engine.TestObserverSentry"},
	"observer qualifier/in_line":    {"engine.TestObserverWords/moved_in_line"},
	"observer qualifier/linked":     {"engine.TestObserverBanner"},
	"observer qualifier/hq":         {"engine.TestObserverWords/wounded_hq"},
	"observer qualifier/once":       {"engine.TestObserverSentry"},
	"observer named value/kind":     {"engine.TestObserverWords/netted_kind_name"},
	"observer named value/name":     {"engine.TestObserverWords/netted_kind_name"},
	"observer named value/of":       {"engine.TestObserverWords/placed_of_own_hq"},
	"observer named value/within":   {"engine.TestObserverWords/wounded_within"},
	"observer named value/per_turn": {"engine.TestObserverAllowance"},
	"observer named value/per_game": {"engine.TestObserverAllowance"},
}

// TestVocabularyHasScenarios: every word the compiler accepts has an entry
// in coverage, every entry names tests that exist, and no entry names a
// word the language no longer has.
func TestVocabularyHasScenarios(t *testing.T) {
	tests := testFiles{}
	for _, pkg := range []string{"engine", "armies", "compiler", "card"} {
		tests[pkg] = readTests(t, filepath.Join("..", pkg))
	}
	vocab := compiler.Vocabulary()
	accepted := map[string]bool{}
	for _, kind := range slices.Sorted(maps.Keys(vocab)) {
		for _, w := range vocab[kind] {
			key := kind + "/" + w
			accepted[key] = true
			refs, ok := coverage[key]
			if !ok {
				t.Errorf("%s %q is accepted by the compiler but no scenario test shows its effect: write one and list it in coverage", kind, w)
				continue
			}
			for _, ref := range refs {
				if err := tests.has(ref); err != "" {
					t.Errorf("%s: %s", key, err)
				}
			}
		}
	}
	for _, key := range slices.Sorted(maps.Keys(coverage)) {
		if !accepted[key] {
			t.Errorf("coverage lists %s, which the compiler does not accept", key)
		}
	}
}

// testFile is what the test files of one package directory hold: their
// test functions and every string literal (the names of table cases).
type testFile struct {
	funcs, literals map[string]bool
}

type testFiles map[string]testFile

func (tf testFiles) has(ref string) string {
	pkg, name, ok := strings.Cut(ref, ".")
	if !ok {
		return "bad reference " + ref + " (want pkg.TestName or pkg.TestName/case)"
	}
	f, ok := tf[pkg]
	if !ok {
		return "no package " + pkg + " in the scan"
	}
	fn, sub, _ := strings.Cut(name, "/")
	if !f.funcs[fn] {
		return ref + ": no test function " + fn + " in " + pkg
	}
	if sub != "" && !f.literals[sub] {
		return ref + ": no case " + strconv.Quote(sub) + " in the tests of " + pkg
	}
	return ""
}

func readTests(t *testing.T, dir string) testFile {
	t.Helper()
	out := testFile{funcs: map[string]bool{}, literals: map[string]bool{}}
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files in %s: %v", dir, err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Recv == nil && strings.HasPrefix(n.Name.Name, "Test") {
					out.funcs[n.Name.Name] = true
				}
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					if s, err := strconv.Unquote(n.Value); err == nil {
						out.literals[s] = true
					}
				}
			}
			return true
		})
	}
	return out
}
