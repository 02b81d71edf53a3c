package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// Scenario tests of the multiplayer modes (Neuroshima Hex 3.0 core rules,
// "Gra wieloosobowa"; docs/rules.md, "Three and four players"). Each
// quotes the passage it checks.

// multiState is an empty standard board for n players of the test army A
// in mode m (feud: the players under the feud rule).
func multiState(t *testing.T, n int, m Mode, feud uint8) *State {
	t.Helper()
	a := loadArmy(t, "testdata/game_a.army")
	s, err := NewState(Standard, a, a)
	if err != nil {
		t.Fatal(err)
	}
	for p := 2; p < n; p++ {
		s.Armies[p] = a
	}
	if err := s.SetSides(n, m, nil, feud); err != nil {
		t.Fatal(err)
	}
	return s
}

// line is the centre hex and the next two hexes north of it.
func line() (c, n1, n2 Hex) {
	c = Standard.Centre()
	n1 = Standard.Nb[c][rules.N]
	return c, n1, Standard.Nb[n1][rules.N]
}

func placeTok(t *testing.T, s *State, p uint8, name string, h Hex, f rules.Dir) {
	t.Helper()
	ti := s.Armies[p].Lookup(name)
	if ti < 0 {
		t.Fatalf("no token %q", name)
	}
	if err := s.Place(h, p, uint8(ti), f); err != nil {
		t.Fatal(err)
	}
}

func resolve(s *State) {
	var r Resolver
	r.Resolve(s, FirstOption{}, nil)
}

// "Strzały przelatują „przez” sojusznicze jednostki jak przez własne."
// Player 1's Turret (ranged 1 north) has player 3's Booster right in
// front and player 2's Booster behind it: as allies (teams: 1 and 3
// against 2 and 4) the shot passes the ally and destroys the enemy; every
// man for himself it stops at the first Booster.
func TestAllyShotsPassThrough(t *testing.T) {
	c, n1, n2 := line()
	for _, tc := range []struct {
		mode       Mode
		n          int
		allyAlive  bool
		enemyAlive bool
	}{
		{ModeTeams, 4, true, false},
		{ModeFFA, 4, false, true},
	} {
		s := multiState(t, tc.n, tc.mode, 0)
		placeTok(t, s, 0, "Turret", c, rules.N)
		placeTok(t, s, 2, "Booster", n1, rules.S)
		placeTok(t, s, 1, "Booster", n2, rules.S)
		resolve(s)
		if got := !s.Cells[n1].Unit.Empty(); got != tc.allyAlive {
			t.Errorf("%s: player 3's Booster alive %v, want %v", tc.mode, got, tc.allyAlive)
		}
		if got := !s.Cells[n2].Unit.Empty(); got != tc.enemyAlive {
			t.Errorf("%s: player 2's Booster alive %v, want %v", tc.mode, got, tc.enemyAlive)
		}
	}
}

// "Sojusznicze jednostki nie ranią się wzajemnie." - and the optional
// feud rule: "Jednostki Molocha w normalny sposób ranią jednostki
// sojusznika z drużyny". Player 1's Brute (melee 2 north) faces its ally's
// Booster: unharmed in the teams game, destroyed when player 1 plays under
// the feud rule.
func TestAllyMeleeAndFeudRule(t *testing.T) {
	c, n1, _ := line()
	for _, tc := range []struct {
		feud  uint8
		alive bool
	}{{0, true}, {1 << 0, false}} {
		s := multiState(t, 4, ModeTeams, tc.feud)
		placeTok(t, s, 0, "Brute", c, rules.N)
		placeTok(t, s, 2, "Booster", n1, rules.N)
		resolve(s)
		if got := !s.Cells[n1].Unit.Empty(); got != tc.alive {
			t.Errorf("feud %b: the ally's Booster alive %v, want %v", tc.feud, got, tc.alive)
		}
	}
}

