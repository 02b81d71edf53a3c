package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// The Duel board's rules (duel.go; docs/rules.md, "The Duel board"). The
// Terminals of the embedded board: a2 b1 b4 c3 d1 d4 e2.

// duelGame starts a game from a position on the Duel board; the mandatory
// discard, if any, throws away hand slot 0.
func duelGame(t *testing.T, src string) *Game {
	t.Helper()
	s, piles, err := ParseSetup("duel.pos", []byte("armies game_a game_b\nboard duel\n"+src), testLoader)
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGameFrom(s, piles, 1, FirstOption{})
	if err != nil {
		t.Fatal(err)
	}
	if g.Phase == PhaseDiscard {
		must(t, g, Discard(0))
	}
	return g
}

func dhex(t *testing.T, name string) Hex {
	t.Helper()
	h, ok := Duel.Hex(name)
	if !ok {
		t.Fatalf("no hex %s", name)
	}
	return h
}

// procs lists the legal Procedures of kind k.
func procs(g *Game, k uint8) []Action {
	var out []Action
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KProcedure && a.Slot == k {
			out = append(out, a)
		}
	}
	return out
}

func unitName(g *Game, h Hex) string {
	u := g.S.Cells[h].Unit
	if u.Empty() {
		return ""
	}
	return g.S.Tok(u).Name
}

func TestDuelBoard(t *testing.T) {
	var got []string
	for h := 0; h < Duel.Size; h++ {
		if Duel.Terminal[h] {
			got = append(got, Duel.Names[h])
		}
	}
	if strings.Join(got, " ") != "a2 b1 b4 c3 d1 d4 e2" || !Duel.Duel || Duel.EnergyMax != 5 || Duel.Size != 19 {
		t.Fatalf("duel board: terminals %v, duel %v, energy %d, size %d", got, Duel.Duel, Duel.EnergyMax, Duel.Size)
	}
	for _, b := range []*Board{Standard, Large} {
		if b.Duel || b.EnergyMax != 0 {
			t.Fatalf("%s board plays the duel rules", b.Name)
		}
	}
}

// TestNodes: "Dowolna jednostka (tak Żołnierze, jak i Sztaby, czy Moduły),
// która stoi na polu Terminala nazywana jest Ogniwem. [...] Zasieciowane
// Ogniwo przestaje być Ogniwem. Żetony Podłoża (np. Mina) nie mogą być
// Ogniwami." (Neuroshima Hex! Pojedynek)
func TestNodes(t *testing.T) {
	g := duelGame(t, `
1 HQ c3 N
1 Dasher b1 N
1 Booster d1 N
1 Mine d4 N
1 Dasher b4 N
2 HQ e3 N
2 "Net Caster" c5 NW
2 Rifleman e2 N
2 Rifleman b2 N
turn 1 5
`)
	want := map[string]bool{"c3": true, "b1": true, "d1": true, "d4": false, "b4": false, "b2": false}
	nets := g.computeNets()
	for name, node := range want {
		if got := g.IsNode(dhex(t, name), 0, nets); got != node {
			t.Errorf("%s: player 1's node %v, want %v", name, got, node)
		}
	}
	if !g.IsNode(dhex(t, "e2"), 1, nets) || g.IsNode(dhex(t, "e2"), 0, nets) {
		t.Error("e2: player 2's Rifleman is a node of player 2 only")
	}
	if got := len(g.Nodes(0)); got != 3 {
		t.Errorf("player 1 has %d nodes, want 3", got)
	}
	// The standard board has no Terminals, no energy and no Procedures.
	s, piles, err := ParseSetup("std.pos", []byte("armies game_a game_b\n1 HQ c3 N\n2 HQ e3 N\nturn 1 5\n"), testLoader)
	if err != nil {
		t.Fatal(err)
	}
	std, _ := newGameFrom(s, piles, 1, FirstOption{})
	std.Energy[0] = 5 // not reachable, but even so
	for _, a := range std.LegalActions(nil) {
		if a.Kind == KEnergy || a.Kind == KProcedure {
			t.Fatalf("standard board offers %v", a)
		}
	}
}

