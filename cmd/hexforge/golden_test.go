package main

import (
	"testing"

	"github.com/hexforge/hexforge/internal/golden"
)

// checkGolden compares got with the golden file, or rewrites the file
// under -update (internal/golden), so every golden test of the package
// reads and updates its file the same way.
func checkGolden(t *testing.T, file, got string) {
	t.Helper()
	golden.Check(t, file, []byte(got))
}
