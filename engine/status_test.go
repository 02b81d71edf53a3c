package engine

import (
	"slices"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// Scenarios of the designers' statuses (status.go), played through Apply
// and LegalActions with engine/testdata/tstatus.army on both sides: each
// checks an outcome the status changes (who dies, wounds, what may move)
// and the status's end.

func statusGame(t *testing.T) *Game {
	t.Helper()
	a := loadArmy(t, "testdata/tstatus.army")
	g := setUpGame(t, a, a, 7, "a1", "e3")
	g.fresh = false
	return g
}

// play plays the instant in hand slot 0 of the player to move on hex h.
func play(t *testing.T, g *Game, h Hex) {
	t.Helper()
	must(t, g, Action{Kind: KInstant, Slot: 0, Hex: h, To: NoHex})
}

// nextTurn ends the turn of the player to move and gets the next one to
// its play phase.
func nextTurn(t *testing.T, g *Game) {
	t.Helper()
	endTurn(t, g)
	if g.Phase == PhaseDiscard {
		must(t, g, Action{Kind: KDiscard, Hex: NoHex, To: NoHex})
	}
	g.fresh = false
}

func hasStatus(g *Game, h Hex, name string) bool {
	return slices.Contains(g.S.StatusesOn(h), name)
}

// TestStatusMarked: a Marked unit takes one more wound from a ranged hit
// (the Gunner's shot of 1 gives the Block 2), until the battle is over.
func TestStatusMarked(t *testing.T) {
	for _, mark := range []bool{false, true} {
		g := statusGame(t)
		put(t, g, 0, "Gunner", "c4", rules.N)
		block := put(t, g, 1, "Block", "c2", rules.N) // two hexes up the Gunner's line
		var rec statusTrace
		g.SetTracer(&rec)
		if mark {
			setHand(t, g, 0, "Mark", "Battle")
			play(t, g, block)
			if !hasStatus(g, block, "Marked") {
				t.Fatalf("the Block carries %v, want Marked", g.S.StatusesOn(block))
			}
		} else {
			setHand(t, g, 0, "Battle")
		}
		play(t, g, NoHex)
		want := 1
		if mark {
			want = 2
		}
		if w := wounds(g, block); w != want {
			t.Fatalf("marked %v: the Block has %d wounds after the battle, want %d", mark, w, want)
		}
		if mark && len(g.S.StatusesOn(block)) != 0 {
			t.Fatalf("Marked lasts past the battle: %v", g.S.StatusesOn(block))
		}
		want2 := []string{}
		if mark {
			want2 = []string{"given Marked c2", "ended Marked c2"}
		}
		if !slices.Equal(rec.lines, want2) {
			t.Fatalf("marked %v: traced %q, want %q", mark, rec.lines, want2)
		}
	}
}

// statusTrace records the status lines of a game's trace.
type statusTrace struct{ lines []string }

func (r *statusTrace) Trace(e TraceEvent) {
	switch e.Kind {
	case TrStatus:
		r.lines = append(r.lines, "given "+e.Status+" "+Standard.Names[e.Hex])
	case TrStatusEnd:
		r.lines = append(r.lines, "ended "+e.Status+" "+Standard.Names[e.Hex])
	}
}

// TestStatusSlowed: a Slowed Brute (initiative 2 - 1) strikes after the
// own Brute facing it, which so survives; the status ends with the end of
// the carrier's owner's next turn, and the next battle is simultaneous.
func TestStatusSlowed(t *testing.T) {
	for _, slow := range []bool{false, true} {
		g := statusGame(t)
		mine := put(t, g, 0, "Brute", "c3", rules.N)
		theirs := put(t, g, 1, "Brute", "c2", rules.S)
		if slow {
			setHand(t, g, 0, "Slow", "Battle")
			play(t, g, theirs)
		} else {
			setHand(t, g, 0, "Battle")
		}
		play(t, g, NoHex)
		if got := g.S.Cells[mine].Unit.Empty(); got == slow {
			t.Fatalf("slowed %v: own Brute destroyed %v", slow, got)
		}
		if !g.S.Cells[theirs].Unit.Empty() {
			t.Fatalf("slowed %v: the enemy Brute survived", slow)
		}
	}

	// The duration: given in player 1's turn, it holds through player 2's
	// next turn and ends with it.
	g := statusGame(t)
	theirs := put(t, g, 1, "Brute", "c2", rules.S)
	setHand(t, g, 0, "Slow")
	play(t, g, theirs)
	nextTurn(t, g) // player 2's turn starts
	if !hasStatus(g, theirs, "Slowed") {
		t.Fatalf("Slowed ended before its carrier's owner's turn ended: %v", g.S.StatusesOn(theirs))
	}
	nextTurn(t, g) // player 2's turn ends
	if hasStatus(g, theirs, "Slowed") {
		t.Fatal("Slowed outlasted its carrier's owner's next turn")
	}
	mine := put(t, g, 0, "Brute", "c3", rules.N)
	setHand(t, g, 0, "Battle")
	play(t, g, NoHex)
	if !g.S.Cells[mine].Unit.Empty() || !g.S.Cells[theirs].Unit.Empty() {
		t.Fatal("after Slowed ended the two Brutes did not strike at once")
	}
}

// moves counts the legal actions that take the unit on h to another hex
// (its own mobility) or push it away.
func moves(g *Game, h Hex) int {
	n := 0
	for _, a := range g.LegalActions(nil) {
		if (a.Kind == KAbility && a.Slot == AbMove && a.Hex == h && a.To != h) || (a.Kind == KInstant && a.To == h) {
			n++
		}
	}
	return n
}

// TestStatusRooted: a Rooted Sprinter neither moves (mobility) nor is pushed
// for two of its owner's turns; then it does again.
func TestStatusRooted(t *testing.T) {
	for _, root := range []bool{false, true} {
		g := statusGame(t)
		sprinter := put(t, g, 1, "Sprinter", "c2", rules.N)
		put(t, g, 0, "Brute", "c3", rules.N)
		if root {
			setHand(t, g, 0, "Root")
			play(t, g, sprinter)
		}
		for turn := 1; turn <= 4; turn++ {
			nextTurn(t, g)
			p := g.Player
			if p == 0 {
				setHand(t, g, 0, "Shove")
			}
			n := moves(g, sprinter)
			rooted := root && turn <= 3 // player 2's turns 1 and 3 (owner's), player 1's turn 2 between them
			if (n == 0) != rooted {
				t.Fatalf("rooted %v, turn %d (player %d): %d moves or pushes of the Sprinter", root, turn, p+1, n)
			}
		}
	}
}

// TestStatusBurning: a Burning Block takes a wound at each of its owner's
// turn starts, not at the giver's, until a heal ends it.
func TestStatusBurning(t *testing.T) {
	g := statusGame(t)
	block := put(t, g, 1, "Block", "c2", rules.N)
	setHand(t, g, 0, "Ignite")
	play(t, g, block)
	nextTurn(t, g) // player 2's turn starts: 1 wound
	if w := wounds(g, block); w != 1 {
		t.Fatalf("after its owner's turn start the Block has %d wounds, want 1", w)
	}
	nextTurn(t, g) // player 1's: none
	if w := wounds(g, block); w != 1 {
		t.Fatalf("the giver's turn start burned the Block: %d wounds", w)
	}
	nextTurn(t, g) // player 2's: 2 wounds; they heal it
	if w := wounds(g, block); w != 2 {
		t.Fatalf("after its owner's second turn start the Block has %d wounds, want 2", w)
	}
	setHand(t, g, 1, "Medkit")
	play(t, g, block)
	if hasStatus(g, block, "Burning") || wounds(g, block) != 1 {
		t.Fatalf("after the heal: %d wounds, statuses %v; want 1 and none", wounds(g, block), g.S.StatusesOn(block))
	}
	nextTurn(t, g)
	nextTurn(t, g)
	if w := wounds(g, block); w != 1 {
		t.Fatalf("the healed Block still burns: %d wounds", w)
	}
}

// TestStatusGiverLeaves: Hunted (melee hits wound one more) holds while
// the Hunter that gave it is on the board and ends when it leaves.
func TestStatusGiverLeaves(t *testing.T) {
	g := statusGame(t)
	block := put(t, g, 1, "Block", "c2", rules.N)
	setHand(t, g, 0, "Hunter")
	must(t, g, Action{Kind: KPlace, Slot: 0, Hex: hexOf(t, "e1"), To: NoHex, Facing: rules.N})
	for g.Phase == PhaseStep {
		must(t, g, Action{Kind: KStep, Hex: block, To: NoHex})
	}
	if !hasStatus(g, block, "Hunted") {
		t.Fatalf("the Block carries %v, want Hunted", g.S.StatusesOn(block))
	}
	// The Brute's melee 1 gives the Hunted Block 2.
	put(t, g, 0, "Brute", "c3", rules.N)
	setHand(t, g, 0, "Battle")
	play(t, g, NoHex)
	if w := wounds(g, block); w != 2 {
		t.Fatalf("the Hunted Block has %d wounds after the battle, want 2", w)
	}
	setHand(t, g, 1, "Snipe") // player 2's turn: the Hunter is shot
	play(t, g, hexOf(t, "e1"))
	if !g.S.Cells[hexOf(t, "e1")].Unit.Empty() {
		t.Fatal("the Snipe missed the Hunter")
	}
	if hasStatus(g, block, "Hunted") {
		t.Fatal("Hunted outlasted its giver")
	}
}

// TestStatusEffects: each battle effect a status can carry changes a
// battle's wounds on its carrier's side, as the same link effect would:
// the own unit given the status by the instant attacks or is attacked.
func TestStatusEffects(t *testing.T) {
	for _, c := range []struct {
		name, instant   string
		own, enemy      string // the own unit (on c3, facing N) and the enemy's (on c2)
		enemyFacing     rules.Dir
		without, with   int // the enemy's wounds (or, own, the own unit's) after the battle
		woundsOfOwnUnit bool
	}{
		{name: "melee", instant: "Enrage", own: "Brute", enemy: "Block", enemyFacing: rules.N, without: 1, with: 2},
		{name: "ranged", instant: "Sight", own: "Gunner", enemy: "Block", enemyFacing: rules.N, without: 1, with: 2},
		{name: "armor", instant: "Shield", own: "Block", enemy: "Gunner", enemyFacing: rules.S, without: 1, with: 0, woundsOfOwnUnit: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, give := range []bool{false, true} {
				g := statusGame(t)
				own := put(t, g, 0, c.own, "c3", rules.N)
				enemy := put(t, g, 1, c.enemy, "c2", c.enemyFacing)
				if give {
					setHand(t, g, 0, c.instant, "Battle")
					play(t, g, own)
				} else {
					setHand(t, g, 0, "Battle")
				}
				play(t, g, NoHex)
				h, want := enemy, c.without
				if c.woundsOfOwnUnit {
					h = own
				}
				if give {
					want = c.with
				}
				if w := wounds(g, h); w != want {
					t.Fatalf("with the status %v: %d wounds, want %d", give, w, want)
				}
			}
		})
	}
}
