package engine

import "github.com/hexforge/hexforge/rules"

// Position and board files are read by package position, which imports the
// engine, so the engine's own tests cannot import it: they reach it through
// these, which position_hooks_test.go (package engine_test, built into the
// same test binary) sets from package position before any test runs.
var (
	ParsePosition  func(file string, src []byte, load func(ref string) (*rules.Army, error)) (*State, error)
	ParseSetup     func(file string, src []byte, load func(ref string) (*rules.Army, error)) (*State, *Piles, error)
	FormatPosition func(s *State, refs []string) string
	FormatUses     func(g *Game) string

	// The embedded boards.
	Standard, Large, Duel *Board
)
