package rules

import (
	"fmt"
	"strings"
)

// Ref is a reference a selector measures from, or a unit a step acts on:
// a fixed one (the token itself, an HQ, the previous step's target, the
// event's hex), one the player chooses (a unit of a side), or the nearest
// unit of a side (measured from the unit the step moves).
type Ref uint8

const (
	RefNone         Ref = iota
	RefSelf             // the token carrying the ability (for destroyed, the hex where it was)
	RefOwnHQ            // the acting player's HQ
	RefEnemyHQ          // the opponent's HQ
	RefTarget           // the unit or hex the previous step of the ability picked
	RefEvent            // the hex the event happened on (the entered hex, the destroyed unit's hex)
	RefOwn              // an own unit the player chooses
	RefEnemy            // an enemy unit the player chooses
	RefAny              // any unit the player chooses
	RefNearestOwn       // the nearest own unit (toward=/away= only)
	RefNearestEnemy     // the nearest enemy unit (toward=/away= only)
)

// RefNames are the language names of Ref, indexed by Ref.
var RefNames = [...]string{"", "self", "own_hq", "enemy_hq", "target", "event", "own", "enemy", "any", "nearest_own", "nearest_enemy"}

func (r Ref) String() string {
	if int(r) < len(RefNames) {
		return RefNames[r]
	}
	return "?"
}

// Chosen reports whether the player picks the reference (a unit of a side).
func (r Ref) Chosen() bool { return r == RefOwn || r == RefEnemy || r == RefAny }

// Nearest reports whether the reference is the nearest unit of a side.
func (r Ref) Nearest() bool { return r == RefNearestOwn || r == RefNearestEnemy }

// Side is the side of a chosen or nearest reference.
func (r Ref) Side() Side {
	switch r {
	case RefOwn, RefNearestOwn:
		return Friends
	case RefEnemy, RefNearestEnemy:
		return Enemies
	}
	return AnySide
}

// Relation is how a selected unit stands to the selector's reference.
type Relation uint8

const (
	RelNone     Relation = iota // anywhere on the board
	RelAdjacent                 // next to the reference
	RelWithin                   // 1 to Dist hexes from the reference
	RelInLine                   // on one of the six straight lines through the reference
	RelLinked                   // next to the reference, on one of its link edges
)

// RelationNames are the language words of Relation, indexed by Relation
// (within is a named value: within=N).
var RelationNames = [...]string{"", "adjacent", "within", "in_line", "linked"}

func (r Relation) String() string {
	if int(r) < len(RelationNames) {
		return RelationNames[r]
	}
	return "?"
}

// Selector says which units a step picks, beyond its side (Action.Side):
// their kinds and name, where they stand relative to a reference, and
// whether the player picks one of them or the step takes every match. A
// step with a selector may also be steered (move, push, pull): each hex it
// moves a unit brings it nearer to (Toward) or farther from (Away) Steer.
//
// The same selector serves any step and any trigger (an observer matches
// the unit of an event with it): see Matches in the engine
// (engine/selector.go) and docs/dsl.md, "Selectors".
type Selector struct {
	Kinds uint8    // a bit per Kind; 0 = any unit kind
	Name  string   // the unit's token name or alias; "" = any
	Of    Ref      // the reference of Rel (RefSelf when none is said)
	Rel   Relation // where the unit stands relative to Of
	Dist  uint8    // RelWithin: at most Dist hexes
	Unit  Ref      // the step acts on this one unit (a fixed reference), not on a match
	Every bool     // every match, not one the player picks
	Steer Ref      // move, push, pull: toward or away from this reference
	Away  bool     // Steer: away from it (push's default), not toward it
}

func (s *Selector) String() string {
	var parts []string
	if s.Every {
		parts = append(parts, "every")
	}
	for k := range KindNames {
		if s.Kinds&(1<<k) != 0 {
			parts = append(parts, "kind="+KindNames[k])
		}
	}
	if s.Name != "" {
		parts = append(parts, fmt.Sprintf("name=%q", s.Name))
	}
	switch s.Rel {
	case RelWithin:
		parts = append(parts, fmt.Sprintf("within=%d", s.Dist))
	case RelNone:
	default:
		parts = append(parts, s.Rel.String())
	}
	if s.Of != RefNone {
		parts = append(parts, "of="+s.Of.String())
	}
	if s.Unit != RefNone {
		parts = append(parts, "unit="+s.Unit.String())
	}
	if s.Steer != RefNone {
		if s.Away {
			parts = append(parts, "away="+s.Steer.String())
		} else {
			parts = append(parts, "toward="+s.Steer.String())
		}
	}
	return strings.Join(parts, " ")
}

// actionV1 is Action as it was before selectors: an Action without one is
// printed as this, so that the printed rule tables, and the hash of every
// army that uses no selector (sim.ArmyHash), stay what they were.
type actionV1 struct {
	Op       ActionOp
	Side     Side
	Value    int8
	Radius   uint8
	Where    Where
	HitsHQ   bool
	Optional bool
	At       At
	Kinds    uint8
	Pick     int16
	ToDeck   bool
}

// Format prints the action as fmt would, its selector (when it has one)
// as one more field at the end.
func (a Action) Format(f fmt.State, verb rune) {
	v1 := actionV1{a.Op, a.Side, a.Value, a.Radius, a.Where, a.HitsHQ, a.Optional, a.At, a.Kinds, a.Pick, a.ToDeck}
	s := fmt.Sprintf(fmt.FormatString(f, verb), v1)
	if a.Sel != nil && strings.HasSuffix(s, "}") {
		s = s[:len(s)-1] + " Sel:" + a.Sel.String() + "}"
	}
	if a.Num != nil && strings.HasSuffix(s, "}") {
		s = s[:len(s)-1] + " Num:" + a.Num.String() + "}"
	}
	if a.Attack != nil && strings.HasSuffix(s, "}") {
		s = s[:len(s)-1] + " Attack:" + a.Attack.String() + "}"
	}
	fmt.Fprint(f, s)
}
