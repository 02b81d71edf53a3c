package engine

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// Scenarios of the allowances (limits.go), played through LegalActions
// and Apply with engine/testdata/tlimits.army on both sides: each limited
// ability beside a twin without the limit, so a limit that did nothing
// fails.

func limitGame(t *testing.T) *Game {
	t.Helper()
	a := loadArmy(t, "testdata/tlimits.army")
	g := setUpGame(t, a, a, 7, "a1", "e3")
	g.fresh = false
	return g
}

// abilityHexes are the hexes of the own-turn abilities offered.
func abilityHexes(g *Game) []Hex {
	var out []Hex
	for _, a := range abilityActs(g) {
		if !slices.Contains(out, a.Hex) {
			out = append(out, a.Hex)
		}
	}
	return out
}

// useAbility uses the own-turn ability of the unit on h, first targets.
func useAbility(t *testing.T, g *Game, h Hex) {
	t.Helper()
	for _, a := range abilityActs(g) {
		if a.Hex == h {
			mustAll(t, g, a)
			return
		}
	}
	t.Fatalf("no ability of %s offered", Standard.Names[h])
}

func TestAllowances(t *testing.T) {
	// Two units with an own-turn ability: after one is used, is the
	// other still offered this turn, and both again next turn?
	pair := func(t *testing.T, a, b string, shared bool) {
		g := limitGame(t)
		h1 := put(t, g, 0, a, "b2", rules.N)
		h2 := put(t, g, 0, b, "c2", rules.N)
		put(t, g, 1, "Free Gunner", "d3", rules.N)
		put(t, g, 1, "Free Gunner", "d2", rules.N)
		setHand(t, g, 0)
		if got := abilityHexes(g); len(got) != 2 {
			t.Fatalf("%s and %s: %d abilities offered, want 2", a, b, len(got))
		}
		useAbility(t, g, h1)
		if got := slices.Contains(abilityHexes(g), h2); got == shared {
			t.Fatalf("after the %s's use, the %s's offered: %v, want %v", a, b, got, !shared)
		}
		nextTurn(t, g)
		nextTurn(t, g)
		if got := abilityHexes(g); !slices.Contains(got, h2) {
			t.Fatalf("next turn the %s's ability is not offered", b)
		}
	}
	t.Run("per_turn", func(t *testing.T) {
		pair(t, "Gunner", "Gunner", true)
		pair(t, "Free Gunner", "Free Gunner", false)
	})
	t.Run("group", func(t *testing.T) {
		pair(t, "Mortar", "Howitzer", true)
		pair(t, "Free Gunner", "Howitzer", false)
	})
	t.Run("per_game", func(t *testing.T) {
		// A turn_start trigger fires by itself: once a game with
		// per_game=1, at each own turn start without.
		for name, want := range map[string]int{"Drummer": 1, "Free Drummer": 2} {
			g := limitGame(t)
			setHand(t, g, 0)
			put(t, g, 0, name, "b2", rules.N)
			for range 2 {
				nextTurn(t, g)
				nextTurn(t, g)
			}
			if lost := 20 - g.S.HQPoints(1); lost != want {
				t.Errorf("%s over two turn starts: the enemy HQ lost %d, want %d", name, lost, want)
			}
		}
	})
	t.Run("play", func(t *testing.T) {
		// per_turn on an instant: the second Sniper waits for next turn.
		for name, want := range map[string]bool{"Sniper": false, "Shot": true} {
			g := limitGame(t)
			put(t, g, 1, "Free Gunner", "d3", rules.N)
			put(t, g, 1, "Free Gunner", "d2", rules.N)
			setHand(t, g, 0, name, name)
			mustAll(t, g, legalInstant(g)[0])
			if got := len(legalInstant(g)) > 0; got != want {
				t.Errorf("a second %s in the turn is playable: %v, want %v", name, got, want)
			}
		}
	})
}

