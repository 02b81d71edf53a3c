package engine

import (
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// withStructures returns a copy of army a in which each pair of named
// warriors is a Structure: its parts out of the draw pile (Count 0), their
// standing traits shared, as the compiler makes a structure block.
func withStructures(t testing.TB, a *rules.Army, pairs ...[3]string) *rules.Army {
	t.Helper()
	c := *a
	c.Tokens = slices.Clone(a.Tokens)
	for _, p := range pairs {
		st := rules.Structure{Name: p[0]}
		for k, n := range p[1:] {
			i := c.Lookup(n)
			if i < 0 {
				t.Fatalf("army %q has no %q", a.Name, n)
			}
			c.Tokens[i].Count = 0
			st.Parts[k] = i
		}
		tr := c.Tokens[st.Parts[0]].Traits | c.Tokens[st.Parts[1]].Traits
		c.Tokens[st.Parts[0]].Traits, c.Tokens[st.Parts[1]].Traits = tr, tr
		c.Structures = append(c.Structures, st)
	}
	return &c
}

// structArmy is testdata/struct.army, with its two Structures: "Fort" (Gun
// and Hatch, which boards) and "Bulk" (heavy).
func structArmy(t testing.TB) *rules.Army {
	return loadArmy(t, "testdata/struct.army")
}

// plainArmy is testdata/struct.army with its Structures' parts as plain
// warriors (count 1), to compare a battle with and
// without the Structure.
func plainArmy(t testing.TB) *rules.Army {
	a := *structArmy(t)
	a.Tokens = slices.Clone(a.Tokens)
	for _, st := range a.Structures {
		for _, i := range st.Parts {
			a.Tokens[i].Count = 1
		}
	}
	a.Structures = nil
	return &a
}

// structGame sets up a game of the Structure army against game_b with the
// variant on, and plays player 1's first two turns away: player 1 is to
// discard from a full hand of three.
func structGame(t *testing.T) *Game {
	t.Helper()
	g, err := NewGame(Config{Board: Standard, Structures: true}, []*rules.Army{structArmy(t), loadArmy(t, "testdata/game_b.army")}, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a1", "e3"} {
		must(t, g, Action{Kind: KPlaceHQ, Hex: hexOf(t, name), To: NoHex})
	}
	must(t, g, EndTurn())
	must(t, g, EndTurn())
	if g.Phase != PhaseDiscard || g.Player != 0 || g.HandLen[0] != 3 {
		t.Fatalf("turn 3: phase %d, player %d, hand %d", g.Phase, g.Player, g.HandLen[0])
	}
	return g
}

func structActions(g *Game) []Action {
	var out []Action
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KStructure {
			out = append(out, a)
		}
	}
	return out
}

// TestStructurePlace: right after the draw a player may, instead of the
// discard, discard three tokens and place both parts of a Structure on two
// adjacent empty hexes, each facing any way; the turn ends, and the
// Structure is placed once a game. Its parts were never in the deck.
func TestStructurePlace(t *testing.T) {
	g := structGame(t)
	acts := structActions(g)
	if len(acts) == 0 {
		t.Fatal("no Structure placement offered after the draw")
	}
	a := g.S.Armies[0]
	bulk := a.Structures[1]
	for i := 0; i < int(g.DeckLen[0]); i++ {
		if a.Mate(int(g.Deck[0][i])) >= 0 {
			t.Fatalf("a part (%q) is in the deck", a.Tokens[g.Deck[0][i]].Name)
		}
	}
	c3, c2 := hexOf(t, "c3"), hexOf(t, "c2")
	x := Action{Kind: KStructure, Slot: 1, Hex: c3, To: c2, Facing: rules.S, Token: uint8(rules.NE)}
	if !slices.Contains(acts, x) {
		t.Fatalf("%v is not offered", x)
	}
	if slices.ContainsFunc(acts, func(y Action) bool { return g.S.Board.Dist[y.Hex][y.To] != 1 }) {
		t.Fatal("a placement on two hexes that are not adjacent is offered")
	}
	discarded := func() (n int) {
		for _, k := range g.Discarded[0] {
			n += int(k)
		}
		return n
	}
	must(t, g, x)
	u, v := g.S.Cells[c3].Unit, g.S.Cells[c2].Unit
	if int(u.Token) != bulk.Parts[0] || u.Facing != rules.S || int(v.Token) != bulk.Parts[1] || v.Facing != rules.NE {
		t.Fatalf("board: c3 %+v, c2 %+v", u, v)
	}
	if discarded() != 3 || g.HandLen[0] != 0 {
		t.Errorf("discarded %d, hand %d; want three discarded and an empty hand", discarded(), g.HandLen[0])
	}
	if g.Player != 1 || g.Battles != 0 {
		t.Errorf("after the placement: player %d to move, %d battles; want the turn over and no battle (no boarding)", g.Player+1, g.Battles)
	}
	if MateOn(&g.S, c3) != c2 || MateOn(&g.S, c2) != c3 {
		t.Errorf("mates: %d %d", MateOn(&g.S, c3), MateOn(&g.S, c2))
	}
	// Player 2 has no Structure; player 1's next turn offers none: placed.
	for g.Player != 0 || g.Phase != PhaseDiscard {
		if structActions(g) != nil {
			t.Fatal("player 2, with no Structure, is offered one")
		}
		must(t, g, g.LegalActions(nil)[0])
	}
	if structActions(g) != nil {
		t.Error("a second Structure placement is offered in the same game")
	}
}

