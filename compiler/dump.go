package compiler

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/rules"
)

// This file renders compiled tables for people (Dump, DumpAll) and for
// tools (View, WriteJSON).

// ArmyView is the JSON form of a compiled army: the same tables as
// rules.Army with bit sets spelled out as words.
type ArmyView struct {
	Name    string      `json:"name"`
	Aliases []string    `json:"aliases,omitempty"`
	Notes   string      `json:"notes,omitempty"`
	Size    int         `json:"size"`
	Total   int         `json:"total"`
	Tokens  []TokenView `json:"tokens"`
	// Statuses are the army's statuses (status "Name" { ... }).
	Statuses []StatusView `json:"statuses,omitempty"`
}

// StatusView is the JSON form of one status.
type StatusView struct {
	Name     string        `json:"name"`
	Notes    string        `json:"notes,omitempty"`
	Effects  []string      `json:"effects,omitempty"`
	Traits   []string      `json:"traits,omitempty"`
	Triggers []TriggerView `json:"triggers,omitempty"`
	Until    []string      `json:"until,omitempty"`
}

// TokenView is the JSON form of one token.
type TokenView struct {
	Name       string        `json:"name"`
	Aliases    []string      `json:"aliases,omitempty"`
	Kind       string        `json:"kind"`
	Count      int           `json:"count"`
	Initiative []int         `json:"initiative"`
	Agony      bool          `json:"agony,omitempty"`
	Toughness  int           `json:"toughness"`
	Edges      []EdgeView    `json:"edges"`
	Traits     []string      `json:"traits,omitempty"`
	Effects    []string      `json:"effects,omitempty"`
	Triggers   []TriggerView `json:"triggers,omitempty"`
	Observers  []string      `json:"observers,omitempty"` // its when statements, in the language's words
	Rules      []string      `json:"rules,omitempty"`     // its place, facing and until statements and its allowances (placement.go)
	Notes      string        `json:"notes,omitempty"`
	Uncertain  []string      `json:"uncertain,omitempty"`
	// Structure names the Structure the token is a part of (the
	// Structures variant; its count is 0: never drawn).
	Structure string `json:"structure,omitempty"`
}

// EdgeView is one edge: its direction relative to the printed top and what
// is printed there.
type EdgeView struct {
	Dir    string   `json:"dir"`
	Melee  int      `json:"melee,omitempty"`
	Ranged int      `json:"ranged,omitempty"`
	Flags  []string `json:"flags,omitempty"`
}

// TriggerView is one triggered ability.
type TriggerView struct {
	Event   string   `json:"event"`
	CostHQ  int      `json:"cost_hq,omitempty"`
	Discard int      `json:"cost_discard,omitempty"` // hand tokens discarded to use it
	FreeIf  string   `json:"free_if,omitempty"`
	If      string   `json:"if,omitempty"`
	Actions []string `json:"actions"`
}

// View converts an army to its JSON form.
func View(a *rules.Army) ArmyView {
	v := ArmyView{Name: a.Name, Aliases: a.Aliases, Notes: a.Notes, Size: a.Size, Total: a.Total()}
	for i := range a.Tokens {
		t := &a.Tokens[i]
		tv := TokenView{Name: t.Name, Aliases: t.Aliases, Kind: t.Kind.String(), Count: t.Count, Agony: t.Agony,
			Toughness: int(t.Toughness), Notes: t.Notes, Uncertain: t.Uncertain, Initiative: []int{}, Edges: []EdgeView{}}
		for _, st := range a.Structures {
			if st.Parts[0] == i || st.Parts[1] == i {
				tv.Structure = st.Name
			}
		}
		for _, n := range t.Initiative {
			tv.Initiative = append(tv.Initiative, int(n))
		}
		for d := rules.N; d <= rules.NW; d++ {
			e := t.Edges[d]
			if e.Empty() {
				continue
			}
			ev := EdgeView{Dir: d.String(), Melee: int(e.Melee), Ranged: int(e.Ranged)}
			if e.Flags != 0 {
				ev.Flags = strings.Fields(e.Flags.String())
			}
			tv.Edges = append(tv.Edges, ev)
		}
		if t.Traits != 0 {
			tv.Traits = strings.Fields(t.Traits.String())
		}
		for _, e := range t.Effects {
			tv.Effects = append(tv.Effects, EffectString(e))
		}
		for k := range a.Standing {
			if a.Standing[k].Token == i {
				tv.Effects = append(tv.Effects, StandingString(&a.Standing[k]))
			}
		}
		for k := range a.CondEdges {
			if a.CondEdges[k].Token == i {
				tv.Effects = append(tv.Effects, CondEdgeString(&a.CondEdges[k]))
			}
		}
		for k := range a.CondTraits {
			if a.CondTraits[k].Token == i {
				tv.Effects = append(tv.Effects, CondTraitString(&a.CondTraits[k]))
			}
		}
		for _, tr := range t.Triggers {
			trv := TriggerView{Event: tr.Event.String(), CostHQ: int(tr.CostHQ), Discard: int(tr.Discard), If: tr.If.String()}
			if tr.FreeIf >= 0 && int(tr.FreeIf) < len(a.Tokens) {
				trv.FreeIf = a.Tokens[tr.FreeIf].Name
			}
			for _, ac := range tr.Actions {
				trv.Actions = append(trv.Actions, ActionString(ac, a))
			}
			tv.Triggers = append(tv.Triggers, trv)
		}
		for k := range a.Observers {
			if a.Observers[k].Token == i {
				tv.Observers = append(tv.Observers, observerString(&a.Observers[k], a))
			}
		}
		tv.Rules = ruleStrings(a, i)
		v.Tokens = append(v.Tokens, tv)
	}
	for _, st := range a.Statuses {
		v.Statuses = append(v.Statuses, statusView(&st, a))
	}
	return v
}

