package engine

import "github.com/hexforge/hexforge/rules"

// The actions the engine's tests apply by hand. A player takes every action
// from LegalActions, which writes them as literals (building them through
// these constructors cost 6.8% in BenchmarkLegalActions), so nothing in the
// binary needs them: they live with the tests. The army tests, which cannot
// see this file, have their own in armies/game_helpers_test.go.

// EndTurn is the action that ends the turn.
func EndTurn() Action { return Action{Kind: KEndTurn, Hex: NoHex, To: NoHex} }

// Discard discards hand slot i.
func Discard(i uint8) Action { return Action{Kind: KDiscard, Slot: i, Hex: NoHex, To: NoHex} }

// Mulligan is the bad-draw action.
func Mulligan() Action { return Action{Kind: KMulligan, Hex: NoHex, To: NoHex} }

// Place puts the board token of hand slot i on h facing f.
func Place(i uint8, h Hex, f rules.Dir) Action {
	return Action{Kind: KPlace, Slot: i, Hex: h, To: NoHex, Facing: f}
}

// PlaceHQ is the set-up action putting the HQ on h facing f.
func PlaceHQ(h Hex, f rules.Dir) Action { return Action{Kind: KPlaceHQ, Hex: h, To: NoHex, Facing: f} }
