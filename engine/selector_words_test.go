package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// probeArmy is an army whose module "Probe" (a link on its N edge) has
// the ability given, with Fillers to stand around. It holds a Turret and a
// Dasher, never placed: a selector names a token of its own army (the
// compiler refuses any other name), and matches units of that name of
// any army, here the enemy's.
func probeArmy(t *testing.T, ability string) *rules.Army {
	t.Helper()
	src := fmt.Sprintf(`army "Probe" {
    size 23
    hq "HQ" {
        edge all: melee 1
    }
    module "Probe" {
        link N: melee +1
        %s
    }
    warrior "Filler" {
        count 19
    }
    warrior "Turret" { }
    warrior "Dasher" { }
}
`, ability)
	path := filepath.Join(t.TempDir(), "probe.army")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return loadArmy(t, path)
}

// nthOption answers every step target and push or pull destination with
// option k (or the last), and every other question with the first option;
// seen is the most options such a question offered.
type nthOption struct {
	k    int
	seen *int
}

func (n nthOption) Choose(_ *State, _ uint8, q Question, o []Option) int {
	if q != QEventTarget && q != QPushDestination && q != QPullDestination {
		return 0
	}
	*n.seen = max(*n.seen, len(o))
	return min(n.k, len(o)-1)
}

// outcomes runs the Probe's turn_start ability on the board given (player
// 1's HQ on a1, the Probe on c3 facing N; player 2's HQ on e3, its Sentry
// on e2) once for each option a step offers, and returns every distinct
// outcome: the hexes that changed, each with what stands there now ("-":
// nobody) and its wounds.
func outcomes(t *testing.T, ability string, units []string) []string {
	t.Helper()
	army := probeArmy(t, ability)
	var out []string
	seen := 1
	for k := 0; k < seen; k++ {
		g := setUpGame(t, army, loadArmy(t, "testdata/game_a.army"), 7, "a1", "e3")
		g.fresh = false
		put(t, g, 0, "Probe", "c3", rules.N)
		for _, u := range units {
			f := strings.Fields(u)
			put(t, g, uint8(f[0][0]-'1'), f[1], f[2], rules.N)
		}
		before := g.S.Cells
		cycle(t, g, nthOption{k, &seen})
		var changed []string
		for h := 0; h < g.S.Board.Size; h++ {
			b, a := before[h].Unit, g.S.Cells[h].Unit
			if a == b {
				continue
			}
			what := "-"
			if !a.Empty() {
				what = fmt.Sprintf("%s+%d", g.S.Tok(a).Name, a.Wounds)
			}
			changed = append(changed, g.S.Board.Names[h]+"="+what)
		}
		if s := strings.Join(changed, " "); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

// selBoard: own Fillers on b2, b3 and e1 (the Probe on c3); enemy Turret
// (toughness 2) on c2, Brutes on d2 and d4, a Dasher on c5. Seen from c3:
// c2 (its linked hex), d2, b2, b3 are adjacent; c5 is in its S line, d4
// in none; the own HQ a1 has c2 within 2; e1 is next to d2 and e2.
var selBoard = []string{"1 Filler b2", "1 Filler b3", "1 Filler e1", "2 Turret c2", "2 Brute d2", "2 Brute d4", "2 Dasher c5"}

// TestSelectorWords: each word of the selector changes what a step does;
// each case is the word's, its outcomes set against those of the plain
// step (a word that did nothing would give the plain step's).
func TestSelectorWords(t *testing.T) {
	plain := []string{"c2=Turret+1", "c5=-", "d2=-", "d4=-", "e2=-"} // damage 1: one enemy unit, not an HQ
	for _, tc := range []struct {
		name, ability string
		units         []string
		want          []string
	}{
		{"plain", "on turn_start: damage 1", selBoard, plain},
		{"every", "on turn_start: damage 1 every", selBoard, []string{"c2=Turret+1 c5=- d2=- d4=- e2=-"}},
		{"own", "on turn_start: own damage 1", selBoard, []string{"b2=-", "b3=-", "c3=-", "e1=-"}},
		{"hq", "on turn_start: damage 1 kind=hq", selBoard, []string{"e3=HQ+1"}},
		{"warrior", "on turn_start: any damage 1 every kind=warrior", selBoard, []string{"b2=- b3=- c2=Turret+1 c5=- d2=- d4=- e1=- e2=-"}},
		{"module", "on turn_start: any damage 1 kind=module", selBoard, []string{"c3=-"}},
		{"name", `on turn_start: damage 1 name="Turret"`, selBoard, []string{"c2=Turret+1"}},
		{"adjacent", "on turn_start: damage 1 adjacent", selBoard, []string{"c2=Turret+1", "d2=-"}},
		{"within", "on turn_start: damage 1 within=2 of=own_hq", selBoard, []string{"c2=Turret+1"}},
		{"in_line", "on turn_start: damage 1 in_line", selBoard, []string{"c2=Turret+1", "c5=-", "d2=-"}},
		{"linked", "on turn_start: any damage 1 linked", selBoard, []string{"c2=Turret+1"}},
		{"of", "on turn_start: damage 1 adjacent of=enemy_hq", selBoard, []string{"d4=-", "e2=-"}},
		{"of_own", "on turn_start: damage 1 adjacent of=own", selBoard, []string{"c2=Turret+1", "d2=-", "e2=-"}},
		{"of_any", "on turn_start: damage 1 adjacent of=any", selBoard, plain}, // of_own's and c5, d4 (next to each other)
		{"of_enemy", "on turn_start: own damage 1 adjacent of=enemy", selBoard, []string{"b2=-", "c3=-", "e1=-"}},
		{"target", `on turn_start: damage 1 name="Turret", any damage 1 adjacent of=target`, selBoard,
			[]string{"b2=- c2=Turret+1", "c2=Turret+1 c3=-", "c2=Turret+1 d2=-"}},
		{"unit", "on turn_start: damage 1 unit=self", selBoard, []string{"c3=-"}},
		{"unit_hq", "on turn_start: damage 1 unit=enemy_hq", selBoard, []string{"e3=HQ+1"}},
		{"unit_own_hq", "on turn_start: damage 1 unit=own_hq", nil, []string{"a1=HQ+1"}},
		{"toward", "on turn_start: move 1 unit=self toward=enemy_hq", selBoard, []string{"c3=- d3=Probe+0"}},
		{"away", `on turn_start: enemy push name="Dasher" away=own_hq`, []string{"2 Dasher c4"}, []string{"c4=- c5=Dasher+0", "c4=- d4=Dasher+0"}},
		// The nearest enemies, two hexes away: the Dasher on a3, the Sentry on
		// e2 and the HQ on e3; toward=enemy_hq has d3 only.
		{"nearest_enemy", "on turn_start: move 1 unit=self toward=nearest_enemy", []string{"2 Dasher a3"}, []string{"b3=Probe+0 c3=-", "c3=- d2=Probe+0", "c3=- d3=Probe+0"}},
		// The nearest own unit is the Filler on c2 (the HQ on a1 is 2 away).
		{"nearest_own", "on turn_start: move 1 unit=self away=nearest_own", []string{"1 Filler c2"}, []string{"b3=Probe+0 c3=-", "c3=- c4=Probe+0", "c3=- d3=Probe+0"}},
		// Every enemy warrior within 2 comes one hex nearer: the Brute and the
		// Dasher have one hex to go to, the Sentry two (its controller picks).
		{"toward_self", `on turn_start: enemy pull every within=2 kind=warrior toward=self`, []string{"2 Dasher c5", "2 Brute a3"},
			[]string{"a3=- b3=Brute+0 c4=Dasher+0 c5=- d2=Sentry+0 e2=-", "a3=- b3=Brute+0 c4=Dasher+0 c5=- d3=Sentry+0 e2=-"}},
	} {
		got := outcomes(t, tc.ability, tc.units)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s (%s): outcomes\n  %q\nwant\n  %q", tc.name, tc.ability, got, tc.want)
		}
	}
}
