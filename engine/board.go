// Package engine runs Neuroshima Hex: the board, the game state, turn flow and
// battle resolution, all driven by the compiled rule tables of package rules.
// No token or army is named here; abilities are general primitives.
package engine

import (
	"fmt"
	"strings"

	"github.com/hexforge/hexforge/rules"
)

// MaxHexes is the number of hexes on the largest board.
const MaxHexes = 37

// Hex indexes a hex of a board; NoHex is "off the board".
type Hex int8

const NoHex Hex = -1

// Board is the fixed geometry of a board: which hexes exist, their names,
// and their neighbours. Boards are built once and shared read-only.
//
// Hexes are flat-topped and addressed in axial coordinates (q, r): q is the
// column (left to right), r grows downwards within a column. The six
// directions are N (0,-1), NE (+1,-1), SE (+1,0), S (0,+1), SW (-1,+1),
// NW (-1,0).
type Board struct {
	Name   string
	Radius int
	Size   int              // number of hexes
	Q, R   [MaxHexes]int8   // axial coordinates of each hex
	Nb     [MaxHexes][6]Hex // neighbour in each direction, NoHex off the board
	Inner  [MaxHexes]bool   // counts for a full board (fills trigger a battle): the inner 19-hex area, less blocked hexes; every open hex of a shaped board (boardshape.go)
	Names  [MaxHexes]string // "c3"
	index  map[[2]int8]Hex  // (q, r) -> hex
	byName map[string]Hex   // lower-case name -> hex
	Dist   [MaxHexes][MaxHexes]int8

	// Special hexes and rules (board files: package position). Terminal marks
	// the Terminals of the Duel board; EnergyMax is the top of each
	// player's Energy track (0: no energy); Duel is set when the board
	// plays the Terminal rules (energy, Nodes, Procedures: duel.go), and
	// guards all of their work, so the other boards pay nothing for it.
	Terminal  [MaxHexes]bool
	EnergyMax uint8
	Duel      bool

	// The end rules a board changes (board files' "tie" line; the turn flow
	// reads them, turnorder.go final). TieDraw: a tie of HQ points after the
	// final battle is a draw at once, where the base game plays one more
	// turn each and a battle ("W przypadku, gdy oba Sztaby mają tyle samo
	// punktów Wytrzymałości, gra kończy się remisem.", the Duel box).
	// StalemateDraw: a battle started by filling the board that removes no
	// unit from it ends the game in a draw at once ("Jeżeli dojdzie do
	// Bitwy w wyniku zapełnienia planszy, a w jej rezultacie nie zostanie
	// odrzucona z planszy żadna jednostka, gra zawsze kończy się
	// natychmiastowym remisem.", the Atlas Map; board files' "stalemate"
	// line).
	TieDraw       bool
	StalemateDraw bool

	// The shape (boardshape.go). Holes are hexes of the radius's hexagon
	// that do not exist: left out of the hexes, so no loop visits them,
	// Nb is NoHex across them (a hole is the board's edge) and Dist counts
	// steps around them. Blocked hexes exist (shots cross them, areas
	// cover them) but no token is placed or moved onto one. Reach is the
	// radius of the largest area centred on a hex that lies wholly on the
	// board (a Bomb's fit); Labels name hexes besides their coordinates.
	Holes   []string
	Blocked [MaxHexes]bool
	Reach   [MaxHexes]int8
	Labels  [MaxHexes]string
}

var dq = [6]int8{0, 1, 1, 0, -1, -1}
var dr = [6]int8{-1, -1, 0, 1, 1, 0}

// NewBoard builds the geometry of a board of the given radius (2: the 19
// hexes of the standard board, 3: the 37 of the enlarged one), with no
// special hexes; package position reads board files into one.
func NewBoard(name string, radius int) *Board {
	return build(name, radius, nil)
}

// build makes a board of the given radius without the hexes hole says
// are holes (nil: none), their names those of the whole hexagon.
func build(name string, radius int, hole func(q, r int) bool) *Board {
	b := &Board{Name: name, Radius: radius, index: map[[2]int8]Hex{}, byName: map[string]Hex{}}
	n := 0
	for q := -radius; q <= radius; q++ {
		rmin, rmax := max(-radius, -radius-q), min(radius, radius-q)
		for r := rmin; r <= rmax; r++ {
			if hole != nil && hole(q, r) {
				b.Holes = append(b.Holes, fmt.Sprintf("%c%d", 'a'+q+radius, r-rmin+1))
				continue
			}
			h := Hex(n)
			b.Q[h], b.R[h] = int8(q), int8(r)
			b.index[[2]int8{int8(q), int8(r)}] = h
			b.Names[h] = fmt.Sprintf("%c%d", 'a'+q+radius, r-rmin+1)
			b.byName[b.Names[h]] = h
			b.Inner[h] = distance(0, 0, q, r) <= 2
			n++
		}
	}
	b.Size = n
	for h := Hex(0); int(h) < n; h++ {
		for d := 0; d < 6; d++ {
			nb, ok := b.index[[2]int8{b.Q[h] + dq[d], b.R[h] + dr[d]}]
			if !ok {
				nb = NoHex
			}
			b.Nb[h][d] = nb
		}
		for g := Hex(0); int(g) < n; g++ {
			b.Dist[h][g] = int8(distance(int(b.Q[h]), int(b.R[h]), int(b.Q[g]), int(b.R[g])))
		}
	}
	b.reach()
	return b
}

func distance(q1, r1, q2, r2 int) int {
	dq, dr := q1-q2, r1-r2
	ds := -dq - dr
	return max(abs(dq), abs(dr), abs(ds))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Hex returns the hex called name (e.g. "c3"), case-insensitive.
func (b *Board) Hex(name string) (Hex, bool) {
	h, ok := b.byName[strings.ToLower(name)]
	return h, ok
}

// Neighbour is the hex next to h in direction d, or NoHex.
func (b *Board) Neighbour(h Hex, d rules.Dir) Hex { return b.Nb[h][d] }

// Centre is the middle hex (NoHex when it is a hole).
func (b *Board) Centre() Hex {
	if h, ok := b.index[[2]int8{0, 0}]; ok {
		return h
	}
	return NoHex
}

// InnerSize is the number of hexes whose filling triggers a battle.
func (b *Board) InnerSize() int {
	n := 0
	for h := range b.Size {
		if b.Inner[h] {
			n++
		}
	}
	return n
}

// DirTo returns the direction from a to an adjacent hex c, or false.
func (b *Board) DirTo(a, c Hex) (rules.Dir, bool) {
	for d := rules.N; d <= rules.NW; d++ {
		if b.Nb[a][d] == c {
			return d, true
		}
	}
	return 0, false
}
