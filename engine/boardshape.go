// boardshape.go: boards of other shapes than the hexagon (an Atlas Map
// page or a designer's own map): holes, blocked hexes, labelled hexes and
// which hexes a full board counts. docs/rules.md, "Shaped boards".

package engine

import (
	"fmt"
	"strings"
)

// NewShapedBoard builds a board of the given radius without the hexes in
// holes (hexes of NewBoard(name, radius), whose names the board keeps). A
// hole is off the board: the hexes are renumbered without it, so every
// loop over the board skips it for free, a neighbour across it is NoHex
// (a line of fire ends there as at the edge) and Dist is the number of
// steps between two hexes on the board, around holes (a move of 2 or an
// area of radius 2 does not jump a hole). The hexes left must be one
// piece: a board in two parts is refused, naming a hex the first part
// cannot reach.
func NewShapedBoard(name string, radius int, holes []Hex) (*Board, error) {
	full := NewBoard(name, radius)
	if len(holes) == 0 {
		return full, nil
	}
	gone := map[[2]int8]bool{}
	for _, h := range holes {
		if h < 0 || int(h) >= full.Size {
			return nil, fmt.Errorf("hole %d is not a hex of a board of radius %d", h, radius)
		}
		gone[[2]int8{full.Q[h], full.R[h]}] = true
	}
	if len(gone) == full.Size {
		return nil, fmt.Errorf("every hex of the board is a hole")
	}
	b := build(name, radius, func(q, r int) bool { return gone[[2]int8{int8(q), int8(r)}] })
	// Steps on the board, breadth first from every hex.
	for h := Hex(0); int(h) < b.Size; h++ {
		for g := range b.Dist[h][:b.Size] {
			b.Dist[h][g] = -1
		}
		b.Dist[h][h] = 0
		queue := []Hex{h}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, y := range b.Nb[x] {
				if y != NoHex && b.Dist[h][y] < 0 {
					b.Dist[h][y] = b.Dist[h][x] + 1
					queue = append(queue, y)
				}
			}
		}
		for g := Hex(0); int(g) < b.Size; g++ {
			if b.Dist[h][g] < 0 {
				return nil, fmt.Errorf("the board is in pieces: %s cannot be reached from %s", b.Names[g], b.Names[h])
			}
		}
	}
	return b, nil
}

// reach sets Reach: for each hex the radius of the largest area centred
// there whose every hex (by the hexagon's geometry) is on the board. On a
// hexagon it is the radius less the hex's distance from the centre.
func (b *Board) reach() {
	for h := Hex(0); int(h) < b.Size; h++ {
		r := 0
		for r < 2*b.Radius && b.ringOn(h, r+1) {
			r++
		}
		b.Reach[h] = int8(r)
	}
}

// ringOn reports whether every position n steps from h (geometrically)
// is a hex of the board.
func (b *Board) ringOn(h Hex, n int) bool {
	q0, r0 := int(b.Q[h]), int(b.R[h])
	for dq := -n; dq <= n; dq++ {
		for dr := max(-n, -n-dq); dr <= min(n, n-dq); dr++ {
			if distance(0, 0, dq, dr) != n {
				continue
			}
			if _, ok := b.index[[2]int8{int8(q0 + dq), int8(r0 + dr)}]; !ok {
				return false
			}
		}
	}
	return true
}

// Block makes h a blocked hex: it stays on the board (a shot crosses it,
// an area covers it, a Bomb may be centred on it), but no token is placed,
// moved, pushed or pulled onto it, and a full board does not count it.
func (b *Board) Block(h Hex) {
	b.Blocked[h] = true
	b.Inner[h] = false
}

// Label gives h a name besides its coordinates, case-insensitive, which
// Hex finds (position files, traces); a name another hex has is refused.
func (b *Board) Label(h Hex, name string) error {
	key := strings.ToLower(name)
	if g, ok := b.byName[key]; ok {
		return fmt.Errorf("%q already names %s", name, b.Names[g])
	}
	if b.Labels[h] != "" {
		return fmt.Errorf("%s is already labelled %q", b.Names[h], b.Labels[h])
	}
	b.Labels[h] = name
	b.byName[key] = h
	return nil
}

// FillAll says which hexes a full board counts (Inner): all, every hex a
// token can stand on (a map of its own: "plansza zostanie zapełniona i nie
// pozostanie ani jedno puste pole na żeton"), or, when all is false, those
// of the basic 19-hex area (the enlarged battlefield: "Bitwa wciąż jest
// wywoływana poprzez zapełnienie podstawowego obszaru gry"). Blocked hexes
// never count.
func (b *Board) FillAll(all bool) {
	for h := range b.Size {
		b.Inner[h] = (all || distance(0, 0, int(b.Q[h]), int(b.R[h])) <= 2) && !b.Blocked[h]
	}
}

// FillsAll reports whether a full board counts every open hex (FillAll).
func (b *Board) FillsAll() bool {
	for h := range b.Size {
		if !b.Blocked[h] && !b.Inner[h] {
			return false
		}
	}
	return true
}

// Open is the number of hexes a token can stand on (not blocked).
func (b *Board) Open() int {
	n := 0
	for h := range b.Size {
		if !b.Blocked[h] {
			n++
		}
	}
	return n
}

// open reports whether a unit may be put on h now: no unit there and the
// hex not blocked. Every move, push, pull and placement asks it.
func (s *State) open(h Hex) bool {
	return s.Cells[h].Unit.Empty() && !s.Board.Blocked[h]
}