// "Sieciarze nie sieciują jednostek sojusznika, nawet jeśli są dołożeni do
// nich bokiem z siecią." - under the feud rule allies "sieciują się
// nawzajem". Player 1's Netter faces its ally's Turret, which shoots an
// enemy Booster: free, the Turret destroys it; netted (feud rule), the
// Booster survives.
func TestAllyNets(t *testing.T) {
	c, n1, n2 := line()
	for _, tc := range []struct {
		feud       uint8
		enemyAlive bool
	}{{0, false}, {1 << 0, true}} {
		s := multiState(t, 4, ModeTeams, tc.feud)
		placeTok(t, s, 0, "Netter", c, rules.N)
		placeTok(t, s, 2, "Turret", n1, rules.N)
		placeTok(t, s, 1, "Booster", n2, rules.N)
		resolve(s)
		if got := !s.Cells[n2].Unit.Empty(); got != tc.enemyAlive {
			t.Errorf("feud %b: enemy Booster alive %v, want %v", tc.feud, got, tc.enemyAlive)
		}
		if s.Cells[n1].Unit.Empty() {
			t.Errorf("feud %b: the Turret was destroyed", tc.feud)
		}
	}
}

// "Bonusy wynikające z Modułów i Sztabów działają także na jednostki
// sojusznika." - and under the feud rule they still do ("Moduły i
// Sztab Molocha jednocześnie dają sojusznikowi bonusy"). Player 1's
// Booster (melee +1 north) lifts its ally's Brute (melee 2) to 3, enough
// for the enemy's Wall (toughness 3); every man for himself the Brute is
// an enemy of the Booster's player and gets nothing.
func TestAllyBonuses(t *testing.T) {
	c, n1, n2 := line()
	for _, tc := range []struct {
		mode      Mode
		feud      uint8
		wallAlive bool
	}{
		{ModeTeams, 0, false},
		{ModeTeams, 1 << 0, false},
		{ModeFFA, 0, true},
	} {
		s := multiState(t, 4, tc.mode, tc.feud)
		placeTok(t, s, 0, "Booster", c, rules.N)
		placeTok(t, s, 2, "Brute", n1, rules.N)
		placeTok(t, s, 1, "Wall", n2, rules.N)
		resolve(s)
		if got := !s.Cells[n2].Unit.Empty(); got != tc.wallAlive {
			t.Errorf("%s feud %b: Wall alive %v, want %v", tc.mode, tc.feud, got, tc.wallAlive)
		}
		if tc.wallAlive && s.Cells[n2].Unit.Wounds != 2 {
			t.Errorf("%s: Wall has %d wounds, want 2", tc.mode, s.Cells[n2].Unit.Wounds)
		}
	}
}

// "Nie można zagrywać żetonów Natychmiastowych na sojusznicze jednostki."
// Player 1's Sniper (damage 1 on an enemy unit) is offered the enemies'
// units, not the ally's.
func TestInstantsSkipAllies(t *testing.T) {
	g := multiGame(t, 4, ModeTeams, 0)
	c, n1, n2 := line()
	put(t, g, 2, "Wall", Standard.Names[c], rules.N)
	put(t, g, 1, "Wall", Standard.Names[n1], rules.N)
	put(t, g, 3, "Wall", Standard.Names[n2], rules.N)
	setHand(t, g, 0, "Sniper")
	targets := map[Hex]bool{}
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KInstant {
			targets[a.Hex] = true
		}
	}
	if targets[c] || !targets[n1] || !targets[n2] {
		t.Errorf("Sniper targets %v; want %s and %s, not the ally's %s", targets, Standard.Names[n1], Standard.Names[n2], Standard.Names[c])
	}
}

