package card

import (
	"strings"
	"testing"

	"github.com/hexforge/hexforge/compiler"
)

// TestAbilityWords: the card says what a triggered ability does in a
// player's words, for every event, cost, condition and step form the
// fan army and the rulebook armies use.
func TestAbilityWords(t *testing.T) {
	for _, tc := range []struct{ on, want string }{
		{"on play: battle", "Played: a battle starts"},
		{"on play: any damage 1 radius=1", "Played: 1 wound to every unit within 1 hex of a chosen hex, HQs spared"},
		{"on play: damage 2 at=enemy_hq hq", "Played: 2 wounds to the enemy HQ"},
		{"on play: destroy where=adjacent_own_hq", "Played: destroy an enemy unit next to its HQ"},
		{"on play: move 1 optional, strike optional", "Played: an own unit moves up to 1 hex and/or turns (may be skipped); then an own unit attacks once with one of its edges (may be skipped)"},
		{"on turn_start: heal 1 radius=1 at=own_hq", "At the start of its owner's turn: up to 1 wound off every own unit within 1 hex of its HQ"},
		{"on after_battle if=destroyed_enemy: heal 2 at=self", "After each battle, if it destroyed an enemy unit in that battle: up to 2 wounds off itself"},
		{"on own_turn cost=discard: recover kind=warrior", "Once in each of its owner's turns, paying a token discarded from the hand: a warrior comes back from the discard pile into the hand"},
		{"on placed cost=1: replace optional", "When placed, paying 1 point from its HQ: it takes the place of an enemy unit, which is removed (may be skipped)"},
		{"on destroyed: return_to_deck", "When destroyed: it goes back on top of its owner's deck"},
		{"on instead_of_attack: any damage 1 radius=1 where=self, destroy where=self", "Instead of attacking: 1 wound to every other unit up to 1 hex away, HQs spared; then it is removed at the end of the segment"},
		{"on placed: push", "When placed: it pushes an adjacent enemy unit one hex away"},
		{"on play: discard 1", "Played: the opponent discards 1 token of their hand, their choice"},
		{"on play: look 3", "Played: its owner looks at the top 3 tokens of the deck and puts them back in any order"},
		{"on play: friend push", "Played: an own unit pushes an adjacent own unit one hex away"},
		{"on play: any swap", "Played: two adjacent units swap places"},
		{"on turn_start: draw 1", "At the start of its owner's turn: the hand its owner draws this turn holds 1 token more"},
		{"on play: enemy push every within=2 of=own_hq", "Played: every enemy unit within 2 hexes of its HQ goes one hex away from its HQ"},
		{"on placed: enemy pull in_line", "When placed: an enemy unit in line with it goes one hex toward it"},
		{"on play: enemy swap within=2 of=own", "Played: an enemy unit within 2 hexes of an own unit swaps places with that unit"},
		{"on turn_start: move 1 unit=self toward=nearest_enemy", "At the start of its owner's turn: it moves up to 1 hex, each hex toward the nearest enemy unit"},
		{"on turn_start: damage 1 unit=self", "At the start of its owner's turn: 1 wound to itself"},
		{`on turn_start: own heal 1 every kind=warrior name="T" linked optional`, `At the start of its owner's turn: up to 1 wound off every own warrior "T" on a link of it (may be skipped)`},
	} {
		kind := "warrior \"T\" {\n        edge N: melee 1\n"
		if strings.HasPrefix(tc.on, "on play") {
			kind = "instant \"T\" {\n"
		}
		src := "army \"A\" {\n    size 3\n    hq \"HQ\" { edge all: melee 1 }\n    " + kind + "        " + tc.on + "\n    }\n    instant \"Battle\" { on play: battle }\n}\n"
		res := compiler.CompileSource("a.army", []byte(src))
		if res.Diags.HasErrors() {
			t.Fatalf("%s: %v", tc.on, res.Diags)
		}
		a := res.Armies[0]
		got := abilityWords(a, &a.Tokens[1].Triggers[0])
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.on, got, tc.want)
		}
	}
}

// TestSelectorGiveWords: a give step with a selector says on whom the
// status goes.
func TestSelectorGiveWords(t *testing.T) {
	src := "army \"A\" {\n    size 3\n    status \"Marked\" {\n        effect: exposed +1 ranged\n        until battle_end\n    }\n    hq \"HQ\" { edge all: melee 1 }\n    instant \"T\" { on play: give \"Marked\" every adjacent of=enemy_hq }\n    instant \"Battle\" { on play: battle }\n}\n"
	res := compiler.CompileSource("a.army", []byte(src))
	if res.Diags.HasErrors() {
		t.Fatal(res.Diags)
	}
	a := res.Armies[0]
	i := a.Lookup("T")
	if got, want := abilityWords(a, &a.Tokens[i].Triggers[0]), "Played: \"Marked\" goes on every enemy unit next to the enemy HQ"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
