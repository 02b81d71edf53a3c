package card

import (
	"fmt"
	"strings"

	"github.com/hexforge/hexforge/rules"
)

// The help card says what a triggered ability does in a player's words,
// not the language's: "Instead of attacking: 1 wound to every unit within 1
// hex of itself, HQs spared; then it is removed", not "on instead_of_attack:
// any damage 1 radius=1 where=self, destroy where=self". The language's
// form stays in dump, diff and the LSP, where a designer edits it.

// eventWords open an ability's sentence, by event.
var eventWords = map[rules.Event]string{
	rules.OnPlay:       "Played",
	rules.OnPlaced:     "When placed",
	rules.OwnTurn:      "Once in each of its owner's turns",
	rules.TurnStart:    "At the start of its owner's turn",
	rules.AfterBattle:  "After each battle",
	rules.OnDestroyed:  "When destroyed",
	rules.OnEnemyEnter: "When an enemy unit enters it",
	rules.OnUnitEnter:  "When any unit enters it",
	rules.OnAttack:     "Instead of attacking",
}

// abilityWords is one triggered ability of a token of army a in words.
func abilityWords(a *rules.Army, tr *rules.Trigger) string {
	var b strings.Builder
	b.WriteString(eventWords[tr.Event])
	switch tr.If {
	case rules.IfDestroyedEnemy:
		b.WriteString(", if it destroyed an enemy unit in that battle")
	case rules.IfAdjacentOwnHQ:
		if tr.Event == rules.OnDestroyed {
			b.WriteString(", if it stood next to its HQ")
		} else {
			b.WriteString(", if it stands next to its HQ")
		}
	}
	var pay []string
	if tr.CostHQ > 0 {
		pay = append(pay, fmt.Sprintf("%s from its HQ", plural(int(tr.CostHQ), "point", "points")))
	}
	if tr.Discard > 0 {
		pay = append(pay, "a token discarded from the hand")
	}
	if len(pay) > 0 {
		fmt.Fprintf(&b, ", paying %s", strings.Join(pay, " and "))
		if tr.FreeIf >= 0 && int(tr.FreeIf) < len(a.Tokens) {
			fmt.Fprintf(&b, " (free while %s is on the board)", a.Tokens[tr.FreeIf].Name)
		}
	}
	b.WriteString(": ")
	for i, act := range tr.Actions {
		if i > 0 {
			b.WriteString("; then ")
		}
		b.WriteString(actionWords(a, tr.Event, act))
	}
	return b.String()
}

// sideUnit is "own unit", "enemy unit" or "unit" (either side).
func sideUnit(s rules.Side, def rules.Side) string {
	if s == 0 {
		s = def
	}
	switch s {
	case rules.Friends:
		return "own unit"
	case rules.Enemies:
		return "enemy unit"
	}
	return "unit"
}

// centreWords says where an area or a single hit is centred.
func centreWords(act rules.Action) string {
	switch act.At {
	case rules.AtOwnHQ:
		return "its HQ"
	case rules.AtEnemyHQ:
		return "the enemy HQ"
	case rules.AtSelf:
		return "itself"
	}
	switch act.Where {
	case rules.Self:
		return "itself"
	case rules.AdjacentOwnHQ:
		return "a hex next to its HQ"
	case rules.AdjacentSelf:
		return "a hex next to it"
	case rules.InLine:
		return "a hex in line with it"
	}
	return "a chosen hex"
}

