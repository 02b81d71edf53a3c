package rules

// Placement is a placement restriction of a token (place only: ..., place
// never: ...): where its player may put it from the hand. The hex must
// have (Only) or must not have (Never) a unit of Side matching Sel, Sel's
// relation measured from the hex itself (adjacent, within=N, in_line).
type Placement struct {
	Token int  // the restricted token's index in Army.Tokens
	Never bool // no matching unit may stand so; otherwise one must
	Side  Side // whose units match, relative to the token's player
	HQ    bool // an HQ matches too (kind=hq: only HQs)
	Sel   Selector
	Line  int // where the statement is
}

// Facing is a token's constraint on the units placed next to it (facing
// SIDE: toward|away): a unit of Side, relative to the token's owner,
// placed from the hand on a hex next to it must turn its printed top edge
// toward it (or, Away, straight away from it).
type Facing struct {
	Token int
	Side  Side
	Away  bool
	Line  int
}