// "Sztaby posiadają nieograniczoną Wytrzymałość, a za każdym razem, gdy
// gracz trafia w Sztab któregokolwiek przeciwnika, zamiast zadawać rany,
// otrzymuje odpowiednią liczbę punktów" - player 1's Turret hits player 2's
// HQ: player 1 scores 1, the HQ keeps every point of toughness.
func TestPointsScoring(t *testing.T) {
	c, n1, _ := line()
	s := multiState(t, 3, ModePoints, 0)
	placeTok(t, s, 0, "Turret", c, rules.N)
	placeTok(t, s, 1, "HQ", n1, rules.N)
	resolve(s)
	// The HQ's own melee 1 hits the Turret: a unit, so a wound, and no
	// points (points come from hits on HQs).
	if s.Score != [MaxPlayers]uint8{1, 0, 0, 0} {
		t.Fatalf("scores %v, want player 1: 1, the others 0", s.Score)
	}
	if w := s.Cells[n1].Unit.Wounds; w != 0 {
		t.Errorf("the HQ took %d wounds, want none", w)
	}
	if w := s.Cells[c].Unit.Wounds; w != 1 {
		t.Errorf("the Turret took %d wounds from the HQ, want 1", w)
	}
	if s.HQPoints(0) != 1 {
		t.Errorf("HQPoints of player 1 = %d, want the score 1", s.HQPoints(0))
	}
}

// multiGame is a game of n players of army A after set-up: the HQs on the
// corners a1, e1, c5 (4 apart: no unit set beside one HQ touches another) and a3, at the start of player 1's first turn.
func multiGame(t *testing.T, n int, m Mode, feud uint8) *Game {
	t.Helper()
	a := loadArmy(t, "testdata/game_a.army")
	armies := make([]*rules.Army, n)
	for i := range armies {
		armies[i] = a
	}
	g, err := NewGame(Config{Board: Standard, Mode: m, Feud: feud}, armies, 42)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a1", "e1", "c5", "a3"}[:n] {
		must(t, g, Action{Kind: KPlaceHQ, Hex: hexOf(t, name), To: NoHex})
		for g.Phase == PhaseAside {
			must(t, g, g.LegalActions(nil)[0])
		}
	}
	if g.Turn != 1 || g.Player != 0 {
		t.Fatalf("after set-up: turn %d player %d", g.Turn, g.Player+1)
	}
	// The units set beside the HQs leave, so that a scenario's board is
	// only what it puts there.
	for h := Hex(0); int(h) < Standard.Size; h++ {
		if u := g.S.Cells[h].Unit; !u.Empty() && g.S.Tok(u).Kind != rules.HQ {
			g.S.Remove(h)
			g.Discarded[u.Owner][u.Token]++
		}
	}
	return g
}

// endTurnN ends the turn of the player to move, discarding first when the
// turn asks for it.
func endTurnN(t *testing.T, g *Game) {
	t.Helper()
	if g.Phase == PhaseDiscard {
		must(t, g, Discard(0))
	}
	must(t, g, EndTurn())
}

// "Pierwszy gracz (zwany pojedynczym) gra przeciwko drugiemu i trzeciemu
// [...] pojedynczy gracz umieszcza swój znacznik Sztabu na polu 20, a każdy
// z pozostałych graczy na polu 13." "Kolejność graczy wygląda następująco:
// pierwszy gracz, drugi gracz, znów pierwszy gracz i dopiero trzeci
// gracz." "Pierwszy gracz dobiera jeden żeton, drugi gracz dobiera dwa
// żetony, znów pierwszy - trzy."
func TestOneVsTeamHQAndOrder(t *testing.T) {
	g := multiGame(t, 3, ModeOneVsTeam, 0)
	if got := [3]int{g.S.HQPoints(0), g.S.HQPoints(1), g.S.HQPoints(2)}; got != [3]int{20, 13, 13} {
		t.Fatalf("HQ points %v, want [20 13 13]", got)
	}
	var order []uint8
	var held []uint8
	for range 7 {
		order = append(order, g.Player+1)
		held = append(held, g.HandLen[g.Player])
		endTurnN(t, g)
	}
	if want := []uint8{1, 2, 1, 3, 1, 2, 1}; string(order) != string(want) {
		t.Errorf("turn order %v, want %v", order, want)
	}
	if held[0] != 1 || held[1] != 2 || held[2] != 3 {
		t.Errorf("opening draws %v, want 1, 2, 3", held[:3])
	}
}