// TestStructureNotOffered: no placement without the variant, before the
// draw's discard is due, with fewer than three tokens in hand, or once any
// player's draw pile is empty.
func TestStructureNotOffered(t *testing.T) {
	g := structGame(t)
	off := *g
	setConfig(t, &off, func(c *Config) { c.Structures = false })
	if structActions(&off) != nil {
		t.Error("offered without the variant")
	}
	few := *g
	few.HandLen[0] = 2
	if structActions(&few) != nil {
		t.Error("offered with two tokens in hand")
	}
	last := *g
	last.DeckLen[1] = 0
	if structActions(&last) != nil {
		t.Error("offered once the opponent's draw pile is empty")
	}
	drawn := *g
	drawn.LastDrawn = true
	if structActions(&drawn) != nil {
		t.Error("offered after a player drew their last token")
	}
	must(t, g, Discard(0))
	if structActions(g) != nil {
		t.Error("offered after the turn's discard")
	}
}

// TestStructureBoarding: a part with on placed: battle starts a battle
// right after the placement (Abordaż), and the turn ends with it.
func TestStructureBoarding(t *testing.T) {
	g := structGame(t)
	b := g.S.Armies[1]
	// An enemy Rifleman on c2 facing away (N), in reach of the Hatch's melee.
	if err := g.S.Place(hexOf(t, "c2"), 1, uint8(b.Lookup("Rifleman")), rules.N); err != nil {
		t.Fatal(err)
	}
	must(t, g, Action{Kind: KStructure, Slot: 0, Hex: hexOf(t, "b3"), To: hexOf(t, "c3"), Facing: rules.N, Token: uint8(rules.N)})
	if g.Battles != 1 {
		t.Fatalf("battles = %d, want the boarding battle", g.Battles)
	}
	if !g.S.Cells[hexOf(t, "c2")].Unit.Empty() {
		t.Error("the Hatch's melee did not destroy the Rifleman in the boarding battle")
	}
	if g.Player != 1 {
		t.Error("the turn did not end with the boarding battle")
	}
}

// piece is one unit of a test position: player, token name, hex, facing.
type piece struct {
	p      uint8
	name   string
	hex    string
	facing rules.Dir
}

// structBattle resolves one battle on a position of the Structure army
// (player 1, with its Structures when paired, the parts as plain warriors
// when not)
// against game_b, and returns the board after it.
func structBattle(t *testing.T, paired bool, pieces ...piece) *State {
	t.Helper()
	return structBattleVs(t, "testdata/game_b.army", paired, pieces...)
}