// TestEnergyBuying: "Podczas dociągu, po odrzuceniu 1 z 3 żetonów, każdy z
// pozostałych można wymienić na 1 punkt Energii. [...] zakupić punkty
// Energii w zamian za punkty Wytrzymałości Sztabu, w cenie 1 PE za 1 punkt
// [...] Po zakupieniu Punktów Energii natychmiast następuje koniec tury
// [...] Ilość Punktów Energii w żadnym momencie gry nie może przekroczyć 5."
func TestEnergyBuying(t *testing.T) {
	g := duelGame(t, `
1 HQ a1 N
2 HQ e3 N
hand 1 Dasher Turret
deck 1 Brute
turn 1 5
`)
	if g.Phase != PhasePlay || g.HandLen[0] != 2 {
		t.Fatalf("phase %d hand %d", g.Phase, g.HandLen[0])
	}
	n := 0
	var both Action
	for _, a := range g.LegalActions(nil) {
		if a.Kind != KEnergy {
			continue
		}
		n++
		if a.Slot == 3 && a.Token == 3 {
			both = a
		}
		if int(popcount(a.Slot))+int(a.Token) > 5 || a.Slot == 0 && a.Token == 0 {
			t.Errorf("offered %v", a)
		}
	}
	// masks {}, {0}, {1}, {0,1} with HQ points 1..5, 0..4, 0..4, 0..3
	if n != 5+5+5+4 || both.Kind != KEnergy {
		t.Fatalf("%d purchases offered (want 19), both tokens and 3 HQ points: %v", n, both)
	}
	hand := g.Hand[0]
	must(t, g, both)
	if g.Energy[0] != 5 || g.S.HQPoints(0) != 17 || g.HandLen[0] != 0 {
		t.Fatalf("energy %d HQ %d hand %d, want 5 17 0", g.Energy[0], g.S.HQPoints(0), g.HandLen[0])
	}
	if g.Discarded[0][hand[0]] != 1 || g.Discarded[0][hand[1]] != 1 {
		t.Fatal("the tokens given up are not on the discard pile")
	}
	if g.Player != 1 {
		t.Fatal("buying energy did not end the turn")
	}
	// At the top of the track nothing more is offered; an HQ at 1 point
	// pays nothing.
	g = duelGame(t, "1 HQ a1 N\n2 HQ e3 N\nenergy 5 0\nturn 1 5\n")
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KEnergy {
			t.Fatalf("energy 5: offered %v", a)
		}
	}
	g = duelGame(t, "1 HQ a1 N\n2 HQ e3 N\nhq 1 20\nturn 1 5\n")
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KEnergy && a.Token > 0 {
			t.Fatalf("HQ at 1 point: offered %v", a)
		}
	}
	// Not before the mandatory discard.
	s, piles, err := ParseSetup("d.pos", []byte("armies game_a game_b\nboard duel\n1 HQ a1 N\n2 HQ e3 N\nturn 1 5\n"), testLoader)
	if err != nil {
		t.Fatal(err)
	}
	g, _ = newGameFrom(s, piles, 1, FirstOption{})
	if g.Phase != PhaseDiscard {
		t.Fatal("want the discard phase")
	}
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KEnergy || a.Kind == KProcedure {
			t.Fatalf("before the discard: offered %v", a)
		}
	}
}

func popcount(x uint8) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// TestProcRotate (Rotate): "(koszt 1 PE) — Jedno własne Ogniwo może się
// obrócić w dowolnym kierunku."
func TestProcRotate(t *testing.T) {
	g := duelGame(t, "1 HQ a1 N\n1 Dasher c3 N\n1 Brute b2 N\n2 HQ e3 N\nenergy 1 0\nturn 1 5\n")
	acts := procs(g, ProcRotate)
	if len(acts) != 5 {
		t.Fatalf("%d rotations, want 5 (the Dasher on c3 only)", len(acts))
	}
	for _, a := range acts {
		if a.Hex != dhex(t, "c3") {
			t.Fatalf("rotation of %s", Duel.Names[a.Hex])
		}
	}
	must(t, g, Action{Kind: KProcedure, Slot: ProcRotate, Hex: dhex(t, "c3"), To: NoHex, Facing: rules.SE})
	if g.S.Cells[dhex(t, "c3")].Unit.Facing != rules.SE || g.Energy[0] != 0 {
		t.Fatal("not rotated, or not paid")
	}
	if len(procs(g, ProcRotate)) != 0 {
		t.Fatal("rotation offered without energy")
	}
}

