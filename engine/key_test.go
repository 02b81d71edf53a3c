package engine

import (
	"reflect"
	"testing"
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
