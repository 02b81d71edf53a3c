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
		return position.ParsePosition(file, src, load)
	}
	engine.ParseSetup = func(file string, src []byte, load func(ref string) (*rules.Army, error)) (*engine.State, *engine.Piles, error) {
		return position.ParseSetup(file, src, load)
	}
	engine.FormatPosition = positiontest.FormatPosition
	engine.Standard, engine.Large, engine.Duel = position.Standard, position.Large, position.Duel
}