// TestProcSwap: "ZAMIANA (koszt 2 PE) — Dwa własne Ogniwa mogą zamienić się
// miejscami i mogą się przy tym dowolnie obrócić. Sztab nie może zostać
// poruszony za pomocą Zamiany."
func TestProcSwap(t *testing.T) {
	g := duelGame(t, "1 HQ c3 N\n1 Dasher b1 N\n1 Turret d1 N\n2 HQ e3 N\nenergy 2 0\nturn 1 5\n")
	acts := procs(g, ProcSwap)
	if len(acts) != 6*3 { // the Dasher's 6 facings times the Turret's 3
		t.Fatalf("%d swaps, want 18", len(acts))
	}
	for _, a := range acts {
		if a.Hex == dhex(t, "c3") || a.To == dhex(t, "c3") {
			t.Fatal("the HQ is swapped")
		}
	}
	must(t, g, Action{Kind: KProcedure, Slot: ProcSwap, Hex: dhex(t, "b1"), To: dhex(t, "d1"), Facing: rules.S, Token: uint8(rules.NE)})
	d1, b1 := g.S.Cells[dhex(t, "d1")].Unit, g.S.Cells[dhex(t, "b1")].Unit
	if unitName(g, dhex(t, "d1")) != "Dasher" || d1.Facing != rules.S || unitName(g, dhex(t, "b1")) != "Turret" || b1.Facing != rules.NE || g.Energy[0] != 0 {
		t.Fatalf("after the swap: d1 %s %v, b1 %s %v, energy %d", unitName(g, dhex(t, "d1")), d1.Facing, unitName(g, dhex(t, "b1")), b1.Facing, g.Energy[0])
	}
}

// TestProcPush (Push): "(koszt 2 PE) — Jedno własne Ogniwo może
// odepchnąć jedną jednostkę wroga." A Node without a push of its own pushes
// an adjacent enemy as the Push instant does.
func TestProcPush(t *testing.T) {
	g := duelGame(t, "1 HQ a1 N\n1 Dasher c3 N\n2 HQ e3 N\n2 Rifleman c2 N\n2 Rifleman b3 N\nenergy 2 0\nturn 1 5\n")
	acts := procs(g, ProcPush)
	if len(acts) != 2 {
		t.Fatalf("%d pushes, want 2", len(acts))
	}
	must(t, g, Action{Kind: KProcedure, Slot: ProcPush, Hex: dhex(t, "c3"), To: dhex(t, "c2"), Facing: 0})
	if unitName(g, dhex(t, "c2")) != "" || g.Energy[0] != 0 {
		t.Fatal("the Rifleman was not pushed, or the push not paid")
	}
	for h := Hex(0); int(h) < Duel.Size; h++ {
		if unitName(g, h) == "Rifleman" && h != dhex(t, "b3") && Duel.Dist[h][dhex(t, "c3")] != 2 {
			t.Fatalf("pushed to %s", Duel.Names[h])
		}
	}
}

