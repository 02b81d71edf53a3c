package engine_test

import (
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/position"
)

// init gives the engine's tests package position's board reader, for the
// shaped boards of testdata/boards (shaped_test.go).
func init() {
	engine.ReadBoardFile = position.ReadBoardFile
}
