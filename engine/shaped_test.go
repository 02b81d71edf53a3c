package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/hexforge/hexforge/armies"
	"github.com/hexforge/hexforge/rules"
)

// ReadBoardFile is position.ReadBoardFile, set by shaped_hooks_test.go
// (package engine reads no files; its tests take the reader from position).
var ReadBoardFile func(path string) (*Board, error)

// shapedBoard reads one of the shaped boards of testdata/boards.
func shapedBoard(t testing.TB, name string) *Board {
	t.Helper()
	b, err := ReadBoardFile("testdata/boards/" + name + ".board")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func hexOn(t testing.TB, b *Board, name string) Hex {
	t.Helper()
	h, ok := b.Hex(name)
	if !ok {
		t.Fatalf("no hex %s on %s", name, b.Name)
	}
	return h
}

// TestShapedBoardGeometry: holes are off the board (no hex, no neighbour
// across them, distances around them, areas that would cover them do not
// fit), blocked hexes are on it but outside the full board's count, labels
// name hexes; a hexagon's distances and fits are what they were; a board in
// pieces is refused.
func TestShapedBoardGeometry(t *testing.T) {
	pit := shapedBoard(t, "pit")
	if pit.Size != 16 || pit.Open() != 14 || pit.InnerSize() != 14 || !pit.FillsAll() {
		t.Fatalf("pit: %d hexes, %d open, full at %d; want 16, 14, 14", pit.Size, pit.Open(), pit.InnerSize())
	}
	for _, hole := range []string{"a1", "c3", "e3"} {
		if _, ok := pit.Hex(hole); ok {
			t.Errorf("hole %s is a hex", hole)
		}
	}
	if pit.Centre() != NoHex {
		t.Errorf("the centre of pit is a hole, Centre() = %d", pit.Centre())
	}
	c2, c4, b3, b2 := hexOn(t, pit, "c2"), hexOn(t, pit, "c4"), hexOn(t, pit, "b3"), hexOn(t, pit, "b2")
	if pit.Nb[c2][rules.S] != NoHex {
		t.Errorf("c2's neighbour S is %s across the hole c3", pit.Names[pit.Nb[c2][rules.S]])
	}
	// c2 and c4 are 2 apart on the hexagon; around the hole it is 3 steps.
	if pit.Dist[c2][c4] != 3 || pit.Dist[c4][c2] != 3 {
		t.Errorf("c2-c4: %d steps, want 3 around the hole", pit.Dist[c2][c4])
	}
	if !pit.Blocked[b2] || pit.Inner[b2] || pit.Blocked[b3] || !pit.Inner[b3] {
		t.Errorf("blocked b2: %v inner %v; b3: %v inner %v", pit.Blocked[b2], pit.Inner[b2], pit.Blocked[b3], pit.Inner[b3])
	}
	if n, _ := pit.Hex("NORTH"); n != hexOn(t, pit, "c1") || pit.Labels[n] != "north" {
		t.Errorf("label north is %d (%q)", n, pit.Labels[n])
	}
	// No area of radius 1 fits around the hole or at the edge; on the
	// large hexagon d4's fits radius 3 as before.
	for h := Hex(0); int(h) < pit.Size; h++ {
		if pit.Reach[h] != 0 {
			t.Errorf("%s: reach %d on a board with a hole at the centre", pit.Names[h], pit.Reach[h])
		}
	}
	for _, b := range []*Board{Standard, Large} {
		for h := Hex(0); int(h) < b.Size; h++ {
			if want := b.Radius - int(b.Dist[h][b.Centre()]); int(b.Reach[h]) != want {
				t.Errorf("%s %s: reach %d, want %d", b.Name, b.Names[h], b.Reach[h], want)
			}
		}
	}
	atlas := shapedBoard(t, "atlas")
	d5 := hexOn(t, atlas, "d5")
	if atlas.Reach[d5] != 0 || atlas.Reach[hexOn(t, atlas, "e2")] != 1 {
		t.Errorf("atlas: d5 (beside the pit) reach %d, want 0; e2 reach %d, want 1", atlas.Reach[d5], atlas.Reach[hexOn(t, atlas, "e2")])
	}
	// The same hexagon through NewShapedBoard with no holes is NewBoard's;
	// holes that cut the board in two are refused.
	if b, err := NewShapedBoard("x", 2, nil); err != nil || b.Dist != Standard.Dist || b.Nb != Standard.Nb {
		t.Errorf("no holes: %v", err)
	}
	var column []Hex
	for h := Hex(0); int(h) < Standard.Size; h++ {
		if Standard.Names[h][0] == 'c' {
			column = append(column, h)
		}
	}
	if _, err := NewShapedBoard("x", 2, column); err == nil {
		t.Error("a board cut in two by a column of holes was accepted")
	}
}

// checkShape: no token stands on a blocked hex (holes are no hexes).
func checkShape(g *Game) error {
	s := &g.S
	for h := range s.Board.Size {
		if s.Board.Blocked[h] && (!s.Cells[h].Unit.Empty() || !s.Cells[h].Ground.Empty()) {
			return errorf("a token on the blocked hex %s", s.Board.Names[h])
		}
	}
	return nil
}

// TestRandomGamesShaped plays random games on the shaped boards (holes,
// blocked hexes, labels; the atlas board's Terminals and Energy, so the
// Duel actions play around holes too), with the test armies and every
// embedded army in a mirror, checking the invariants and that no token
// stands on a blocked hex after every action; some games end in the
// Atlas Map's draw of a full board.
func TestRandomGamesShaped(t *testing.T) {
	a0, a1 := testArmies(t)
	n, m := 2000, 40
	if testing.Short() {
		n, m = 200, 4
	}
	for _, name := range []string{"pit", "atlas"} {
		b := shapedBoard(t, name)
		t.Run(name, func(t *testing.T) {
			var results [4]int
			battles := 0
			play := func(x, y *rules.Army, seed uint64) {
				g, err := NewGame(Config{Board: b}, []*rules.Army{x, y}, seed)
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
					if len(buf) == 0 {
						t.Fatalf("seed %d: no legal action in phase %d", seed, g.Phase)
					}
					a := buf[d.Intn(len(buf))]
					if err := g.Apply(a, d); err != nil {
						t.Fatalf("seed %d action %d: %v", seed, k, err)
					}
					if err := checkInvariants(g, &hq); err != nil {
						t.Fatalf("seed %d after action %d (%v): %v", seed, k, a, err)
					}
					if err := checkShape(g); err != nil {
						t.Fatalf("seed %d after action %d (%v): %v", seed, k, a, err)
					}
				}
				results[g.Result]++
				battles += g.Battles
			}
			for seed := uint64(0); seed < uint64(n); seed++ {
				if seed%2 == 0 {
					play(a0, a1, seed)
				} else {
					play(a1, a0, seed)
				}
			}
			for _, ref := range armies.Names() {
				army := loadArmy(t, ref)
				for seed := uint64(0); seed < uint64(m); seed++ {
					play(army, army, seed)
				}
			}
			t.Logf("%s: %d / %d / %d draws, %d battles", name, results[Win1], results[Win2], results[Draw], battles)
			if results[Ongoing] != 0 || battles == 0 {
				t.Errorf("%d games without a result, %d battles", results[Ongoing], battles)
			}
		})
	}
}

