package rules

// Expiry is when a foundation leaves the board by itself (until ...): the
// first of its Ends, of StatusEnd's EndTurns (at the end of the Turns-th
// turn of its owner after the one it was placed in) and EndBattle (when
// the next battle is over). It goes to its owner's discard pile.
type Expiry struct {
	Token int // the foundation's index in Army.Tokens
	Ends  StatusEnd
	Turns uint8
	Line  int
}

// FoundationEndNames are the ends a foundation's until takes.
var FoundationEndNames = []string{"turns", "battle_end"}
