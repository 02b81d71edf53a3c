package engine

import (
	"testing"

	"github.com/hexforge/hexforge/rules"
)

func TestStandardBoardNames(t *testing.T) {
	b := Standard
	if b.Size != 19 {
		t.Fatalf("standard board has %d hexes, want 19", b.Size)
	}
	c3, ok := b.Hex("c3")
	if !ok || c3 != b.Centre() {
		t.Fatalf("c3 is not the centre")
	}
	want := map[rules.Dir]string{rules.N: "c2", rules.NE: "d2", rules.SE: "d3", rules.S: "c4", rules.SW: "b3", rules.NW: "b2"}
	for d, name := range want {
		if got := b.Names[b.Neighbour(c3, d)]; got != name {
			t.Errorf("neighbour %s of c3 = %s, want %s", d, got, name)
		}
	}
	cols := map[byte]int{}
	for h := 0; h < b.Size; h++ {
		cols[b.Names[h][0]]++
	}
	for col, n := range map[byte]int{'a': 3, 'b': 4, 'c': 5, 'd': 4, 'e': 3} {
		if cols[col] != n {
			t.Errorf("column %c has %d hexes, want %d", col, cols[col], n)
		}
	}
	// a1 is a corner: three neighbours.
	a1, _ := b.Hex("a1")
	n := 0
	for d := rules.N; d <= rules.NW; d++ {
		if b.Neighbour(a1, d) != NoHex {
			n++
		}
	}
	if n != 3 {
		t.Errorf("a1 has %d neighbours, want 3", n)
	}
}

func TestLargeBoard(t *testing.T) {
	b := Large
	if b.Size != 37 {
		t.Fatalf("large board has %d hexes, want 37", b.Size)
	}
	inner := 0
	for h := 0; h < b.Size; h++ {
		if b.Inner[h] {
			inner++
		}
	}
	if inner != 19 {
		t.Errorf("large board inner area has %d hexes, want 19", inner)
	}
	if b.Names[b.Centre()] != "d4" {
		t.Errorf("large board centre is %s, want d4", b.Names[b.Centre()])
	}
}

func TestNeighboursAreSymmetric(t *testing.T) {
	for _, b := range []*Board{Standard, Large} {
		for h := Hex(0); int(h) < b.Size; h++ {
			for d := rules.N; d <= rules.NW; d++ {
				if nb := b.Neighbour(h, d); nb != NoHex && b.Neighbour(nb, d.Opposite()) != h {
					t.Errorf("%s: %s -%s-> %s but not back", b.Name, b.Names[h], d, b.Names[nb])
				}
			}
		}
	}
}
