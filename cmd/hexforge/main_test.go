package main

import (
	"os"
	"testing"
)

// TestMain runs the tests without the caller's COLUMNS: off a terminal
// hexforge fits its output to COLUMNS (outputWidth), and the goldens and
// piped-output tests are of the full width whatever shell runs them.
func TestMain(m *testing.M) {
	os.Unsetenv("COLUMNS")
	os.Exit(m.Run())
}