// structBattleVs is structBattle against the army of file enemy.
func structBattleVs(t *testing.T, enemy string, paired bool, pieces ...piece) *State {
	t.Helper()
	a := plainArmy(t)
	if paired {
		a = structArmy(t)
	}
	s, err := NewState(Standard, a, loadArmy(t, enemy))
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range append([]piece{{0, "HQ", "a1", 0}, {1, "HQ", "e3", 0}}, pieces...) {
		ti := s.Armies[x.p].Lookup(x.name)
		if ti < 0 {
			t.Fatalf("no %q", x.name)
		}
		if err := s.Place(hexOf(t, x.hex), x.p, uint8(ti), x.facing); err != nil {
			t.Fatal(err)
		}
	}
	new(Resolver).Resolve(s, FirstOption{}, nil)
	return s
}

// TestStructureDestroyedTogether: a hit lands on the part it reaches and
// counts against that part's toughness; when either part is destroyed both
// leave the board at the same moment ("Gdy dowolny z żetonów zostanie
// zniszczony, cała Struktura jest odrzucana z planszy").
func TestStructureDestroyedTogether(t *testing.T) {
	// A Rifleman on c1 shoots the Hatch on c3 (toughness 1); the Gun on c4
	// (toughness 2, unhurt) shoots the Rifleman in the same segment.
	pos := []piece{{0, "Hatch", "c3", rules.N}, {0, "Gun", "c4", rules.N}, {1, "Rifleman", "c1", rules.S}}
	s := structBattle(t, true, pos...)
	if !s.Cells[hexOf(t, "c3")].Unit.Empty() || !s.Cells[hexOf(t, "c4")].Unit.Empty() {
		t.Errorf("the Hatch was destroyed but the Structure did not leave whole: c3 %+v, c4 %+v", s.Cells[hexOf(t, "c3")].Unit, s.Cells[hexOf(t, "c4")].Unit)
	}
	if !s.Cells[hexOf(t, "c1")].Unit.Empty() {
		t.Error("the Gun did not shoot in the segment its part was destroyed in")
	}
	s = structBattle(t, false, pos...)
	if s.Cells[hexOf(t, "c4")].Unit.Empty() {
		t.Error("without the Structure the Gun left the board too")
	}
}

// TestStructureNetted: a net on either part nets both ("zasieciowanie
// jednego z żetonów powoduje, że cała jednostka jest zasieciowana").
func TestStructureNetted(t *testing.T) {
	// The Net Caster on c2 nets the Hatch on c3; the Gun on c4 would shoot
	// the Rifleman on c5, which shoots back.
	pos := []piece{{0, "Hatch", "c3", rules.N}, {0, "Gun", "c4", rules.S}, {1, "Net Caster", "c2", rules.S}, {1, "Rifleman", "c5", rules.N}}
	s := structBattle(t, true, pos...)
	if s.Cells[hexOf(t, "c5")].Unit.Empty() {
		t.Error("the Gun shot although the net on its Hatch nets the whole Structure")
	}
	if g := s.Cells[hexOf(t, "c4")].Unit; g.Empty() || g.Wounds != 1 {
		t.Errorf("the Gun: %+v, want it on c4 with the Rifleman's wound", g)
	}
	s = structBattle(t, false, pos...)
	if !s.Cells[hexOf(t, "c5")].Unit.Empty() {
		t.Error("without the Structure the Gun did not shoot")
	}
}

// TestStructureLinked: a module linked to either part gives its bonus to
// both ("moduły podłączone do jednego z żetonów wzmacniają całą
// Strukturę"), initiative included: the Hatch, linked through the Gun to
// +1 initiative and +1 melee, destroys the Gunner (toughness 2) before its
// shot.
func TestStructureLinked(t *testing.T) {
	pos := []piece{
		{0, "Hatch", "c3", rules.N}, {0, "Gun", "c4", rules.S},
		{0, "Booster", "c5", rules.N}, {0, "Speeder", "d4", rules.NW},
		{1, "Gunner", "c2", rules.S},
	}
	s := structBattle(t, true, pos...)
	if !s.Cells[hexOf(t, "c2")].Unit.Empty() || s.Cells[hexOf(t, "c3")].Unit.Empty() {
		t.Errorf("c2 %+v, c3 %+v: want the Gunner destroyed first by the Hatch's 2 melee at initiative 2", s.Cells[hexOf(t, "c2")].Unit, s.Cells[hexOf(t, "c3")].Unit)
	}
	s = structBattle(t, false, pos...)
	if s.Cells[hexOf(t, "c2")].Unit.Empty() {
		t.Error("without the Structure the Hatch destroyed the Gunner")
	}
}

