package engine

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// Scenarios of the placement rules (placement.go): the legal placements of
// a token with a place or facing rule, played through LegalActions and
// Apply, against the same army without the rule. Each case checks that
// every listed placement obeys the rule and that the army without it
// lists one that does not, so a rule that did nothing fails.

// placeArmy writes an army whose "Subject" warrior has the statement rule
// (none when "") and whose foundation "Beacon" has beacon.
func placeArmy(t *testing.T, rule, beacon string) *rules.Army {
	t.Helper()
	src := `army "Placers" {
    size 9
    hq "HQ" {
        edge all: melee 1
    }
    warrior "Plain" {
        count 3
        initiative 1
        edge N: melee 1
    }
    warrior "Subject" {
        initiative 1
        edge N: melee 1
        ` + rule + `
    }
    foundation "Beacon" {
        ` + beacon + `
    }
    instant "Battle" {
        count 2
        on play: battle
    }
}
`
	path := filepath.Join(t.TempDir(), "placers.army")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return loadArmy(t, path)
}

// placements are player 1's legal placements of the token in hand slot 0.
func placements(g *Game) []Action {
	var out []Action
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KPlace && a.Slot == 0 {
			out = append(out, a)
		}
	}
	return out
}

func inLine(a, b Hex) bool {
	dq, dr := Standard.Q[a]-Standard.Q[b], Standard.R[a]-Standard.R[b]
	return a != b && (dq == 0 || dr == 0 || dq == -dr)
}

func TestPlacementRules(t *testing.T) {
	a1, e3, c3 := hexOf(t, "a1"), hexOf(t, "e3"), hexOf(t, "c3")
	dist := func(a, b Hex) int { return int(Standard.Dist[a][b]) }
	for _, tc := range []struct {
		name  string
		rule  string
		units []string // "2 Plain c3": player 2's Plain on c3
		ok    func(h Hex) bool
	}{
		{"only", "place only: friend kind=hq adjacent", nil, func(h Hex) bool { return dist(h, a1) == 1 }},
		{"never", "place never: enemy kind=hq adjacent", nil, func(h Hex) bool { return dist(h, e3) != 1 }},
		{"hq", "place never: enemy hq adjacent", []string{"2 Plain c3"}, func(h Hex) bool { return dist(h, e3) != 1 && dist(h, c3) != 1 }},
		{"own", "place only: own name=\"Plain\" adjacent", []string{"1 Plain c3", "2 Plain d1"}, func(h Hex) bool { return dist(h, c3) == 1 }},
		{"any", "place only: any within=2", []string{"2 Plain e1"}, func(h Hex) bool { return dist(h, hexOf(t, "e1")) <= 2 }},
		{"in_line", "place never: enemy in_line", []string{"2 Plain c3"}, func(h Hex) bool { return !inLine(h, c3) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var hexes [2][]Hex
			for i, rule := range []string{tc.rule, ""} {
				a := placeArmy(t, rule, "")
				g := setUpGame(t, a, a, 7, "a1", "e3")
				g.fresh = false
				for _, u := range tc.units {
					put(t, g, u[0]-'1', u[2:len(u)-3], u[len(u)-2:], rules.N)
				}
				setHand(t, g, 0, "Subject")
				for _, p := range placements(g) {
					if !slices.Contains(hexes[i], p.Hex) {
						hexes[i] = append(hexes[i], p.Hex)
					}
				}
			}
			if len(hexes[0]) == 0 {
				t.Fatalf("%s: no legal placement", tc.rule)
			}
			for _, h := range hexes[0] {
				if !tc.ok(h) {
					t.Errorf("%s: %s is offered", tc.rule, Standard.Names[h])
				}
			}
			if !slices.ContainsFunc(hexes[1], func(h Hex) bool { return !tc.ok(h) }) {
				t.Errorf("without %q every placement obeys it: the scenario shows nothing", tc.rule)
			}
			// A placement the rule forbids is refused by Apply too.
			a := placeArmy(t, tc.rule, "")
			g := setUpGame(t, a, a, 7, "a1", "e3")
			g.fresh = false
			for _, u := range tc.units {
				put(t, g, u[0]-'1', u[2:len(u)-3], u[len(u)-2:], rules.N)
			}
			setHand(t, g, 0, "Subject")
			for _, h := range hexes[1] {
				if !tc.ok(h) {
					if err := g.Apply(Action{Kind: KPlace, Slot: 0, Hex: h, To: NoHex}, FirstOption{}); err == nil {
						t.Errorf("%s: placing on %s was applied", tc.rule, Standard.Names[h])
					}
					break
				}
			}
		})
	}
}

// TestFacingRules: a Beacon of player 2 on c3 with facing enemy: toward
// (away) lets player 1 place a unit next to it only with its printed top
// edge toward it (straight away); elsewhere, and without the rule, every
// facing is offered; Apply refuses another facing.
func TestFacingRules(t *testing.T) {
	c3 := hexOf(t, "c3")
	for _, tc := range []struct{ name, rule string }{
		{"toward", "facing enemy: toward"},
		{"away", "facing enemy: away"},
		{"none", "notes \"no rule\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := placeArmy(t, "", tc.rule)
			g := setUpGame(t, a, a, 7, "a1", "e3")
			g.fresh = false
			put(t, g, 1, "Beacon", "c3", rules.N)
			setHand(t, g, 0, "Subject")
			facings := map[Hex][]rules.Dir{}
			for _, p := range placements(g) {
				facings[p.Hex] = append(facings[p.Hex], p.Facing)
			}
			for h, fs := range facings {
				if Standard.Dist[h][c3] != 1 || tc.name == "none" {
					if len(fs) != 6 {
						t.Errorf("%s: %d facings offered, want 6", Standard.Names[h], len(fs))
					}
					continue
				}
				want := toward(t, Standard.Names[h], "c3")
				if tc.name == "away" {
					want = want.Opposite()
				}
				if !slices.Equal(fs, []rules.Dir{want}) {
					t.Errorf("%s next to the Beacon: facings %v, want [%v]", Standard.Names[h], fs, want)
				}
			}
			// c2 is next to the Beacon: an illegal facing there is refused.
			c2 := hexOf(t, "c2")
			bad := toward(t, "c2", "c3").Rotate(1)
			err := g.Apply(Action{Kind: KPlace, Slot: 0, Hex: c2, Facing: bad, To: NoHex}, FirstOption{})
			if (err == nil) != (tc.name == "none") {
				t.Errorf("placing on c2 facing %v: err %v", bad, err)
			}
		})
	}
}
