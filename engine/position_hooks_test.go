package engine_test

import (
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
	"github.com/hexforge/hexforge/position/positiontest"
	"github.com/hexforge/hexforge/rules"
)

// init gives the engine's tests package position's readers and the
// position writer of positiontest (positions_test.go).
func init() {
	engine.ParsePosition = func(file string, src []byte, load func(ref string) (*rules.Army, error)) (*engine.State, error) {
		s, _, err := position.Parse(file, src, load, false)
		return s, err
	}
	engine.ParseSetup = func(file string, src []byte, load func(ref string) (*rules.Army, error)) (*engine.State, *engine.Piles, error) {
		return position.Parse(file, src, load, false)
	}
	engine.FormatPosition = positiontest.FormatPosition
	engine.FormatUses = positiontest.FormatUses
	engine.Standard, engine.Large, engine.Duel = position.Standard, position.Large, position.Duel
}