// TestObserverAllowance: an observer with per_game=1 fires on the first
// enemy placed near it only, one with per_turn=1 on the first of each
// turn; their twin without the limit on every one.
func TestObserverAllowance(t *testing.T) {
	for _, tc := range []struct {
		watcher  string
		sameTurn bool // both enemies placed in one turn
		want     int  // of the two enemies placed near it, those it hit
	}{
		{"when placed enemy within=2 per_game=1: damage 1 unit=event", false, 1},
		{"when placed enemy within=2: damage 1 unit=event", false, 2},
		{"when placed enemy within=2 per_turn=1: damage 1 unit=event", true, 1},
		{"when placed enemy within=2 per_turn=1: damage 1 unit=event", false, 2},
		{"when placed enemy within=2: damage 1 unit=event", true, 2},
	} {
		a := placeArmy(t, tc.watcher, "")
		g := setUpGame(t, a, a, 7, "a1", "e3")
		g.fresh = false
		setHand(t, g, 0)
		put(t, g, 0, "Subject", "c3", rules.N)
		endTurn(t, g) // player 2's turn
		for i, hex := range []string{"c2", "d3"} {
			g.fresh = false
			if g.Phase == PhaseDiscard {
				must(t, g, Action{Kind: KDiscard, Hex: NoHex, To: NoHex})
			}
			setHand(t, g, 1, "Plain")
			must(t, g, Action{Kind: KPlace, Slot: 0, Hex: hexOf(t, hex), To: NoHex})
			if !tc.sameTurn || i == 1 {
				nextTurn(t, g)
				nextTurn(t, g)
			}
		}
		hit := 0
		for _, hex := range []string{"c2", "d3"} {
			if u := g.S.Cells[hexOf(t, hex)].Unit; u.Empty() || u.Wounds > 0 {
				hit++ // a Plain has toughness 1: wounded means gone
			}
		}
		if hit != tc.want {
			t.Errorf("%s (same turn %v): %d of the two Plains hit, want %d", tc.watcher, tc.sameTurn, hit, tc.want)
		}
	}
}

// traitArmy is a test army with the given tokens beside an HQ, Dummies
// (plain units to push, pull and place) and Battles.
func traitArmy(t *testing.T, tokens string) *rules.Army {
	t.Helper()
	src := `army "Users" {
    size 20
    hq "HQ" { edge all: melee 1 }
    warrior "Dummy" { count 6; initiative 1; edge N: melee 1 }
    instant "Battle" { count 2; on play: battle }
` + tokens + `
}
`
	path := filepath.Join(t.TempDir(), "users.army")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return loadArmy(t, path)
}

// TestTraitAllowances: a trait a unit uses takes an allowance like a
// trigger (trait push per_game=1), shared by every copy, and a group
// counts its tokens' used traits with their triggers. Each limited pair
// beside its twin without the limit: two units A (on b2) and B (on c4)
// of player 1 with an own-turn ability each; once A has used its own,
// is B's still offered (and accepted by Apply), and on the next own turn?
func TestTraitAllowances(t *testing.T) {
	const (
		pusher = `warrior "A" { count 2; edge N: melee 1; trait push per_game=1 }
warrior "Free" { count 2; edge N: melee 1; trait push }`
	)
	for _, tc := range []struct {
		name    string
		tokens  string
		a, b    string   // the token types on b2 and c4
		enemies []string // player 2's Dummies
		now     bool     // B's offered in the turn of A's use
		later   bool     // B's offered in the next own turn
	}{
		{"push_per_game", pusher, "A", "A", []string{"c2", "d3"}, false, false},
		{"push_free", pusher, "Free", "Free", []string{"c2", "d3"}, true, true},
		// a trait under a condition (condedge.go) takes its allowance too
		{"push_if_per_game", `warrior "A" { count 2; edge N: melee 1; trait push if=unwounded per_game=1 }`, "A", "A", []string{"c2", "d3"}, false, false},
		{"pull_per_turn", `warrior "A" { count 2; edge N: melee 1; trait pull per_turn=1 }`, "A", "A", []string{"d1", "e2"}, false, true},
		{"pull_free", `warrior "A" { count 2; edge N: melee 1; trait pull }`, "A", "A", []string{"d1", "e2"}, true, true},
		{"mobility_per_turn", `warrior "A" { count 2; edge N: melee 1; trait mobility per_turn=1 }`, "A", "A", nil, false, true},
		{"mobility_free", `warrior "A" { count 2; edge N: melee 1; trait mobility }`, "A", "A", nil, true, true},
		{"rotation_per_game", `warrior "A" { count 2; edge N: melee 1; trait rotation per_game=1 }`, "A", "A", nil, false, false},
		{"rotation_free", `warrior "A" { count 2; edge N: melee 1; trait rotation }`, "A", "A", nil, true, true},
		{"group_trait_trigger", `group "Crew" per_turn=1: "Hook", "Gunner"
warrior "Hook" { edge N: melee 1; trait pull }
warrior "Free Hook" { edge N: melee 1; trait pull }
warrior "Gunner" { edge N: melee 1; on own_turn: damage 1 }`, "Hook", "Gunner", []string{"d1", "e2"}, false, true},
		{"group_per_game", `group "Crew" per_game=1: "Hook", "Gunner"
warrior "Hook" { edge N: melee 1; trait pull }
warrior "Gunner" { edge N: melee 1; on own_turn: damage 1 }`, "Hook", "Gunner", []string{"d1", "e2"}, false, false},
		{"group_free", `group "Crew" per_turn=1: "Hook", "Gunner"
warrior "Hook" { edge N: melee 1; trait pull }
warrior "Free Hook" { edge N: melee 1; trait pull }
warrior "Gunner" { edge N: melee 1; on own_turn: damage 1 }`, "Free Hook", "Gunner", []string{"d1", "e2"}, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := traitArmy(t, tc.tokens)
			g := setUpGame(t, a, a, 7, "a1", "e3")
			g.fresh = false
			setHand(t, g, 0)
			h1 := put(t, g, 0, tc.a, "b2", rules.N)
			h2 := put(t, g, 0, tc.b, "c4", rules.N)
			for _, e := range tc.enemies {
				put(t, g, 1, "Dummy", e, rules.S)
			}
			if got := abilityHexes(g); !slices.Contains(got, h1) || !slices.Contains(got, h2) {
				t.Fatalf("abilities offered on %v, want b2 and c4", got)
			}
			var second Action
			for _, x := range abilityActs(g) {
				if x.Hex == h2 {
					second = x
				}
			}
			useAbility(t, g, h1)
			if got := slices.Contains(abilityHexes(g), h2); got != tc.now {
				t.Fatalf("after %s's use, %s's offered: %v, want %v", tc.a, tc.b, got, tc.now)
			}
			if !tc.now {
				if err := g.Apply(second, FirstOption{}); !errors.Is(err, ErrIllegal) {
					t.Fatalf("Apply of the used-up ability: %v, want ErrIllegal", err)
				}
			}
			nextTurn(t, g)
			nextTurn(t, g)
			if got := slices.Contains(abilityHexes(g), h2); got != tc.later {
				t.Fatalf("next turn %s's offered: %v, want %v", tc.b, got, tc.later)
			}
		})
	}
}