// EffectString writes a link effect back in the language's words.
func EffectString(e rules.Effect) string {
	var b strings.Builder
	if e.Global {
		b.WriteString("global: ")
	} else {
		fmt.Fprintf(&b, "link %s: ", e.Dirs)
	}
	if e.Side != rules.Friends {
		b.WriteString(e.Side.String() + " ")
	}
	b.WriteString(e.Op.String())
	switch e.Op {
	case rules.EffMelee, rules.EffRanged, rules.EffInitiative, rules.EffMove, rules.EffToughness:
		fmt.Fprintf(&b, " %+d", e.Value)
	case rules.EffGrant:
		b.WriteString(" " + e.Grant.String())
	case rules.EffConvert:
		if e.Value == 1 {
			b.WriteString(" to_melee")
		} else {
			b.WriteString(" to_ranged")
		}
	}
	return b.String()
}

// ActionString writes an action step of army's back in the language's
// words.
func ActionString(a rules.Action, army *rules.Army) string {
	parts := []string{}
	spec := actions[a.Op.String()]
	if a.Side != spec.side && a.Side != 0 {
		parts = append(parts, a.Side.String())
	}
	parts = append(parts, a.Op.String())
	if a.Op == rules.ActGive && a.Pick > 0 && int(a.Pick) <= len(army.Statuses) {
		parts = append(parts, strconv.Quote(army.Statuses[a.Pick-1].Name))
	}
	var attackQuals []string
	if a.Attack != nil {
		w := strings.Fields(a.Attack.String())
		parts, attackQuals = append(parts, w[0]), w[1:]
	}
	if a.Num != nil {
		parts = append(parts, strconv.Quote(a.Num.String()))
	} else if spec.value {
		parts = append(parts, strconv.Itoa(int(a.Value)))
	}
	if a.Op == rules.ActNet && a.Value > 0 {
		parts = append(parts, fmt.Sprintf("markers=%d", a.Value))
	}
	parts = append(parts, attackQuals...)
	if a.Radius > 0 {
		parts = append(parts, fmt.Sprintf("radius=%d", a.Radius))
	}
	if a.Where != rules.Anywhere {
		parts = append(parts, "where="+a.Where.String())
	}
	if a.At != rules.AtFit {
		parts = append(parts, "at="+a.At.String())
	}
	for k, name := range rules.KindNames {
		if a.Kinds&(1<<k) != 0 {
			parts = append(parts, "kind="+name)
		}
	}
	if a.Op != rules.ActGive && a.Pick > 0 && int(a.Pick) <= len(army.Tokens) {
		parts = append(parts, "name="+strconv.Quote(army.Tokens[a.Pick-1].Name))
	}
	if a.Shuffled() {
		parts = append(parts, "to=shuffle")
	} else if a.ToDeck {
		parts = append(parts, "to=deck")
	}
	if a.Sel != nil {
		parts = append(parts, a.Sel.String())
	}
	if a.HitsHQ {
		parts = append(parts, "hq")
	}
	if a.Optional {
		parts = append(parts, "optional")
	}
	return strings.Join(parts, " ")
}