// "Jeżeli Sztab gracza zostanie zniszczony po zakończeniu Bitwy wszystkie
// żetony tego gracza są odrzucane z planszy, a rozgrywka jest
// kontynuowana bez tego gracza." Player 2's HQ, one point left, stands
// next to player 1's Brute; after the battle player 2 is out, its Wall has
// left the board, and the turns go on between players 1 and 3.
func TestEliminationFFA(t *testing.T) {
	g := multiGame(t, 3, ModeFFA, 0)
	hq := g.S.HQ[1] // e3
	g.S.Cells[hq].Unit.Wounds = 19
	var brute Hex = NoHex
	for d := rules.N; d <= rules.NW; d++ {
		if n := Standard.Nb[hq][d]; n != NoHex && g.S.Cells[n].Unit.Empty() {
			brute = n
			put(t, g, 0, "Brute", Standard.Names[n], d.Opposite())
			break
		}
	}
	wall := put(t, g, 1, "Wall", "c3", rules.N)
	discarded := g.Discarded[1][g.S.Armies[1].Lookup("Wall")]
	g.battle(FirstOption{})
	if g.checkHQ() {
		t.Fatalf("the game ended: %v", g.Result)
	}
	if g.Out != 1<<1 {
		t.Fatalf("Out = %b, want player 2 out", g.Out)
	}
	for h := 0; h < Standard.Size; h++ {
		if u := g.S.Cells[h].Unit; !u.Empty() && u.Owner == 1 {
			t.Errorf("player 2's %s still on %s", g.S.Tok(u).Name, Standard.Names[h])
		}
	}
	if !g.S.Cells[wall].Unit.Empty() || g.Discarded[1][g.S.Armies[1].Lookup("Wall")] != discarded+1 {
		t.Errorf("player 2's Wall did not go to the discard")
	}
	if g.S.Cells[brute].Unit.Empty() {
		t.Errorf("player 1's Brute left the board")
	}
	var order []uint8
	for range 4 {
		order = append(order, g.Player+1)
		endTurnN(t, g)
	}
	if want := []uint8{1, 3, 1, 3}; string(order) != string(want) {
		t.Errorf("turn order after the elimination %v, want %v", order, want)
	}
}

// The last HQ standing wins every man for himself; in the teams game the
// first enemy HQ destroyed wins: "Wygrywa ta drużyna, która jako pierwsza
// zniszczy którykolwiek ze Sztabów przeciwnika."
func TestTeamWinsByOneHQ(t *testing.T) {
	g := multiGame(t, 4, ModeTeams, 0)
	hq := g.S.HQ[3]
	g.S.Cells[hq].Unit.Wounds = 20
	g.S.Remove(hq)
	if !g.checkHQ() || g.Result != Decided || g.Winners != 1<<0|1<<2 {
		t.Fatalf("result %v winners %b, want players 1 and 3", g.Result, g.Winners)
	}
}

// The three-player tie: "ewentualny przegrany gracz odrzuca swój znacznik
// Sztabu z toru Wytrzymałości, ale żetony jego armii pozostają na planszy.
// Następnie każdy z remisujących graczy rozgrywa dodatkową turę,
// począwszy od gracza, którego tura przypada po graczu, którego tura
// zakończyła grę. [...] Jeżeli po dodatkowej Bitwie utrzymuje się remis,
// remisujący gracze dzielą się zwycięstwem."
func TestThreePlayerTie(t *testing.T) {
	g := multiGame(t, 3, ModeFFA, 0)
	// Turn 1 is player 1's; the final battle follows it. Players 2 and 3
	// tie at 15, player 1 is behind.
	g.S.Cells[g.S.HQ[0]].Unit.Wounds = 10
	g.S.Cells[g.S.HQ[1]].Unit.Wounds = 5
	g.S.Cells[g.S.HQ[2]].Unit.Wounds = 5
	g.FinalAfter = g.Turn
	endTurnN(t, g)
	if g.Over() || !g.TieBreak || g.Out != 1<<0 {
		t.Fatalf("after the final battle: over %v tie %v out %b winners %b hq %v; want the tie's extra turns with player 1 out", g.Over(), g.TieBreak, g.Out, g.Winners, g.hqs())
	}
	if g.S.HQ[0] == NoHex {
		t.Fatalf("player 1's HQ left the board; its tokens stay")
	}
	var order []uint8
	for !g.Over() {
		order = append(order, g.Player+1)
		endTurnN(t, g)
	}
	if want := []uint8{2, 3}; string(order) != string(want) {
		t.Errorf("extra turns %v, want %v", order, want)
	}
	if g.Result != Decided || g.Winners != 1<<1|1<<2 {
		t.Errorf("result %v winners %b, want players 2 and 3 sharing", g.Result, g.Winners)
	}
}

