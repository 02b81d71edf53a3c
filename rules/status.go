package rules

import "strings"

// Status is a named status of an army: a give step puts it on a unit (the
// carrier), which then has its Effects and Traits and runs its Triggers,
// until one of its Ends holds or the carrier leaves the board. The net
// marker is the engine's one built-in status; these are the designer's.
type Status struct {
	Name  string
	Notes string
	// Effects work on the carrier itself (Dirs and Side unused): the
	// battle bonuses of a link effect, and EffExposed.
	Effects []Effect
	Traits  Traits // standing traits the carrier has while it carries the status
	// Triggers are run for the carrier: turn_start at the start of each of
	// the carrier's owner's turns, by the status's army (the giver's side).
	Triggers []Trigger
	Ends     StatusEnd
	Turns    uint8 // EndTurns: the carrier's owner's turns it lasts
	Line     int   // where the status is declared
}

// The status effect "exposed +N ranged" (or melee): every hit of that kind
// landing on the carrier wounds N more (N < 0: fewer, never below 0); Value
// is N. Only statuses carry them.
const (
	EffExposedRanged EffectOp = EffToughness + 1 + iota
	EffExposedMelee
)

// StatusEnd is the set of conditions that end a status (until ...); with
// none it lasts until the carrier leaves the board.
type StatusEnd uint8

const (
	EndTurns       StatusEnd = 1 << iota // after Turns of the carrier's owner's turns that started after it was given
	EndBattle                            // when the next battle ends
	EndGiverLeaves                       // when the unit that gave it leaves the board
	EndHealed                            // when a heal step takes a wound off the carrier
)

// StatusEndNames are the language names of the StatusEnd bits, bit i for
// 1<<i.
var StatusEndNames = []string{"turns", "battle_end", "giver_leaves", "healed"}

func (e StatusEnd) String() string {
	var parts []string
	for i, n := range StatusEndNames {
		if e&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, " ")
}

// StatusIndex finds a status of the army by name (case-insensitive); -1
// when there is none.
func (a *Army) StatusIndex(name string) int {
	for i := range a.Statuses {
		if strings.EqualFold(a.Statuses[i].Name, name) {
			return i
		}
	}
	return -1
}