// placeOn puts the named token of player p on hex, failing the test when
// it cannot.
func placeOn(t *testing.T, g *Game, p uint8, name, hex string, f rules.Dir) Hex {
	t.Helper()
	h := hexOf(t, hex)
	ti := g.S.Armies[p].Lookup(name)
	if ti < 0 {
		t.Fatalf("no %q", name)
	}
	if err := g.S.Place(h, p, uint8(ti), f); err != nil {
		t.Fatal(err)
	}
	return h
}

// TestStructureMoves: moving a Structure moves one part, to an empty hex
// next to the other ("tylko takie przemieszczenie po którym Struktura
// wciąż będzie całością jest dopuszczalne"), and its one mobility and one
// rotation a turn are the whole unit's.
func TestStructureMoves(t *testing.T) {
	g := structGame(t)
	must(t, g, Discard(0))
	gun := placeOn(t, g, 0, "Gun", "c3", rules.N)
	hatch := placeOn(t, g, 0, "Hatch", "c4", rules.N)
	var moves, rotations []Action
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KAbility && a.Slot == AbMove && a.To != a.Hex {
			moves = append(moves, a)
		}
		if a.Kind == KAbility && a.Slot == AbRotate {
			rotations = append(rotations, a)
		}
	}
	if len(moves) == 0 || len(rotations) == 0 {
		t.Fatalf("moves %d, rotations %d: want both offered", len(moves), len(rotations))
	}
	for _, a := range moves {
		other := gun
		if a.Hex == gun {
			other = hatch
		}
		if g.S.Board.Dist[a.To][other] != 1 {
			t.Fatalf("%v leaves the part away from its mate", a)
		}
	}
	var x Action
	for _, a := range moves {
		if a.Hex == hatch {
			x = a
			break
		}
	}
	if x.Kind == 0 {
		t.Fatal("the Hatch, sharing the Gun's mobility, is offered no move")
	}
	must(t, g, x)
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KAbility && (a.Slot == AbMove && a.To != a.Hex) {
			t.Fatalf("a second move of the Structure in one turn: %v", a)
		}
	}
	must(t, g, Action{Kind: KAbility, Slot: AbRotate, Hex: gun, To: NoHex, Facing: rules.S})
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KAbility && a.Slot == AbRotate {
			t.Fatalf("a second rotation of the Structure in one turn: %v", a)
		}
	}
}

// TestStructurePushed: a push acts on one part, and only to a hex that
// keeps the Structure whole; with none it is not offered. A heavy
// Structure is never pushed nor moved.
func TestStructurePushed(t *testing.T) {
	g, err := NewGame(Config{Board: Standard, Structures: true}, []*rules.Army{loadArmy(t, "testdata/game_a.army"), structArmy(t)}, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a1", "e3"} {
		must(t, g, Action{Kind: KPlaceHQ, Hex: hexOf(t, name), To: NoHex})
		for g.Phase == PhaseAside {
			must(t, g, g.LegalActions(nil)[0])
		}
	}
	brute := placeOn(t, g, 0, "Brute", "c2", rules.S)
	hatch := placeOn(t, g, 1, "Hatch", "c3", rules.N)
	gun := placeOn(t, g, 1, "Gun", "d3", rules.N)
	pushes := func() (n int) {
		for _, a := range g.LegalActions(nil) {
			if a.Kind == KAbility && a.Slot == AbPush && a.Hex == brute {
				n++
			}
		}
		return n
	}
	if pushes() != 1 {
		t.Fatalf("pushes of the Hatch offered: %d, want 1", pushes())
	}
	// From c2 the Hatch on c3 goes to b3, c4 or d3: only c4 stays next to
	// the Gun (d3 holds it).
	opts := g.pushDests(nil, brute, hatch)
	if len(opts) != 1 || opts[0].Hex != hexOf(t, "c4") {
		t.Fatalf("push destinations %+v, want c4 only", opts)
	}
	must(t, g, Action{Kind: KAbility, Slot: AbPush, Hex: brute, To: hatch})
	if g.S.Cells[hexOf(t, "c4")].Unit.Empty() || MateOn(&g.S, gun) != hexOf(t, "c4") {
		t.Fatalf("after the push the Structure is not whole")
	}
	// Heavy: the Bulk is never pushed.
	h := &g.S.Cells[hexOf(t, "c4")]
	h.Unit = emptyPiece
	g.S.Cells[gun].Unit = emptyPiece
	g.used = [MaxHexes]uint16{}
	placeOn(t, g, 1, "Bulk A", "c3", rules.N)
	placeOn(t, g, 1, "Bulk B", "c4", rules.N)
	if pushes() != 0 {
		t.Error("a heavy Structure is offered to a push")
	}
}

