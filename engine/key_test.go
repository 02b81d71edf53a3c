package engine

import (
	"reflect"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

// PositionKey hashes some structs as raw bytes (bytesOf): a field added
// with padding after it would hash bytes no assignment sets. Every such
// struct must be packed.
func TestKeyedStructsArePacked(t *testing.T) {
	for _, v := range []any{pending{}, Cell{}, Piece{}} {
		typ := reflect.TypeOf(v)
		var sum uintptr
		for i := range typ.NumField() {
			sum += typ.Field(i).Type.Size()
		}
		if sum != typ.Size() {
			t.Errorf("%s has %d bytes of fields in %d: padding would be hashed by PositionKey", typ, sum, typ.Size())
		}
	}
}

// TestPositionKeysAndStateKey plays random games and checks, at every
// position, the two facts the keys' shortcuts rest on: PositionKeys gives
// PositionKey(false) and PositionKey(true), and no hex past the board's
// size is ever used, so StateKey, which hashes the board's hexes only,
// sees every unit and foundation.
func TestPositionKeysAndStateKey(t *testing.T) {
	a0, a1 := testArmies(t)
	games := 100
	if testing.Short() {
		games = 10
	}
	buf := make([]Action, 0, 4096)
	for seed := uint64(0); seed < uint64(games); seed++ {
		g, err := NewGame(Config{Board: Standard}, []*rules.Army{a0, a1}, seed)
		if err != nil {
			t.Fatal(err)
		}
		d := NewRandomDecider(seed + 1)
		for n := 0; n < maxActions && !g.Over(); n++ {
			pos, hand := g.PositionKeys()
			if pos != g.PositionKey(false) || hand != g.PositionKey(true) {
				t.Fatalf("seed %d action %d: PositionKeys %x %x, PositionKey %x %x", seed, n, pos, hand, g.PositionKey(false), g.PositionKey(true))
			}
			for h := g.S.Board.Size; h < MaxHexes; h++ {
				if c := g.S.Cells[h]; c.Unit != emptyPiece || c.Ground != emptyPiece {
					t.Fatalf("seed %d action %d: hex %d past the board holds %+v", seed, n, h, c)
				}
			}
			buf = g.LegalActions(buf[:0])
			if err := g.Apply(buf[d.Intn(len(buf))], d); err != nil {
				t.Fatal(err)
			}
		}
	}
}
