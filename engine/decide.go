package engine

import "github.com/hexforge/hexforge/rules"

// Question is a kind of choice the rules leave to a player.
type Question uint8

const (
	QPushDestination Question = iota + 1 // where a pushed unit goes (asked of the pushed unit's controller)
	QPullDestination                     // where a pulled unit goes and how it is turned
	QMedicAbsorb                         // which attack a medic absorbs, or none
	QExplode                             // whether a unit with an optional explosion explodes
	QTakeoverFacing                      // how a taken-over unit is turned
	QAfterBattleMove                     // where a flying unit goes after a battle, if anywhere
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