// TestStructureRemovedWhole: an instant's damage that destroys one part
// removes both, counted as one unit destroyed; the parts go to no pile,
// and nothing of a hand may be placed on a part.
func TestStructureRemovedWhole(t *testing.T) {
	g := structGame(t)
	gun := placeOn(t, g, 0, "Gun", "c3", rules.N)
	hatch := placeOn(t, g, 0, "Hatch", "c4", rules.N)
	g.wound(hatch, 1, false)
	if !g.S.Cells[gun].Unit.Empty() || !g.S.Cells[hatch].Unit.Empty() {
		t.Fatal("the Hatch was destroyed but the Gun stayed")
	}
	a := g.S.Armies[0]
	for _, i := range a.Structures[0].Parts {
		if g.Discarded[0][i] != 0 {
			t.Errorf("part %q went to the discard pile", a.Tokens[i].Name)
		}
	}
}

// checkStructures verifies that every part on the board stands next to its
// mate, that a player has one Structure on the board at most, and only
// after placing it.
func checkStructures(g *Game) error {
	s := &g.S
	var parts [MaxPlayers]int
	for h := range s.Board.Size {
		u := s.Cells[h].Unit
		if !isPart(s, u) {
			continue
		}
		parts[u.Owner]++
		if MateOn(s, Hex(h)) == NoHex {
			return errorf("part %q on %s stands apart from its mate", s.Tok(u).Name, s.Board.Names[h])
		}
		if g.StructPlaced&(1<<u.Owner) == 0 {
			return errorf("part %q on %s, but player %d placed no Structure", s.Tok(u).Name, s.Board.Names[h], u.Owner+1)
		}
	}
	for p, n := range parts {
		if n > 2 {
			return errorf("player %d has %d parts on the board", p+1, n)
		}
	}
	return nil
}

// TestRandomGamesStructures plays random games with the Structures variant
// (HEXFORGE_STRUCT_GAMES games; 2,000 by default, 200 with -short), the
// Structure army against each test army in both seats, checking the
// invariants after every action: token conservation (parts never drawn nor
// discarded), every part beside its mate. Placements are picked a quarter
// of the time they are offered, so Structures come at every stage. The
// games rotate over the standard, large and Duel boards, so the Duel's
// Procedures (Swap, Push, Laser, Deletion, Detonation) meet Structures too.
func TestRandomGamesStructures(t *testing.T) {
	n := envCount(t, "HEXFORGE_STRUCT_GAMES", 2000, 200)
	sa := structArmy(t)
	opps := []*rules.Army{loadArmy(t, "testdata/game_a.army"), loadArmy(t, "testdata/game_b.army"), autoStructures(t, loadArmy(t, "testdata/tfauna.army"), 0), autoStructures(t, loadArmy(t, "testdata/takers.army"), 1)}
	boards := []*Board{Standard, Large, Duel}
	placed, boarded := 0, 0
	var onBoard [3]int
	for i := range n {
		seed := uint64(i)
		a0, a1 := sa, opps[i%len(opps)]
		if i/len(opps)%2 == 1 {
			a0, a1 = a1, a0
		}
		bi := i / (2 * len(opps)) % len(boards)
		g, err := NewGame(Config{Board: boards[bi], Structures: true, Reinforce: i%5 == 4}, []*rules.Army{a0, a1}, seed)
		if err != nil {
			t.Fatal(err)
		}
		d := NewRandomDecider(seed + 1)
		buf := make([]Action, 0, 4096)
		hq := [2]int{-1, -1}
		for k := 0; !g.Over(); k++ {
			if k >= maxActions {
				t.Fatalf("seed %d: game not over after %d actions", seed, k)
			}
			buf = g.LegalActions(buf[:0])
			var st, other []Action
			for _, a := range buf {
				if a.Kind == KStructure {
					st = append(st, a)
				} else {
					other = append(other, a)
				}
			}
			var a Action
			if len(st) > 0 && (len(other) == 0 || d.Intn(4) == 0) {
				a = st[d.Intn(len(st))]
				placed++
			} else {
				a = other[d.Intn(len(other))]
			}
			battles := g.Battles
			if err := g.Apply(a, d); err != nil {
				t.Fatalf("seed %d action %d: %v", seed, k, err)
			}
			if a.Kind == KStructure && g.Battles > battles {
				boarded++
			}
			if a.Kind == KStructure {
				onBoard[bi]++
			}
			if err := checkInvariants(g, &hq); err != nil {
				t.Fatalf("seed %d after action %d (%v): %v", seed, k, a, err)
			}
		}
	}
	if placed < n/2 || boarded == 0 {
		t.Errorf("%d games: %d Structures placed, %d boarded; want most games with one, and some boarding", n, placed, boarded)
	}
	for k, c := range onBoard {
		if n >= 2*len(opps)*len(boards) && c == 0 {
			t.Errorf("no Structure placed on the %s board", boards[k].Name)
		}
	}
	t.Logf("%d games, %d Structures placed (standard, large, Duel: %v), %d boarding battles", n, placed, onBoard, boarded)
}