// WriteJSON writes the armies' views as one indented JSON array (dump
// --format json).
func WriteJSON(w io.Writer, armies []*rules.Army) error {
	views := []ArmyView{}
	for _, a := range armies {
		views = append(views, View(a))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(views)
}

// DumpAll writes the armies' tables (Dump), a blank line between two.
func DumpAll(w io.Writer, armies []*rules.Army) {
	for i, a := range armies {
		if i > 0 {
			fmt.Fprintln(w)
		}
		Dump(w, a)
	}
}

// Dump writes the compiled tables of an army in a readable form.
func Dump(w io.Writer, a *rules.Army) {
	v := View(a)
	fmt.Fprintf(w, "army %q: %d tokens (size %d)\n", v.Name, v.Total, v.Size)
	if len(v.Aliases) > 0 {
		fmt.Fprintf(w, "  aliases: %s\n", strings.Join(v.Aliases, ", "))
	}
	for _, t := range v.Tokens {
		if t.Structure != "" {
			fmt.Fprintf(w, "\n  %-10s %q of structure %q", "part", t.Name, t.Structure)
		} else {
			fmt.Fprintf(w, "\n  %-10s %q x%d", t.Kind, t.Name, t.Count)
		}
		if len(t.Aliases) > 0 {
			fmt.Fprintf(w, "  (%s)", strings.Join(t.Aliases, ", "))
		}
		fmt.Fprintln(w)
		if t.Kind == "instant" {
			for _, tr := range t.Triggers {
				fmt.Fprintf(w, "    %s\n", tr.Words())
			}
			for _, r := range t.Rules {
				fmt.Fprintf(w, "    %s\n", r)
			}
			continue
		}
		fmt.Fprintf(w, "    initiative %-8s toughness %d\n", t.InitiativeWords(), t.Toughness)
		for _, e := range t.Edges {
			fmt.Fprintf(w, "    edge %-2s  %s\n", e.Dir, e.Words())
		}
		if len(t.Traits) > 0 {
			fmt.Fprintf(w, "    traits   %s\n", strings.Join(t.Traits, ", "))
		}
		for _, e := range t.Effects {
			fmt.Fprintf(w, "    %s\n", e)
		}
		for _, tr := range t.Triggers {
			fmt.Fprintf(w, "    %s\n", tr.Words())
		}
		for _, ob := range t.Observers {
			fmt.Fprintf(w, "    %s\n", ob)
		}
		for _, pl := range t.Rules {
			fmt.Fprintf(w, "    %s\n", pl)
		}
	}
	for _, st := range a.Structures {
		fmt.Fprintf(w, "\n  %-10s %q: parts %q and %q, never drawn", "structure", st.Name, a.Tokens[st.Parts[0]].Name, a.Tokens[st.Parts[1]].Name)
		if len(st.Aliases) > 0 {
			fmt.Fprintf(w, "  (%s)", strings.Join(st.Aliases, ", "))
		}
		fmt.Fprintln(w)
		if st.Notes != "" {
			fmt.Fprintf(w, "    notes    %s\n", st.Notes)
		}
	}
	for _, st := range v.Statuses {
		until := "until it leaves the board"
		if len(st.Until) > 0 {
			until = "until " + strings.Join(st.Until, ", ")
		}
		fmt.Fprintf(w, "\n  %-10s %q, %s\n", "status", st.Name, until)
		if st.Notes != "" {
			fmt.Fprintf(w, "    notes    %s\n", st.Notes)
		}
		if len(st.Effects) > 0 {
			fmt.Fprintf(w, "    effect   %s\n", strings.Join(st.Effects, ", "))
		}
		if len(st.Traits) > 0 {
			fmt.Fprintf(w, "    traits   %s\n", strings.Join(st.Traits, ", "))
		}
		for _, tr := range st.Triggers {
			fmt.Fprintf(w, "    %s\n", tr.Words())
		}
	}
}

// InitiativeWords spells out a token's initiatives: "2, 1", "3 + agony" or
// "none".
func (t TokenView) InitiativeWords() string {
	ini := "none"
	if len(t.Initiative) > 0 {
		var s []string
		for _, n := range t.Initiative {
			s = append(s, strconv.Itoa(n))
		}
		ini = strings.Join(s, ", ")
	}
	if t.Agony {
		ini += " + agony"
	}
	return ini
}

// Words spells out what is printed on an edge: "melee 2, armor".
func (e EdgeView) Words() string {
	// In the language's own words, each qualifier after its feature:
	// "melee 2 hits_friends", "ranged 1 piercing", "net hits_friends".
	has := func(flag string) bool { return slices.Contains(e.Flags, flag) }
	var f []string
	if e.Melee > 0 {
		w := fmt.Sprintf("melee %d", e.Melee)
		if has("melee-hits-friends") {
			w += " hits_friends"
		}
		f = append(f, w)
	}
	if e.Ranged > 0 {
		w := fmt.Sprintf("ranged %d", e.Ranged)
		for _, q := range []string{"piercing", "aimed"} {
			if has(q) {
				w += " " + q
			}
		}
		f = append(f, w)
	}
	for _, flag := range e.Flags {
		switch flag {
		case "melee-hits-friends", "piercing", "aimed", "net-hits-friends":
			// said with their feature
		case "net":
			if has("net-hits-friends") {
				flag += " hits_friends"
			}
			f = append(f, flag)
		default:
			f = append(f, flag)
		}
	}
	return strings.Join(f, ", ")
}

// Words spells out a triggered ability: "on play: battle", with its HQ cost.
func (tr TriggerView) Words() string {
	cost := ""
	var pay []string
	if tr.CostHQ > 0 {
		pay = append(pay, fmt.Sprintf("costs the HQ %d", tr.CostHQ))
	}
	if tr.Discard > 0 {
		pay = append(pay, fmt.Sprintf("costs %d token of the hand, discarded", tr.Discard))
	}
	if len(pay) > 0 {
		cost = " (" + strings.Join(pay, " and ")
		if tr.FreeIf != "" {
			cost += fmt.Sprintf("; free while %q is on the board", tr.FreeIf)
		}
		cost += ")"
	}
	if tr.If != "" {
		cost += " if " + tr.If
	}
	return fmt.Sprintf("on %s%s: %s", tr.Event, cost, strings.Join(tr.Actions, ", "))
}
