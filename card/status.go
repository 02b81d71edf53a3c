package card

import (
	"fmt"
	"io"
	"strings"

	"github.com/hexforge/hexforge/rules"
)

// Statuses and observers on the help card (docs/dsl.md, "Statuses" and
// "Observers"): a give step names the status it gives, the army's
// statuses are listed after the tokens with what each does and when it
// ends, and a token's observers are among its abilities.

// StatusCard is one status of the army in words.
type StatusCard struct {
	Name  string `json:"name"`
	Words string `json:"words"` // what the carrier has and does, and when it ends
}

// statusCards are the army's statuses in words.
func statusCards(a *rules.Army) []StatusCard {
	var out []StatusCard
	for i := range a.Statuses {
		out = append(out, StatusCard{Name: a.Statuses[i].Name, Words: statusWords(a, &a.Statuses[i])})
	}
	return out
}

// statusWords says what status st of army a does to its carrier.
func statusWords(a *rules.Army, st *rules.Status) string {
	var parts []string
	for _, e := range st.Effects {
		switch e.Op {
		case rules.EffArmor:
			parts = append(parts, "armor on every edge")
		case rules.EffExposedRanged, rules.EffExposedMelee:
			kind := "ranged"
			if e.Op == rules.EffExposedMelee {
				kind = "melee"
			}
			more := "more"
			if e.Value < 0 {
				more = "fewer"
			}
			parts = append(parts, fmt.Sprintf("each %s hit wounds it %d %s", kind, abs(int(e.Value)), more))
		default:
			parts = append(parts, fmt.Sprintf("%s %+d", e.Op, e.Value))
		}
	}
	if st.Traits != 0 {
		parts = append(parts, "traits: "+st.Traits.String())
	}
	for k := range st.Triggers {
		tr := st.Triggers[k]
		w := abilityWords(a, &tr)
		parts = append(parts, "at the start of its owner's turn"+strings.TrimPrefix(w, eventWords[tr.Event]))
	}
	var ends []string
	if st.Ends&rules.EndTurns != 0 {
		ends = append(ends, fmt.Sprintf("after %d of its owner's turns", st.Turns))
	}
	if st.Ends&rules.EndBattle != 0 {
		ends = append(ends, "when the next battle is over")
	}
	if st.Ends&rules.EndGiverLeaves != 0 {
		ends = append(ends, "when the unit that gave it leaves the board")
	}
	if st.Ends&rules.EndHealed != 0 {
		ends = append(ends, "when it is healed")
	}
	end := "lasts while the unit is on the board"
	if len(ends) > 0 {
		end = "ends " + strings.Join(ends, " or ")
	}
	if len(parts) == 0 {
		return end
	}
	return strings.Join(parts, "; ") + "; " + end
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// statusName is the quoted name of the status a give step gives.
func statusName(a *rules.Army, act rules.Action) string {
	if act.Pick > 0 && int(act.Pick) <= len(a.Statuses) {
		return fmt.Sprintf("%q", a.Statuses[act.Pick-1].Name)
	}
	return "a status"
}

// giveWords is a give step without a selector in words.
func giveWords(a *rules.Army, act rules.Action) string {
	s := statusName(a, act) + " goes on "
	switch {
	case act.Radius > 0:
		return s + fmt.Sprintf("every %s within %s of %s", sideUnit(act.Side, rules.Enemies), plural(int(act.Radius), "hex", "hexes"), centreWords(act))
	case act.At >= rules.AtOwnHQ:
		return s + centreWords(act)
	}
	return s + "an " + sideUnit(act.Side, rules.Enemies) + whereWords(act.Where)
}

// watchWords say what happened to the unit an observer watches.
var watchWords = map[rules.Watch]string{
	rules.WatchDestroyed: "is destroyed", rules.WatchWounded: "is wounded and survives", rules.WatchPlaced: "is placed",
	rules.WatchMoved: "moves to another hex", rules.WatchNetted: "is netted",
}

// observerWords is an observer of army a in words: "When an enemy unit
// next to it is placed (once a turn): net the unit of the event".
func observerWords(a *rules.Army, ob *rules.Observer) string {
	who := sideUnit(ob.Side, rules.Enemies)
	if who == "unit" {
		who = "any unit"
	}
	var kinds []string
	for k, name := range rules.KindNames {
		if ob.Sel.Kinds&(1<<k) != 0 {
			kinds = append(kinds, name)
		}
	}
	if len(kinds) > 0 {
		who = strings.TrimSuffix(who, "unit") + strings.ReplaceAll(strings.Join(kinds, " or "), "hq", "HQ")
	}
	if ob.Sel.Name != "" {
		who = fmt.Sprintf("%s %q", who, ob.Sel.Name)
	}
	if ob.HQ {
		who += " (HQs too)"
	}
	of := refWords[ob.Sel.Of]
	if ob.Sel.Of == rules.RefNone {
		of = "it"
	}
	switch ob.Sel.Rel {
	case rules.RelAdjacent:
		who += " next to " + of
	case rules.RelWithin:
		who += fmt.Sprintf(" within %s of %s", plural(int(ob.Sel.Dist), "hex", "hexes"), of)
	case rules.RelInLine:
		who += " in line with " + of
	case rules.RelLinked:
		who += " on a link of " + of
	}
	art := "an "
	if !strings.HasPrefix(who, "enemy") && !strings.HasPrefix(who, "own") && !strings.HasPrefix(who, "any") {
		art = "a "
	}
	if strings.HasPrefix(who, "any") {
		art = ""
	}
	s := "When " + art + who + " " + watchWords[ob.When]
	if ob.Once {
		s += " (once a turn)"
	}
	var steps []string
	for _, act := range ob.Steps.Actions {
		steps = append(steps, actionWords(a, rules.AfterBattle, act)) // a trigger that fires by itself
	}
	return s + ": " + strings.Join(steps, "; then ")
}

// writeStatuses writes the army's statuses after the card's table.
func (c *Card) writeStatuses(w io.Writer, markdown bool) {
	if len(c.Statuses) == 0 {
		return
	}
	if markdown {
		fmt.Fprintf(w, "\n### Statuses\n\n")
		for _, st := range c.Statuses {
			fmt.Fprintf(w, "- **%s**: %s\n", st.Name, st.Words)
		}
		return
	}
	fmt.Fprintf(w, "\nStatuses:\n")
	for _, st := range c.Statuses {
		fmt.Fprintf(w, "  %s: %s\n", st.Name, st.Words)
	}
}