// TestProcLaser: "LASER (koszt 3 PE) — Wszystkie wrogie Żetony planszy
// stojące na polach w prostej linii pomiędzy dwoma naszymi Ogniwami [...]
// zostają unicestwione. [...] Laser, Kasacja i Detonacja nie czynią żadnej
// szkody Sztabom." Player 2's Nodes on b1 and b4 fire along b2, b3.
func TestProcLaser(t *testing.T) {
	g := duelGame(t, `
1 HQ b3 N
1 Dasher b2 N
1 Mine b2 N
1 Dasher c2 N
2 HQ e3 N
2 Rifleman b1 N
2 Rifleman b4 N
2 Rifleman d1 N
energy 0 3
turn 2 6
`)
	acts := procs(g, ProcLaser)
	// b1-b4 (b2, b3) and b1-d1 is no line; d1 has no partner with enemies between.
	if len(acts) != 1 || acts[0].Hex != dhex(t, "b1") || acts[0].To != dhex(t, "b4") {
		t.Fatalf("lasers %v", acts)
	}
	must(t, g, acts[0])
	c := g.S.Cells[dhex(t, "b2")]
	if !c.Unit.Empty() || !c.Ground.Empty() {
		t.Fatal("the Dasher or the Mine on b2 survived the laser")
	}
	if unitName(g, dhex(t, "b3")) != "HQ" || g.S.HQPoints(0) != 20 || unitName(g, dhex(t, "c2")) != "Dasher" || g.Energy[1] != 0 {
		t.Fatal("the laser harmed the HQ or a token off its line, or was not paid")
	}
}

// TestProcDeletion: "KASACJA (koszt 3 PE) — Jedna wroga jednostka
// sąsiadująca z 3 naszymi Ogniwami [...] zostaje unicestwiona." The HQ on a
// Terminal is a Node; an HQ is never deleted.
func TestProcDeletion(t *testing.T) {
	g := duelGame(t, "1 HQ c3 N\n1 Dasher b1 N\n1 Dasher d1 N\n2 HQ e3 N\n2 Rifleman c2 N\n2 Rifleman b2 N\nenergy 3 0\nturn 1 5\n")
	acts := procs(g, ProcDeletion)
	if len(acts) != 1 || acts[0].Hex != dhex(t, "c2") {
		t.Fatalf("deletions %v, want c2 only", acts)
	}
	must(t, g, acts[0])
	if unitName(g, dhex(t, "c2")) != "" || unitName(g, dhex(t, "b2")) != "Rifleman" || g.Energy[0] != 0 {
		t.Fatal("deletion did not destroy c2 only")
	}
	g = duelGame(t, "1 HQ c3 N\n1 Dasher b1 N\n1 Dasher d1 N\n2 HQ c2 N\nenergy 3 0\nturn 1 5\n")
	if acts := procs(g, ProcDeletion); len(acts) != 0 {
		t.Fatalf("an HQ can be deleted: %v", acts)
	}
}

// TestProcDetonation: "DETONACJA (koszt 4 PE) — Wszystkie wrogie Ogniwa
// zostają unicestwione. [...] nie czynią żadnej szkody Sztabom. Medyk w
// normalny sposób chroni przed Laserem, Kasacją i Detonacją." The netted
// unit on a Terminal is no Node and stays; the medic dies for the unit it
// protects.
func TestProcDetonation(t *testing.T) {
	g := duelGame(t, `
1 HQ c5 N
1 Netter b3 S
2 HQ a2 N
2 Rifleman b1 N
2 Gunner e2 N
2 Medic e3 N
2 Rifleman b4 N
2 Rifleman b2 N
energy 4 0
turn 1 5
`)
	acts := procs(g, ProcDetonation)
	if len(acts) != 1 {
		t.Fatalf("detonations %v", acts)
	}
	must(t, g, acts[0])
	for hex, want := range map[string]string{"b1": "", "e2": "Gunner", "e3": "", "b4": "Rifleman", "a2": "HQ", "b2": "Rifleman"} {
		if got := unitName(g, dhex(t, hex)); got != want {
			t.Errorf("%s: %q, want %q", hex, got, want)
		}
	}
	if g.S.HQPoints(1) != 20 || g.Energy[0] != 0 {
		t.Fatal("the HQ was harmed or the detonation not paid")
	}
}