// "Wygrywa gracz, który na koniec Bitwy będzie posiadał w sumie 20
// punktów. Gracz nie może zdobyć więcej niż 20 punktów." Player 1 at 19
// points shoots an enemy HQ in a battle and wins with 20.
func TestPointsWin(t *testing.T) {
	g := multiGame(t, 3, ModePoints, 0)
	hq := g.S.HQ[1]
	for d := rules.N; d <= rules.NW; d++ {
		if n := Standard.Nb[hq][d]; n != NoHex && g.S.Cells[n].Unit.Empty() {
			put(t, g, 0, "Brute", Standard.Names[n], d.Opposite())
			break
		}
	}
	g.S.Score[0] = 19
	g.battle(FirstOption{})
	if !g.Over() || g.Winners != 1<<0 || g.S.Score[0] != PointsToWin {
		t.Fatalf("over %v winners %b score %d; want player 1 winning with 20", g.Over(), g.Winners, g.S.Score[0])
	}
}

// Sides rejects what the rulebook does not describe.
func TestSetSidesErrors(t *testing.T) {
	var s Sides
	for _, tc := range []struct {
		n    int
		m    Mode
		team []uint8
		feud uint8
	}{
		{3, ModeStandard, nil, 0},
		{2, ModeFFA, nil, 0},
		{3, ModeTeams, nil, 0},
		{4, ModeTeams, []uint8{0, 0, 1, 1}, 0}, // one team's turns one after the other
		{4, ModeOneVsTeam, nil, 0},
		{4, ModeFFA, nil, 1},
	} {
		if err := s.SetSides(tc.n, tc.m, tc.team, tc.feud); err == nil {
			t.Errorf("SetSides(%d, %s, %v, %b) accepted", tc.n, tc.m, tc.team, tc.feud)
		}
	}
}

// A multiplayer position file reads its mode, teams, scores and takers, and
// FormatPosition writes it back the same.
func TestMultiPositionRoundTrip(t *testing.T) {
	src := `armies amber beta amber beta
mode teams feud=1
teams 1+3 2+4
hq 20 18 20 13
1 HQ a1 N
2 HQ c1 S
3 HQ e3 N
4 HQ c5 N
`
	s, err := ParsePosition("m.pos", []byte(src), testLoader)
	if err != nil {
		t.Fatal(err)
	}
	if s.Players() != 4 || s.Mode != ModeTeams || !s.Friends(1, 3) || s.Friends(0, 2) || !s.Allies(0, 2) || s.HQPoints(3) != 13 {
		t.Fatalf("players %d mode %s friends(2,4) %v friends(1,3) %v allies(1,3) %v hq4 %d",
			s.Players(), s.Mode, s.Friends(1, 3), s.Friends(0, 2), s.Allies(0, 2), s.HQPoints(3))
	}
	out := FormatPosition(s, []string{"amber", "beta", "amber", "beta"})
	again, err := ParsePosition("m2.pos", []byte(out), testLoader)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if again.Cells != s.Cells || again.Sides != s.Sides || again.HQ != s.HQ {
		t.Errorf("round trip differs:\n%s", out)
	}
	pts, err := ParsePosition("p.pos", []byte("armies amber beta amber\nmode points\nhq 3 0 19\n1 HQ a1 N\n2 HQ c1 S\n3 HQ e3 N\n"), testLoader)
	if err != nil {
		t.Fatal(err)
	}
	if pts.Score != [MaxPlayers]uint8{3, 0, 19, 0} || pts.Cells[pts.HQ[0]].Unit.Wounds != 0 {
		t.Errorf("points position: scores %v", pts.Score)
	}
}
