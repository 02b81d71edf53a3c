package rules

// Limit is an allowance shared by some abilities of an army: together
// they are used at most PerTurn times in each turn (whoever's it is) and
// PerGame times in the game (0: no such limit). A trigger's own limit
// (on EVENT per_turn=N per_game=N) has one token and Trig its index, an
// observer's (when ... per_turn=N) Observer; a group (group "Name"
// per_turn=N: "Token", ...) has Trig -1: every `on` trigger (but a battle
// ability), every observer and every use of a UsedTraits trait of its
// tokens counts. A trait's own limit (trait push per_game=2) has Trig -1
// and Trait its bit.
type Limit struct {
	Name   string // the group's name; "" for a trigger's own limit
	Tokens []int  // indexes in Army.Tokens
	Trig   int    // the trigger's index in the one token's Triggers; -1: all of them
	// Observer is 1 + the index in Army.Observers of the observer whose
	// own limit this is (when ... per_turn=N); 0 for a trigger's or a
	// group's, which counts its tokens' observers too.
	Observer int
	// Trait is the trait whose own limit this is (one of UsedTraits);
	// 0 for a trigger's, an observer's or a group's.
	Trait   Traits
	PerTurn uint8
	PerGame uint8
	Line    int
}

// MaxLimits is how many limits an army may have: the engine keeps each
// one's uses in a byte per player.
const MaxLimits = 4

// Counts reports whether trigger trig of token tok counts against l.
func (l *Limit) Counts(tok, trig int) bool {
	if l.Observer != 0 || l.Trait != 0 || (l.Trig >= 0 && l.Trig != trig) {
		return false
	}
	for _, t := range l.Tokens {
		if t == tok {
			return true
		}
	}
	return false
}

// CountsObserver reports whether observer oi (its index in
// Army.Observers) of token tok counts against l.
func (l *Limit) CountsObserver(tok, oi int) bool {
	if l.Observer != 0 {
		return l.Observer == oi+1
	}
	return l.Trig < 0 && l.Counts(tok, -1)
}

// UsedTraits are the traits a unit uses, each use a choice of its player
// (an own-turn action, the move after a battle, a replacement): they take
// an allowance. The other traits stand, and take none.
const UsedTraits = Mobility | Rotation | PushTrait | PullTrait | Scavenger | Replaceable

// CountsTrait reports whether a use of the printed trait tr (one bit of
// UsedTraits) of token tok counts against l: its own limit, or a group's.
func (l *Limit) CountsTrait(tok int, tr Traits) bool {
	if l.Observer != 0 || l.Trig >= 0 || (l.Trait != 0 && l.Trait != tr) {
		return false
	}
	for _, t := range l.Tokens {
		if t == tok {
			return true
		}
	}
	return false
}
