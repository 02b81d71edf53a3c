package armies_test

import (
	"strings"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// TestRulebookSignatures replays the worked examples and special situations
// of rulebook 000 (core rules 3.0) with official tokens of the embedded
// armies (the engine's own tests use abstract test armies).
func TestRulebookSignatures(t *testing.T) {
	runSignatures(t, []signature{
		// "Przykład strzału": the shot skips the own Runner, kills the
		// Hybrid, never reaches the Moloch HQ hidden behind it.
		{name: "rulebook_shot", dies: []string{"2 Hybrid c3"}, hq: [2]int{20, 20}},
		// "Przykład użycia Modułów": a Scout linked only to the other Scout
		// adds nothing: the Annihilator fires at 3, with the Hybrid.
		{name: "rulebook_modules", dies: []string{"1 Annihilator c3", "2 Hybrid c1"}, hq: [2]int{20, 20}},
		// Initiative, example 1: the Scout dies in segment 3, the Annihilator
		// does not fire again at 2: the Moloch HQ takes 2, not 4.
		{name: "rulebook_initiative_module_dies", dies: []string{"1 Scout c2"}, hq: [2]int{20, 18}},
		// Initiative, example 2: the Saboteur dies in segment 3, the Hybrid it
		// slowed never fires.
		{name: "rulebook_initiative_saboteur", dies: []string{"1 Saboteur c4"}, hq: [2]int{20, 20}},
		// Initiative, example 3: the netter dies in segment 3, the Annihilator
		// (3 again) never fires.
		{name: "rulebook_initiative_netted_module", dies: []string{"2 Net Fighter d1"}, hq: [2]int{20, 20}},
		// A shooter netted in its own segment and freed in it lost its chance.
		{name: "rulebook_initiative_netted_shooter", dies: []string{"2 Net Fighter d2"}, hq: [2]int{20, 20}},
		// Medic: hit in the same segment as its unit, it saves nothing.
		{name: "rulebook_medic_same_segment", dies: []string{"2 Hybrid c3", "2 Medic c2"}, hq: [2]int{20, 20}},
		// Medic chain: the second Medic takes the wound.
		{name: "rulebook_medic_chain", dies: []string{"2 Medic c1"}, hq: [2]int{20, 20}},
		// Two enemy nets facing each other cancel; other nets still hold.
		{name: "rulebook_mutual_nets", dies: []string{"2 Net Fighter d3"}, hq: [2]int{20, 20}},
		// A ring of nets (four, two armies): nobody is netted.
		{name: "rulebook_net_ring", dies: []string{"2 Net Fighter b3", "2 Net Fighter c2"}, hq: [2]int{20, 20}},
	})
}

// pushChooser records the push-destination question and picks the last
// option.
type pushChooser struct {
	player uint8
	hexes  []string
}

func (c *pushChooser) Choose(s *engine.State, p uint8, q engine.Question, opts []engine.Option) int {
	if q == engine.QPushDestination {
		c.player = p
		for _, o := range opts {
			c.hexes = append(c.hexes, s.Board.Names[o.Hex])
		}
	}
	return len(opts) - 1
}

// Rulebook 000, "Przykład Odepchnięcia": a Moloch unit threatened by two
// Outpost warriors plays Push Back. "Odepchnięcie jednostki z zieloną
// obwódką nie jest możliwe, ponieważ nie może się ona poruszyć, tak by
// odległość od jednostki Molocha zwiększyła się - oba pola za nią są
// zajęte, a jedyne sąsiadujące puste pole obok niej wciąż sąsiaduje
// z jednostką Molocha. Odepchnięcie Wojownika z niebieską obwódką jest
// możliwe. Gracz kierujący Posterunkiem wybiera, na które z dwóch
// dostępnych pól zostanie odepchnięty jego Wojownik."
// With official tokens: the Moloch Hybrid on c1 (top edge); the Outpost
// Commando on b1 has a1 (the Outpost HQ) and b2 (a Runner) behind it and c2,
// still next to c1, free: it cannot be pushed. The Outpost Brawler on d1 can,
// to e1 or d2, and the Outpost player picks; it keeps its facing.
func TestRulebookPushBackExample(t *testing.T) {
	g := newGame(t, "moloch", "outpost", "e3", "a1")
	hybrid := put(t, g, 0, "Hybrid", "c1", rules.S)
	green := put(t, g, 1, "Commando", "b1", rules.NW) // SE edge faces NE: c1
	put(t, g, 1, "Runner", "b2", rules.N)
	blue := put(t, g, 1, "Brawler", "d1", rules.NW) // melee 2 onto c1
	setHand(t, g, 0, "Push Back")
	var pushes []string
	for _, a := range g.LegalActions(nil) {
		if a.Kind == engine.KInstant {
			pushes = append(pushes, g.S.Board.Names[a.Hex]+">"+g.S.Board.Names[a.To])
			if a.To == green {
				t.Errorf("the Commando on b1 may be pushed")
			}
		}
	}
	if len(pushes) != 1 || pushes[0] != "c1>d1" {
		t.Fatalf("Push Back targets %v, want only the Hybrid pushing the Brawler (c1>d1)", pushes)
	}
	c := &pushChooser{}
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: hybrid, To: blue, Facing: rules.N}, c)
	if c.player != 1 || strings.Join(c.hexes, " ") != "d2 e1" && strings.Join(c.hexes, " ") != "e1 d2" {
		t.Fatalf("push destinations %v chosen by player %d, want e1 and d2 by the Outpost player (2)", c.hexes, c.player+1)
	}
	to := c.hexes[len(c.hexes)-1]
	if unitAt(t, g, to) != "Brawler" || unitAt(t, g, "d1") != "" || g.S.Cells[hexAt(t, to)].Unit.Facing != rules.NW {
		t.Fatalf("the Brawler is not on %s facing NW (d1 holds %q)", to, unitAt(t, g, "d1"))
	}
	if unitAt(t, g, "b1") != "Commando" {
		t.Fatal("the Commando left b1")
	}
}

