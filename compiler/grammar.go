package compiler

import (
	"maps"
	"slices"

	"github.com/hexforge/hexforge/rules"
)

// The functions below answer what may follow a word, read from the same
// tables the compiler reads the words from, for an editor's completion
// (lsp): a word added to a table is offered where the compiler accepts it.

// StepWords returns the qualifier words and the named values (without
// their =) a step takes, and whether step is a step at all.
func StepWords(step string) (qualifiers, named []string, ok bool) {
	spec, ok := actions[step]
	if !ok {
		return nil, nil, false
	}
	return slices.Clone(spec.flags), slices.Clone(spec.named), true
}

// EventSteps returns the steps a token's ability may take at an event
// (every step when the engine runs every step there), sorted; nil for a
// word that is no event.
func EventSteps(event string) []string {
	i := slices.Index(rules.EventNames[:], event)
	if i < 1 {
		return nil
	}
	steps, ok := eventSteps[rules.Event(i)]
	if !ok {
		steps = slices.Collect(maps.Keys(actions))
	}
	steps = slices.DeleteFunc(slices.Clone(steps), func(s string) bool { return s == "redraw" }) // a leader's only (trigger)
	slices.Sort(steps)
	return steps
}

// TriggerNamed returns the named values (without their =) after a
// trigger's event: on placed cost=1 free_if="…".
func TriggerNamed() []string { return slices.Clone(triggerNamed) }

// EdgeQualifiers returns the words that may follow an edge feature's
// strength: edge N: ranged 1 piercing.
func EdgeQualifiers(feature string) []string { return slices.Clone(edgeQualifiers[feature]) }

// NamedValueWords returns the words a step's named value key= takes, nil
// when it takes a number or a string (radius=1, name="…").
func NamedValueWords(step, key string) []string {
	switch key {
	case "kind":
		if step == rules.ActRecover.String() {
			return slices.Clone(recoverKinds)
		}
		return slices.Clone(selectorKinds)
	case "to":
		return slices.Clone(recoverTo)
	case "where":
		return slices.Clone(rules.WhereNames[:])
	case "at":
		return slices.Clone(rules.AtNames[1:])
	case "of":
		return slices.Clone(refWords)
	case "unit":
		if step == rules.ActAttack.String() {
			return slices.Clone(attackUnits)
		}
		return slices.Clone(refWords)
	case "toward", "away":
		return slices.Clone(steerWords)
	case "stopped_by":
		return slices.Clone(rules.AttackStopNames)
	case "if":
		return slices.Clone(rules.CondNames[1:])
	}
	return nil
}

// LeaderSteps returns the steps a leader's ability may take at a moment,
// sorted; nil for a word that is no moment.
func LeaderSteps(moment string) []string {
	i := slices.Index(rules.TimingNames[:], moment)
	if i < 1 {
		return nil
	}
	steps, ok := timingSteps[rules.Timing(i)]
	if !ok {
		steps = leaderSteps
	}
	return slices.Sorted(slices.Values(steps))
}