// TestReferenceMatchesFastShaped resolves random battles on the shaped
// boards with the fast resolver and the naive reference (whose lines of
// fire walk the axial coordinates, not the neighbour table, and so end at
// a hole on their own) and fails on the first position where they differ.
func TestReferenceMatchesFastShaped(t *testing.T) {
	pairs := [][2]string{{"amber", "beta"}, {"tchrome", "tneon"}, {"tfauna", "tiron"}, {"beta", "tiron"}, {"tneon", "amber"}, {"tbulwark", "tiron"}}
	pick := alternating(loadPairs(t, pairs))
	n := 20000
	if testing.Short() {
		n = 1000
	}
	rng := rand.New(rand.NewPCG(2026, 26))
	var r Resolver
	for _, b := range []*Board{shapedBoard(t, "pit"), shapedBoard(t, "atlas")} {
		for i := range n {
			x, y := pick(i)
			start := randomPositionOn(rng, b, x, y)
			fast, slow := *start, *start
			d := firstOrBest(i)
			r.Resolve(&fast, d, nil)
			ReferenceResolve(&slow, d)
			if fast.Cells != slow.Cells || fast.HQ != slow.HQ {
				t.Fatalf("%s position %d: fast and reference resolvers differ\nstart:\n%s\nfast:\n%s\nreference:\n%s",
					b.Name, i, dumpState(start), dumpState(&fast), dumpState(&slow))
			}
		}
	}
}

// randomPositionOn is randomPosition on board b: both HQs and up to 12
// more units on random hexes that are not blocked.
func randomPositionOn(rng *rand.Rand, b *Board, a0, a1 *rules.Army) *State {
	s, err := NewState(b, a0, a1)
	if err != nil {
		panic(err)
	}
	as := [2]*rules.Army{a0, a1}
	var left [2][]int
	for pl := range 2 {
		for i := range as[pl].Tokens {
			left[pl] = append(left[pl], as[pl].Tokens[i].Count)
		}
	}
	var free []Hex
	for _, h := range rng.Perm(b.Size) {
		if !b.Blocked[h] {
			free = append(free, Hex(h))
		}
	}
	place := func(pl uint8, ti int) {
		h := free[0]
		free = free[1:]
		if err := s.Place(h, pl, uint8(ti), rules.Dir(rng.IntN(6))); err != nil {
			panic(err)
		}
		t := &as[pl].Tokens[ti]
		if rng.IntN(4) == 0 {
			s.Cells[h].Unit.Wounds = uint8(rng.IntN(int(t.Toughness)))
		}
		if rng.IntN(40) == 0 {
			s.Cells[h].Unit.Marks |= NetMarker
		}
		left[pl][ti]--
	}
	place(0, a0.HQ)
	place(1, a1.HQ)
	for range rng.IntN(13) {
		pl := uint8(rng.IntN(2))
		ti := rng.IntN(len(as[pl].Tokens))
		t := &as[pl].Tokens[ti]
		if left[pl][ti] == 0 || t.Kind == rules.Instant || t.Kind == rules.HQ || t.Kind == rules.Foundation || len(free) == 0 {
			continue
		}
		place(pl, ti)
	}
	return s
}