// TestProcMedicLaser: a medic hit by the same laser absorbs nothing, one
// beside the line takes the destruction.
func TestProcMedicLaser(t *testing.T) {
	g := duelGame(t, `
1 HQ c5 N
1 Dasher a2 N
1 Dasher d1 N
2 HQ e3 N
2 Rifleman b2 N
2 Medic b3 N
2 Rifleman c2 N
energy 3 0
turn 1 5
`)
	// a2-d1 runs through b2 and c2; the Medic on b3 links b2 (its N edge).
	must(t, g, Action{Kind: KProcedure, Slot: ProcLaser, Hex: dhex(t, "a2"), To: dhex(t, "d1"), Facing: 0})
	if unitName(g, dhex(t, "b2")) != "Rifleman" || unitName(g, dhex(t, "b3")) != "" || unitName(g, dhex(t, "c2")) != "" {
		t.Fatalf("b2 %q b3 %q c2 %q: want the medic to die for the Rifleman on b2", unitName(g, dhex(t, "b2")), unitName(g, dhex(t, "b3")), unitName(g, dhex(t, "c2")))
	}
}

// TestReferenceMatchesFastDuel: the positions random games reach on the
// Duel board (after energy purchases and Procedures) resolve the same with
// the fast and the reference resolvers; the battle knows nothing of
// Terminals, so the board is only another source of positions.
func TestReferenceMatchesFastDuel(t *testing.T) {
	a0, a1 := loadArmy(t, "testdata/amber.army"), loadArmy(t, "testdata/beta.army")
	games := 1000
	if testing.Short() {
		games = 30
	}
	var r Resolver
	compared := 0
	for seed := uint64(0); seed < uint64(games); seed++ {
		g, err := NewGame(Config{Board: Duel}, []*rules.Army{a0, a1}, seed)
		if err != nil {
			t.Fatal(err)
		}
		d := NewRandomDecider(seed + 7)
		buf := make([]Action, 0, 1024)
		for n := 0; !g.Over() && n < maxActions; n++ {
			buf = g.LegalActions(buf[:0])
			a := buf[d.Intn(len(buf))]
			if err := g.Apply(a, d); err != nil {
				t.Fatal(err)
			}
			if g.S.HQ[0] == NoHex || g.S.HQ[1] == NoHex || n%3 != 0 {
				continue
			}
			fast, slow := g.S, g.S
			var dec Decider = FirstOption{}
			if n%2 == 0 {
				dec = OwnerBest{}
			}
			r.Resolve(&fast, dec, nil)
			ReferenceResolve(&slow, dec)
			compared++
			if fast.Cells != slow.Cells || fast.HQ != slow.HQ {
				t.Fatalf("game %d action %d: fast and reference resolvers differ\nstart:\n%s\nfast:\n%s\nreference:\n%s",
					seed, n, dumpState(&g.S), dumpState(&fast), dumpState(&slow))
			}
		}
	}
	t.Logf("%d positions compared", compared)
}

// TestDuelPositionErrors: the energy line of a position file is checked
// against the board's track; a board file is found next to the position.
func TestDuelPositionErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"armies game_a game_b\n1 HQ a1 N\n2 HQ e3 N\nenergy 1 0\n", "energy track stops at 0"},
		{"armies game_a game_b\nboard duel\n1 HQ a1 N\n2 HQ e3 N\nenergy 6 0\n", "energy track stops at 5"},
		{"armies game_a game_b\nboard duel\n1 HQ a1 N\n2 HQ e3 N\nenergy x 0\n", "energy must be a number"},
		{"armies game_a game_b\nboard duel\n1 HQ a1 N\n2 HQ e3 N\nenergy 1\n", "energy needs two numbers"},
		{"armies game_a game_b\nboard dule\n1 HQ a1 N\n2 HQ e3 N\n", `did you mean "duel"`},
		{"armies game_a game_b\nboard ./missing.board\n1 HQ a1 N\n2 HQ e3 N\n", "missing.board"},
	} {
		_, _, err := ParseSetup("p.pos", []byte(c.src), testLoader)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "two.board"), []byte("name two\nradius 2\nterminals b2 d3\nenergy 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, piles, err := ParseSetup(filepath.Join(dir, "p.pos"), []byte("armies game_a game_b\nboard two.board\n1 HQ a1 N\n2 HQ e3 N\nenergy 3 2\n"), testLoader)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Board.Terminal[dhex(t, "b2")] || s.Board.EnergyMax != 3 || piles.Energy != [2]uint8{3, 2} {
		t.Fatalf("board %s, energy %v", s.Board.Name, piles.Energy)
	}
}