// envCount is how many cases a long test runs: the variable env when set,
// else def, or short with -short.
func envCount(t *testing.T, env string, def, short int) int {
	t.Helper()
	if v := os.Getenv(env); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("%s=%q: want a positive number", env, v)
		}
		return n
	}
	if testing.Short() {
		return short
	}
	return def
}

// TestStructureLinkedOutsideBattle: out of battle too a link to either
// part is the whole Structure's: a granted mobility reaches the other part
// (one use for the pair), and a toughness bonus keeps the other part on the
// board after an instant's wound.
func TestStructureLinkedOutsideBattle(t *testing.T) {
	g := structGame(t)
	must(t, g, Discard(0))
	left := placeOn(t, g, 0, "Left", "c3", rules.N)
	right := placeOn(t, g, 0, "Right", "c4", rules.N)
	placeOn(t, g, 0, "Carrier", "c2", rules.S) // its N link faces c3: Left
	granted := func(h Hex) bool {
		for _, a := range g.LegalActions(nil) {
			if a.Kind == KAbility && a.Slot == AbGrantedMove && a.Hex == h && a.To != h {
				return true
			}
		}
		return false
	}
	if !granted(right) || !granted(left) {
		t.Fatal("the Carrier linked to Left grants Right no move")
	}
	var x Action
	for _, a := range g.LegalActions(nil) {
		if a.Kind == KAbility && a.Slot == AbGrantedMove && a.Hex == right && a.To != right {
			x = a
			break
		}
	}
	saved := *g
	must(t, g, x)
	if granted(left) {
		t.Error("the Carrier's one move was used by Right, and Left may still use it")
	}
	*g = saved
	if g.toughness(right) != 1 {
		t.Fatalf("Right's toughness %d before the Shield", g.toughness(right))
	}
	placeOn(t, g, 0, "Shield", "b3", rules.SE) // its N link faces c3 (b3 -> c3 is SE): Left
	if g.toughness(right) != 2 || g.toughness(left) != 2 {
		t.Fatalf("toughness with the Shield on Left: Left %d, Right %d; want 2 and 2", g.toughness(left), g.toughness(right))
	}
	g.wound(right, 1, false)
	if g.S.Cells[right].Unit.Empty() {
		t.Error("Right left the board with one wound although the Shield linked to Left gives the Structure +1 toughness")
	}
}

