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
	g := newGame(t, "vegas", "smart", "e3", "a1")
	bodyguard := put(t, g, 0, "Bodyguard", "c1", rules.S)
	ripper := put(t, g, 1, "Ripper", "b1", rules.NE) // melee 2 onto c1
	put(t, g, 1, "Transporter", "b2", rules.N)
	twister := put(t, g, 1, "Twister", "d1", rules.NW) // N edge onto c1
	setHand(t, g, 0, "Push Back")
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
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: bodyguard, To: twister, Facing: rules.N}, c)
	if got := strings.Join(c.hexes, " "); c.player != 1 || got != "d2 e1" && got != "e1 d2" {
		t.Fatalf("push destinations %v chosen by player %d, want e1 and d2 chosen by Smart (2)", c.hexes, c.player+1)
	}
	to := c.hexes[len(c.hexes)-1]
	if unitAt(t, g, to) != "Twister" || unitAt(t, g, "d1") != "" || g.S.Cells[hexAt(t, to)].Unit.Facing != rules.NW {
		t.Fatalf("the Twister is not on %s facing NW (d1 holds %q)", to, unitAt(t, g, "d1"))
	}
	if unitAt(t, g, "b1") != "Ripper" {
		t.Fatal("the Ripper left b1")
	}
}

// duelTurn4 sets up 001's example game up to its turn 4 (Vegas) with the
// real armies: the Bodyguard beside the Smart HQ (turn 2), Smart's Gauss
// Cannon beside its HQ aimed at the Bodyguard and the Vegas HQ, the Mother
// beside the HQ linking it (turn 3); then Vegas links its Medic to its HQ and
// places an Agitator that takes the Gauss Cannon, aiming it at the Smart HQ
// (turn 4). Vegas is player 1 (HQ a1, a corner), Smart player 2 (HQ c3, the
// centre). On the 19-hex board a Gauss Cannon beside the central HQ sees a
// unit beside it and a corner HQ only through its own HQ: its aim at the
// Bodyguard and at the Smart HQ is the same facing.
func duelTurn4(t *testing.T) (g *engine.Game, gauss, mother, agitator engine.Hex) {
	t.Helper()
	g = vgGame(t, "smart", "a1", "c3")
	put(t, g, 0, "Bodyguard", "b2", rules.SE)            // melee N turned SE: the Smart HQ
	gauss = put(t, g, 1, "Gauss Cannon", "d3", rules.SW) // piercing NE turned NW: c3 (own HQ), b2, a1
	mother = put(t, g, 1, "Mother", "d2", rules.S)       // link N turned S: the Gauss Cannon
	vgHand(t, g, 0, "Medic", "Agitator", "Battle")
	apply(t, g, place(0, hexAt(t, "a2"), rules.N), nil) // link N: the Vegas HQ
	agitator = hexAt(t, "e2")
	d := &vgFacing{f: rules.SW}
	apply(t, g, place(0, agitator, rules.SW), d) // link N turned SW: the Gauss Cannon
	if u := g.S.Unit(gauss); u.Controller() != 0 || u.Facing != rules.SW || len(d.asked) != 1 || d.asked[0] != 0 {
		t.Fatalf("Gauss Cannon: controller %d facing %s (facing asked of %v), want Vegas's, turned by Vegas to aim at the Smart HQ (SW)",
			u.Controller()+1, u.Facing, d.asked)
	}
	return g, gauss, mother, agitator
}

// Rulebook 001, example game, turn 4: "Jako że Matka nie jest przejęta przez
// Vegas, nie wzmacnia ona swoją cechą Działka Gaussa." A battle played then
// shows it: the taken Gauss Cannon hits the Smart HQ once (no second action
// from the Smart Mother), the Bodyguard once: 18; the Smart HQ's blows
// destroy both in segment 0.
func TestDuelTurn4(t *testing.T) {
	g, _, _, _ := duelTurn4(t)
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: engine.NoHex, To: engine.NoHex}, engine.OwnerBest{})
	if g.Battles != 1 {
		t.Fatal("no battle")
	}
	if hq := [2]int{g.S.HQPoints(0), g.S.HQPoints(1)}; hq != [2]int{20, 18} {
		t.Fatalf("HQ points after the battle %v, want Vegas 20, Smart 18 (the Mother does not boost a taken Gauss Cannon)", hq)
	}
	a := g.S.Armies
	if g.Discarded[1][a[1].Lookup("Gauss Cannon")] != 1 || g.Discarded[0][a[0].Lookup("Bodyguard")] != 1 {
		t.Fatal("the Smart HQ's blows should destroy the taken Gauss Cannon and the Bodyguard in segment 0")
	}
}

// Rulebook 001, example game, turn 5 (Smart): "Gracz zagrywa żeton
// Odepchnięcia na Matkę - i odpycha ona Agitatora. Tym samym Działko Gaussa
// uwalnia się spod wrogiej kontroli i wraca do armii Smarta. Dzięki
// specjalnej cesze Sztabu Smarta, gracz może za darmo obracać swoje
// jednostki sąsiadujące ze Sztabem": the Mother pushes the Agitator from e2
// to e3 (its only hex away from d2); it keeps its facing, its link now points
// at d4; the Gauss Cannon is Smart's again and, beside the Smart HQ, may
// move or turn for free.
func TestDuelTurn5(t *testing.T) {
	g, gauss, mother, agitator := duelTurn4(t)
	vgEndTurn(t, g)
	if g.Player != 1 {
		t.Fatalf("player %d to move, want Smart (2)", g.Player+1)
	}
	vgHand(t, g, 1, "Push Back")
	c := &pushChooser{}
	apply(t, g, engine.Action{Kind: engine.KInstant, Slot: 0, Hex: mother, To: agitator, Facing: rules.N}, c)
	e3 := hexAt(t, "e3")
	if unitName(g, e3) != "Agitator" || !g.S.Unit(agitator).Empty() || g.S.Unit(e3).Facing != rules.SW {
		t.Fatalf("the Agitator is not on e3 facing SW (e2 holds %q)", unitName(g, agitator))
	}
	if u := g.S.Unit(gauss); u.Controller() != 1 || u.Facing != rules.SW {
		t.Fatalf("Gauss Cannon: controller %d facing %s, want Smart's again, facing unchanged (SW)", u.Controller()+1, u.Facing)
	}
	if abilityUses(g, gauss, engine.AbGrantedMove) == 0 {
		t.Fatal("the freed Gauss Cannon beside the Smart HQ gets no free move or turn")
	}
}