// whereWords limits a single target: "" when anywhere.
func whereWords(w rules.Where) string {
	switch w {
	case rules.AdjacentOwnHQ:
		return " next to its HQ"
	case rules.AdjacentSelf:
		return " next to it"
	case rules.InLine:
		return " in line with it"
	}
	return ""
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// actionWords is one step in words.
func actionWords(a *rules.Army, ev rules.Event, act rules.Action) string {
	var s string
	hq := ""
	if act.HitsHQ {
		hq = ", HQs included"
	}
	n := int(act.Value)
	// An instant has an own unit do it; a unit's own ability, the unit.
	who := "it"
	if ev == rules.OnPlay {
		who = "an own unit"
	}
	if act.Sel != nil {
		s = selectorStep(a, act, n)
		if act.Optional {
			s += " (may be skipped)"
		}
		return s
	}
	switch act.Op {
	case rules.ActBattle:
		s = "a battle starts"
	case rules.ActMove:
		s = fmt.Sprintf("an %s%s moves up to %s and/or turns", sideUnit(act.Side, rules.Friends), whereWords(act.Where), plural(n, "hex", "hexes"))
	case rules.ActPush:
		s = fmt.Sprintf("%s pushes an adjacent %s one hex away", who, sideUnit(act.Side, rules.Enemies))
	case rules.ActPull:
		s = fmt.Sprintf("%s pulls an %s %d hexes away next to itself", who, sideUnit(act.Side, rules.Enemies), max(2, n+1))
	case rules.ActRotate:
		s = fmt.Sprintf("an %s%s turns to any facing", sideUnit(act.Side, rules.Friends), whereWords(act.Where))
	case rules.ActSwap:
		s = fmt.Sprintf("two adjacent %ss swap places", sideUnit(act.Side, rules.Friends))
	case rules.ActDamage:
		wounds := plural(n, "wound", "wounds")
		switch {
		case act.Radius > 0:
			if !act.HitsHQ {
				hq = ", HQs spared"
			}
			if act.Where == rules.Self { // a battle ability: the unit itself is the source, not hit
				s = fmt.Sprintf("%s to every other %s up to %s away%s", wounds, sideUnit(act.Side, rules.Enemies), plural(int(act.Radius), "hex", "hexes"), hq)
			} else {
				s = fmt.Sprintf("%s to every %s within %s of %s%s", wounds, sideUnit(act.Side, rules.Enemies), plural(int(act.Radius), "hex", "hexes"), centreWords(act), hq)
			}
		case act.At >= rules.AtOwnHQ:
			s = fmt.Sprintf("%s to %s", wounds, centreWords(act))
		case ev == rules.OnEnemyEnter || ev == rules.OnUnitEnter:
			s = wounds + " to the unit that entered"
		default:
			s = fmt.Sprintf("%s to an %s%s%s", wounds, sideUnit(act.Side, rules.Enemies), whereWords(act.Where), hq)
		}
	case rules.ActDestroy:
		switch {
		case act.Where == rules.Self:
			s = "it is removed at the end of the segment"
		case ev == rules.OnEnemyEnter || ev == rules.OnUnitEnter:
			s = "the unit that entered is destroyed"
		default:
			s = fmt.Sprintf("destroy an %s%s%s", sideUnit(act.Side, rules.Enemies), whereWords(act.Where), hq)
		}
	case rules.ActNet:
		s = fmt.Sprintf("net an %s%s", sideUnit(act.Side, rules.Enemies), whereWords(act.Where))
		if n > 0 {
			s += fmt.Sprintf(" (at most %s of its player's on the board at once)", plural(n, "net marker", "net markers"))
		}
	case rules.ActStrike:
		s = who + " attacks once with one of its edges"
	case rules.ActAttack:
		by := "an own unit"
		switch act.Attack.By {
		case rules.RefSelf:
			by = "it"
		case rules.RefOwnHQ:
			by = "its HQ"
		}
		s = fmt.Sprintf("%s attacks once in a direction its player picks: %s (strength %d)", by, act.Attack, n)
	case rules.ActForbidPlace:
		s = "the opponent may not place units in their next turn"
	case rules.ActReturnToDeck:
		s = "it goes back on top of its owner's deck"
	case rules.ActReplace:
		s = fmt.Sprintf("it takes the place of an %s%s, which is removed", sideUnit(act.Side, rules.Enemies), whereWords(act.Where))
	case rules.ActExtraDraw:
		s = fmt.Sprintf("its owner draws %s more", plural(n, "token", "tokens"))
		if ev == rules.TurnStart {
			s = fmt.Sprintf("the hand its owner draws this turn holds %s more", plural(n, "token", "tokens"))
		}
	case rules.ActHeal:
		up := plural(n, "wound", "wounds")
		if act.Radius > 0 {
			s = fmt.Sprintf("up to %s off every %s within %s of %s%s", up, sideUnit(act.Side, rules.Friends), plural(int(act.Radius), "hex", "hexes"), centreWords(act), hq)
		} else if act.At >= rules.AtOwnHQ {
			s = fmt.Sprintf("up to %s off %s", up, centreWords(act))
		} else {
			s = fmt.Sprintf("up to %s off a wounded %s%s%s", up, sideUnit(act.Side, rules.Friends), whereWords(act.Where), hq)
		}
	case rules.ActRecover:
		what := "a token"
		var kinds []string
		for k, name := range rules.KindNames {
			if act.Kinds&(1<<k) != 0 {
				kinds = append(kinds, name)
			}
		}
		if len(kinds) > 0 {
			what = "a " + strings.Join(kinds, " or ")
		}
		if act.Pick > 0 && int(act.Pick) <= len(a.Tokens) {
			what = a.Tokens[act.Pick-1].Name
		}
		to := "into the hand"
		if act.Shuffled() {
			to = "shuffled into the deck"
		} else if act.ToDeck {
			to = "onto the top of the deck"
		}
		s = fmt.Sprintf("%s comes back from the discard pile %s", what, to)
	case rules.ActDiscard:
		s = fmt.Sprintf("the opponent discards %s of their hand, their choice", plural(n, "token", "tokens"))
	case rules.ActPickUp:
		s = "an own unit (not the HQ, not netted) goes from the board into its owner's hand"
	case rules.ActRedraw:
		s = "the opponent shuffles their hand into their deck, draws a full hand again and goes on with the turn"
	case rules.ActLook:
		s = fmt.Sprintf("its owner looks at the top %s of the deck and puts them back in any order", plural(n, "token", "tokens"))
	case rules.ActGive:
		s = giveWords(a, act)
	default:
		s = act.Op.String()
	}
	if act.Num != nil {
		s += fmt.Sprintf(" (the number is %s, worked out when it runs)", act.Num)
	}
	if act.Optional {
		s += " (may be skipped)"
	}
	return s
}

// refWords names a selector's reference.
var refWords = map[rules.Ref]string{
	rules.RefSelf: "it", rules.RefOwnHQ: "its HQ", rules.RefEnemyHQ: "the enemy HQ",
	rules.RefTarget: "the unit the step before picked", rules.RefEvent: "the hex of the event",
	rules.RefOwn: "an own unit", rules.RefEnemy: "an enemy unit", rules.RefAny: "a unit",
	rules.RefNearestOwn: "the nearest own unit", rules.RefNearestEnemy: "the nearest enemy unit",
}

// selectorStep is a step with a selector in words: what it does to the
// units the selector picks.
func selectorStep(a *rules.Army, act rules.Action, n int) string {
	sel := act.Sel
	def := rules.Enemies
	if act.Op == rules.ActMove || act.Op == rules.ActRotate || act.Op == rules.ActSwap || act.Op == rules.ActHeal {
		def = rules.Friends
	}
	who := sideUnit(act.Side, def)
	var kinds []string
	for k, name := range rules.KindNames {
		if sel.Kinds&(1<<k) != 0 {
			kinds = append(kinds, name)
		}
	}
	if len(kinds) > 0 {
		who = strings.TrimSuffix(who, "unit") + strings.Join(kinds, " or ")
	}
	if sel.Name != "" {
		who = fmt.Sprintf("%s %q", who, sel.Name)
	}
	who = "an " + who
	if sel.Every {
		who = "every " + strings.TrimPrefix(who, "an ")
	}
	of := refWords[sel.Of]
	switch sel.Rel {
	case rules.RelAdjacent:
		who += " next to " + of
	case rules.RelWithin:
		who += fmt.Sprintf(" within %s of %s", plural(int(sel.Dist), "hex", "hexes"), of)
	case rules.RelInLine:
		who += " in line with " + of
	case rules.RelLinked:
		who += " on a link of " + of
	}
	if sel.Unit != rules.RefNone {
		who = refWords[sel.Unit]
		if sel.Unit == rules.RefEvent {
			who = "the unit of the event"
		}
		if sel.Unit == rules.RefSelf && hqGatedStep(act.Op) {
			who = "itself" // the object of its own step
		}
	}
	if (act.HitsHQ || sel.Kinds&(1<<rules.HQ) != 0) && hqGatedStep(act.Op) {
		who += ", HQs included"
	}
	steer := sel.Steer
	away := sel.Away
	if steer == rules.RefNone {
		steer, away = sel.Of, act.Op == rules.ActPush
	}
	way := " toward "
	if away {
		way = " away from "
	}
	switch act.Op {
	case rules.ActDamage:
		return fmt.Sprintf("%s to %s", plural(n, "wound", "wounds"), who)
	case rules.ActDestroy:
		return "destroy " + who
	case rules.ActNet:
		return "net " + who
	case rules.ActGive:
		return statusName(a, act) + " goes on " + who
	case rules.ActHeal:
		return fmt.Sprintf("up to %s off %s", plural(n, "wound", "wounds"), who)
	case rules.ActRotate:
		return who + " turns to any facing"
	case rules.ActMove:
		s := fmt.Sprintf("%s moves up to %s", who, plural(n, "hex", "hexes"))
		if sel.Steer != rules.RefNone {
			return s + ", each hex" + way + refWords[sel.Steer]
		}
		return s + " and/or turns"
	case rules.ActPush, rules.ActPull:
		return who + " goes one hex" + way + refWords[steer]
	case rules.ActSwap:
		if sel.Of.Chosen() {
			of = "that unit"
		}
		return who + " swaps places with " + of
	}
	return act.Op.String()
}

// hqGatedStep: a step that hits or heals a unit (the others move it).
func hqGatedStep(op rules.ActionOp) bool {
	return op == rules.ActDamage || op == rules.ActDestroy || op == rules.ActNet || op == rules.ActHeal || op == rules.ActGive
}
