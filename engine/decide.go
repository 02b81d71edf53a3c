package engine

import "github.com/hexforge/hexforge/rules"

// Question is a kind of choice the rules leave to a player.
type Question uint8

const (
	QPushDestination Question = iota + 1 // where a pushed unit goes (asked of the pushed unit's controller)
	QPullDestination                     // where a pulled unit goes and how it is turned
	QMedicAbsorb                         // which attack a medic absorbs, or none
	QExplode                             // whether a unit uses its battle ability (on instead_of_attack) instead of attacking (option 1)
	QTakeoverFacing                      // how a taken-over unit is turned (Option.Index: attack strength it would aim at enemies)
	QAfterBattleMove                     // where a scavenger unit goes after a battle, if anywhere
	QAimTarget                           // which enemy in the line an aimed shot hits (Option.Index 1: the shot kills it)
	QConvert                             // which attack a unit linked to a convert effect converts, if any (option 0: none; Index: wounds gained)
	QEventTarget                         // the target of a step of a turn_start, after_battle or destroyed trigger (Hex, To, Dir; Index: a recovered token type, -1: skip an optional step)
	QHandDiscard                         // which token of the hand to discard, for an enemy's discard step or a cost=discard (Index: the hand slot)
	QLookOrder                           // which of the looked-at tokens goes on top of the deck next (Index: the token type)
)

// Option is one answer to a question. Which fields matter depends on the
// question; unused fields are zero.
type Option struct {
	Hex   Hex       // a hex (a unit, a destination)
	To    Hex       // a second hex
	Dir   rules.Dir // a facing
	Index int       // anything else (an attack number, yes=1/no=0)
}

// Decider answers the questions the rules give players. Choose returns an
// index into options (which is never empty). Computer players implement it;
// the battle calculator uses OwnerBest.
type Decider interface {
	Choose(s *State, player uint8, q Question, options []Option) int
}

// FirstOption always takes the first option. It is deterministic and is
// what tests use when they want a fixed answer.
type FirstOption struct{}

func (FirstOption) Choose(*State, uint8, Question, []Option) int { return 0 }

// OwnerBest answers every question with the option whose Index is highest
// (first on ties). The resolver sets Index so that this is the choice that
// saves most of the chooser's own units: for QMedicAbsorb Index is 1 when
// absorbing that attack saves the unit from destruction, for QAimTarget 1
// when the shot destroys its target. It is what the battle calculator uses.
type OwnerBest struct{}

func (OwnerBest) Choose(_ *State, _ uint8, _ Question, options []Option) int {
	best := 0
	for i, o := range options {
		if o.Index > options[best].Index {
			best = i
		}
	}
	return best
}
