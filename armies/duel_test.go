package armies_test

import (
	"strings"
	"testing"

	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/rules"
)

// TestDuelSignatures replays the worked example game of rulebook 001 (Duel
// box: Smart vs Vegas) with the real embedded armies.
func TestDuelSignatures(t *testing.T) {
	runSignatures(t, []signature{
		// Turn 7's battle: the Cyborg kills the Mercenary and the Bodyguard
		// (with its Scout) hits the Smart HQ in segment 3; both Gauss Cannons
		// kill the Bodyguard, the Scout and the Medic and wound the Vegas HQ
		// in segment 2; the Mother's Gauss Cannon wounds it again in segment 1.
		// The rulebook's HQ points: Smart 19, Vegas 18.
		{name: "duel_example", dies: []string{"2 Mercenary c2", "2 Bodyguard d2", "2 Scout d3", "2 Medic d1"}, hq: [2]int{19, 18}},
		// "Przykład Strzału": the Vegas Shooter's shot passes over its own
		// Bodyguard, kills the Smart Cyborg, never reaches the Smart HQ.
		{name: "duel_shot", dies: []string{"1 Cyborg c3"}, hq: [2]int{20, 20}},
	})
}

// Rulebook 001, "Przykład Odpychania": "Ochroniarz Vegas [...] jest zagrożony
// atakiem ze strony dwóch jednostek Smarta: Rozpruwacza (od góry) i Twistera
// (od dołu). Gracz prowadzący armię Vegas zdecydował się zagrać żeton
// Odepchnięcia. Odepchnięcie Rozpruwacza jest niemożliwe, ponieważ nie może
// się poruszyć o 1 pole tak, by odległość od Ochroniarza Vegas się
// zwiększyła: obydwa pola za nim są zajęte, a jedyne wolne pole obok niego
// nadal sąsiaduje z Ochroniarzem Vegas [...]. Odepchnięcie Twistera jest
// możliwe. Na dodatek Twister ma do wyboru dwa pola [...]. O tym, na które
// się przesunie, decyduje gracz prowadzący armią Smarta."
// The picture is not in the text; on the 19-hex board two hexes behind the
// Ripper and one free hex beside it need the Ripper on the edge next to the
// Bodyguard: Bodyguard c1, Ripper b1 (a1: the Smart HQ, b2: a Transporter
// behind it; c2 free but next to c1), Twister d1 (e1 and d2 free).
func TestDuelPushBackExample(t *testing.T) {
	g := hsGame(t, "vegas", "smart", "e3", "a1")
	bodyguard := hsPut(t, g, 0, "Bodyguard", "c1", rules.S)
	ripper := hsPut(t, g, 1, "Ripper", "b1", rules.NE) // melee 2 onto c1
	hsPut(t, g, 1, "Transporter", "b2", rules.N)
	twister := hsPut(t, g, 1, "Twister", "d1", rules.NW) // N edge onto c1
	hsHand(t, g, 0, "Push Back")
	var pushes []string
	for _, a := range g.LegalActions(nil) {
		if a.Kind == engine.KInstant {
			pushes = append(pushes, g.S.Board.Names[a.Hex]+">"+g.S.Board.Names[a.To])
			if a.To == ripper {
				t.Errorf("the Ripper on b1 may be pushed")
			}
		}
	}
	if len(pushes) != 1 || pushes[0] != "c1>d1" {
		t.Fatalf("Push Back targets %v, want only the Bodyguard pushing the Twister (c1>d1)", pushes)
	}
	c := &pushChooser{}
	if err := g.Apply(engine.Action{Kind: engine.KInstant, Slot: 0, Hex: bodyguard, To: twister, Facing: rules.N}, c); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(c.hexes, " "); c.player != 1 || got != "d2 e1" && got != "e1 d2" {
		t.Fatalf("push destinations %v chosen by player %d, want e1 and d2 chosen by Smart (2)", c.hexes, c.player+1)
	}
	to := c.hexes[len(c.hexes)-1]
	if hsUnit(t, g, to) != "Twister" || hsUnit(t, g, "d1") != "" || g.S.Cells[hsHex(t, to)].Unit.Facing != rules.NW {
		t.Fatalf("the Twister is not on %s facing NW (d1 holds %q)", to, hsUnit(t, g, "d1"))
	}
	if hsUnit(t, g, "b1") != "Ripper" {
		t.Fatal("the Ripper left b1")
	}
}
