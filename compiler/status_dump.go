package compiler

import (
	"fmt"
	"strings"

	"github.com/hexforge/hexforge/rules"
)

// statusView is the JSON form of status st of army a.
func statusView(st *rules.Status, a *rules.Army) StatusView {
	v := StatusView{Name: st.Name, Notes: st.Notes}
	for _, e := range st.Effects {
		v.Effects = append(v.Effects, statusEffectString(e))
	}
	if st.Traits != 0 {
		v.Traits = strings.Fields(st.Traits.String())
	}
	for _, tr := range st.Triggers {
		trv := TriggerView{Event: tr.Event.String()}
		for _, ac := range tr.Actions {
			trv.Actions = append(trv.Actions, ActionString(ac, a))
		}
		v.Triggers = append(v.Triggers, trv)
	}
	for i, n := range rules.StatusEndNames {
		if st.Ends&(1<<i) == 0 {
			continue
		}
		if rules.StatusEnd(1)<<i == rules.EndTurns {
			n = fmt.Sprintf("%s %d", n, st.Turns)
		}
		v.Until = append(v.Until, n)
	}
	return v
}

// statusEffectString writes a status's effect back in the language's words.
func statusEffectString(e rules.Effect) string {
	switch e.Op {
	case rules.EffArmor:
		return "armor"
	case rules.EffExposedRanged:
		return fmt.Sprintf("exposed %+d ranged", e.Value)
	case rules.EffExposedMelee:
		return fmt.Sprintf("exposed %+d melee", e.Value)
	}
	return fmt.Sprintf("%s %+d", e.Op, e.Value)
}

// observerString writes an observer back in the language's words.
func observerString(ob *rules.Observer, a *rules.Army) string {
	parts := []string{"when", ob.When.String(), ob.Side.String()}
	if sel := ob.Sel.String(); sel != "" {
		parts = append(parts, sel)
	}
	if ob.HQ {
		parts = append(parts, "hq")
	}
	if ob.Once {
		parts = append(parts, "once")
	}
	var steps []string
	for _, ac := range ob.Steps.Actions {
		steps = append(steps, ActionString(ac, a))
	}
	return strings.Join(parts, " ") + ": " + strings.Join(steps, ", ")
}