// TestStructureKeptWhole: a pull, a swap and a scavenger's move may leave a
// part only next to its mate; the two parts may swap with each other.
func TestStructureKeptWhole(t *testing.T) {
	g := structGame(t)
	c3, c4 := placeOn(t, g, 0, "Left", "c3", rules.N), placeOn(t, g, 0, "Right", "c4", rules.N)
	s := &g.S
	for to := Hex(0); int(to) < s.Board.Size; to++ {
		if got, want := keepsWhole(s, c3, to), to != c4 && s.Board.Dist[to][c4] == 1; got != want {
			t.Errorf("keepsWhole(c3, %s) = %v, want %v", s.Board.Names[to], got, want)
		}
	}
	if !swapKeeps(s, c3, c4) {
		t.Error("the two parts may not swap with each other")
	}
	d3 := placeOn(t, g, 0, "Filler", "d3", rules.N) // next to both parts
	c5 := placeOn(t, g, 0, "Netter", "c5", rules.N) // next to Right only
	if !swapKeeps(s, c3, d3) || swapKeeps(s, c4, c5) {
		t.Errorf("swaps: Left with d3 %v (want true), Right with c5 %v (want false)", swapKeeps(s, c3, d3), swapKeeps(s, c4, c5))
	}
	// An enemy on e3 pulling Left two hexes away: only hexes next to Right.
	for _, o := range g.pullDests(nil, hexOf(t, "e3"), c3) {
		if s.Board.Dist[o.Hex][c4] != 1 {
			t.Errorf("a pull puts Left on %s, away from Right", s.Board.Names[o.Hex])
		}
	}
	for _, o := range g.scavengerDests(nil, c4)[1:] {
		if s.Board.Dist[o.To][c3] != 1 {
			t.Errorf("a scavenger's move puts Right on %s, away from Left", s.Board.Names[o.To])
		}
	}
}

// TestStructureTakenOver: a takeover linked to either part takes the whole
// Structure: both parts fight for the taker.
func TestStructureTakenOver(t *testing.T) {
	pos := []piece{{0, "Hatch", "c3", rules.N}, {0, "Gun", "c4", rules.N}, {1, "Taker", "c2", rules.S}}
	s := structBattleVs(t, "testdata/takers.army", true, pos...)
	for _, h := range []string{"c3", "c4"} {
		if u := s.Cells[hexOf(t, h)].Unit; u.Empty() || u.Controller() != 1 {
			t.Errorf("%s after the battle: %+v, want the part controlled by player 2", h, u)
		}
	}
	s = structBattleVs(t, "testdata/takers.army", false, pos...)
	if u := s.Cells[hexOf(t, "c4")].Unit; u.Controller() != 0 {
		t.Error("without the Structure the Gun, not linked to the Taker, was taken over")
	}
}

// TestStructureMedic: a medic linked to either part takes an attack for
// the other too, in a battle and against an instant's wound.
func TestStructureMedic(t *testing.T) {
	// The Rifleman on c1 shoots the Hatch on c3; the Doc on c5 links the Gun
	// on c4 only.
	pos := []piece{{0, "Hatch", "c3", rules.N}, {0, "Gun", "c4", rules.S}, {0, "Doc", "c5", rules.N}, {1, "Rifleman", "c1", rules.S}}
	s := structBattle(t, true, pos...)
	if s.Cells[hexOf(t, "c3")].Unit.Empty() || !s.Cells[hexOf(t, "c5")].Unit.Empty() {
		t.Errorf("c3 %+v, c5 %+v: want the Doc, linked to the Gun, to take the shot for the Hatch", s.Cells[hexOf(t, "c3")].Unit, s.Cells[hexOf(t, "c5")].Unit)
	}
	s = structBattle(t, false, pos...)
	if !s.Cells[hexOf(t, "c3")].Unit.Empty() {
		t.Error("without the Structure the Doc saved the Hatch, which it does not link")
	}
	g := structGame(t)
	placeOn(t, g, 0, "Hatch", "c3", rules.N)
	placeOn(t, g, 0, "Gun", "c4", rules.S)
	placeOn(t, g, 0, "Doc", "c5", rules.N)
	var hit [MaxHexes]bool
	hit[hexOf(t, "c3")] = true
	if !g.medicAbsorbs(hexOf(t, "c3"), &hit, FirstOption{}) || !g.S.Cells[hexOf(t, "c5")].Unit.Empty() {
		t.Error("the Doc linked to the Gun did not take an instant's wound for the Hatch")
	}
}
