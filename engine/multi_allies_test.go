package engine

import (
	"errors"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// Scenario tests of what a player's instants and units do to an ally's
// (Neuroshima Hex 3.0 core rules, "Tryb drużynowy"; docs/rules.md, "Three
// and four players"): "Nie można zagrywać żetonów Natychmiastowych na
// sojusznicze jednostki. Sojusznicze jednostki nie ranią się wzajemnie."

// TestAirStrikeSparesAllies: an area instant of every side (the Air Strike,
// "własnym oraz wrogim") may not be centred on an ally's unit, and its area
// wounds the player's own units and the enemies', never an ally's. Under
// the feud rule the ally is fought as an enemy, and every man for himself
// there is no ally.
func TestAirStrikeSparesAllies(t *testing.T) {
	c := Standard.Centre()
	own, ally, enemy := Standard.Nb[c][rules.N], Standard.Nb[c][rules.S], Standard.Nb[c][rules.NE]
	for _, tc := range []struct {
		mode      Mode
		feud      uint8
		allyAlive bool
	}{
		{ModeTeams, 0, true},
		{ModeTeams, 1 << 2, false},
		{ModeFFA, 0, false},
	} {
		g := multiGame(t, 4, tc.mode, tc.feud)
		setHand(t, g, 0, "Bomb")
		put(t, g, 2, "Booster", Standard.Names[c], rules.N)
		centred := func() bool {
			for _, a := range g.LegalActions(nil) {
				if a.Kind == KInstant && a.Hex == c {
					return true
				}
			}
			return false
		}
		if got := centred(); got == tc.allyAlive {
			t.Errorf("%s feud %b: the Bomb may be centred on player 3's unit: %v, want %v", tc.mode, tc.feud, got, !tc.allyAlive)
		}
		probe := *g // a copy: Apply refuses what LegalActions does not list
		if err := probe.Apply(Action{Kind: KInstant, Slot: 0, Hex: c, To: NoHex}, FirstOption{}); errors.Is(err, ErrIllegal) != tc.allyAlive {
			t.Errorf("%s feud %b: a Bomb centred on player 3's unit: %v", tc.mode, tc.feud, err)
		}
		g.S.Remove(c)
		if !centred() {
			t.Fatalf("%s feud %b: the Bomb may not be centred on the empty centre", tc.mode, tc.feud)
		}
		put(t, g, 0, "Booster", Standard.Names[own], rules.N)
		put(t, g, 2, "Booster", Standard.Names[ally], rules.N)
		put(t, g, 1, "Booster", Standard.Names[enemy], rules.N)
		must(t, g, Action{Kind: KInstant, Slot: 0, Hex: c, To: NoHex})
		if !g.S.Cells[own].Unit.Empty() || !g.S.Cells[enemy].Unit.Empty() {
			t.Errorf("%s feud %b: own Booster alive %v, enemy's %v; want both destroyed", tc.mode, tc.feud,
				!g.S.Cells[own].Unit.Empty(), !g.S.Cells[enemy].Unit.Empty())
		}
		if got := !g.S.Cells[ally].Unit.Empty(); got != tc.allyAlive {
			t.Errorf("%s feud %b: player 3's Booster alive %v, want %v", tc.mode, tc.feud, got, tc.allyAlive)
		}
	}
}

// TestBlastSparesAllies: a unit's area ability of every side (a unit that
// blows up: "zamienić się w Bombę") wounds its own player's units and the
// enemies', never an ally's ("Sojusznicze jednostki nie ranią się
// wzajemnie"); under the feud rule of the exploding player's faction
// ("Jednostki Molocha w normalny sposób ranią jednostki sojusznika") and
// every man for himself it wounds player 3's too. The reference resolver
// agrees.
func TestBlastSparesAllies(t *testing.T) {
	c := Standard.Centre()
	own, ally, enemy := Standard.Nb[c][rules.N], Standard.Nb[c][rules.S], Standard.Nb[c][rules.NE]
	a := loadArmy(t, "testdata/tblast.army")
	for _, tc := range []struct {
		mode      Mode
		feud      uint8
		allyAlive bool
	}{
		{ModeTeams, 0, true},
		{ModeTeams, 1 << 0, false},
		{ModeFFA, 0, false},
	} {
		s, err := NewState(Standard, a, a)
		if err != nil {
			t.Fatal(err)
		}
		s.Armies[2], s.Armies[3] = a, a
		if err := s.SetSides(4, tc.mode, nil, tc.feud); err != nil {
			t.Fatal(err)
		}
		// The Sapper (initiative 2) explodes before the Shells (ranged,
		// initiative 1, facing off the board) would shoot.
		placeTok(t, s, 0, "Sapper", c, rules.N)
		placeTok(t, s, 0, "Shell", own, rules.N)
		placeTok(t, s, 2, "Shell", ally, rules.S)
		placeTok(t, s, 1, "Shell", enemy, rules.NE)
		ref := *s
		var r Resolver
		r.Resolve(s, lastOption{}, nil) // the Sapper uses its ability
		ReferenceResolve(&ref, lastOption{})
		if s.Cells != ref.Cells {
			t.Errorf("%s feud %b: fast and reference resolvers differ:\n%s\n%s", tc.mode, tc.feud, dumpState(s), dumpState(&ref))
		}
		if !s.Cells[c].Unit.Empty() || !s.Cells[own].Unit.Empty() || !s.Cells[enemy].Unit.Empty() {
			t.Errorf("%s feud %b: Sapper, own and enemy Shells alive %v %v %v; want all destroyed", tc.mode, tc.feud,
				!s.Cells[c].Unit.Empty(), !s.Cells[own].Unit.Empty(), !s.Cells[enemy].Unit.Empty())
		}
		u := s.Cells[ally].Unit
		if got := !u.Empty(); got != tc.allyAlive || (got && u.Wounds != 0) {
			t.Errorf("%s feud %b: player 3's Shell alive %v with %d wounds; want alive %v, unhurt", tc.mode, tc.feud, got, u.Wounds, tc.allyAlive)
		}
	}
}

// TestTerrorForbidsEveryOther: "W grze wieloosobowej, zarówno w trybie
// drużynowym, jak i „każdy na każdego” zakaz wykładania żetonów na planszę
// dotyczy każdego z pozostałych graczy." Player 1's Terror forbids placing
// units to players 2, 3 (the ally) and 4 in their next turns; player 1
// places in their own next turn.
func TestTerrorForbidsEveryOther(t *testing.T) {
	for _, m := range []Mode{ModeTeams, ModeFFA} {
		g := multiGame(t, 4, m, 0)
		setHand(t, g, 0, "Terror")
		must(t, g, Action{Kind: KInstant, Slot: 0, Hex: NoHex, To: NoHex})
		if g.Forbid != [MaxPlayers]bool{false, true, true, true} {
			t.Fatalf("%s: forbidden %v, want players 2, 3 and 4", m, g.Forbid)
		}
		for range 4 {
			endTurnN(t, g)
			if g.Phase == PhaseDiscard {
				must(t, g, Discard(0))
			}
			p := g.Player
			setHand(t, g, p, "Dasher")
			placed := count(g.LegalActions(nil), func(a Action) bool { return a.Kind == KPlace })
			if forbidden := p != 0; (placed == 0) != forbidden {
				t.Errorf("%s: player %d has %d placements offered; forbidden: %v", m, p+1, placed, forbidden)
			}
		}
	}
}