// TestScavengerAllowance: a scavenger with per_game=1 (or per_turn=1)
// moves after the first battle only; its twin after each.
func TestScavengerAllowance(t *testing.T) {
	for _, tc := range []struct {
		trait string
		want  int // of two battles in one turn, those after which it moved
	}{
		{"scavenger per_game=1", 1},
		{"scavenger per_turn=1", 1},
		{"scavenger", 2},
	} {
		a := traitArmy(t, `warrior "Kite" { edge N: melee 1; trait `+tc.trait+` }`)
		g := setUpGame(t, a, a, 7, "a1", "e3")
		setHand(t, g, 0)
		put(t, g, 0, "Kite", "c3", rules.N)
		moved := 0
		d := deciderFunc(func(s *State, p uint8, q Question, opts []Option) int {
			if q == QAfterBattleMove && len(opts) > 1 {
				moved++
				return 1
			}
			return 0
		})
		g.battle(d)
		g.battle(d)
		if moved != tc.want {
			t.Errorf("trait %s: moved after %d of two battles, want %d", tc.trait, moved, tc.want)
		}
	}
}

// TestReplaceableAllowance: with replaceable per_game=1 the owner replaces
// one of its two Spares a game; the twin's both, in two turns.
func TestReplaceableAllowance(t *testing.T) {
	for _, tc := range []struct {
		trait string
		want  int // of the two Spares, those a Dummy may replace
	}{
		{"replaceable per_game=1", 1},
		{"replaceable", 2},
	} {
		a := traitArmy(t, `warrior "Spare" { count 2; edge N: melee 1; trait `+tc.trait+` }`)
		g := setUpGame(t, a, a, 7, "a1", "e3")
		g.fresh = false
		spares := []Hex{put(t, g, 0, "Spare", "b2", rules.N), put(t, g, 0, "Spare", "c4", rules.N)}
		replaced := 0
		for _, h := range spares {
			setHand(t, g, 0, "Dummy")
			ok := false
			for _, x := range placements(g) {
				if x.Hex == h {
					mustAll(t, g, x)
					ok = true
					break
				}
			}
			if ok {
				replaced++
			} else if err := g.Apply(Action{Kind: KPlace, Slot: 0, Hex: h, To: NoHex}, FirstOption{}); !errors.Is(err, ErrIllegal) {
				t.Fatalf("trait %s: Apply of a placement onto a used-up Spare: %v, want ErrIllegal", tc.trait, err)
			}
			nextTurn(t, g)
			nextTurn(t, g)
		}
		if replaced != tc.want {
			t.Errorf("trait %s: %d of two Spares replaceable, want %d", tc.trait, replaced, tc.want)
		}
	}
}