// Rulebook 000, "Bomba" and "Przykład pola rażenia Bomby": "gracz zadaje po
// 1 ranie celowi oraz wszystkim sąsiadującym z nim żetonom (własnym oraz
// wrogim, z wyjątkiem Sztabów). Bomba trafia łącznie w obszar złożony z 7
// pól. Bomba może zostać zagrana na dowolne pole (także puste), o ile jej
// pole rażenia nie wykroczy poza planszę." With the Moloch Air Strike
// (Bomba): on the 19-hex board only the centre and its six neighbours are
// targets; on the centre it kills an Outpost Commando and Moloch's own
// Hybrid, wounds Moloch's Blocker (toughness 3) once, spares the Outpost HQ
// inside the area and the Runner outside it.
func TestRulebookBombArea(t *testing.T) {
	g := newGame(t, "moloch", "outpost", "e3", "b2")
	put(t, g, 1, "Commando", "c3", rules.N)
	put(t, g, 0, "Hybrid", "c4", rules.S)
	blocker := put(t, g, 0, "Blocker", "d2", rules.N)
	put(t, g, 1, "Runner", "c1", rules.N)
	setHand(t, g, 0, "Air Strike")
	var targets []string
	for _, a := range g.LegalActions(nil) {
		if a.Kind == engine.KInstant {
			targets = append(targets, g.S.Board.Names[a.Hex])
		}
	}
	if got := strings.Join(targets, " "); got != "b2 b3 c2 c3 c4 d2 d3" {
		t.Fatalf("Air Strike targets %q, want the centre and its neighbours only", got)
	}
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: hexAt(t, "c3"), To: engine.NoHex}, nil)
	if unitAt(t, g, "c3") != "" || unitAt(t, g, "c4") != "" {
		t.Fatalf("the Commando (c3: %q) and the own Hybrid (c4: %q) should be destroyed", unitAt(t, g, "c3"), unitAt(t, g, "c4"))
	}
	if u := g.S.Cells[blocker].Unit; unitAt(t, g, "d2") != "Blocker" || u.Wounds != 1 {
		t.Fatalf("the Blocker should stand with 1 wound (%d)", u.Wounds)
	}
	if g.S.HQPoints(1) != 20 || unitAt(t, g, "c1") != "Runner" {
		t.Fatalf("the Outpost HQ (%d) and the Runner out of the area are unharmed", g.S.HQPoints(1))
	}
}
