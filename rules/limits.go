package rules

// Limit is an allowance shared by some abilities of an army: together
// they are used at most PerTurn times in each turn (whoever's it is) and
// PerGame times in the game (0: no such limit). A trigger's own limit
// (on EVENT per_turn=N per_game=N) has one token and Trig its index; a
// group (group "Name" per_turn=N: "Token", ...) has Trig -1: every `on`
// trigger of its tokens (but a battle ability) counts.
type Limit struct {
	Name    string // the group's name; "" for a trigger's own limit
	Tokens  []int  // indexes in Army.Tokens
	Trig    int    // the trigger's index in the one token's Triggers; -1: all of them
	PerTurn uint8
	PerGame uint8
	Line    int
}

// MaxLimits is how many limits an army may have: the engine keeps each
// one's uses in a byte per player.
const MaxLimits = 4

// Counts reports whether trigger trig of token tok counts against l.
func (l *Limit) Counts(tok, trig int) bool {
	if l.Trig >= 0 && l.Trig != trig {
		return false
	}
	for _, t := range l.Tokens {
		if t == tok {
			return true
		}
	}
	return false
}
