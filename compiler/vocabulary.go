package compiler

import (
	"maps"
	"slices"

	"github.com/hexforge/hexforge/rules"
)

// ExpressionKinds are the kinds of Vocabulary whose words are written
// only inside a quoted expression (expr.go): an editor neither colours
// nor completes them as the file's own words.
var ExpressionKinds = []string{"measure", "comparison", "expression word", "expression reference", "deck"}

// Vocabulary lists every word the language accepts, by kind, read from the
// compiler's own tables, so that a word added to a table appears here by
// itself. The vocabulary test (armies/vocabulary_test.go) checks that each
// one has a scenario test showing its effect on a game, and
// TestVocabularyTables (compiler) that every word table the compiler reads
// a word from is listed here.
func Vocabulary() map[string][]string {
	var qualifiers, named []string
	for _, a := range actions {
		qualifiers = append(qualifiers, a.flags...)
		named = append(named, a.named...)
	}
	var edgeQuals []string
	for _, q := range edgeQualifiers {
		edgeQuals = append(edgeQuals, q...)
	}
	set := func(words []string) []string {
		out := slices.Clone(words)
		slices.Sort(out)
		return slices.Compact(out)
	}
	return map[string][]string{
		"top-level statement":        {"army", "leader"},
		"leader statement":           set(leaderWords),
		"leader moment":              set(timingWords),
		"army statement":             set(armyWords),
		"token statement":            set(tokenWords),
		"structure statement":        set(structureWords),
		"event":                      set(eventWords),
		"action":                     slices.Sorted(maps.Keys(actions)),
		"action qualifier":           set(qualifiers),
		"named value":                set(append(named, triggerNamed...)),
		"condition":                  set(rules.CondNames[1:]),
		"recover kind":               set(recoverKinds),
		"recover to":                 set(recoverTo),
		"where":                      set(rules.WhereNames[:]),
		"at":                         set(rules.AtNames[1:]),
		"side":                       set(sideWords),
		"reference":                  set(steerWords),
		"selector kind":              set(selectorKinds),
		"link effect":                slices.Sorted(maps.Keys(linkEffects)),
		"global effect":              set(globalEffects),
		"conversion":                 set(conversions),
		"trait":                      set(rules.TraitNames),
		"trait named value":          set(limitNamed),
		"granted trait":              set(grantable),
		"direction":                  set(dirWords),
		"cost":                       {"discard"},
		"variant word":               {"extends", "remove"},
		"group named value":          set(limitNamed),
		"edge feature":               set(edgeFeatures),
		"edge qualifier":             set(edgeQuals),
		"initiative kind":            set(initiativeKinds),
		"status statement":           set(statusWords),
		"status effect":              slices.Sorted(maps.Keys(statusEffects)),
		"exposed kind":               set(exposedKinds),
		"status trait":               set(statusTraits),
		"status event":               set(statusEvents),
		"status end":                 set(rules.StatusEndNames),
		"observed event":             set(rules.WatchNames[1:]),
		"observer qualifier":         set(append(slices.Clone(sideWords), observerFlags...)),
		"observer named value":       set(observerNamed),
		"place mode":                 set(placeModes),
		"place qualifier":            set(append(slices.Clone(sideWords), placeFlags...)),
		"place named value":          set(placeNamed),
		"facing":                     set(facingWords),
		"foundation end":             set(rules.FoundationEndNames),
		"measure":                    set(exprFuncs),
		"comparison":                 set(rules.CmpNames[1:]),
		"standing condition":         set(standingConds),
		"standing effect":            set(standingOps),
		"conditional edge":           set(condEdgeFeatures),
		"conditional edge qualifier": set(edgeQuals),
		"computed edge strength":     {"melee", "ranged"},
		"conditional trait":          set(condTraits),
		"expression word":            set(append(slices.Clone(exprSelFlags), exprSelNamed...)),
		"expression reference":       set(exprRefs),
		"deck":                       set(exprDecks),
		"computed step":              set(computedStepNames()),
		"attack kind":                set(attackKinds),
		"attack stop":                set(rules.AttackStopNames),
		"attacking unit":             set(attackUnits),
	}
}
