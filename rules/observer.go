package rules

// Watch is the kind of event an observer watches for on other units.
type Watch uint8

const (
	WatchDestroyed Watch = iota + 1 // a unit is destroyed (in a battle or by a step)
	WatchWounded                    // a unit takes wounds and survives them
	WatchPlaced                     // a unit is placed from the hand
	WatchMoved                      // a unit moves to another hex (a move, push, pull, swap, replace)
	WatchNetted                     // a unit becomes netted (a net step, or a netter turned to it)
)

// WatchNames are the language names of Watch (after when), indexed by
// Watch.
var WatchNames = [...]string{"", "destroyed", "wounded", "placed", "moved", "netted"}

func (w Watch) String() string {
	if int(w) < len(WatchNames) {
		return WatchNames[w]
	}
	return "?"
}

// Observer is a trigger of a token on other units' events: when a unit
// matching Side, HQ and Sel (measured from the observer, or Sel.Of) has
// the event When, the token's Steps run, with the event's hex as the
// reference event (Selector of=event, unit=event).
type Observer struct {
	Token int // the observing token's index in Army.Tokens
	When  Watch
	Side  Side     // whose units it watches, relative to the observer's controller
	HQ    bool     // an HQ matches too (as the hq qualifier of a step)
	Sel   Selector // kind=, name=, and where the unit stands (adjacent, within=N, in_line, linked; of=)
	Once  bool     // at most once in each turn
	Steps Trigger  // the steps (Event unused)
	Line  int      // where the observer is declared
}
